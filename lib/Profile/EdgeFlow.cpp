//===- EdgeFlow.cpp - Edge and block counts of a function from its paths -===//

#include "Profile/EdgeFlow.h"

#include <algorithm>

namespace p3 {

std::vector<std::pair<uint64_t, EdgePath>>
regenerateExecuted(const FunctionGraph &G, const PathCounts &Paths) {
  std::vector<std::pair<uint64_t, EdgePath>> Out;
  for (auto [Id, Count] : Paths)
    if (Count)
      if (std::optional<EdgePath> P = regeneratePath(G.DAG, G.SBL.Val, Id))
        Out.emplace_back(Id, std::move(*P));
  return Out;
}

namespace {

/// Solves the counts of the split edges (back edges and cuts) from the end
/// and start edges' counts, by peeling equations with one unknown left.
class SplitSolver {
public:
  SplitSolver(const CFG &Graph, const PathDAG &D, EdgeFlow &Flow)
      : Graph(Graph), D(D), Flow(Flow) {}

  void run() {
    llvm::ArrayRef<SplitEdge> Splits = D.splitEdges();
    Known.assign(Splits.size(), false);
    Value.assign(Splits.size(), 0);
    unsigned V = D.numVertices();
    std::vector<bool> Handler(V, false);
    for (unsigned B : Graph.ExtraStarts)
      if (unsigned H = D.vertexOfBlock(B); H != NoVertex)
        Handler[H] = true;
    ByTail.assign(V, {});
    ByHead.assign(V, {});
    for (unsigned I = 0; I < Splits.size(); ++I) {
      ByTail[Splits[I].Tail].push_back(I);
      ByHead[Splits[I].Head].push_back(I);
    }
    UnwindKnown.assign(V, false);
    UnwindValue.assign(V, 0);
    for (unsigned H = 0; H < V; ++H)
      UnwindKnown[H] = !Handler[H];
    for (bool Progress = true; Progress;) {
      Progress = false;
      for (unsigned T = 0; T < V; ++T)
        Progress |= solveTail(T);
      for (unsigned H = 0; H < V; ++H)
        Progress |= solveHead(H);
    }
    for (unsigned I = 0; I < Splits.size(); ++I) {
      CFGEdge O = Splits[I].Origin;
      Flow.CFGEdge[O.Block][O.Index] = Value[I];
      Flow.Ambiguous[O.Block][O.Index] = !Known[I];
    }
    for (unsigned H = 0; H < V; ++H)
      if (Handler[H])
        Flow.Unwound[D.block(H)] = UnwindValue[H];
  }

private:
  uint64_t dummyCount(unsigned E) const {
    return E == NoEdge ? 0 : Flow.DAGEdge[E];
  }

  /// Σ split edges out of T = count of T's end edge.
  bool solveTail(unsigned T) {
    std::vector<unsigned> Unknown;
    uint64_t Rest = dummyCount(D.endEdge(T));
    for (unsigned I : ByTail[T]) {
      if (Known[I])
        Rest -= std::min(Rest, Value[I]);
      else
        Unknown.push_back(I);
    }
    if (Unknown.size() != 1)
      return false;
    set(Unknown[0], Rest);
    return true;
  }

  /// Σ split edges into H (+ unwinds, for a handler) = H's start edge.
  bool solveHead(unsigned H) {
    std::vector<unsigned> Unknown;
    uint64_t Rest = dummyCount(D.startEdge(H));
    for (unsigned I : ByHead[H]) {
      if (Known[I])
        Rest -= std::min(Rest, Value[I]);
      else
        Unknown.push_back(I);
    }
    if (UnwindKnown[H])
      Rest -= std::min(Rest, UnwindValue[H]);
    size_t Unknowns = Unknown.size() + !UnwindKnown[H];
    if (Unknowns != 1)
      return false;
    if (Unknown.empty()) {
      UnwindKnown[H] = true;
      UnwindValue[H] = Rest;
    } else {
      set(Unknown[0], Rest);
    }
    return true;
  }

  void set(unsigned I, uint64_t V) {
    Known[I] = true;
    Value[I] = V;
  }

  const CFG &Graph;
  const PathDAG &D;
  EdgeFlow &Flow;
  std::vector<bool> Known, UnwindKnown;
  std::vector<uint64_t> Value, UnwindValue;
  std::vector<std::vector<unsigned>> ByTail, ByHead; // split edge indices
};

} // namespace

EdgeFlow deriveEdgeFlow(const CFG &Graph, const FunctionGraph &G,
                        const PathCounts &Paths) {
  const PathDAG &D = G.DAG;
  EdgeFlow Flow;
  Flow.DAGEdge.assign(D.numEdges(), 0);
  for (auto [Id, Count] : Paths) {
    if (!Count)
      continue;
    std::optional<EdgePath> P = regeneratePath(D, G.SBL.Val, Id);
    if (!P) {
      ++Flow.BadPaths;
      continue;
    }
    for (unsigned E : *P)
      Flow.DAGEdge[E] = addSaturating(Flow.DAGEdge[E], Count);
    if (!P->empty() && D.edge(P->front()).Kind == EdgeKind::Real)
      Flow.Calls = addSaturating(Flow.Calls, Count);
  }

  unsigned NB = Graph.numBlocks();
  Flow.CFGEdge.assign(NB, {});
  Flow.Ambiguous.assign(NB, {});
  Flow.Block.assign(NB, 0);
  Flow.Unwound.assign(NB, 0);
  for (unsigned B = 0; B < NB; ++B) {
    Flow.CFGEdge[B].assign(Graph.Succs[B].size(), 0);
    Flow.Ambiguous[B].assign(Graph.Succs[B].size(), false);
    for (unsigned I = 0; I < Graph.Succs[B].size(); ++I)
      if (unsigned E = D.edgeOf({B, I}); E != NoEdge)
        Flow.CFGEdge[B][I] = Flow.DAGEdge[E];
  }
  SplitSolver(Graph, D, Flow).run();

  // A path that begins at ENTRY with a real edge is a call, or the next turn
  // of a loop whose back edge returns to the entry block itself.
  uint64_t StartsAtEntry = Flow.Calls;
  for (const SplitEdge &S : D.splitEdges())
    if (S.Head == D.entry())
      Flow.Calls -= std::min(Flow.Calls,
                             Flow.CFGEdge[S.Origin.Block][S.Origin.Index]);

  for (unsigned V = 0; V < D.numVertices(); ++V) {
    unsigned B = D.block(V);
    if (V == D.entry()) {
      Flow.Block[B] = StartsAtEntry;
      continue;
    }
    uint64_t N = 0;
    for (unsigned E : D.inEdges(V))
      if (V != D.exit() || D.edge(E).Kind == EdgeKind::Real)
        N = addSaturating(N, Flow.DAGEdge[E]);
    Flow.Block[B] = N;
  }
  return Flow;
}

} // namespace p3
