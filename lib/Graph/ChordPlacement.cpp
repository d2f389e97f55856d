//===- ChordPlacement.cpp - Move edge values onto spanning-tree chords ---===//

#include "Graph/ChordPlacement.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <numeric>

using namespace llvm;

namespace p3 {

namespace {

class DisjointSets {
public:
  explicit DisjointSets(unsigned N) : Parent(N) {
    std::iota(Parent.begin(), Parent.end(), 0u);
  }
  unsigned find(unsigned X) {
    while (Parent[X] != X)
      X = Parent[X] = Parent[Parent[X]];
    return X;
  }
  /// Joins the sets of A and B; false if they were already one set.
  bool join(unsigned A, unsigned B) {
    A = find(A);
    B = find(B);
    if (A == B)
      return false;
    Parent[A] = B;
    return true;
  }

private:
  std::vector<unsigned> Parent;
};

} // namespace

Expected<std::vector<bool>>
chooseSpanningTree(const PathDAG &D, const std::vector<uint64_t> &Weight,
                   const std::vector<bool> &NeverProbe) {
  DisjointSets Sets(D.numVertices());
  std::vector<bool> InTree(D.numEdges(), false);
  Sets.join(D.exit(), D.entry());

  std::vector<unsigned> Cycle;
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    if (!NeverProbe[E])
      continue;
    if (Sets.join(D.edge(E).Src, D.edge(E).Dst))
      InTree[E] = true;
    else
      Cycle.push_back(E);
  }
  if (!Cycle.empty()) {
    std::string List;
    for (unsigned E : Cycle)
      List += (List.empty() ? "" : ", ") + std::to_string(E);
    return createStringError(
        inconvertibleErrorCode(),
        formatv("edges that cannot carry a probe form a cycle (closed by "
                "edge {0})",
                List));
  }

  std::vector<unsigned> Order;
  for (unsigned E = 0; E < D.numEdges(); ++E)
    if (!NeverProbe[E])
      Order.push_back(E);
  std::stable_sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
    return Weight[A] > Weight[B];
  });
  for (unsigned E : Order)
    if (Sets.join(D.edge(E).Src, D.edge(E).Dst))
      InTree[E] = true;
  return InTree;
}

EdgeValues placeOnChords(const PathDAG &D, const EdgeValues &Val,
                         const std::vector<bool> &InTree) {
  // Potentials along the tree, from ENTRY (and EXIT, joined to it by EXIT->ENTRY
  // with value 0).
  std::vector<std::vector<unsigned>> TreeAdj(D.numVertices());
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    if (!InTree[E])
      continue;
    TreeAdj[D.edge(E).Src].push_back(E);
    TreeAdj[D.edge(E).Dst].push_back(E);
  }
  std::vector<uint64_t> Phi(D.numVertices(), 0);
  std::vector<bool> Seen(D.numVertices(), false);
  std::vector<unsigned> Work{D.entry(), D.exit()};
  Seen[D.entry()] = Seen[D.exit()] = true;
  while (!Work.empty()) {
    unsigned U = Work.back();
    Work.pop_back();
    for (unsigned E : TreeAdj[U]) {
      const DAGEdge &Edge = D.edge(E);
      unsigned Other = Edge.Src == U ? Edge.Dst : Edge.Src;
      if (Seen[Other])
        continue;
      Seen[Other] = true;
      // Tree edges get increment 0: Val + Phi(Src) - Phi(Dst) = 0.
      Phi[Other] = Edge.Src == U ? Phi[U] + Val[E] : Phi[U] - Val[E];
      Work.push_back(Other);
    }
  }

  EdgeValues Inc(D.numEdges());
  for (unsigned E = 0; E < D.numEdges(); ++E)
    Inc[E] = InTree[E] ? 0 : Val[E] + Phi[D.edge(E).Src] - Phi[D.edge(E).Dst];
  return Inc;
}

Expected<Placement> placeChords(const PathDAG &D, const EdgeValues &Val,
                                const std::vector<uint64_t> &Weight,
                                const std::vector<bool> &NeverProbe) {
  Expected<std::vector<bool>> Tree = chooseSpanningTree(D, Weight, NeverProbe);
  if (!Tree)
    return Tree.takeError();
  Placement P;
  P.Inc = placeOnChords(D, Val, *Tree);
  P.InTree = std::move(*Tree);
  return P;
}

} // namespace p3
