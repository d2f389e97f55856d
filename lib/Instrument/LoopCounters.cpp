//===- LoopCounters.cpp - Back edges that count into locals --------------===//

#include "Instrument/LoopCounters.h"

#include <algorithm>
#include <optional>
#include <set>

namespace p3 {

namespace {

/// Paths enumerated per back edge before giving up.
constexpr unsigned MaxPathsPerBackEdge = 64;

struct IterationIds {
  std::set<uint64_t> Ids, Slots;
};

/// The ids (and their slots) of the paths that start after split edge \p S
/// (at its head, register reset) and end on it; nullopt when there are too
/// many.
std::optional<IterationIds> iterationIds(const PathDAG &D, const Instance &I,
                                         const SplitEdge &S) {
  unsigned Start = D.startEdge(S.Head), End = D.endEdge(S.Tail);
  if (S.Head == D.entry() || Start == NoEdge || End == NoEdge)
    return std::nullopt;
  // Vertices from which the tail can be reached on real edges.
  std::vector<bool> Reaches(D.numVertices(), false);
  std::vector<unsigned> Work{S.Tail};
  Reaches[S.Tail] = true;
  while (!Work.empty()) {
    unsigned V = Work.back();
    Work.pop_back();
    for (unsigned E : D.inEdges(V)) {
      const DAGEdge &In = D.edge(E);
      if (In.Kind == EdgeKind::Real && !Reaches[In.Src]) {
        Reaches[In.Src] = true;
        Work.push_back(In.Src);
      }
    }
  }
  if (!Reaches[S.Head])
    return std::nullopt;
  IterationIds Found;
  unsigned Paths = 0;
  bool TooMany = false;
  // Depth-first over (vertex, id so far); every branch taken reaches the tail.
  auto Walk = [&](auto &&Self, unsigned V, uint64_t Id) -> void {
    if (TooMany)
      return;
    if (V == S.Tail) {
      uint64_t Final = Id + I.Inc[End];
      Found.Ids.insert(Final);
      Found.Slots.insert(std::min(Final, I.NumIds));
      if (++Paths > MaxPathsPerBackEdge || Found.Slots.size() > MaxLoopSlots)
        TooMany = true;
      return;
    }
    for (unsigned E : D.outEdges(V)) {
      const DAGEdge &Out = D.edge(E);
      if (Out.Kind == EdgeKind::Real && Reaches[Out.Dst])
        Self(Self, Out.Dst, Id + I.Inc[E]);
    }
  };
  Walk(Walk, S.Head, I.Inc[Start]);
  if (TooMany)
    return std::nullopt;
  return Found;
}

/// The sites where the probe of lowered edge (B, Index) runs, following
/// pushed probes to the edges they ride on (as ProbeCode places them);
/// false when some way has no site.
bool landingSites(const AnchoredFunction &A, unsigned B, unsigned Index,
                  unsigned Depth, std::set<unsigned> &Out) {
  const EdgeAnchor &Anchor = A.Anchors[B][Index];
  switch (Anchor.Kind) {
  case AnchorKind::Branch:
  case AnchorKind::ExitSlot:
  case AnchorKind::EntrySlot:
  case AnchorKind::Pulled: // runs exactly when the edge is taken
    Out.insert(Anchor.Site);
    return true;
  case AnchorKind::None:
  case AnchorKind::Guard:
    return false;
  case AnchorKind::Pushed:
    break;
  }
  if (Depth > A.Lowered.numBlocks())
    return false;
  if (std::count(A.Lowered.ExtraStarts.begin(), A.Lowered.ExtraStarts.end(),
                 B)) {
    unsigned Site = A.Blocks[B].HandlerStart;
    if (Site == NoSite)
      return false;
    Out.insert(Site);
  }
  for (unsigned P = 0; P < A.Lowered.numBlocks(); ++P) {
    if (!A.hasBlock(P))
      continue;
    for (unsigned J = 0; J < A.Lowered.Succs[P].size(); ++J)
      if (A.Lowered.Succs[P][J] == B &&
          !landingSites(A, P, J, Depth + 1, Out))
        return false;
  }
  return true;
}

/// The innermost loop with both ends of the edge, or none.
std::optional<unsigned> loopOf(const LoweredFunction &F, unsigned B,
                               unsigned H) {
  std::optional<unsigned> Found;
  for (unsigned L = 0; L < F.Loops.size(); ++L) {
    const std::vector<unsigned> &In = F.Loops[L].Blocks;
    if (std::binary_search(In.begin(), In.end(), B) &&
        std::binary_search(In.begin(), In.end(), H) &&
        (!Found || In.size() < F.Loops[*Found].Blocks.size()))
      Found = L;
  }
  return Found;
}

/// Whether the text of a site goes inside a block around loop L: within its
/// text, and smaller (a site with the loop's own range stays outside).
bool insideLoop(const Site &S, const LoopScope &L) {
  return S.Begin >= L.Begin && S.End <= L.End &&
         S.End - S.Begin < L.End - L.Begin;
}

bool contains(const LoopScope &L, unsigned Block) {
  return std::binary_search(L.Blocks.begin(), L.Blocks.end(), Block);
}

/// Whether the only path start inside loop L is the head of its one back
/// edge \p Back (no inner loop, no cut, no catch handler), and no probe can
/// run between the block's start and the loop's first iteration: then every
/// iteration after the first starts at the reset, and the register on
/// entering the block is the one the first iteration starts with.
bool startsOnlyAtHead(const AnchoredFunction &A, const LoweredFunction &F,
                      const LoopScope &L, unsigned Back) {
  const PathDAG &D = A.Graphs.DAG;
  for (unsigned SI = 0; SI < D.splitEdges().size(); ++SI) {
    CFGEdge O = D.splitEdges()[SI].Origin;
    if (SI != Back && contains(L, A.Graph.Succs[O.Block][O.Index]))
      return false;
  }
  for (unsigned H : A.Lowered.ExtraStarts)
    if (contains(L, H))
      return false;
  for (const Site &S : F.Sites)
    if (!S.CutOnly && insideLoop(S, L) && S.Begin < L.HeadBegin)
      return false;
  return L.HeadBegin < L.End;
}

/// Whether traversing lowered edge (B, Index) counts a path in this copy
/// (ProbeCode's actions: a path's end at an exit edge, or at a split edge's
/// tail), reading the register.
bool countsOn(const AnchoredFunction &A, const Instance &I, unsigned B,
              unsigned Index) {
  CFGEdge Edge = A.GraphEdge[B][Index];
  if (Edge.Block == NoVertex || A.Anchors[B][Index].Kind == AnchorKind::Guard)
    return false;
  const PathDAG &D = A.Graphs.DAG;
  if (unsigned E = D.edgeOf(Edge); E != NoEdge)
    return D.isExitEdge(E) && I.counts(E);
  if (unsigned S = D.splitOf(Edge); S != NoEdge)
    return I.counts(D.endEdge(D.splitEdges()[S].Tail));
  return false;
}

/// Whether loop L, whose one back edge is lowered edge \p Back (split edge
/// \p SI), can be entered at the back edge's reset value (P3_LFIRST): all
/// its paths start at its head, and no code inside its text but the back
/// edge's reads the register (no count: a return, another loop's back edge
/// pushed into it, a note of a path cut short). The register is then off by
/// the difference only inside the loop's text, which is added back when the
/// block is left.
bool firstByEntry(const AnchoredFunction &A, const LoweredFunction &F,
                  const Instance &I, const LoopScope &L,
                  std::pair<unsigned, unsigned> Back, unsigned SI) {
  if (!startsOnlyAtHead(A, F, L, SI))
    return false;
  for (const CutExit &C : A.Cuts)
    for (unsigned S : C.Sites)
      if (S >= F.Sites.size() || insideLoop(F.Sites[S], L))
        return false;
  for (unsigned B = 0; B < A.Lowered.numBlocks(); ++B) {
    if (!A.hasBlock(B))
      continue;
    for (unsigned Index = 0; Index < A.Lowered.Succs[B].size(); ++Index) {
      if (std::make_pair(B, Index) == Back || !countsOn(A, I, B, Index))
        continue;
      std::set<unsigned> Sites;
      if (!landingSites(A, B, Index, 0, Sites))
        return false;
      for (unsigned Site : Sites)
        if (insideLoop(F.Sites[Site], L))
          return false;
    }
  }
  return true;
}

} // namespace

LoopCounters planLoopCounters(const AnchoredFunction &A,
                              const LoweredFunction &F, const Instance &I) {
  LoopCounters Plan;
  if (!I.isInstrumented() || F.Loops.empty())
    return Plan;
  const PathDAG &D = A.Graphs.DAG;
  std::map<unsigned, std::set<uint64_t>> Union;
  /// Per loop with locals: its back edges that count into them.
  std::map<unsigned,
           std::vector<std::pair<std::pair<unsigned, unsigned>, unsigned>>>
      BackEdges;
  for (unsigned B = 0; B < A.Lowered.numBlocks(); ++B) {
    if (!A.hasBlock(B))
      continue;
    for (unsigned Index = 0; Index < A.Lowered.Succs[B].size(); ++Index) {
      CFGEdge Edge = A.GraphEdge[B][Index];
      if (Edge.Block == NoVertex)
        continue;
      unsigned SI = D.splitOf(Edge);
      if (SI == NoEdge || D.splitEdges()[SI].IsCut)
        continue;
      const SplitEdge &S = D.splitEdges()[SI];
      if (!I.counts(D.endEdge(S.Tail)))
        continue; // only a reset here
      std::optional<unsigned> L = loopOf(F, B, A.Lowered.Succs[B][Index]);
      if (!L || !F.Loops[*L].Refused.empty())
        continue;
      std::set<unsigned> Sites;
      if (!landingSites(A, B, Index, 0, Sites) ||
          !std::all_of(Sites.begin(), Sites.end(), [&](unsigned Site) {
            return insideLoop(F.Sites[Site], F.Loops[*L]);
          }))
        continue;
      std::optional<IterationIds> Ids = iterationIds(D, I, S);
      if (!Ids || Ids->Slots.empty())
        continue;
      if (Ids->Ids.size() == 1 && !Union.count(*L) &&
          startsOnlyAtHead(A, F, F.Loops[*L], SI)) {
        uint64_t Id = *Ids->Ids.begin();
        Plan.Runs[*L] = {std::min(Id, I.NumIds),
                         Id - I.Inc[D.startEdge(S.Head)]};
        Plan.RunEdges[{B, Index}] = *L;
        Union[*L]; // no other edge of the loop joins it
        continue;
      }
      if (Plan.Runs.count(*L))
        continue;
      std::set<uint64_t> Joined = Union[*L];
      Joined.insert(Ids->Slots.begin(), Ids->Slots.end());
      if (Joined.size() > MaxLoopSlots)
        continue;
      Union[*L] = std::move(Joined);
      Plan.EdgeSlots[{B, Index}].assign(Ids->Slots.begin(), Ids->Slots.end());
      BackEdges[*L].push_back({{B, Index}, SI});
    }
  }
  for (auto &[L, Slots] : Union)
    if (!Slots.empty())
      Plan.LoopSlots[L].assign(Slots.begin(), Slots.end());
  for (auto &[L, Edges] : BackEdges) {
    if (Edges.size() != 1 || !Plan.LoopSlots.count(L))
      continue;
    auto [Back, SI] = Edges.front();
    if (!firstByEntry(A, F, I, F.Loops[L], Back, SI))
      continue;
    Plan.Firsts[L] = I.Inc[D.startEdge(D.splitEdges()[SI].Head)];
    Plan.FirstEdges[Back] = L;
  }
  return Plan;
}

} // namespace p3
