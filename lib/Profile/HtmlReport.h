//===- HtmlReport.h - The path profile as a static site over the source --===//
//
// p3-report --html OUTDIR writes, in the look of llvm-cov show and genhtml:
//  - index.html: the run (manifest, strategy, K, copies, runs,
//    nondeterminism), totals, the modelled (and measured) probe hits per
//    copy as an SVG bar chart, a sortable table of the instrumented functions
//    (executions, paths covered k of N, share of all executions, the hottest
//    path's share, lines), the files, the skipped functions and p3-rewrite's
//    notes;
//  - files/NAME.html per source file: the source with each line's count
//    (derived from the paths, LineCoverage.h), lines never run marked, branch
//    outcomes, and per instrumented function its paths hottest first and the
//    ones never executed; choosing a path highlights its lines and its edges
//    in the function's picture (Graphviz, rendered to inline SVG when dot is
//    installed);
//  - p3.css, p3.js: plain hand-written style and script (no network).
// docs/reading-reports.md walks through it.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_HTMLREPORT_H
#define P3_PROFILE_HTMLREPORT_H

#include "Profile/Graphviz.h"
#include "Profile/OutputDir.h"
#include "Profile/ReportData.h"
#include "Profile/SourceFiles.h"

namespace p3 {

struct HtmlOptions {
  unsigned MaxPaths = 300;     ///< Executed paths listed per function.
  unsigned MaxUncovered = 100; ///< Never-executed paths listed per function.
  /// Functions with more blocks are not drawn (dot would take too long).
  unsigned MaxGraphBlocks = 400;
};

/// Writes the site into \p Out. Problems that only lose a part (a source
/// that cannot be read, dot missing or failing) become \p Warnings.
llvm::Error writeHtmlReport(OutputDir &Out, const ReportData &R,
                            SourceFiles &Sources, const Graphviz &Dot,
                            const HtmlOptions &O,
                            std::vector<std::string> &Warnings);

/// Text with &, <, >, " and ' escaped.
std::string htmlEscape(llvm::StringRef Text);

/// JSON text safe inside <script type="application/json">: '<', '>' and '&'
/// written as \u escapes.
std::string jsonForScript(llvm::StringRef JSON);

} // namespace p3

#endif
