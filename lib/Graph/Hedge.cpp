//===- Hedge.cpp - Place a plan's groups so that cold functions stay apart ===//

#include "Graph/Hedge.h"
#include "Graph/SortedLoads.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace p3 {

namespace {

/// Bounds the rounds on huge inputs (each strictly improves the sorted
/// hedged loads, so the loop ends anyway).
constexpr unsigned MaxHedgeMoves = 20000;

} // namespace

std::vector<double> copyLoads(ArrayRef<PlacedGroup> Groups,
                              ArrayRef<unsigned> CopyOf, unsigned K,
                              double PlacedGroup::*Cost) {
  std::vector<double> Load(K, 0.0);
  for (unsigned G = 0; G < Groups.size(); ++G)
    Load[CopyOf[G]] += Groups[G].*Cost;
  return Load;
}

HedgeResult hedgePlacement(ArrayRef<PlacedGroup> Groups, unsigned K,
                           double Budget) {
  HedgeResult R;
  for (const PlacedGroup &G : Groups)
    R.CopyOf.push_back(G.Copy);
  unsigned Functions = 0;
  for (const PlacedGroup &G : Groups)
    Functions = std::max(Functions, G.Function + 1);
  // Copies holding a group of each function.
  std::vector<std::vector<bool>> Holds(Functions, std::vector<bool>(K, false));
  for (const PlacedGroup &G : Groups)
    Holds[G.Function][G.Copy] = true;

  auto Loads = [&] {
    R.PlannedLoad = copyLoads(Groups, R.CopyOf, K, &PlacedGroup::Planned);
    R.HedgedLoad = copyLoads(Groups, R.CopyOf, K, &PlacedGroup::Hedged);
  };
  Loads();
  R.HedgedMaxBefore =
      K ? *std::max_element(R.HedgedLoad.begin(), R.HedgedLoad.end()) : 0;
  if (K < 2)
    return R;

  std::vector<double> Trial;
  while (R.Moves < MaxHedgeMoves) {
    unsigned Slowest =
        std::max_element(R.HedgedLoad.begin(), R.HedgedLoad.end()) -
        R.HedgedLoad.begin();
    double Max = R.HedgedLoad[Slowest];
    if (Max <= 0)
      break;
    double Tolerance = Max * 1e-12;
    std::vector<double> BestSorted = sortedDecreasing(R.HedgedLoad);
    std::optional<std::pair<unsigned, unsigned>> Best; // group, copy
    for (unsigned G = 0; G < Groups.size(); ++G) {
      const PlacedGroup &Group = Groups[G];
      if (R.CopyOf[G] != Slowest || Group.Hedged <= 0)
        continue;
      for (unsigned C = 0; C < K; ++C) {
        if (C == Slowest || Holds[Group.Function][C] ||
            R.PlannedLoad[C] + Group.Planned > Budget)
          continue;
        Trial = R.HedgedLoad;
        Trial[Slowest] -= Group.Hedged;
        Trial[C] += Group.Hedged;
        std::vector<double> Sorted = sortedDecreasing(Trial);
        if (!lexicographicallyBelow(Sorted, BestSorted, Tolerance))
          continue;
        BestSorted = std::move(Sorted);
        Best.emplace(G, C);
      }
    }
    if (!Best)
      break;
    auto [G, C] = *Best;
    Holds[Groups[G].Function][R.CopyOf[G]] = false;
    Holds[Groups[G].Function][C] = true;
    R.CopyOf[G] = C;
    ++R.Moves;
    Loads(); // from scratch: no drift from repeated += and -=
  }
  return R;
}

} // namespace p3
