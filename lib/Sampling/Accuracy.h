//===- Accuracy.h - Sampled estimates judged by exact counts --------------===//
//
// What the evaluation of OSP measures, as the thesis's tables do: for the
// subpaths a sampled report shows, their exact counts, the relative error of
// each estimate and whether it lies within its reported bound; and the
// precision of the top k. Exact counts tie often (the blocks of a loop all
// run equally often), so a reported top-k subpath counts as right when its
// exact count is at least the k-th largest exact count: the precision is 1
// exactly when the report's top k are an exact top k.
//
//===----------------------------------------------------------------------===//

#ifndef P3_SAMPLING_ACCURACY_H
#define P3_SAMPLING_ACCURACY_H

#include "Sampling/Estimates.h"
#include "Sampling/ExactCounter.h"

#include <map>

namespace p3 {

struct AccuracyRow {
  EstimatedSubpath Sampled;
  uint64_t Exact = 0;
  double RelativeError = 0; ///< |estimate - exact| / exact (inf if exact 0).
  bool Within = false;      ///< |estimate - exact| <= bound * exact.
};

struct Accuracy {
  std::vector<AccuracyRow> Rows; ///< One per compared subpath, in order.
  unsigned Within = 0;
  /// k -> (right, k): the first k compared subpaths against the exact top k.
  std::map<unsigned, std::pair<unsigned, unsigned>> Precision;
  /// k -> the exact k-th largest count.
  std::map<unsigned, uint64_t> KthCount;
  double MeanError = 0, MedianError = 0, MaxError = 0;
};

/// Compares \p Reported (a report's subpaths, hottest first) with \p Exact,
/// and computes the precision at each k in \p Ks (k <= Reported.size()).
Accuracy compareWithExact(llvm::ArrayRef<EstimatedSubpath> Reported,
                          const ExactCounter &Exact,
                          llvm::ArrayRef<unsigned> Ks);

} // namespace p3

#endif
