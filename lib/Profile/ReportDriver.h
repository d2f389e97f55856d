//===- ReportDriver.h - Load, check, merge and report: p3-report's work --===//
//
// Shared by p3-report and p3-run (which merges after running the copies), so
// that both check and say the same things.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_REPORTDRIVER_H
#define P3_PROFILE_REPORTDRIVER_H

#include "Graph/Strategy.h"
#include "Profile/ReportExports.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace p3 {

struct ReportOptions {
  std::string Dir;                   ///< Holds manifest.json.
  std::vector<std::string> RawFiles; ///< Empty: every *.raw in Dir/profiles.
  bool IgnoreForeign = false;
  std::string Output;                ///< Empty: Dir/profile.json.
  std::string ReportFile;            ///< Also write the text report here.
  unsigned Top = 10;
  unsigned TopPerFunction = 3;
  std::string CheckFile;             ///< --check: compare with this profile.
  bool Overhead = false;
  std::vector<unsigned> SimulateK;   ///< --simulate
  std::string TrainFile;             ///< --train: auto+train rows.
  /// --static-invoked-once: auto's static estimates without the call graph.
  bool StaticInvokedOnce = false;
  /// --plan-static-estimates: auto static plans on its estimates instead of
  /// keeping pbl's plan.
  bool PlanStaticEstimates = false;
  std::vector<StrategyKind> Strategies = {StrategyKind::SBL, StrategyKind::PBL,
                                          StrategyKind::P3};
  bool JSON = false;                 ///< Machine-readable stdout.
  bool PrintReport = true;           ///< Text (or JSON) report on stdout.
  std::string ToolName = "p3-report"; ///< Prefix of messages.
  /// --profile: report on this profile.json (p3-report --merge writes one
  /// from several runs) instead of decoding raw profiles.
  std::string ProfileInput;
  ExportOptions Exports; ///< --html, --lcov, --dot, --paths, ...
};

struct ReportResult {
  int ExitCode = 0;    ///< 0 ok, 1 --check mismatch, 2 bad input.
  std::string Summary; ///< One line, for p3-run.
};

/// Runs the whole report. The report goes to \p Out; errors and warnings,
/// one line each, to \p Err.
ReportResult runReport(const ReportOptions &Options, llvm::raw_ostream &Out,
                       llvm::raw_ostream &Err);

/// p3-report --merge: adds up \p Files (profile.json of one rewrite, runs
/// kept apart) into \p Output. Exit code 0, or 2 with the problem on \p Err.
int runMergeProfiles(llvm::ArrayRef<std::string> Files,
                     const std::string &Output, llvm::raw_ostream &Err);

} // namespace p3

#endif
