//===- HedgeTest.cpp - Moving groups for the hedge scenario ---------------===//
//
// Random placements (functions of 1..K groups on distinct copies, planned
// costs skewed, hedged costs at least the planned ones): after the hedge the
// placement is valid (no copy holds two groups of one function), no copy's
// planned load is above the budget, the hedged loads sorted in decreasing
// order are never above the start's, the loads returned are the sums, the
// result is deterministic, and it is a local optimum: no move of a group off
// the copy with the largest hedged load, tried one by one, is both within
// budget and better. On small placements an exhaustive search over every
// valid placement within budget gives the best hedged slowest copy: the
// lower bound max(total / K, largest group) <= that optimum <= the hedge's.
//
//===----------------------------------------------------------------------===//

#include "Graph/Hedge.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <functional>
#include <random>
#include <set>

using namespace p3;

namespace {

struct RandomPlacement {
  unsigned K = 2;
  std::vector<PlacedGroup> Groups;
  double Budget = 0;
};

RandomPlacement randomPlacement(std::mt19937_64 &Rng, unsigned K,
                                unsigned MaxFunctions) {
  RandomPlacement R;
  R.K = K;
  unsigned N = 1 + Rng() % MaxFunctions;
  for (unsigned F = 0; F < N; ++F) {
    unsigned Groups = Rng() % 4 == 0 ? 1 + Rng() % K : 1;
    std::vector<unsigned> Copies(K);
    for (unsigned C = 0; C < K; ++C)
      Copies[C] = C;
    std::shuffle(Copies.begin(), Copies.end(), Rng);
    for (unsigned G = 0; G < Groups; ++G) {
      PlacedGroup P;
      P.Function = F;
      P.Copy = Copies[G];
      // Skewed: a few hot groups, many cold ones, some never run.
      P.Planned = Rng() % 5 == 0 ? 0 : double(Rng() % (Rng() % 4 ? 20 : 2000));
      P.Hedged = P.Planned + double(Rng() % 60);
      R.Groups.push_back(P);
    }
  }
  std::vector<unsigned> CopyOf;
  for (const PlacedGroup &G : R.Groups)
    CopyOf.push_back(G.Copy);
  std::vector<double> Planned =
      copyLoads(R.Groups, CopyOf, K, &PlacedGroup::Planned);
  double Max = *std::max_element(Planned.begin(), Planned.end());
  R.Budget = Max * (1 + double(Rng() % 6) / 100); // 0..5% of slack
  return R;
}

std::vector<double> sortedDecreasing(std::vector<double> V) {
  std::sort(V.begin(), V.end(), std::greater<double>());
  return V;
}

bool validPlacement(const RandomPlacement &R,
                    const std::vector<unsigned> &CopyOf) {
  std::set<std::pair<unsigned, unsigned>> Seen;
  for (unsigned G = 0; G < R.Groups.size(); ++G)
    if (CopyOf[G] >= R.K ||
        !Seen.insert({R.Groups[G].Function, CopyOf[G]}).second)
      return false;
  return true;
}

double maxOf(const std::vector<double> &V) {
  return *std::max_element(V.begin(), V.end());
}

/// The smallest hedged slowest copy over every valid placement within
/// budget (small placements only).
double exhaustiveBest(const RandomPlacement &R) {
  std::vector<unsigned> CopyOf(R.Groups.size(), 0);
  double Best = 1e300;
  std::function<void(unsigned)> Place = [&](unsigned G) {
    if (G == R.Groups.size()) {
      if (!validPlacement(R, CopyOf))
        return;
      std::vector<double> Planned =
          copyLoads(R.Groups, CopyOf, R.K, &PlacedGroup::Planned);
      if (maxOf(Planned) > R.Budget * (1 + 1e-12))
        return;
      Best = std::min(
          Best, maxOf(copyLoads(R.Groups, CopyOf, R.K, &PlacedGroup::Hedged)));
      return;
    }
    for (unsigned C = 0; C < R.K; ++C) {
      CopyOf[G] = C;
      Place(G + 1);
    }
  };
  Place(0);
  return Best;
}

} // namespace

TEST(Hedge, ValidWithinBudgetNeverWorseLocallyOptimal) {
  std::mt19937_64 Rng(0x4ed6e);
  unsigned Moved = 0, Placements = 0;
  for (unsigned Case = 0; Case < 600 && !HasFailure(); ++Case) {
    unsigned K = 1 + Rng() % 8;
    RandomPlacement R = randomPlacement(Rng, K, 40);
    SCOPED_TRACE("case " + std::to_string(Case) + ", K=" + std::to_string(K));
    std::vector<unsigned> Start;
    for (const PlacedGroup &G : R.Groups)
      Start.push_back(G.Copy);
    std::vector<double> HedgedBefore =
        copyLoads(R.Groups, Start, K, &PlacedGroup::Hedged);

    HedgeResult H = hedgePlacement(R.Groups, K, R.Budget);
    ASSERT_EQ(H.CopyOf.size(), R.Groups.size());
    ASSERT_TRUE(validPlacement(R, H.CopyOf));
    EXPECT_EQ(H.PlannedLoad,
              copyLoads(R.Groups, H.CopyOf, K, &PlacedGroup::Planned));
    EXPECT_EQ(H.HedgedLoad,
              copyLoads(R.Groups, H.CopyOf, K, &PlacedGroup::Hedged));
    EXPECT_EQ(H.HedgedMaxBefore, maxOf(HedgedBefore));
    EXPECT_LE(maxOf(H.PlannedLoad), R.Budget * (1 + 1e-12));
    std::vector<double> Before = sortedDecreasing(HedgedBefore),
                        After = sortedDecreasing(H.HedgedLoad);
    EXPECT_FALSE(std::lexicographical_compare(Before.begin(), Before.end(),
                                              After.begin(), After.end()))
        << "the hedged loads grew";
    EXPECT_EQ(H.Moves == 0, H.CopyOf == Start);

    // Deterministic.
    HedgeResult Again = hedgePlacement(R.Groups, K, R.Budget);
    EXPECT_EQ(Again.CopyOf, H.CopyOf);

    // Local optimum: every move off the hedged slowest copy, one by one.
    if (K > 1 && maxOf(H.HedgedLoad) > 0) {
      unsigned Slowest =
          std::max_element(H.HedgedLoad.begin(), H.HedgedLoad.end()) -
          H.HedgedLoad.begin();
      std::vector<double> Now = sortedDecreasing(H.HedgedLoad);
      double Tolerance = Now[0] * 1e-9;
      for (unsigned G = 0; G < R.Groups.size(); ++G) {
        if (H.CopyOf[G] != Slowest)
          continue;
        for (unsigned C = 0; C < K; ++C) {
          std::vector<unsigned> Trial = H.CopyOf;
          Trial[G] = C;
          if (C == Slowest || !validPlacement(R, Trial) ||
              maxOf(copyLoads(R.Groups, Trial, K, &PlacedGroup::Planned)) >
                  R.Budget)
            continue;
          std::vector<double> After = sortedDecreasing(
              copyLoads(R.Groups, Trial, K, &PlacedGroup::Hedged));
          bool Better = false;
          for (unsigned I = 0; I < K; ++I) {
            if (After[I] < Now[I] - Tolerance) {
              Better = true;
              break;
            }
            if (After[I] > Now[I] + Tolerance)
              break;
          }
          EXPECT_FALSE(Better) << "moving group " << G << " to copy " << C;
        }
      }
    }
    ++Placements;
    Moved += H.Moves > 0;
  }
  // The cases must exercise the moves, not only the checks.
  EXPECT_GT(Moved, Placements / 4) << Moved << " of " << Placements;
}

TEST(Hedge, BoundAndOptimumOnSmallPlacements) {
  std::mt19937_64 Rng(0xb0d);
  for (unsigned Case = 0; Case < 300 && !HasFailure(); ++Case) {
    unsigned K = 2 + Rng() % 2;
    RandomPlacement R = randomPlacement(Rng, K, 6);
    if (R.Groups.size() > 8)
      continue;
    SCOPED_TRACE("case " + std::to_string(Case));
    HedgeResult H = hedgePlacement(R.Groups, K, R.Budget);
    double Total = 0, Largest = 0;
    for (const PlacedGroup &G : R.Groups) {
      Total += G.Hedged;
      Largest = std::max(Largest, G.Hedged);
    }
    double Optimum = exhaustiveBest(R);
    EXPECT_LE(std::max(Total / K, Largest), Optimum * (1 + 1e-12));
    EXPECT_LE(Optimum, maxOf(H.HedgedLoad) * (1 + 1e-12));
  }
}

TEST(Hedge, ColdFunctionLeavesTheHotCopyWithinBudget) {
  // Copy 0: the hot function A and a function C the training run barely
  // ran; copy 1: B, a little lighter. C goes beside B: copy 1's planned
  // load stays within budget and the hedged slowest copy shrinks.
  std::vector<PlacedGroup> Groups = {
      {/*Function=*/0, /*Copy=*/0, /*Planned=*/100, /*Hedged=*/100},
      {/*Function=*/1, /*Copy=*/0, /*Planned=*/0.5, /*Hedged=*/20},
      {/*Function=*/2, /*Copy=*/1, /*Planned=*/99, /*Hedged=*/99}};
  HedgeResult H = hedgePlacement(Groups, 2, 100.5);
  EXPECT_EQ(H.CopyOf, (std::vector<unsigned>{0, 1, 1}));
  EXPECT_EQ(H.Moves, 1u);
  EXPECT_EQ(H.HedgedMaxBefore, 120);
  EXPECT_EQ(H.PlannedLoad, (std::vector<double>{100, 99.5}));

  // Without room on copy 1 (the budget is the slowest copy and B fills
  // copy 1 to it), C stays where the search put it.
  Groups[2].Planned = 100.5;
  H = hedgePlacement(Groups, 2, 100.5);
  EXPECT_EQ(H.CopyOf, (std::vector<unsigned>{0, 0, 1}));
  EXPECT_EQ(H.Moves, 0u);

  // Nor beside another group of its own function.
  Groups[2] = {/*Function=*/1, /*Copy=*/1, /*Planned=*/50, /*Hedged=*/50};
  H = hedgePlacement(Groups, 2, 200);
  EXPECT_EQ(H.CopyOf, (std::vector<unsigned>{0, 0, 1}));
}
