//===- TrainingProfile.h - Frequencies for auto from an earlier run's profile
//
// `p3-rewrite --train PROFILE.json` and `p3-report --simulate --train` plan
// the auto strategy with the merged profile of an earlier run (any strategy,
// any K, possibly of older sources). Each function gets the frequencies auto
// plans it with (Graph/Frequencies.h), and a source users can see:
//  - trained: the profile has the function's id with the same CFG hash
//    (its path ids mean the same paths) and it ran: its exact flow;
//  - changed: same id, another CFG: the static estimate, scaled to the path
//    executions the function had in the profile;
//  - not executed: in the profile, never ran there: the static estimate of
//    one invocation;
//  - not in the profile (a new function, a profile of another program, or
//    one written before profiles carried CFG hashes): the static estimate,
//    scaled to the median invocations of the trained functions (one when
//    none);
//  - unusable: the profile names a path the function does not have (a
//    corrupt profile): as not in the profile.
// The profile only steers the plan: whatever it says, the copies profile
// every path exactly.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_TRAININGPROFILE_H
#define P3_PROFILE_TRAININGPROFILE_H

#include "Graph/Frequencies.h"
#include "Profile/MergedProfile.h"

namespace p3 {

enum class FrequencySource : uint8_t {
  Static,      ///< No training profile.
  Trained,
  Changed,
  NotExecuted,
  Absent,
  Unusable,
};

/// "trained", "static: changed since the training run", ...
llvm::StringRef frequencySourceText(FrequencySource S);

/// A function as the matching sees it.
struct TrainingTarget {
  std::string Id;
  std::string CFGHash;
  const FunctionGraph *Graph = nullptr;
};

struct TrainingMatch {
  std::vector<FunctionFrequency> Frequencies; ///< Per target.
  std::vector<FrequencySource> Source;        ///< Per target.
  std::vector<std::string> Detail;            ///< Per target; may be empty.

  unsigned count(FrequencySource S) const;
  /// One line: "118 functions trained; static estimates for 2 changed since
  /// the training run, 1 never executed in it, 3 not in it".
  std::string summary() const;
};

/// Static estimates everywhere (no training profile): each function's
/// static flow scaled to \p Invocations (Graph/CallFrequencies.h; one per
/// function when empty).
TrainingMatch staticFrequencies(size_t Functions,
                                llvm::ArrayRef<double> Invocations = {});

/// Matches \p Profile against \p Targets (see the file comment).
TrainingMatch matchTrainingProfile(const ProfileFile &Profile,
                                   llvm::ArrayRef<TrainingTarget> Targets);

} // namespace p3

#endif
