//===- SortedLoads.h - Copy loads compared from the largest ---------------===//
//
// The planner's search (Graph/Planner.h) and the hedge (Graph/Hedge.h) both
// judge a placement by its copies' loads sorted from the largest and
// compared lexicographically: the slowest copy first, then the next one, so
// that a move which leaves the slowest copy alone but relieves another one
// still counts as progress, and every accepted move makes the sorted loads
// strictly smaller (the searches end).
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_SORTEDLOADS_H
#define P3_GRAPH_SORTEDLOADS_H

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <functional>
#include <vector>

namespace p3 {

/// Copy loads ordered from the largest.
inline std::vector<double> sortedDecreasing(std::vector<double> Load) {
  std::sort(Load.begin(), Load.end(), std::greater<double>());
  return Load;
}

/// Whether sorted loads \p A are smaller than \p B beyond \p Tolerance.
inline bool lexicographicallyBelow(llvm::ArrayRef<double> A,
                                   llvm::ArrayRef<double> B,
                                   double Tolerance) {
  for (unsigned I = 0; I < A.size(); ++I) {
    if (A[I] < B[I] - Tolerance)
      return true;
    if (A[I] > B[I] + Tolerance)
      return false;
  }
  return false;
}

} // namespace p3

#endif
