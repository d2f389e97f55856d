//===- ReportData.h - Everything a report writer may show ----------------===//
//
// The merged profile and where it came from, as the exports (HTML, lcov,
// callgrind, dot) receive it from the report driver.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_REPORTDATA_H
#define P3_PROFILE_REPORTDATA_H

#include "Profile/Overhead.h"
#include "Profile/ProfileRuns.h"

namespace p3 {

struct ReportData {
  const Manifest &M;
  const ProgramGraphs &G;
  /// The raw profiles merged (for --profile: a stand-in with the copies
  /// present and no files).
  const ProfileSet &Set;
  const MergedProfile &P;
  /// The runs (one unless the profile was merged from several).
  std::vector<ProfileRun> Runs;
  const CopyOverhead *Overhead = nullptr; ///< Null when it cannot be computed.
  std::string Dir;           ///< The p3 output directory, as given.
  std::string ProfileSource; ///< --profile FILE, or empty.
};

} // namespace p3

#endif
