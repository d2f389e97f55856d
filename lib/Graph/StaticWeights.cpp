//===- StaticWeights.cpp - Static edge weights for chord placement -------===//

#include "Graph/StaticWeights.h"

#include <algorithm>
#include <map>

namespace p3 {

namespace {

/// Vertices reachable from From (forward) or reaching From (backward), over
/// real edges only.
std::vector<bool> reach(const PathDAG &D, unsigned From, bool Forward) {
  std::vector<bool> Seen(D.numVertices(), false);
  std::vector<unsigned> Work{From};
  Seen[From] = true;
  while (!Work.empty()) {
    unsigned V = Work.back();
    Work.pop_back();
    for (unsigned E : Forward ? D.outEdges(V) : D.inEdges(V)) {
      if (D.edge(E).Kind != EdgeKind::Real)
        continue;
      unsigned W = Forward ? D.edge(E).Dst : D.edge(E).Src;
      if (!Seen[W]) {
        Seen[W] = true;
        Work.push_back(W);
      }
    }
  }
  return Seen;
}

} // namespace

std::vector<unsigned> loopDepths(const PathDAG &D) {
  std::map<unsigned, std::vector<bool>> Bodies; // header -> member vertices
  for (const SplitEdge &S : D.splitEdges()) {
    if (S.IsCut)
      continue;
    std::vector<bool> FromHead = reach(D, S.Head, true);
    std::vector<bool> ToTail = reach(D, S.Tail, false);
    std::vector<bool> &Body = Bodies[S.Head];
    Body.resize(D.numVertices(), false);
    for (unsigned V = 0; V < D.numVertices(); ++V)
      if (FromHead[V] && ToTail[V])
        Body[V] = true;
  }
  std::vector<unsigned> Depth(D.numVertices(), 0);
  for (auto &[Head, Body] : Bodies)
    for (unsigned V = 0; V < D.numVertices(); ++V)
      Depth[V] += Body[V];
  return Depth;
}

std::vector<uint64_t> staticEdgeWeights(const PathDAG &D) {
  std::vector<unsigned> Depth = loopDepths(D);
  std::vector<uint64_t> Weight(D.numEdges(), 0);
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    const DAGEdge &Edge = D.edge(E);
    if (Edge.Kind != EdgeKind::Real || Edge.Dst == D.exit())
      continue;
    unsigned OutDegree = D.outEdges(Edge.Src).size();
    uint64_t Frequency = uint64_t(1) << (3 * std::min(Depth[Edge.Src], 16u));
    uint64_t W = Frequency * 1024 / OutDegree;
    if (Depth[Edge.Dst] < Depth[Edge.Src])
      W /= 8;
    Weight[E] = std::max<uint64_t>(W, 1);
  }
  return Weight;
}

} // namespace p3
