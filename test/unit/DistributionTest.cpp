//===- DistributionTest.cpp - LPT scheduling -----------------------------===//
//
// Oracle: the optimal makespan by exhaustive search on small instances. LPT
// must stay within Graham's bound, LPT <= (4/3 - 1/(3K)) * OPT, checked in
// integers as 3K * LPT <= (4K - 1) * OPT.
//
//===----------------------------------------------------------------------===//

#include "Graph/Distribution.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <numeric>

using namespace p3;

namespace {

/// Smallest maximum load over all assignments (copies are interchangeable, so
/// task I only goes to copies 0..I, which keeps the search small).
uint64_t optimalMakespan(const std::vector<uint64_t> &Costs, unsigned K) {
  std::vector<uint64_t> Load(K, 0);
  uint64_t Best = UINT64_MAX;
  auto Search = [&](auto &Self, size_t T, uint64_t Max) -> void {
    if (Max >= Best)
      return;
    if (T == Costs.size()) {
      Best = Max;
      return;
    }
    for (unsigned C = 0; C < K && C <= T; ++C) {
      Load[C] += Costs[T];
      Self(Self, T + 1, std::max(Max, Load[C]));
      Load[C] -= Costs[T];
    }
  };
  Search(Search, 0, 0);
  return Best;
}

} // namespace

TEST(Distribution, LPTWithinGrahamBound) {
  std::mt19937_64 Rng(0x1b7);
  unsigned Instances = 0, Optimal = 0;
  double Worst = 1;
  for (unsigned I = 0; I < 3000; ++I) {
    unsigned K = 1 + Rng() % 5;
    unsigned N = Rng() % 12;
    std::vector<uint64_t> Costs(N);
    // Narrow cost ranges (all tasks of similar size) are where LPT is worst.
    uint64_t Lo = 1 + Rng() % 10, Hi = Lo + Rng() % (Rng() % 2 ? 5 : 200);
    for (uint64_t &C : Costs)
      C = Lo + Rng() % (Hi - Lo + 1);
    Distribution D = distributeLPT(Costs, K);
    ASSERT_EQ(D.CopyOfTask.size(), N);
    ASSERT_EQ(D.Load.size(), K);
    std::vector<uint64_t> Load(K, 0);
    for (unsigned T = 0; T < N; ++T) {
      ASSERT_LT(D.CopyOfTask[T], K);
      Load[D.CopyOfTask[T]] += Costs[T];
    }
    EXPECT_EQ(Load, D.Load);
    uint64_t LPT = *std::max_element(Load.begin(), Load.end());
    uint64_t OPT = optimalMakespan(Costs, K);
    ASSERT_NE(OPT, UINT64_MAX);
    EXPECT_GE(LPT, OPT);
    EXPECT_LE(3 * K * LPT, (4 * K - 1) * OPT)
        << "K " << K << ", LPT " << LPT << ", OPT " << OPT;
    ++Instances;
    Optimal += LPT == OPT;
    if (OPT)
      Worst = std::max(Worst, double(LPT) / OPT);
  }
  std::printf("[ summary  ] Distribution.LPTWithinGrahamBound: %u instances "
              "(K 1..5, up to 11 tasks); LPT optimal on %u; worst LPT/OPT "
              "%.3f.\n",
              Instances, Optimal, Worst);
}

TEST(Distribution, GrahamTightFamily) {
  // Graham's worst case: two tasks each of 2K-1 .. K+1 and three of K. OPT is
  // 3K, LPT 4K-1: exactly the bound (4/3 - 1/(3K)) * OPT.
  for (unsigned K = 2; K <= 5; ++K) {
    std::vector<uint64_t> Costs;
    for (unsigned C = 2 * K - 1; C > K; --C)
      Costs.insert(Costs.end(), {C, C});
    Costs.insert(Costs.end(), {K, K, K});
    Distribution D = distributeLPT(Costs, K);
    EXPECT_EQ(*std::max_element(D.Load.begin(), D.Load.end()), 4 * K - 1);
    EXPECT_EQ(optimalMakespan(Costs, K), 3 * K);
  }
}

TEST(Distribution, TiesAreDeterministic) {
  // Equal costs go in task order to the lowest least-loaded copy.
  Distribution D = distributeLPT({5, 5, 5, 5, 5}, 3);
  EXPECT_EQ(D.CopyOfTask, (std::vector<unsigned>{0, 1, 2, 0, 1}));
  // Decreasing cost first, ties in task order: task 1 -> copy 0, task 2 ->
  // copy 1, task 3 -> copy 0 (tie at 4), task 0 -> copy 1.
  Distribution E = distributeLPT({1, 4, 4, 2}, 2);
  EXPECT_EQ(E.CopyOfTask, (std::vector<unsigned>{1, 0, 1, 0}));
  EXPECT_EQ(E.Load, (std::vector<uint64_t>{6, 5}));
  // K = 0 is treated as one copy; no tasks gives zero loads.
  EXPECT_EQ(distributeLPT({1, 2}, 0).Load, std::vector<uint64_t>{3});
  EXPECT_EQ(distributeLPT({}, 3).Load, (std::vector<uint64_t>{0, 0, 0}));
}
