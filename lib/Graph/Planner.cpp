//===- Planner.cpp - Place functions on copies to minimise the slowest copy
//===//

#include "Graph/Planner.h"
#include "Graph/SortedLoads.h"

#include <algorithm>
#include <numeric>

using namespace llvm;

namespace p3 {

double CostPlan::maxLoad() const {
  return Load.empty() ? 0 : *std::max_element(Load.begin(), Load.end());
}

namespace {

/// The search never applies more moves than this (each one strictly improves
/// the sorted loads, so it ends anyway; this bounds the time on huge inputs).
constexpr unsigned MaxMoves = 20000;
/// Functions of the slowest copy tried with another option, per move.
constexpr unsigned ResplitCandidates = 16;

double sumOf(const OptionCost &O) {
  return std::accumulate(O.begin(), O.end(), 0.0);
}
double maxOf(const OptionCost &O) {
  return O.empty() ? 0 : *std::max_element(O.begin(), O.end());
}

class Search {
public:
  Search(const CostProblem &P,
         function_ref<std::vector<OptionCost>(unsigned)> SplitOptions)
      : K(std::max(P.K, 1u)), SplitOptions(SplitOptions),
        Options(P.WholeCost.size()), Asked(P.WholeCost.size(), false),
        Splittable(P.WholeCost.size(), true) {
    for (unsigned F = 0; F < Options.size(); ++F) {
      Options[F].push_back({P.WholeCost[F]});
      if (F < P.ExtraOptions.size())
        for (const OptionCost &O : P.ExtraOptions[F])
          Options[F].push_back(O);
      if (F < P.NeverSplit.size())
        Splittable[F] = !P.NeverSplit[F];
    }
  }

  CostPlan run(llvm::ArrayRef<PlanStart> Starts);

private:
  /// A candidate change, recorded as the new copies of one or two
  /// functions' groups (and, for a re-split, the option).
  struct Move {
    Move(unsigned F, unsigned Option, std::vector<unsigned> Copies)
        : F(F), Option(Option), Copies(std::move(Copies)) {}
    unsigned F, Option;
    std::vector<unsigned> Copies;
    unsigned F2 = ~0u; ///< Second function of a swap.
    std::vector<unsigned> Copies2;
  };

  void ask(unsigned F);
  double lowerBound() const;
  void askAboveBound();
  void startWithLPT();
  bool startFrom(const PlanStart &Start);
  void recomputeLoads();
  void descend();
  bool improveOnce();
  /// Moves and swaps of the groups of copy \p From (the best is kept in
  /// Best).
  void tryMovesAndSwaps(
      unsigned From,
      llvm::ArrayRef<std::vector<std::pair<unsigned, unsigned>>> On);

  void trySwaps(unsigned F, unsigned G, unsigned Slowest, unsigned C,
                ArrayRef<std::pair<unsigned, unsigned>> OnC);
  /// Whether loads \p NewLoad beat the best so far this round (then they
  /// become it; the caller records the move).
  bool improves(const std::vector<double> &NewLoad);
  std::vector<unsigned> placeOption(unsigned F, unsigned O,
                                    std::vector<double> &Load) const;
  double cost(unsigned F, unsigned G) const {
    return Options[F][Plan.OptionOf[F]][G];
  }
  bool holds(unsigned F, unsigned C) const {
    const std::vector<unsigned> &Copies = Plan.CopyOf[F];
    return std::find(Copies.begin(), Copies.end(), C) != Copies.end();
  }

  unsigned K;
  function_ref<std::vector<OptionCost>(unsigned)> SplitOptions;
  std::vector<std::vector<OptionCost>> Options; ///< [function][option]
  std::vector<bool> Asked, Splittable;
  CostPlan Plan; ///< The plan being improved.

  // The best move of the current round, and scratch space.
  std::vector<double> BestSorted, Sorted, Trial;
  std::optional<Move> Best;
  double Tolerance = 0;
};

void Search::ask(unsigned F) {
  if (Asked[F] || !Splittable[F])
    return;
  Asked[F] = true;
  for (OptionCost &O : SplitOptions(F))
    Options[F].push_back(std::move(O));
}

double Search::lowerBound() const {
  double Total = 0, LargestGroup = 0;
  for (const std::vector<OptionCost> &Opts : Options) {
    double MinTotal = sumOf(Opts[0]), MinMax = maxOf(Opts[0]);
    for (const OptionCost &O : Opts) {
      MinTotal = std::min(MinTotal, sumOf(O));
      MinMax = std::min(MinMax, maxOf(O));
    }
    Total += MinTotal;
    LargestGroup = std::max(LargestGroup, MinMax);
  }
  return std::max(Total / K, LargestGroup);
}

/// A function whose whole cost exceeds the bound could be the bottleneck of
/// any plan: its options decide the bound, so they are asked for first.
void Search::askAboveBound() {
  std::vector<unsigned> ByCost(Options.size());
  std::iota(ByCost.begin(), ByCost.end(), 0u);
  std::stable_sort(ByCost.begin(), ByCost.end(), [&](unsigned A, unsigned B) {
    return Options[A][0][0] > Options[B][0][0];
  });
  bool Changed = true;
  while (Changed) {
    Changed = false;
    double Bound = lowerBound();
    for (unsigned F : ByCost) {
      if (Options[F][0][0] <= Bound)
        break;
      if (!Asked[F] && Splittable[F]) {
        ask(F);
        Changed = true;
        break;
      }
    }
  }
}

void Search::startWithLPT() {
  unsigned N = Options.size();
  Plan.OptionOf.assign(N, 0);
  Plan.CopyOf.assign(N, {0});
  Plan.Load.assign(K, 0);
  std::vector<unsigned> ByCost(N);
  std::iota(ByCost.begin(), ByCost.end(), 0u);
  std::stable_sort(ByCost.begin(), ByCost.end(), [&](unsigned A, unsigned B) {
    return Options[A][0][0] > Options[B][0][0];
  });
  for (unsigned F : ByCost) {
    unsigned C = std::min_element(Plan.Load.begin(), Plan.Load.end()) -
                 Plan.Load.begin();
    Plan.CopyOf[F] = {C};
    Plan.Load[C] += Options[F][0][0];
  }
}

/// Takes \p Start as the plan if it is one: every option exists (and
/// splits only functions that may be split), and every function's groups
/// are on distinct copies.
bool Search::startFrom(const PlanStart &Start) {
  unsigned N = Options.size();
  if (Start.OptionOf.size() != N || Start.CopyOf.size() != N)
    return false;
  for (unsigned F = 0; F < N; ++F) {
    unsigned O = Start.OptionOf[F];
    if (O >= Options[F].size() ||
        (O != 0 && !Splittable[F] && Options[F][O].size() > 1))
      return false;
    const std::vector<unsigned> &Copies = Start.CopyOf[F];
    if (Copies.size() != Options[F][O].size())
      return false;
    std::vector<bool> Used(K, false);
    for (unsigned C : Copies) {
      if (C >= K || Used[C])
        return false;
      Used[C] = true;
    }
  }
  Plan.OptionOf = Start.OptionOf;
  Plan.CopyOf = Start.CopyOf;
  recomputeLoads();
  return true;
}

/// The loads from scratch: no drift from repeated += and -=.
void Search::recomputeLoads() {
  Plan.Load.assign(K, 0.0);
  for (unsigned F = 0; F < Options.size(); ++F)
    for (unsigned H = 0; H < Plan.CopyOf[F].size(); ++H)
      Plan.Load[Plan.CopyOf[F][H]] += cost(F, H);
}

void Search::descend() {
  Plan.Moves = 0;
  while (Plan.Moves < MaxMoves && improveOnce())
    ++Plan.Moves;
}

/// Where F's groups go under option O when F is placed again: largest group
/// first, each on the least-loaded copy F does not use yet. \p Load has F's
/// current groups removed and receives the new ones.
std::vector<unsigned> Search::placeOption(unsigned F, unsigned O,
                                          std::vector<double> &Load) const {
  const OptionCost &Cost = Options[F][O];
  std::vector<unsigned> Order(Cost.size());
  std::iota(Order.begin(), Order.end(), 0u);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](unsigned A, unsigned B) { return Cost[A] > Cost[B]; });
  std::vector<unsigned> Copies(Cost.size());
  std::vector<bool> Used(K, false);
  for (unsigned G : Order) {
    unsigned Pick = K;
    for (unsigned C = 0; C < K; ++C)
      if (!Used[C] && (Pick == K || Load[C] < Load[Pick]))
        Pick = C;
    Used[Pick] = true;
    Copies[G] = Pick;
    Load[Pick] += Cost[G];
  }
  return Copies;
}

bool Search::improves(const std::vector<double> &NewLoad) {
  Sorted.assign(NewLoad.begin(), NewLoad.end());
  std::sort(Sorted.begin(), Sorted.end(), std::greater<double>());
  if (!lexicographicallyBelow(Sorted, BestSorted, Tolerance))
    return false;
  std::swap(Sorted, BestSorted);
  return true;
}

/// The best swap of group G of F (on the slowest copy) with a lighter group
/// of copy C. Only the two copies change, and their loads add up to the same
/// whatever the partner, so the best partner is the one that leaves the
/// larger of the two smallest: the valid group nearest, on either side, to
/// the weight that would even them out. \p OnC is C's groups, heaviest first.
/// (Scanning every partner instead made a round quadratic in the groups:
/// minutes on sqlite3's 2400 functions.)
void Search::trySwaps(unsigned F, unsigned G, unsigned Slowest, unsigned C,
                      ArrayRef<std::pair<unsigned, unsigned>> OnC) {
  double W = cost(F, G), Max = Plan.Load[Slowest];
  // A partner of weight W2 < W keeps C below Max when W2 > Lightest.
  double Lightest = W - (Max - Plan.Load[C]);
  double Even = W - (Max - Plan.Load[C]) / 2;
  auto Weight = [&](std::pair<unsigned, unsigned> X) {
    return cost(X.first, X.second);
  };
  auto Valid = [&](std::pair<unsigned, unsigned> X) {
    double W2 = Weight(X);
    if (W2 >= W || W2 <= Lightest)
      return false;
    return X.first == F || !(holds(F, C) || holds(X.first, Slowest));
  };
  auto Try = [&](std::pair<unsigned, unsigned> X) {
    auto [F2, G2] = X;
    double W2 = Weight(X);
    Trial = Plan.Load;
    Trial[Slowest] += W2 - W;
    Trial[C] += W - W2;
    if (!improves(Trial))
      return;
    Best.emplace(F, Plan.OptionOf[F], Plan.CopyOf[F]);
    Best->Copies[G] = C;
    if (F2 == F) {
      Best->Copies[G2] = Slowest;
    } else {
      Best->F2 = F2;
      Best->Copies2 = Plan.CopyOf[F2];
      Best->Copies2[G2] = Slowest;
    }
  };
  if (holds(F, C)) {
    // Only F's own group on C can trade places with G.
    for (auto X : OnC)
      if (X.first == F && Valid(X))
        Try(X);
    return;
  }
  // Groups heavier than Even come before Mid, the others from it on.
  size_t Mid = std::partition_point(OnC.begin(), OnC.end(),
                                    [&](auto X) { return Weight(X) > Even; }) -
               OnC.begin();
  for (size_t I = Mid; I-- > 0;) { // nearest heavier, towards W
    if (Weight(OnC[I]) >= W)
      break;
    if (Valid(OnC[I])) {
      Try(OnC[I]);
      break;
    }
  }
  for (size_t I = Mid; I < OnC.size(); ++I) { // nearest lighter
    if (Weight(OnC[I]) <= Lightest)
      break;
    if (Valid(OnC[I])) {
      Try(OnC[I]);
      break;
    }
  }
}

void Search::tryMovesAndSwaps(
    unsigned From, ArrayRef<std::vector<std::pair<unsigned, unsigned>>> On) {
  double Max = Plan.Load[From];
  for (auto [F, G] : On[From]) {
    double W = cost(F, G);
    // Move the group elsewhere.
    for (unsigned C = 0; C < K; ++C) {
      if (C == From || holds(F, C) || Plan.Load[C] + W >= Max)
        continue;
      Trial = Plan.Load;
      Trial[From] -= W;
      Trial[C] += W;
      if (!improves(Trial))
        continue;
      Best.emplace(F, Plan.OptionOf[F], Plan.CopyOf[F]);
      Best->Copies[G] = C;
    }
    // Swap it with a lighter group of another copy (trySwaps).
    for (unsigned C = 0; C < K; ++C)
      if (C != From)
        trySwaps(F, G, From, C, On[C]);
  }
}

bool Search::improveOnce() {
  unsigned Slowest =
      std::max_element(Plan.Load.begin(), Plan.Load.end()) - Plan.Load.begin();
  double Max = Plan.Load[Slowest];
  if (Max <= 0)
    return false;
  Tolerance = Max * 1e-12;
  BestSorted = sortedDecreasing(Plan.Load);
  Best.reset();

  // Groups per copy, heaviest first.
  std::vector<std::vector<std::pair<unsigned, unsigned>>> On(K);
  for (unsigned F = 0; F < Options.size(); ++F)
    for (unsigned G = 0; G < Plan.CopyOf[F].size(); ++G)
      if (cost(F, G) > 0)
        On[Plan.CopyOf[F][G]].push_back({F, G});
  for (auto &Groups : On)
    std::stable_sort(Groups.begin(), Groups.end(), [&](auto A, auto B) {
      return cost(A.first, A.second) > cost(B.first, B.second);
    });

  tryMovesAndSwaps(Slowest, On);

  // Place a function of the slowest copy again with another option.
  unsigned Tried = 0;
  for (auto [F, G] : On[Slowest]) {
    if (!Splittable[F] || Tried == ResplitCandidates)
      continue;
    ++Tried;
    ask(F);
    for (unsigned O = 0; O < Options[F].size(); ++O) {
      if (O == Plan.OptionOf[F])
        continue;
      Trial = Plan.Load;
      for (unsigned H = 0; H < Plan.CopyOf[F].size(); ++H)
        Trial[Plan.CopyOf[F][H]] -= cost(F, H);
      std::vector<unsigned> Copies = placeOption(F, O, Trial);
      if (improves(Trial))
        Best.emplace(F, O, std::move(Copies));
    }
  }

  // None from the slowest copy: the next copies, heaviest first, by moves
  // and swaps (no re-split), so that room left beside the slowest copy is
  // shared out rather than left on a few copies.
  if (!Best) {
    std::vector<unsigned> ByLoad(K);
    std::iota(ByLoad.begin(), ByLoad.end(), 0u);
    std::stable_sort(ByLoad.begin(), ByLoad.end(), [&](unsigned A, unsigned B) {
      return Plan.Load[A] > Plan.Load[B];
    });
    for (unsigned From : ByLoad) {
      if (From == Slowest || Plan.Load[From] <= 0)
        continue;
      tryMovesAndSwaps(From, On);
      if (Best)
        break;
    }
  }

  if (!Best)
    return false;
  auto Apply = [&](unsigned F, unsigned O, const std::vector<unsigned> &To) {
    for (unsigned H = 0; H < Plan.CopyOf[F].size(); ++H)
      Plan.Load[Plan.CopyOf[F][H]] -= cost(F, H);
    Plan.OptionOf[F] = O;
    Plan.CopyOf[F] = To;
    for (unsigned H = 0; H < To.size(); ++H)
      Plan.Load[To[H]] += cost(F, H);
  };
  Apply(Best->F, Best->Option, Best->Copies);
  if (Best->F2 != ~0u) // a swap
    Apply(Best->F2, Plan.OptionOf[Best->F2], Best->Copies2);
  recomputeLoads();
  return true;
}

CostPlan Search::run(ArrayRef<PlanStart> Starts) {
  askAboveBound();
  startWithLPT();
  double LPTMax = Plan.maxLoad();
  descend();
  CostPlan Result = Plan;
  for (const PlanStart &Start : Starts) {
    if (!startFrom(Start))
      continue;
    descend();
    if (lexicographicallyBelow(sortedDecreasing(Plan.Load),
                               sortedDecreasing(Result.Load),
                               Result.maxLoad() * 1e-12))
      Result = Plan;
  }
  Result.LPTMax = LPTMax;
  Result.LowerBound = lowerBound();
  return Result;
}

} // namespace

CostPlan
planByCost(const CostProblem &P,
           function_ref<std::vector<OptionCost>(unsigned)> SplitOptions) {
  return Search(P, SplitOptions).run(P.Starts);
}

} // namespace p3
