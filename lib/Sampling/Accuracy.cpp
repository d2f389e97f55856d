//===- Accuracy.cpp - Sampled estimates judged by exact counts ------------===//

#include "Sampling/Accuracy.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace p3 {

Accuracy compareWithExact(llvm::ArrayRef<EstimatedSubpath> Reported,
                          const ExactCounter &Exact,
                          llvm::ArrayRef<unsigned> Ks) {
  Accuracy A;
  std::vector<double> Errors;
  for (const EstimatedSubpath &S : Reported) {
    AccuracyRow R;
    R.Sampled = S;
    R.Exact = Exact.count(S.Blocks);
    double Diff = std::abs(S.Estimate - double(R.Exact));
    R.RelativeError = R.Exact ? Diff / double(R.Exact)
                              : std::numeric_limits<double>::infinity();
    R.Within = Diff <= S.Bound * double(R.Exact);
    A.Within += R.Within;
    Errors.push_back(R.RelativeError);
    A.Rows.push_back(std::move(R));
  }
  unsigned MaxK = 0;
  for (unsigned K : Ks)
    MaxK = std::max(MaxK, K);
  std::vector<CountedSubpath> Top = Exact.top(MaxK);
  for (unsigned K : Ks) {
    if (K == 0 || K > A.Rows.size() || K > Top.size())
      continue;
    uint64_t Kth = Top[K - 1].Count;
    unsigned Right = 0;
    for (unsigned I = 0; I < K; ++I)
      Right += A.Rows[I].Exact >= Kth;
    A.Precision[K] = {Right, K};
    A.KthCount[K] = Kth;
  }
  if (!Errors.empty()) {
    double Sum = 0;
    for (double E : Errors)
      Sum += E;
    A.MeanError = Sum / Errors.size();
    std::sort(Errors.begin(), Errors.end());
    A.MedianError = Errors.size() % 2
                        ? Errors[Errors.size() / 2]
                        : (Errors[Errors.size() / 2 - 1] +
                           Errors[Errors.size() / 2]) /
                              2;
    A.MaxError = Errors.back();
  }
  return A;
}

} // namespace p3
