//===- PlannerTest.cpp - The cost-aware search on costs alone -------------===//
//
// Random planning problems (functions with a whole cost and random split
// options): the plan is valid (each function's groups on distinct copies, the
// loads their sums), never worse than LPT on the whole functions (computed
// with distributeLPT) nor than any start it was given, respects its lower
// bound, is deterministic, and asks for each function's options at most once
// (never for one that must stay whole). On small problems an exhaustive search
// gives the optimum: lower bound <= optimum <= plan. And the search ends in a
// local optimum: no move or swap of a group of the slowest copy, found by
// trying every one, makes the sorted loads smaller (the search finds the best
// swap without trying them all).
//
//===----------------------------------------------------------------------===//

#include "Graph/Planner.h"
#include "Graph/SortedLoads.h"
#include "Graph/Distribution.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdio>
#include <random>

using namespace p3;

namespace {

struct RandomProblem {
  CostProblem P;
  std::vector<std::vector<OptionCost>> Splits;
};

/// Integer costs (so that LPT in integers is the same schedule).
RandomProblem randomProblem(std::mt19937_64 &Rng, unsigned MaxFunctions,
                            unsigned K) {
  RandomProblem R;
  R.P.K = K;
  unsigned N = 1 + Rng() % MaxFunctions;
  for (unsigned F = 0; F < N; ++F) {
    // Skewed: a few hot functions, many cheap ones, some never run.
    double W = Rng() % 5 == 0 ? 0 : double(1 + Rng() % (Rng() % 3 ? 50 : 5000));
    R.P.WholeCost.push_back(W);
    R.P.NeverSplit.push_back(Rng() % 6 == 0);
    std::vector<OptionCost> Splits;
    for (unsigned O = 0, NO = Rng() % 4; K > 1 && O < NO; ++O) {
      unsigned Groups = 2 + Rng() % (K - 1);
      OptionCost C;
      for (unsigned G = 0; G < Groups; ++G)
        // Each group costs between a tenth and all of the whole function.
        C.push_back(std::floor(W * (0.1 + double(Rng() % 91) / 100)));
      Splits.push_back(C);
    }
    R.Splits.push_back(Splits);
  }
  return R;
}

void checkValid(const RandomProblem &R, const CostPlan &Plan) {
  unsigned N = R.P.WholeCost.size(), K = R.P.K;
  ASSERT_EQ(Plan.OptionOf.size(), N);
  ASSERT_EQ(Plan.CopyOf.size(), N);
  ASSERT_EQ(Plan.Load.size(), K);
  std::vector<double> Load(K, 0.0);
  for (unsigned F = 0; F < N; ++F) {
    unsigned O = Plan.OptionOf[F];
    unsigned Extra =
        F < R.P.ExtraOptions.size() ? R.P.ExtraOptions[F].size() : 0;
    ASSERT_LE(O, Extra + R.Splits[F].size());
    const OptionCost &Cost = O == 0       ? OptionCost{R.P.WholeCost[F]}
                             : O <= Extra ? R.P.ExtraOptions[F][O - 1]
                                          : R.Splits[F][O - 1 - Extra];
    if (R.P.NeverSplit[F]) {
      EXPECT_EQ(Cost.size(), 1u);
    }
    ASSERT_EQ(Plan.CopyOf[F].size(), Cost.size());
    std::vector<bool> Used(K, false);
    for (unsigned G = 0; G < Cost.size(); ++G) {
      unsigned C = Plan.CopyOf[F][G];
      ASSERT_LT(C, K);
      ASSERT_FALSE(Used[C]);
      Used[C] = true;
      Load[C] += Cost[G];
    }
  }
  for (unsigned C = 0; C < K; ++C)
    EXPECT_DOUBLE_EQ(Plan.Load[C], Load[C]);
}

CostPlan solve(const RandomProblem &R, std::vector<unsigned> *Asked = nullptr) {
  return planByCost(R.P, [&](unsigned F) {
    if (Asked)
      Asked->push_back(F);
    return R.Splits[F];
  });
}

double maxOf(const std::vector<uint64_t> &V) {
  return V.empty() ? 0 : double(*std::max_element(V.begin(), V.end()));
}

/// A random start: each function whole or with one of its splits, on random
/// distinct copies.
PlanStart randomStart(std::mt19937_64 &Rng, RandomProblem &R) {
  PlanStart S;
  unsigned K = R.P.K;
  R.P.ExtraOptions.assign(R.P.WholeCost.size(), {});
  for (unsigned F = 0; F < R.P.WholeCost.size(); ++F) {
    unsigned Groups = 1;
    S.OptionOf.push_back(0);
    if (!R.P.NeverSplit[F] && !R.Splits[F].empty() && Rng() % 2) {
      // Give one split as an extra option and start from it.
      R.P.ExtraOptions[F].push_back(R.Splits[F].front());
      S.OptionOf.back() = 1;
      Groups = R.Splits[F].front().size();
    }
    std::vector<unsigned> Copies(K);
    for (unsigned C = 0; C < K; ++C)
      Copies[C] = C;
    std::shuffle(Copies.begin(), Copies.end(), Rng);
    Copies.resize(Groups);
    S.CopyOf.push_back(Copies);
  }
  return S;
}

/// The optimum over every option and assignment (copies interchangeable:
/// a group only opens the next unused copy).
double optimum(const RandomProblem &R) {
  unsigned N = R.P.WholeCost.size(), K = R.P.K;
  std::vector<double> Load(K, 0.0);
  double Best = 1e300;
  auto Place = [&](auto &Self, unsigned F, unsigned Used) -> void {
    double Max = *std::max_element(Load.begin(), Load.end());
    if (Max >= Best)
      return;
    if (F == N) {
      Best = Max;
      return;
    }
    std::vector<OptionCost> Opts{{R.P.WholeCost[F]}};
    if (!R.P.NeverSplit[F])
      for (const OptionCost &O : R.Splits[F])
        Opts.push_back(O);
    for (const OptionCost &O : Opts) {
      // Groups in order, each on a copy no other group of F took.
      std::vector<bool> Taken(K, false);
      auto Group = [&](auto &Inner, unsigned G, unsigned U) -> void {
        if (G == O.size()) {
          Self(Self, F + 1, U);
          return;
        }
        for (unsigned C = 0; C < K && C <= U; ++C) {
          if (Taken[C])
            continue;
          Taken[C] = true;
          Load[C] += O[G];
          Inner(Inner, G + 1, std::max(U, C + 1));
          Load[C] -= O[G];
          Taken[C] = false;
        }
      };
      Group(Group, 0, Used);
    }
  };
  Place(Place, 0, 0);
  return Best;
}

} // namespace

TEST(Planner, ValidNeverWorseThanLPTOrItsStarts) {
  std::mt19937_64 Rng(0x9a7);
  unsigned Problems = 0, BetterThanLPT = 0, Split = 0;
  for (unsigned I = 0; I < 3000 && !HasFailure(); ++I) {
    unsigned K = std::vector<unsigned>{1, 2, 3, 4, 8, 16}[Rng() % 6];
    RandomProblem R = randomProblem(Rng, I % 10 == 0 ? 200 : 12, K);
    std::optional<PlanStart> Start;
    if (Rng() % 2) {
      Start = randomStart(Rng, R);
      R.P.Starts.push_back(*Start);
    }
    std::vector<unsigned> Asked;
    CostPlan Plan = solve(R, &Asked);
    SCOPED_TRACE("problem " + std::to_string(I));
    checkValid(R, Plan);

    std::vector<uint64_t> Whole;
    for (double W : R.P.WholeCost)
      Whole.push_back(uint64_t(W));
    double LPT = maxOf(distributeLPT(Whole, K).Load);
    EXPECT_EQ(Plan.LPTMax, LPT);
    EXPECT_LE(Plan.maxLoad(), LPT);
    if (Start) {
      // The start's own maximum, computed here.
      std::vector<double> Load(K, 0.0);
      for (unsigned F = 0; F < R.P.WholeCost.size(); ++F) {
        OptionCost Cost = Start->OptionOf[F] ? R.P.ExtraOptions[F][0]
                                             : OptionCost{R.P.WholeCost[F]};
        for (unsigned G = 0; G < Cost.size(); ++G)
          Load[Start->CopyOf[F][G]] += Cost[G];
      }
      EXPECT_LE(Plan.maxLoad(), *std::max_element(Load.begin(), Load.end()));
    }
    EXPECT_LE(Plan.LowerBound, Plan.maxLoad() * (1 + 1e-12));

    std::vector<unsigned> Sorted = Asked;
    std::sort(Sorted.begin(), Sorted.end());
    EXPECT_EQ(std::adjacent_find(Sorted.begin(), Sorted.end()), Sorted.end())
        << "options asked twice";
    for (unsigned F : Asked)
      EXPECT_FALSE(R.P.NeverSplit[F]);

    CostPlan Again = solve(R);
    EXPECT_EQ(Again.OptionOf, Plan.OptionOf);
    EXPECT_EQ(Again.CopyOf, Plan.CopyOf);
    EXPECT_EQ(Again.Load, Plan.Load);
    EXPECT_EQ(Again.LowerBound, Plan.LowerBound);

    ++Problems;
    BetterThanLPT += Plan.maxLoad() < LPT;
    for (unsigned O : Plan.OptionOf)
      Split += O != 0;
  }
  std::printf("[ summary  ] Planner.ValidNeverWorseThanLPTOrItsStarts: %u "
              "problems (K 1..16, up to 200 functions); better than LPT on "
              "%u; %u functions placed split.\n",
              Problems, BetterThanLPT, Split);
}

/// The option cost of F's chosen option in \p Plan.
OptionCost chosenCost(const RandomProblem &R, const CostPlan &Plan,
                      unsigned F) {
  unsigned O = Plan.OptionOf[F];
  unsigned Extra = F < R.P.ExtraOptions.size() ? R.P.ExtraOptions[F].size() : 0;
  return O == 0       ? OptionCost{R.P.WholeCost[F]}
         : O <= Extra ? R.P.ExtraOptions[F][O - 1]
                      : R.Splits[F][O - 1 - Extra];
}

bool sortedBelow(std::vector<double> A, std::vector<double> B, double Tol) {
  return lexicographicallyBelow(sortedDecreasing(std::move(A)),
                                sortedDecreasing(std::move(B)), Tol);
}

// From every copy, not only the slowest: the search shares out the room a
// slowest copy it cannot lower leaves beside it (Planner.h).
TEST(Planner, EndsWhereNoMoveOrSwapImproves) {
  std::mt19937_64 Rng(0x5a9);
  unsigned Problems = 0, Swaps = 0;
  for (unsigned I = 0; I < 1500 && !HasFailure(); ++I) {
    unsigned K = std::vector<unsigned>{2, 3, 4, 8}[Rng() % 4];
    RandomProblem R = randomProblem(Rng, I % 5 == 0 ? 150 : 20, K);
    CostPlan Plan = solve(R);
    SCOPED_TRACE("problem " + std::to_string(I));
    checkValid(R, Plan);
    unsigned N = R.P.WholeCost.size();
    std::vector<double> Load = Plan.Load;
    double Max = *std::max_element(Load.begin(), Load.end());
    double Tol = Max * 1e-12;
    auto Holds = [&](unsigned F, unsigned C) {
      const auto &Copies = Plan.CopyOf[F];
      return std::find(Copies.begin(), Copies.end(), C) != Copies.end();
    };
    for (unsigned F = 0; F < N; ++F) {
      OptionCost Cost = chosenCost(R, Plan, F);
      for (unsigned G = 0; G < Cost.size(); ++G) {
        unsigned From = Plan.CopyOf[F][G];
        if (Cost[G] <= 0)
          continue;
        for (unsigned C = 0; C < K; ++C) {
          if (C == From)
            continue;
          if (!Holds(F, C)) { // move
            std::vector<double> T = Load;
            T[From] -= Cost[G];
            T[C] += Cost[G];
            EXPECT_FALSE(sortedBelow(T, Load, Tol))
                << "moving group " << G << " of " << F << " from " << From
                << " to " << C;
          }
          for (unsigned F2 = 0; F2 < N; ++F2) { // swap
            OptionCost Cost2 = chosenCost(R, Plan, F2);
            for (unsigned G2 = 0; G2 < Cost2.size(); ++G2) {
              if (Plan.CopyOf[F2][G2] != C || Cost2[G2] <= 0)
                continue;
              if (F2 != F && (Holds(F, C) || Holds(F2, From)))
                continue;
              std::vector<double> T = Load;
              T[From] += Cost2[G2] - Cost[G];
              T[C] += Cost[G] - Cost2[G2];
              ++Swaps;
              EXPECT_FALSE(sortedBelow(T, Load, Tol))
                  << "swapping group " << G << " of " << F << " (copy " << From
                  << ") with group " << G2 << " of " << F2;
            }
          }
        }
      }
    }
    ++Problems;
  }
  std::printf("[ summary  ] Planner.EndsWhereNoMoveOrSwapImproves: %u problems "
              "(K 2..8, up to 150 functions), %u swaps tried by brute force, "
              "from every copy.\n",
              Problems, Swaps);
}

TEST(Planner, BoundAndOptimumOnSmallProblems) {
  std::mt19937_64 Rng(0xb0b);
  unsigned Problems = 0, Optimal = 0, BoundTight = 0;
  double Worst = 1;
  for (unsigned I = 0; I < 1500 && !HasFailure(); ++I) {
    unsigned K = 2 + Rng() % 2;
    RandomProblem R = randomProblem(Rng, 5, K);
    CostPlan Plan = solve(R);
    double Opt = optimum(R);
    SCOPED_TRACE("problem " + std::to_string(I));
    // The plan may not have asked for every function's options; the bound is
    // over the options it saw, so it is a bound on the optimum over those,
    // which is at least the optimum over all.
    EXPECT_LE(Opt, Plan.maxLoad() * (1 + 1e-12));
    EXPECT_LE(Plan.LowerBound, Plan.maxLoad() * (1 + 1e-12));
    ++Problems;
    if (Plan.maxLoad() <= Opt * (1 + 1e-12))
      ++Optimal;
    else
      Worst = std::max(Worst, Plan.maxLoad() / Opt);
    BoundTight += Plan.LowerBound >= Opt * (1 - 1e-12);
  }
  std::printf("[ summary  ] Planner.BoundAndOptimumOnSmallProblems: %u "
              "problems (K 2..3, up to 5 functions, exhaustive optimum); plan "
              "optimal on %u, worst plan/optimum %.3f; bound equal to the "
              "optimum on %u.\n",
              Problems, Optimal, Worst, BoundTight);
  EXPECT_GT(Optimal, Problems / 2);
}

TEST(Planner, SplitsTheFunctionThatDominates) {
  // One function is 90% of the cost; splitting it in two costs 10% more in
  // total but halves it. With K = 2: whole gives 90; split gives 50 / 50+10.
  RandomProblem R;
  R.P.K = 2;
  R.P.WholeCost = {90, 10};
  R.P.NeverSplit = {false, false};
  R.Splits = {{{50, 49}}, {}};
  CostPlan Plan = solve(R);
  EXPECT_EQ(Plan.LPTMax, 90);
  EXPECT_EQ(Plan.OptionOf[0], 1u);
  EXPECT_EQ(Plan.maxLoad(), 59);
  // The bound: total whole / 2 = 50, the largest group of the cheapest split
  // = 50; max(50, 50) = 50.
  EXPECT_EQ(Plan.LowerBound, 50);

  // When the function must stay whole, nothing moves.
  R.P.NeverSplit = {true, false};
  Plan = solve(R);
  EXPECT_EQ(Plan.OptionOf[0], 0u);
  EXPECT_EQ(Plan.maxLoad(), 90);
  EXPECT_EQ(Plan.LowerBound, 90);
}
