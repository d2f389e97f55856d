//===- ProfileRuns.h - Merged profiles of several runs, kept apart -------===//
//
// A test suite run test by test gives one merged profile per test;
// "p3-report --merge" adds them up and keeps which run contributed what, so
// that per-test coverage survives (lcov "TN:" sections, the HTML report's
// runs). All runs must come from the same rewrite: the manifest hash of
// every input must be the same. docs/profile-format.md documents the fields
// this adds to profile.json ("runs", and per path "runs").
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_PROFILERUNS_H
#define P3_PROFILE_PROFILERUNS_H

#include "Profile/MergedProfile.h"

namespace p3 {

/// One run's counts, by manifest function index (functions without counts
/// have an empty map).
struct ProfileRun {
  std::string Name; ///< Empty for the one run of an unmerged profile.
  std::vector<PathCounts> Counts;
  std::vector<unsigned> CopiesPresent;
};

/// The merged profile as a single run.
ProfileRun singleRun(const Manifest &M, const MergedProfile &P);

/// Adds up profile.json files of one rewrite (their own runs kept, a file
/// without runs being one run named after the file) into profile.json text.
/// Fails, naming the file, on a file that is not a profile, a profile of
/// another manifest than the first's, or functions that disagree.
llvm::Expected<std::string> mergeProfileFiles(llvm::ArrayRef<std::string> Files);

/// The runs of a profile read back (ProfileFile::Runs), mapped onto the
/// manifest's functions. Fails on another manifest's profile or a function
/// id the manifest does not have.
llvm::Expected<std::vector<ProfileRun>> runsOf(const Manifest &M,
                                               const ProfileFile &P,
                                               llvm::StringRef Path);

} // namespace p3

#endif
