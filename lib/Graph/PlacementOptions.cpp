//===- PlacementOptions.cpp - The ways the auto strategy may place a function -===//

#include "Graph/PlacementOptions.h"
#include "Graph/CostModel.h"
#include "Graph/Partition.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

using namespace llvm;

namespace p3 {

StringRef splitKindName(SplitKind K) {
  switch (K) {
  case SplitKind::Whole:
    return "whole";
  case SplitKind::Paper:
    return "p3";
  case SplitKind::Ends:
    return "p3-ends";
  }
  return "?";
}

Expected<Instance> autoInstance(const FunctionGraph &F,
                                const std::vector<bool> &Edges,
                                const CostBasis &Basis) {
  return makeInstance(F, Edges, Basis.placementFlow());
}

Expected<PlacementOption> wholeOption(const FunctionGraph &F,
                                      const CostBasis &Basis) {
  PlacementOption O;
  O.Groups.emplace_back(F.DAG.numEdges(), true);
  Expected<Instance> I = autoInstance(F, O.Groups.front(), Basis);
  if (!I)
    return I.takeError();
  O.Cost.push_back(instanceCost(F.DAG, *I, Basis.Flow));
  return O;
}

namespace {

using EdgeSet = std::vector<bool>;

/// Counts of groups to try: 2..min(K, 8), then powers of two and K.
std::vector<unsigned> groupCounts(unsigned K, unsigned Shares) {
  std::set<unsigned> N;
  unsigned Top = std::min(K, Shares);
  for (unsigned I = 2; I <= Top && I <= 8; ++I)
    N.insert(I);
  for (unsigned I = 16; I <= Top; I *= 2)
    N.insert(I);
  if (Top >= 2)
    N.insert(Top);
  return {N.begin(), N.end()};
}

class OptionBuilder {
public:
  OptionBuilder(const FunctionGraph &F, const CostBasis &Basis, unsigned K)
      : F(F), Basis(Basis), K(K) {}

  void addPartition(SplitKind Kind, unsigned Delta,
                    std::vector<EdgeSet> Shares);
  std::vector<PlacementOption> take() { return std::move(Options); }

private:
  /// The cost of the instance of \p Edges, or nullopt if it cannot be built.
  std::optional<double> costOf(const EdgeSet &Edges);

  const FunctionGraph &F;
  const CostBasis &Basis;
  unsigned K;
  std::map<EdgeSet, std::optional<double>> Costs;
  std::set<std::vector<EdgeSet>> SeenPartitions, SeenOptions;
  std::vector<PlacementOption> Options;
};

std::optional<double> OptionBuilder::costOf(const EdgeSet &Edges) {
  auto It = Costs.find(Edges);
  if (It != Costs.end())
    return It->second;
  std::optional<double> Cost;
  if (Expected<Instance> I = autoInstance(F, Edges, Basis))
    Cost = instanceCost(F.DAG, *I, Basis.Flow);
  else
    consumeError(I.takeError());
  Costs.emplace(Edges, Cost);
  return Cost;
}

void OptionBuilder::addPartition(SplitKind Kind, unsigned Delta,
                                 std::vector<EdgeSet> Shares) {
  if (Shares.size() < 2 || !SeenPartitions.insert(Shares).second)
    return;
  std::vector<double> ShareCost;
  for (const EdgeSet &S : Shares) {
    std::optional<double> C = costOf(S);
    if (!C)
      return;
    ShareCost.push_back(*C);
  }
  std::vector<unsigned> ByCost(Shares.size());
  std::iota(ByCost.begin(), ByCost.end(), 0u);
  std::stable_sort(ByCost.begin(), ByCost.end(), [&](unsigned A, unsigned B) {
    return ShareCost[A] > ShareCost[B];
  });
  for (unsigned N : groupCounts(K, Shares.size())) {
    // LPT of the shares into N groups, by their own costs.
    std::vector<EdgeSet> Groups(N, EdgeSet(F.DAG.numEdges(), false));
    std::vector<double> Load(N, 0.0);
    for (unsigned S : ByCost) {
      unsigned G = std::min_element(Load.begin(), Load.end()) - Load.begin();
      Load[G] += ShareCost[S];
      for (unsigned E = 0; E < Shares[S].size(); ++E)
        if (Shares[S][E])
          Groups[G][E] = true;
    }
    std::vector<EdgeSet> Key = Groups;
    std::sort(Key.begin(), Key.end());
    if (!SeenOptions.insert(Key).second)
      continue;
    PlacementOption O;
    O.Kind = Kind;
    O.Delta = Delta;
    O.Shares = Shares.size();
    bool Buildable = true;
    for (const EdgeSet &G : Groups) {
      std::optional<double> C = costOf(G);
      if (!C) {
        Buildable = false;
        break;
      }
      O.Cost.push_back(*C);
    }
    if (!Buildable)
      continue;
    O.Groups = std::move(Groups);
    Options.push_back(std::move(O));
  }
}

} // namespace

std::vector<PlacementOption> splitOptions(const FunctionGraph &F,
                                          const CostBasis &Basis, unsigned K) {
  if (K < 2)
    return {};
  OptionBuilder B(F, Basis, K);
  unsigned Paper = defaultDelta(F.DAG, K);
  std::set<unsigned> Deltas;
  for (unsigned N : groupCounts(K, K))
    Deltas.insert(N);
  for (unsigned D : {Paper, 2 * Paper, 4 * Paper})
    Deltas.insert(D);
  for (unsigned Delta : Deltas)
    if (Delta >= 2 && Delta <= MaxShares)
      B.addPartition(SplitKind::Paper, Delta, findPartition(F.DAG, Delta));
  for (unsigned Delta : {MaxShares, std::min(Paper, MaxShares)})
    B.addPartition(SplitKind::Ends, Delta, partitionByEnds(F.DAG, Delta));
  return B.take();
}

} // namespace p3
