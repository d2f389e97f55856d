//===- Distribution.cpp - Longest-processing-time-first scheduling -------===//

#include "Graph/Distribution.h"

#include <algorithm>
#include <numeric>

namespace p3 {

Distribution distributeLPT(llvm::ArrayRef<uint64_t> Costs, unsigned K) {
  Distribution Result;
  Result.CopyOfTask.assign(Costs.size(), 0);
  Result.Load.assign(std::max(K, 1u), 0);
  std::vector<unsigned> Order(Costs.size());
  std::iota(Order.begin(), Order.end(), 0u);
  std::stable_sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
    return Costs[A] > Costs[B];
  });
  for (unsigned T : Order) {
    unsigned Copy = std::min_element(Result.Load.begin(), Result.Load.end()) -
                    Result.Load.begin();
    Result.CopyOfTask[T] = Copy;
    Result.Load[Copy] += Costs[T];
  }
  return Result;
}

} // namespace p3
