//===- Estimates.cpp - Hot lists turned into estimated subpath counts -----===//

#include "Sampling/Estimates.h"
#include "Sampling/Bounds.h"
#include "Sampling/Lengths.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace p3 {

namespace {

void sortHottest(std::vector<EstimatedSubpath> &V) {
  std::sort(V.begin(), V.end(),
            [](const EstimatedSubpath &A, const EstimatedSubpath &B) {
              if (A.Estimate != B.Estimate)
                return A.Estimate > B.Estimate;
              if (A.Blocks.size() != B.Blocks.size())
                return A.Blocks.size() < B.Blocks.size();
              return A.Blocks < B.Blocks;
            });
}

} // namespace

Estimates estimateSubpaths(llvm::ArrayRef<HotListDump> Dumps,
                           double Confidence) {
  struct Sum {
    Subpath Shown;
    uint64_t Samples = 0;
    double Weighted = 0, WeightedSquares = 0;
  };
  std::map<Subpath, Sum> Sums;
  Estimates E;
  E.Summary.Confidence = Confidence;
  for (const HotListDump &D : Dumps) {
    ++E.Summary.Lists;
    E.Summary.Blocks += D.Blocks;
    E.Summary.Windows += D.Windows;
    E.Summary.Dropped += D.Dropped;
    for (const SampledSubpath &S : D.Subpaths) {
      double W = std::ldexp(1.0, int(D.PeriodLog2)) /
                 lengthProbability(S.Blocks.size(), D.MaxLength);
      Sum &Acc = Sums[S.Blocks];
      if (Acc.Shown.empty())
        Acc.Shown = S.Shown.empty() ? S.Blocks : S.Shown;
      Acc.Samples += S.Count;
      Acc.Weighted += double(S.Count) * W;
      Acc.WeightedSquares += double(S.Count) * W * W;
      E.Summary.Samples += S.Count;
    }
  }
  double Z = 2 * std::log(1 / (1 - Confidence));
  for (auto &[Blocks, S] : Sums) {
    EstimatedSubpath P;
    P.Blocks = Blocks;
    P.Shown = S.Shown;
    P.Samples = S.Samples;
    P.Estimate = S.Weighted;
    P.Bound = std::sqrt(Z * S.WeightedSquares) / S.Weighted;
    E.Subpaths.push_back(std::move(P));
  }
  sortHottest(E.Subpaths);
  return E;
}

Estimates exactEstimates(const ExactCounter &Counter, size_t Limit,
                         uint64_t MinCount) {
  Estimates E;
  E.Summary.Lists = 1;
  E.Summary.Blocks = Counter.blocks();
  E.Summary.Windows = Counter.windows();
  E.Summary.Samples = Counter.windows();
  E.Summary.Confidence = 1;
  for (CountedSubpath &C : Counter.top(Limit, MinCount)) {
    EstimatedSubpath P;
    P.Samples = C.Count;
    P.Estimate = double(C.Count);
    P.Blocks = std::move(C.Blocks);
    P.Shown = std::move(C.Shown);
    E.Subpaths.push_back(std::move(P));
  }
  sortHottest(E.Subpaths);
  return E;
}

std::vector<EstimatedSubpath> selectHottest(const Estimates &E, size_t K,
                                            std::optional<double> Threshold,
                                            RankBy Rank) {
  auto Key = [&](const EstimatedSubpath &S) {
    return Rank == RankBy::AtLeast ? S.atLeast() : S.Estimate;
  };
  std::vector<const EstimatedSubpath *> Order;
  for (const EstimatedSubpath &S : E.Subpaths)
    Order.push_back(&S);
  // E.Subpaths is in estimate order; a stable sort keeps it among equal keys.
  std::stable_sort(Order.begin(), Order.end(),
                   [&](const EstimatedSubpath *A, const EstimatedSubpath *B) {
                     return Key(*A) > Key(*B);
                   });
  std::vector<EstimatedSubpath> Out;
  for (const EstimatedSubpath *S : Order) {
    if (Threshold ? Key(*S) < *Threshold : Out.size() >= K)
      break;
    Out.push_back(*S);
  }
  return Out;
}

} // namespace p3
