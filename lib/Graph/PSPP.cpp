//===- PSPP.cpp - Precise selective path profiling -----------------------===//

#include "Graph/PSPP.h"

#include <algorithm>

namespace p3 {

namespace {

enum class InterestingOrder { DecreasingMin, EdgeOrder };

SelectiveLabelling label(const PathDAG &D, const std::vector<bool> &EI,
                         InterestingOrder Order) {
  SelectiveLabelling L;
  EdgeValues &Val = L.Initial;
  Val.assign(D.numEdges(), 0);
  std::vector<uint64_t> N(D.numVertices(), 0);
  // min(v) over interesting paths from v; UINT64_MAX stands for infinity.
  std::vector<uint64_t> Min(D.numVertices(), UINT64_MAX);
  N[D.exit()] = 1;
  Min[D.exit()] = 0;

  // Step 1: initial labelling, reverse topological order.
  for (unsigned V = D.exit(); V-- > 0;) {
    std::vector<unsigned> Interesting;
    for (unsigned E : D.outEdges(V)) {
      if (EI[E]) {
        Interesting.push_back(E);
        continue;
      }
      Val[E] = 0;
      N[V] += N[D.edge(E).Dst];
    }
    if (Order == InterestingOrder::DecreasingMin)
      std::stable_sort(Interesting.begin(), Interesting.end(),
                       [&](unsigned A, unsigned B) {
                         return Min[D.edge(A).Dst] > Min[D.edge(B).Dst];
                       });
    for (unsigned E : Interesting) {
      unsigned W = D.edge(E).Dst;
      Val[E] = N[V];
      N[V] += N[W];
      if (Min[W] != UINT64_MAX)
        Min[V] = std::min(Min[V], Min[W] + Val[E]);
    }
  }

  // Step 2: propagation, topological order.
  L.Final = Val;
  EdgeValues &Fin = L.Final;
  for (unsigned V = 1; V < D.exit(); ++V) {
    auto In = D.inEdges(V);
    if (In.size() != 1 || Fin[In[0]] == 0)
      continue;
    for (unsigned E : D.outEdges(V))
      Fin[E] += Fin[In[0]];
    Fin[In[0]] = 0;
  }

  // Step 3: absorption.
  for (unsigned E = 0; E < D.numEdges(); ++E)
    if (!EI[E])
      Fin[E] = 0;
  return L;
}

} // namespace

SelectiveLabelling computePSPP(const PathDAG &D,
                               const std::vector<bool> &Interesting) {
  return label(D, Interesting, InterestingOrder::DecreasingMin);
}

SelectiveLabelling computeSPP(const PathDAG &D,
                              const std::vector<bool> &Interesting) {
  return label(D, Interesting, InterestingOrder::EdgeOrder);
}

std::optional<EdgePath> decodeSelectiveId(const PathDAG &D,
                                          const SelectiveLabelling &L,
                                          const std::vector<bool> &Interesting,
                                          uint64_t Id) {
  return regeneratePath(D, L.Initial, Id, Interesting);
}

bool isInterestingPath(const std::vector<bool> &Interesting,
                       const EdgePath &Path) {
  return std::all_of(Path.begin(), Path.end(),
                     [&](unsigned E) { return Interesting[E]; });
}

} // namespace p3
