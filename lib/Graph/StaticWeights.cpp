//===- StaticWeights.cpp - Static edge weights for chord placement -------===//

#include "Graph/StaticWeights.h"

#include <algorithm>
#include <map>

namespace p3 {

namespace {

/// Vertices reachable from Head over real edges.
std::vector<bool> reachFrom(const PathDAG &D, unsigned Head) {
  std::vector<bool> Seen(D.numVertices(), false);
  std::vector<unsigned> Work{Head};
  Seen[Head] = true;
  while (!Work.empty()) {
    unsigned V = Work.back();
    Work.pop_back();
    for (unsigned E : D.outEdges(V)) {
      if (D.edge(E).Kind != EdgeKind::Real)
        continue;
      unsigned W = D.edge(E).Dst;
      if (!Seen[W]) {
        Seen[W] = true;
        Work.push_back(W);
      }
    }
  }
  return Seen;
}

/// Vertices that reach Tail without passing Head, over real edges and back
/// edges: an inner loop's latch reaches the outer latch only through the
/// inner back edge, and is in the outer loop all the same.
std::vector<bool>
reachTailAvoidingHead(const PathDAG &D,
                      const std::vector<std::vector<unsigned>> &BackPreds,
                      unsigned Tail, unsigned Head) {
  std::vector<bool> Seen(D.numVertices(), false);
  std::vector<unsigned> Work;
  if (Tail != Head) // a self loop's body is its head alone
    Work.push_back(Tail);
  Seen[Tail] = Seen[Head] = true;
  auto Visit = [&](unsigned U) {
    if (!Seen[U]) {
      Seen[U] = true;
      Work.push_back(U);
    }
  };
  while (!Work.empty()) {
    unsigned V = Work.back();
    Work.pop_back();
    for (unsigned E : D.inEdges(V))
      if (D.edge(E).Kind == EdgeKind::Real)
        Visit(D.edge(E).Src);
    for (unsigned U : BackPreds[V])
      Visit(U);
  }
  return Seen;
}

} // namespace

std::vector<NaturalLoop> naturalLoops(const PathDAG &D) {
  // Back edges by head, so that loops can be walked through inner loops.
  std::vector<std::vector<unsigned>> BackPreds(D.numVertices());
  for (const SplitEdge &S : D.splitEdges())
    if (!S.IsCut)
      BackPreds[S.Head].push_back(S.Tail);
  std::map<unsigned, std::vector<bool>> Bodies; // header -> member vertices
  for (const SplitEdge &S : D.splitEdges()) {
    if (S.IsCut)
      continue;
    std::vector<bool> FromHead = reachFrom(D, S.Head);
    std::vector<bool> ToTail =
        reachTailAvoidingHead(D, BackPreds, S.Tail, S.Head);
    std::vector<bool> &Body = Bodies[S.Head];
    Body.resize(D.numVertices(), false);
    for (unsigned V = 0; V < D.numVertices(); ++V)
      if (FromHead[V] && ToTail[V])
        Body[V] = true;
  }
  std::vector<NaturalLoop> Loops;
  for (auto &[Head, Body] : Bodies)
    Loops.push_back({Head, std::move(Body)});
  return Loops;
}

std::vector<unsigned> loopDepths(const PathDAG &D) {
  std::vector<unsigned> Depth(D.numVertices(), 0);
  for (const NaturalLoop &L : naturalLoops(D))
    for (unsigned V = 0; V < D.numVertices(); ++V)
      Depth[V] += L.Body[V];
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
