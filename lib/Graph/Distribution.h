//===- Distribution.h - Longest-processing-time-first scheduling ---------===//
//
// Tasks in decreasing cost, each to the least-loaded copy (Graham 1969: within
// 4/3 of the optimal maximum load). Ties go to the lower task index and the
// lower copy index, so the assignment is deterministic.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_DISTRIBUTION_H
#define P3_GRAPH_DISTRIBUTION_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace p3 {

struct Distribution {
  std::vector<unsigned> CopyOfTask;
  std::vector<uint64_t> Load; ///< Total cost per copy.
};

Distribution distributeLPT(llvm::ArrayRef<uint64_t> Costs, unsigned K);

} // namespace p3

#endif
