//===- OspReport.h - p3-report for an OSP copy: hot subpaths as source ----===//
//
// Reads DIR/manifest.json (an OSP manifest) and the hot lists the program
// wrote (DIR/profiles/*.osp, at exit or while it ran), merges them into
// estimated counts (Sampling/Estimates.h) and reports the k hottest subpaths,
// or all above a threshold, as source-line sequences across functions, each
// with its estimate and one-sided Chernoff bound. With Exact, reads the block
// traces (*.trace, P3_OSP_MODE=trace) and reports exact counts instead.
// docs/osp.md shows the report and how to read it.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_OSPREPORT_H
#define P3_PROFILE_OSPREPORT_H

#include "Profile/OspManifest.h"
#include "Profile/ReportDriver.h"
#include "Sampling/Accuracy.h"
#include "Sampling/Estimates.h"

#include <optional>

namespace p3 {

struct OspReportOptions {
  std::string Dir;                ///< Holds manifest.json.
  std::vector<std::string> Files; ///< Empty: DIR/profiles/*.osp (or *.trace).
  bool IgnoreForeign = false;
  unsigned Top = 10;
  std::optional<double> Threshold; ///< Every subpath ranked at least this.
  RankBy Rank = RankBy::AtLeast;
  bool Exact = false;   ///< Count the traces exactly instead of sampling.
  bool Compare = false; ///< Compare the sampled report with the traces.
  /// The exact counter's longest subpaths: 1024 for Exact, the hot lists'
  /// for Compare, unless set.
  std::optional<unsigned> ExactMaxLength;
  double Confidence = 0.95;
  bool JSON = false;
  bool PrintReport = true;
  std::string Output;     ///< Empty: DIR/osp-profile.json.
  std::string ReportFile; ///< Also write the text report here.
  std::string ToolName = "p3-report";
};

/// How a block sequence reads: "main a.c:6 → 7 ⇒ g a.c:3 ⇒ main a.c:8", a
/// repeated period as "(...)×n", at most \p MaxBlocks blocks shown (0: all).
std::string formatSubpath(const OspManifest &M, const Subpath &S,
                          unsigned MaxBlocks = 0);

/// The options of a path report that apply to an OSP report (p3-run's).
OspReportOptions ospReportOptions(const ReportOptions &R);

/// Whether DIR holds an OSP copy (its manifest is an OSP manifest).
bool isOspOutput(llvm::StringRef Dir);

ReportResult runOspReport(const OspReportOptions &O, llvm::raw_ostream &Out,
                          llvm::raw_ostream &Err);

} // namespace p3

#endif
