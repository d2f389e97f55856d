//===- ReportExports.h - The report's other forms: HTML, lcov, dot, ... --===//
//
// p3-report's outputs besides the text report and profile.json, each written
// whole or not at all: everything is produced first (files in memory,
// directories in temporary directories beside their destinations) and put
// in place only when all of it succeeded.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_REPORTEXPORTS_H
#define P3_PROFILE_REPORTEXPORTS_H

#include "Profile/PathCoverage.h"
#include "Profile/ReportData.h"

#include "llvm/Support/raw_ostream.h"

namespace p3 {

struct ExportOptions {
  std::string Html;      ///< --html OUTDIR
  std::string Lcov;      ///< --lcov FILE
  std::string Dot;       ///< --dot FUNCTION: dot text on stdout
  std::string DotAll;    ///< --dot-all OUTDIR
  std::string Callgrind; ///< --callgrind FILE
  std::optional<PathSelection> Paths; ///< --paths=covered|uncovered|both
  std::vector<std::string> Functions; ///< --function, for --paths
  unsigned MaxPaths = 50;             ///< --max-paths
  bool Markers = true;                ///< honour LCOV_EXCL markers
  std::string DotProgram = "dot";

  /// Whether stdout carries an export instead of the report.
  bool takesStdout() const { return !Dot.empty() || Paths.has_value(); }
};

/// Writes what \p O asks for. Fails (writing nothing) on bad input: an
/// unknown function, an output that cannot be written. Things that lose only
/// a part (an unreadable source, dot missing) go to \p Warnings.
llvm::Error writeExports(const ExportOptions &O, const ReportData &R,
                         llvm::raw_ostream &Out,
                         std::vector<std::string> &Warnings);

} // namespace p3

#endif
