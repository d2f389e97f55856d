//===- EdgeAnchors.cpp - Which site runs the probe of each CFG edge ------===//

#include "Instrument/EdgeAnchors.h"
#include "Graph/ChordPlacement.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace p3 {

namespace {

Error failure(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

class AnchorPlanner {
public:
  AnchorPlanner(const LoweredFunction &F, uint64_t MaxPaths)
      : F(F), G(F.Graph), Blocks(F.Blocks), Opaque(G.numBlocks(), false),
        MaxPaths(MaxPaths) {}

  Expected<AnchoredFunction> run();

private:
  enum class State : uint8_t { Unknown, InProgress, Done };

  void computeInEdges();
  void computeAnchors();
  EdgeAnchor anchor(unsigned B, unsigned I);
  EdgeAnchor computeAnchor(unsigned B, unsigned I);
  bool canPushThrough(unsigned B);
  bool isHandler(unsigned B) const {
    return Blocks[B].HandlerStart != NoSite;
  }
  unsigned lineOf(unsigned B) const { return F.BlockLines[B].first; }

  bool repairUncountedExits(Error &Err);
  bool makeOpaqueLoop(const PathDAG &D, const SplitEdge &S);
  bool mergeParallelChains();
  unsigned endOfForcedChain(unsigned From, unsigned I);
  void dropEdge(unsigned B, unsigned I);

  const LoweredFunction &F;
  CFG G;
  std::vector<BlockSites> Blocks;
  std::vector<bool> Reachable;
  std::vector<std::vector<CFGEdge>> InEdges; // from reachable blocks
  std::vector<std::vector<EdgeAnchor>> Anchors;
  std::vector<std::vector<State>> Status;
  std::vector<bool> Opaque; // inside a loop treated as one step
  std::vector<std::string> Notes;
  uint64_t MaxPaths;
};

void AnchorPlanner::computeInEdges() {
  unsigned N = G.numBlocks();
  Reachable.assign(N, false);
  std::vector<unsigned> Work{G.Entry};
  for (unsigned H : G.ExtraStarts)
    Work.push_back(H);
  for (unsigned B : Work)
    Reachable[B] = true;
  while (!Work.empty()) {
    unsigned B = Work.back();
    Work.pop_back();
    for (unsigned S : G.Succs[B])
      if (!Reachable[S]) {
        Reachable[S] = true;
        Work.push_back(S);
      }
  }
  InEdges.assign(N, {});
  for (unsigned B = 0; B < N; ++B)
    if (Reachable[B])
      for (unsigned I = 0; I < G.Succs[B].size(); ++I)
        InEdges[G.Succs[B][I]].push_back({B, I});
}

void AnchorPlanner::computeAnchors() {
  computeInEdges();
  Anchors.assign(G.numBlocks(), {});
  Status.assign(G.numBlocks(), {});
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    Anchors[B].assign(G.Succs[B].size(), {});
    Status[B].assign(G.Succs[B].size(), State::Unknown);
  }
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    if (Reachable[B])
      for (unsigned I = 0; I < G.Succs[B].size(); ++I)
        anchor(B, I);
}

EdgeAnchor AnchorPlanner::anchor(unsigned B, unsigned I) {
  switch (Status[B][I]) {
  case State::Done:
    return Anchors[B][I];
  case State::InProgress: // a cycle of blocks without sites
    return {};
  case State::Unknown:
    break;
  }
  Status[B][I] = State::InProgress;
  Anchors[B][I] = computeAnchor(B, I);
  Status[B][I] = State::Done;
  return Anchors[B][I];
}

EdgeAnchor AnchorPlanner::computeAnchor(unsigned B, unsigned I) {
  const BlockSites &S = Blocks[B];
  unsigned T = G.Succs[B][I];
  if (B == G.Entry)
    return {};
  if (S.Branch != NoSite && G.Succs[B].size() == 2)
    return {AnchorKind::Branch, S.Branch, bool(S.OutcomeIsTrue[I])};
  bool Single = G.Succs[B].size() == 1;
  if (Single && !S.OncePerPass.empty() && !Opaque[B])
    return {AnchorKind::ExitSlot, S.OncePerPass.back(), false};
  if (T != G.Exit && T != G.Entry && InEdges[T].size() == 1 &&
      !Blocks[T].OncePerPass.empty() && !Opaque[T] && !isHandler(T))
    return {AnchorKind::EntrySlot, Blocks[T].OncePerPass.front(), false};
  if (Single && canPushThrough(B))
    return {AnchorKind::Pushed, NoSite, false};
  return {};
}

/// The probe of B's only out-edge can run after the probe of every way into B.
bool AnchorPlanner::canPushThrough(unsigned B) {
  if (Opaque[B] || B == G.Entry)
    return false;
  if (InEdges[B].empty())
    return isHandler(B);
  if (isHandler(B))
    return false; // entered both by unwinding and by edges: keep it simple
  for (CFGEdge In : InEdges[B])
    if (anchor(In.Block, In.Index).Kind == AnchorKind::None)
      return false;
  return true;
}

void AnchorPlanner::dropEdge(unsigned B, unsigned I) {
  G.Succs[B].erase(G.Succs[B].begin() + I);
  BlockSites &S = Blocks[B];
  if (!S.OutcomeIsTrue.empty())
    S.OutcomeIsTrue.erase(S.OutcomeIsTrue.begin() + I);
  if (G.Succs[B].size() != 2)
    S.Branch = NoSite; // a one-way block has nothing to wrap
}

/// An edge into EXIT without an anchor ends paths nobody can count. When its
/// block never returns (abort, exit, throw), the unanchored edges into the
/// block are dropped: those paths are not profiled. Returns true if it
/// changed the CFG; sets Err when the function must be skipped.
bool AnchorPlanner::repairUncountedExits(Error &Err) {
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    if (!Reachable[B])
      continue;
    for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
      if (G.Succs[B][I] != G.Exit || Anchors[B][I].Kind != AnchorKind::None)
        continue;
      if (!Blocks[B].EndsInNoReturn || InEdges[B].empty() || isHandler(B)) {
        Err = failure(formatv("no place for the path counter at the exit on "
                              "line {0} (inside a macro expansion?)",
                              lineOf(B)));
        return false;
      }
      Notes.push_back(formatv("paths into the noreturn call on line {0} "
                              "(inside a macro expansion) are not profiled",
                              lineOf(B)));
      // Drop the unanchored ways in; a block left without successors then
      // leads into the noreturn call itself and ends its paths there.
      std::vector<CFGEdge> In = InEdges[B];
      std::sort(In.begin(), In.end(), [](CFGEdge X, CFGEdge Y) {
        return std::tie(X.Block, Y.Index) < std::tie(Y.Block, X.Index);
      });
      for (CFGEdge E : In) {
        if (Anchors[E.Block][E.Index].Kind != AnchorKind::None)
          continue;
        if (G.Succs[E.Block].size() == 1) {
          G.Succs[E.Block][0] = G.Exit;
          Blocks[E.Block].EndsInNoReturn = true;
        } else {
          dropEdge(E.Block, E.Index);
        }
      }
      return true;
    }
  }
  return false;
}

/// A back edge without an anchor is fine when nothing in its loop carries a
/// probe (a loop inside a macro expansion): iterations then add nothing to
/// the path register, so the loop is one step of the path and the back edge
/// is dropped. Returns false when the loop has anchored edges.
bool AnchorPlanner::makeOpaqueLoop(const PathDAG &D, const SplitEdge &S) {
  // The loop: vertices reachable from the head that reach the tail.
  auto Reach = [&](unsigned From, bool Forward) {
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
  };
  std::vector<bool> FromHead = Reach(S.Head, true), ToTail = Reach(S.Tail, false);
  std::vector<unsigned> Body;
  for (unsigned V = 0; V < D.numVertices(); ++V)
    if (FromHead[V] && ToTail[V])
      Body.push_back(V);
  for (unsigned V : Body)
    for (unsigned E : D.outEdges(V)) {
      const DAGEdge &Edge = D.edge(E);
      if (Edge.Kind == EdgeKind::Real &&
          std::find(Body.begin(), Body.end(), Edge.Dst) != Body.end() &&
          Anchors[Edge.Origin.Block][Edge.Origin.Index].Kind !=
              AnchorKind::None)
        return false;
    }
  for (unsigned V : Body)
    Opaque[D.block(V)] = true;
  Notes.push_back(formatv("the loop on line {0} has no place for a probe "
                          "(inside a macro expansion): it counts as one step",
                          lineOf(D.block(S.Head))));
  dropEdge(S.Origin.Block, S.Origin.Index);
  return true;
}

/// Follows edges without anchors through blocks with one way in and one way
/// out; returns where the chain ends.
unsigned AnchorPlanner::endOfForcedChain(unsigned From, unsigned I) {
  unsigned C = G.Succs[From][I];
  for (unsigned Steps = 0; Steps < G.numBlocks(); ++Steps) {
    if (C == G.Exit || InEdges[C].size() != 1 || G.Succs[C].size() != 1 ||
        Anchors[C][0].Kind != AnchorKind::None)
      return C;
    C = G.Succs[C][0];
  }
  return C;
}

/// Two chains of unanchored edges from one block to one block cannot be told
/// apart at run time: both add nothing to the path register. Merge the second
/// into the first by dropping its first edge.
bool AnchorPlanner::mergeParallelChains() {
  for (unsigned U = 0; U < G.numBlocks(); ++U) {
    if (!Reachable[U] || Opaque[U])
      continue;
    auto &Succs = G.Succs[U];
    for (unsigned I = 0; I < Succs.size(); ++I) {
      if (Anchors[U][I].Kind != AnchorKind::None)
        continue;
      unsigned EndI = endOfForcedChain(U, I);
      for (unsigned J = I + 1; J < Succs.size(); ++J) {
        if (Anchors[U][J].Kind != AnchorKind::None ||
            endOfForcedChain(U, J) != EndI)
          continue;
        Notes.push_back(formatv("two ways from line {0} to line {1} have no "
                                "place for a probe (inside a macro expansion): "
                                "they count as one",
                                lineOf(U), lineOf(EndI)));
        dropEdge(U, J);
        return true;
      }
    }
  }
  return false;
}

Expected<AnchoredFunction> AnchorPlanner::run() {
  for (unsigned Round = 0; Round < 4 * G.numBlocks() + 8; ++Round) {
    computeAnchors();
    Error Err = Error::success();
    if (repairUncountedExits(Err))
      continue;
    if (Err)
      return std::move(Err);

    Expected<PathDAG> D = buildNumberableDAG(G, MaxPaths);
    if (!D)
      return D.takeError();
    bool Repaired = false;
    for (const SplitEdge &S : D->splitEdges()) {
      if (Anchors[S.Origin.Block][S.Origin.Index].Kind != AnchorKind::None)
        continue;
      if (S.IsCut)
        return failure(formatv("too many paths, and no place to cut near "
                               "line {0}",
                               lineOf(S.Origin.Block)));
      if (!makeOpaqueLoop(*D, S))
        return failure(formatv("no place for the probe of the back edge on "
                               "line {0} (inside a macro expansion?)",
                               lineOf(S.Origin.Block)));
      Repaired = true;
      break;
    }
    if (Repaired)
      continue;

    Expected<FunctionGraph> FG = FunctionGraph::fromDAG(std::move(*D), F.CallSites);
    if (!FG)
      return FG.takeError();
    const PathDAG &DAG = FG->DAG;
    for (unsigned E = 0; E < DAG.numEdges(); ++E) {
      const DAGEdge &Edge = DAG.edge(E);
      FG->NeverProbe[E] =
          Edge.Kind == EdgeKind::Real &&
          Anchors[Edge.Origin.Block][Edge.Origin.Index].Kind == AnchorKind::None;
    }
    Expected<std::vector<bool>> Tree =
        chooseSpanningTree(DAG, FG->Weight, FG->NeverProbe);
    if (!Tree) {
      consumeError(Tree.takeError());
      if (mergeParallelChains())
        continue;
      return failure("edges that cannot take a probe (inside macro "
                     "expansions) form a cycle that cannot be merged");
    }
    AnchoredFunction A{std::move(G), std::move(Blocks), std::move(Anchors),
                       std::move(*FG), std::move(Notes)};
    return std::move(A);
  }
  return failure("anchoring did not converge");
}

} // namespace

Expected<AnchoredFunction> planAnchors(const LoweredFunction &F,
                                       uint64_t MaxPaths) {
  return AnchorPlanner(F, MaxPaths).run();
}

} // namespace p3
