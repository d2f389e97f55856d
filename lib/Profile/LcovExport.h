//===- LcovExport.h - The path profile as an lcov tracefile --------------===//
//
// Line, branch and function records derived from the path profile
// (LineCoverage.h), in the format lcov 1.16 reads: per run a "TN:" section,
// per source file SF, FN/FNDA/FNF/FNH, BRDA/BRF/BRH, DA/LF/LH,
// end_of_record. genhtml renders it, lcov -a merges it, coverage services and
// editors read it. lcov's exclusion markers are honoured (SourceFiles.h).
// Lines whose counts are not exact (contracted macro blocks) are listed in
// comment lines "# p3-inexact:LINE,REASON" before their DA record, which lcov
// tools ignore. docs/reading-reports.md describes the export.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_LCOVEXPORT_H
#define P3_PROFILE_LCOVEXPORT_H

#include "Profile/ProfileRuns.h"
#include "Profile/ProgramGraphs.h"
#include "Profile/SourceFiles.h"

#include "llvm/Support/raw_ostream.h"

namespace p3 {

/// Writes one TN section per run (the test name is the run's name with
/// characters other than letters, digits and '_' replaced by '_').
void writeLcov(llvm::raw_ostream &OS, const Manifest &M,
               const ProgramGraphs &G, llvm::ArrayRef<ProfileRun> Runs,
               SourceFiles &Sources);

/// lcov's test name for a run name.
std::string lcovTestName(llvm::StringRef Name);

} // namespace p3

#endif
