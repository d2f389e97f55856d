//===- Merge.h - Decode the copies' partial profiles into the SBL profile -===//
//
// Each copy records, per function, (id, count) pairs under its own instance.
// An id decodes to an interesting path of that instance, or is dropped: it was
// produced by a path profiled in another copy (PSPP lets uninteresting paths
// collide among themselves, never with interesting ones). Decoded paths are
// keyed by their SBL id. A path interesting in several copies was counted in
// each of them on the same input: it is merged once, and copies that
// disagree are reported (the program is then not deterministic, and the merged
// profile may be inexact).
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_MERGE_H
#define P3_GRAPH_MERGE_H

#include "Graph/Instance.h"

#include <map>

namespace p3 {

/// Id (under one instance, or SBL) -> count.
using PathCounts = std::map<uint64_t, uint64_t>;

struct CopyDisagreement {
  uint64_t SBLId = 0;
  std::vector<std::pair<unsigned, uint64_t>> CountByCopy; ///< (copy, count)
};

struct FunctionMerge {
  PathCounts Counts; ///< SBL id -> count.
  /// Executions of paths dropped because another copy profiles them.
  uint64_t Dropped = 0;
  /// Ids that cannot come from the instance: a Ball-Larus id that does not
  /// decode, or any count in a copy where the function is not instrumented.
  /// These mean a corrupt or mismatched profile.
  std::vector<std::pair<unsigned, uint64_t>> BadIds; ///< (copy, id)
  std::vector<CopyDisagreement> Disagreements;
};

/// Merges the counts of one function. \p Recorded has one entry per copy; a
/// copy whose \p Present flag is false did not run and is left out of the
/// agreement check (paths only it profiles are missing from the result).
FunctionMerge mergeFunction(const FunctionGraph &F,
                            llvm::ArrayRef<Instance> Instances,
                            llvm::ArrayRef<PathCounts> Recorded,
                            const std::vector<bool> &Present);

} // namespace p3

#endif
