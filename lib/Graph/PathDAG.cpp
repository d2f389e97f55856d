//===- PathDAG.cpp - The Ball-Larus DAG of a control-flow graph ----------===//

#include "Graph/PathDAG.h"
#include "Graph/BallLarus.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <numeric>
#include <set>

using namespace llvm;

namespace p3 {

namespace {

Error graphError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Depth-first search from ENTRY (then from each extra start) that classifies
/// CFG edges and records the postorder of the blocks it reaches.
struct DepthFirstSearch {
  const CFG &G;
  std::vector<uint8_t> State; // 0 unseen, 1 on stack, 2 finished
  std::vector<unsigned> PostOrder;
  std::vector<CFGEdge> BackEdges;

  explicit DepthFirstSearch(const CFG &G) : G(G), State(G.numBlocks(), 0) {}

  void run(unsigned Root) {
    if (State[Root])
      return;
    std::vector<std::pair<unsigned, unsigned>> Stack{{Root, 0}};
    State[Root] = 1;
    while (!Stack.empty()) {
      auto &[B, Next] = Stack.back();
      if (Next == G.Succs[B].size()) {
        State[B] = 2;
        PostOrder.push_back(B);
        Stack.pop_back();
        continue;
      }
      unsigned I = Next++;
      unsigned S = G.Succs[B][I];
      // Every edge into ENTRY is a back edge, so that ENTRY stays first.
      if (S == G.Entry || State[S] == 1) {
        BackEdges.push_back({B, I});
      } else if (State[S] == 0) {
        State[S] = 1;
        Stack.push_back({S, 0});
      }
    }
  }
};

} // namespace

std::vector<CFGEdge> findBackEdges(const CFG &G) {
  DepthFirstSearch DFS(G);
  if (G.Entry < G.numBlocks())
    DFS.run(G.Entry);
  for (unsigned B : G.ExtraStarts)
    if (B < G.numBlocks() && B != G.Exit)
      DFS.run(B);
  return DFS.BackEdges;
}

Expected<PathDAG> PathDAG::build(const CFG &G, ArrayRef<CFGEdge> Cuts) {
  unsigned NB = G.numBlocks();
  if (G.Entry >= NB || G.Exit >= NB)
    return graphError("entry or exit block out of range");
  if (G.Entry == G.Exit)
    return graphError("entry and exit are the same block");
  if (!G.Succs[G.Exit].empty())
    return graphError("the exit block has successors");
  for (unsigned B = 0; B < NB; ++B)
    for (unsigned S : G.Succs[B])
      if (S >= NB)
        return graphError(formatv("block {0} has a successor out of range", B));

  DepthFirstSearch DFS(G);
  DFS.run(G.Entry);
  for (unsigned B : G.ExtraStarts)
    if (B < NB && B != G.Exit)
      DFS.run(B);
  for (unsigned B = 0; B < NB; ++B)
    if (DFS.State[B] && B != G.Exit && G.Succs[B].empty())
      return graphError(
          formatv("block {0} has no successors and is not the exit", B));

  // Topological order: reverse postorder, ENTRY first, EXIT last.
  PathDAG D;
  D.VertexBlock.push_back(G.Entry);
  for (unsigned B : reverse(DFS.PostOrder))
    if (B != G.Entry && B != G.Exit)
      D.VertexBlock.push_back(B);
  D.VertexBlock.push_back(G.Exit);
  D.BlockVertex.assign(NB, NoVertex);
  for (unsigned V = 0; V < D.VertexBlock.size(); ++V)
    D.BlockVertex[D.VertexBlock[V]] = V;
  unsigned NV = D.numVertices();

  // Split edges: back edges, then cuts that are not back edges.
  D.SplitOfSucc.resize(NB);
  D.RealEdgeOfSucc.resize(NB);
  for (unsigned B = 0; B < NB; ++B) {
    D.SplitOfSucc[B].assign(G.Succs[B].size(), NoEdge);
    D.RealEdgeOfSucc[B].assign(G.Succs[B].size(), NoEdge);
  }
  auto AddSplit = [&](CFGEdge E, bool IsCut) {
    if (E.Block >= NB || E.Index >= G.Succs[E.Block].size() ||
        D.BlockVertex[E.Block] == NoVertex ||
        D.SplitOfSucc[E.Block][E.Index] != NoEdge)
      return;
    D.SplitOfSucc[E.Block][E.Index] = D.Splits.size();
    D.Splits.push_back({E, D.BlockVertex[E.Block],
                        D.BlockVertex[G.Succs[E.Block][E.Index]], IsCut});
  };
  for (CFGEdge E : DFS.BackEdges)
    AddSplit(E, false);
  for (CFGEdge E : Cuts)
    AddSplit(E, true);

  std::vector<bool> IsTail(NV, false);
  std::set<unsigned> Heads;
  for (const SplitEdge &S : D.Splits) {
    IsTail[S.Tail] = true;
    if (S.Head != 0)
      Heads.insert(S.Head);
  }
  for (unsigned B : G.ExtraStarts)
    if (B < NB && D.BlockVertex[B] != NoVertex && D.BlockVertex[B] != 0 &&
        B != G.Exit)
      Heads.insert(D.BlockVertex[B]);

  D.StartOf.assign(NV, NoEdge);
  D.EndOf.assign(NV, NoEdge);
  D.OutBegin.push_back(0);
  for (unsigned V = 0; V < NV; ++V) {
    unsigned B = D.VertexBlock[V];
    for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
      if (D.SplitOfSucc[B][I] != NoEdge)
        continue;
      D.RealEdgeOfSucc[B][I] = D.Edges.size();
      D.Edges.push_back(
          {V, D.BlockVertex[G.Succs[B][I]], EdgeKind::Real, CFGEdge{B, I}});
    }
    if (IsTail[V]) {
      D.EndOf[V] = D.Edges.size();
      D.Edges.push_back({V, NV - 1, EdgeKind::End, {}});
    }
    if (V == 0) {
      for (unsigned H : Heads) {
        D.StartOf[H] = D.Edges.size();
        D.Edges.push_back({0, H, EdgeKind::Start, {}});
      }
    }
    D.OutBegin.push_back(D.Edges.size());
  }

  D.OutList.resize(D.Edges.size());
  std::iota(D.OutList.begin(), D.OutList.end(), 0u);
  D.InEdges.resize(NV);
  for (unsigned E = 0; E < D.Edges.size(); ++E)
    D.InEdges[D.Edges[E].Dst].push_back(E);
  return D;
}

unsigned PathDAG::edgeOf(CFGEdge E) const {
  if (E.Block >= RealEdgeOfSucc.size() ||
      E.Index >= RealEdgeOfSucc[E.Block].size())
    return NoEdge;
  return RealEdgeOfSucc[E.Block][E.Index];
}

unsigned PathDAG::splitOf(CFGEdge E) const {
  if (E.Block >= SplitOfSucc.size() || E.Index >= SplitOfSucc[E.Block].size())
    return NoEdge;
  return SplitOfSucc[E.Block][E.Index];
}

namespace {

uint64_t saturatingAdd(uint64_t A, uint64_t B) {
  return A > UINT64_MAX - B ? UINT64_MAX : A + B;
}

/// Chooses real edges to cut so that no vertex but ENTRY starts more than Cap
/// paths. Works on the uncut DAG in reverse topological order.
std::optional<std::vector<CFGEdge>> chooseCuts(const PathDAG &D,
                                               uint64_t Cap) {
  std::vector<uint64_t> N(D.numVertices(), 0);
  std::vector<CFGEdge> Cuts;
  N[D.exit()] = 1;
  for (unsigned V = D.exit(); V-- > 1;) {
    std::vector<unsigned> Kept;
    bool HasEnd = false;
    for (unsigned E : D.outEdges(V)) {
      if (D.edge(E).Kind == EdgeKind::End)
        HasEnd = true;
      else
        Kept.push_back(E);
    }
    auto Total = [&] {
      uint64_t T = HasEnd ? 1 : 0;
      for (unsigned E : Kept)
        T = saturatingAdd(T, N[D.edge(E).Dst]);
      return T;
    };
    uint64_t T = Total();
    while (T > Cap) {
      auto Widest = Kept.end();
      for (auto It = Kept.begin(); It != Kept.end(); ++It)
        if (D.edge(*It).Dst != D.exit() &&
            (Widest == Kept.end() || N[D.edge(*It).Dst] > N[D.edge(*Widest).Dst]))
          Widest = It;
      if (Widest == Kept.end())
        return std::nullopt;
      Cuts.push_back(D.edge(*Widest).Origin);
      Kept.erase(Widest);
      HasEnd = true;
      T = Total();
    }
    N[V] = T;
  }
  std::sort(Cuts.begin(), Cuts.end());
  return Cuts;
}

} // namespace

Expected<PathDAG> buildNumberableDAG(const CFG &G, uint64_t MaxPaths) {
  Expected<PathDAG> D = PathDAG::build(G);
  if (!D)
    return D.takeError();
  std::optional<uint64_t> N = countPaths(*D);
  if (N && *N <= MaxPaths)
    return D;
  for (unsigned Shift = 1; Shift < 64; Shift += Shift < 8 ? 1 : 4) {
    uint64_t Cap = MaxPaths >> Shift;
    if (Cap < 2)
      break;
    std::optional<std::vector<CFGEdge>> Cuts = chooseCuts(*D, Cap);
    if (!Cuts)
      continue;
    Expected<PathDAG> Cut = PathDAG::build(G, *Cuts);
    if (!Cut)
      return Cut.takeError();
    std::optional<uint64_t> M = countPaths(*Cut);
    if (M && *M <= MaxPaths)
      return Cut;
  }
  return graphError(formatv(
      "the function has more than {0} acyclic paths even after cutting edges",
      MaxPaths));
}

} // namespace p3
