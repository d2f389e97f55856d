//===- EdgeAnchors.cpp - Which site runs the probe of each CFG edge ------===//
//
// One file past the usual size: its parts are the member functions of one
// class, AnchorPlanner, which plans one function's anchors while it repairs
// that function's CFG in place (joins materialized, unanchored exits dropped,
// probeless cycles contracted), every step reading the tables the others
// built (anchors, in-edges, regions, dropped edges). Its last part, the cut
// edges of paths cut short (from registerIsConstant on), reads the anchors
// of the same run; a split there would move the class to a private header.
// The graph algorithms it calls are Clang-free, in lib/Graph.
//
//===----------------------------------------------------------------------===//

#include "Instrument/EdgeAnchors.h"
#include "Graph/CFG.h"
#include "Graph/ChordPlacement.h"
#include "Graph/ProbelessEdges.h"
#include "Profile/Fail.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

using namespace llvm;

namespace p3 {

namespace {

class AnchorPlanner {
public:
  AnchorPlanner(const LoweredFunction &F, uint64_t MaxPaths, bool ExitGuards,
                bool CutPaths = true)
      : F(F), G(F.Graph), Blocks(F.Blocks), Lines(F.BlockLines),
        MaxPaths(MaxPaths), ExitGuards(ExitGuards && F.AllowExitGuard),
        CutPaths(CutPaths) {
    materializeJoins();
  }

  Expected<AnchoredFunction> run();
  std::vector<std::vector<EdgeAnchor>> anchorsOnly() {
    computeAnchors();
    return Anchors;
  }

private:
  enum class State : uint8_t { Unknown, InProgress, Done };

  void computeInEdges();
  void computeAnchors();
  EdgeAnchor anchor(unsigned B, unsigned I);
  EdgeAnchor computeAnchor(unsigned B, unsigned I);
  bool canPushThrough(unsigned B);
  EdgeAnchor guardedReturn(unsigned B, unsigned I) const;
  bool isHandler(unsigned B) const {
    return Blocks[B].HandlerStart != NoSite;
  }
  unsigned lineOf(unsigned B) const { return Lines[B].first; }
  bool hasOwnPlace(CFGEdge E) const;
  unsigned exitSlot(unsigned B, unsigned I) const;
  bool countsPath(unsigned B, unsigned I) const;
  std::vector<const CutCall *> cutsIn(unsigned B) const;
  void materializeJoins();

  bool repairUncountedExits(Error &Err);
  bool pullMustProbeEdges();
  std::optional<unsigned> pullSite(unsigned X, unsigned I) const;
  bool addsNothing(unsigned B, unsigned I) const;
  Error resolveProbelessEdges();
  void buildContracted(AnchoredFunction &A);
  std::vector<bool> identifiedBlocks(const AnchoredFunction &A,
                                     ArrayRef<unsigned> Members) const;
  void describeCodeLines(AnchoredFunction &A,
                         const std::vector<bool> &Identified) const;
  void dropEdge(unsigned B, unsigned I);
  std::pair<unsigned, unsigned> linesNear(unsigned B) const;
  void noteIdentifiedLines();

  const LoweredFunction &F;
  CFG G;
  std::vector<BlockSites> Blocks;
  std::vector<std::pair<unsigned, unsigned>> Lines; // per block: [line, end]
  std::vector<bool> Reachable;
  std::vector<std::vector<CFGEdge>> InEdges; // from reachable blocks
  std::vector<std::vector<EdgeAnchor>> Anchors;
  std::vector<std::vector<State>> Status;
  std::vector<unsigned> Region; // contracted set of each block
  /// Probeless edges dropped for a twin route (ProbelessEdges.h).
  std::vector<std::vector<bool>> Dropped;
  /// Edges that must carry a probe but have no site of their own, and the
  /// site before them that runs exactly once per pass (pullSite).
  std::map<std::pair<unsigned, unsigned>, unsigned> Pulled;
  /// Lines where ways through the function were identified (merged blocks,
  /// dropped twins), for the notes.
  std::vector<std::pair<unsigned, unsigned>> IdentifiedLines;
  bool Guarded = false;
  std::vector<std::string> Notes;
  uint64_t MaxPaths;
  bool ExitGuards;
  bool CutPaths;
  /// Noreturn blocks some of whose ways in were dropped by
  /// repairUncountedExits from blocks that go on along others: control
  /// reaches them with no count, the register holding a path the model does
  /// not have.
  std::set<unsigned> LostWayIn;

  bool countedOnEntry(unsigned B) const;
  std::vector<unsigned> unfollowedCuts(std::vector<unsigned> &Quiet) const;
  void addCutEdges(AnchoredFunction &A);
  bool registerIsConstant(ArrayRef<unsigned> Blocks) const;
};

/// Whether an edge has a site of its own, whatever the other edges get: a
/// wrapped branch, a site that runs exactly when it is taken, or its block's
/// code when it is the block's only way out.
bool AnchorPlanner::hasOwnPlace(CFGEdge E) const {
  const BlockSites &S = Blocks[E.Block];
  unsigned Out = G.Succs[E.Block].size();
  return (S.Branch != NoSite && Out == 2) ||
         (E.Index < S.EdgeSites.size() && S.EdgeSites[E.Index] != NoSite) ||
         (Out == 1 && exitSlot(E.Block, E.Index) != NoSite);
}

/// The site where the probe of B's only way out, \p I, runs: B's last
/// once-per-pass site, unless the probe is an increment and a call that may
/// not return runs after that site's code (the site is the call's own,
/// `c ? P3_SEQ(P3_ADD(-2), f(x)) : 0`, or its statement's). A path cut short
/// in that call would have run the increment of an edge it never took, and
/// measured probes would no longer be the model's (Graph/Instance.h): the
/// edge takes a place elsewhere, or none. A count (an exit or back edge)
/// stays: calls after their path's count need no note (countedOnEntry).
unsigned AnchorPlanner::exitSlot(unsigned B, unsigned I) const {
  const BlockSites &S = Blocks[B];
  if (S.OncePerPass.empty())
    return NoSite;
  unsigned Slot = S.OncePerPass.back();
  bool CutAfter = llvm::any_of(cutsIn(B), [&](const CutCall *C) {
    return C->Site == Slot || C->ExpressionSite == Slot;
  });
  return !CutAfter || countsPath(B, I) ? Slot : NoSite;
}

/// Whether the probe of edge I of B counts the path (an edge into EXIT or a
/// back edge) rather than only adding to the register.
bool AnchorPlanner::countsPath(unsigned B, unsigned I) const {
  return G.Succs[B][I] == G.Exit ||
         llvm::is_contained(findBackEdges(G), CFGEdge{B, I});
}

/// The calls of block B where its paths may be cut short (none when cut
/// paths are not counted); a noreturn call that ends the block is counted
/// before it, as an exit.
std::vector<const CutCall *> AnchorPlanner::cutsIn(unsigned B) const {
  std::vector<const CutCall *> Cuts;
  if (CutPaths)
    for (const CutCall &C : F.CutCalls)
      if (C.Block == B && C.MayNotReturn && !C.EndsBlock)
        Cuts.push_back(&C);
  return Cuts;
}

/// Inserts a block with the join site as its code between the edges of each
/// join site and their target, when the target only passes control on to an
/// edge that must carry a probe (a loop's continuation before its back edge)
/// and some of the join's edges have no place of their own: the probe can
/// then be pushed onto the ways in. (Elsewhere the block would only lengthen
/// the paths users read.) Joins of enclosing statements see the blocks
/// inserted for inner ones.
void AnchorPlanner::materializeJoins() {
  std::set<CFGEdge> Back;
  for (CFGEdge E : findBackEdges(G))
    Back.insert(E);
  auto PassesToProbe = [&](unsigned T) {
    return T != G.Exit && G.Succs[T].size() == 1 &&
           Blocks[T].OncePerPass.empty() &&
           (Back.count({T, 0}) || G.Succs[T][0] == G.Exit);
  };
  std::map<CFGEdge, CFGEdge> Moved; // an edge now reaches its target through
  for (const JoinSite &J : F.Joins) {
    std::set<CFGEdge> Edges;
    for (CFGEdge E : J.Edges) {
      for (auto It = Moved.find(E); It != Moved.end(); It = Moved.find(E))
        E = It->second;
      Edges.insert(E);
    }
    if (Edges.size() < 2)
      continue;
    unsigned Target = G.Succs[Edges.begin()->Block][Edges.begin()->Index];
    if (!PassesToProbe(Target) || llvm::any_of(Edges, [&](CFGEdge E) {
          return G.Succs[E.Block][E.Index] != Target;
        }) ||
        llvm::all_of(Edges, [&](CFGEdge E) { return hasOwnPlace(E); }))
      continue;
    unsigned Join = G.numBlocks();
    G.Succs.push_back({Target});
    BlockSites S;
    S.OncePerPass.push_back(J.Site);
    Blocks.push_back(S);
    Lines.push_back({J.Line, J.Line});
    for (CFGEdge E : Edges) {
      G.Succs[E.Block][E.Index] = Join;
      Moved[E] = {Join, 0};
    }
  }
}

void AnchorPlanner::computeInEdges() {
  Reachable = reachableBlocks(G);
  InEdges = inEdges(G, Reachable);
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
  if (auto It = Pulled.find({B, I}); It != Pulled.end())
    return {AnchorKind::Pulled, It->second, false};
  if (Guarded && T == G.Exit && !S.EndsInNoReturn)
    return guardedReturn(B, I);
  if (S.Branch != NoSite && G.Succs[B].size() == 2)
    return {AnchorKind::Branch, S.Branch, bool(S.OutcomeIsTrue[I])};
  if (I < S.EdgeSites.size() && S.EdgeSites[I] != NoSite)
    return {AnchorKind::ExitSlot, S.EdgeSites[I], false};
  bool Single = G.Succs[B].size() == 1;
  if (unsigned Slot = Single ? exitSlot(B, I) : NoSite; Slot != NoSite)
    return {AnchorKind::ExitSlot, Slot, false};
  if (T != G.Exit && T != G.Entry && InEdges[T].size() == 1 &&
      !Blocks[T].OncePerPass.empty() && !isHandler(T))
    return {AnchorKind::EntrySlot, Blocks[T].OncePerPass.front(), false};
  // Pushed onto the ways in, an increment would run before B's calls: a path
  // cut short in one would be noted with the increment of an edge it never
  // took.
  if (Single && (cutsIn(B).empty() || countsPath(B, I)) && canPushThrough(B))
    return {AnchorKind::Pushed, NoSite, false};
  return {};
}

/// A return of a guarded function: the cleanup counts the path, so the edge
/// needs a probe only to add to the register. Where it has a place of its own
/// (a return outside a macro: "P3_ADD(c); return v;") it gets one, and need
/// not stay in the spanning tree with the edges that add nothing: those may
/// otherwise close a cycle through EXIT that nothing can break (flex's
/// scanner, test/corpus/FINDINGS.md 2b). Elsewhere the count is all it gets.
EdgeAnchor AnchorPlanner::guardedReturn(unsigned B, unsigned I) const {
  const BlockSites &S = Blocks[B];
  if (S.Branch != NoSite && G.Succs[B].size() == 2)
    return {AnchorKind::Branch, S.Branch, bool(S.OutcomeIsTrue[I])};
  if (I < S.EdgeSites.size() && S.EdgeSites[I] != NoSite)
    return {AnchorKind::ExitSlot, S.EdgeSites[I], false};
  // An addition commutes with the other probes of the block, so any site
  // that runs once per pass will do; not one inside the returned value,
  // which tcc's guard would count before (p3_runtime.h, P3_RETURN_GUARDS).
  if (G.Succs[B].size() == 1)
    for (unsigned Site : llvm::reverse(S.OncePerPass))
      if (F.Sites[Site].Kind != SiteKind::ReturnValue)
        return {AnchorKind::ExitSlot, Site, false};
  return {AnchorKind::Guard, NoSite, false};
}

/// The probe of B's only out-edge can run after the probe of every way into B.
bool AnchorPlanner::canPushThrough(unsigned B) {
  if (B == G.Entry)
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
  if (!S.EdgeSites.empty())
    S.EdgeSites.erase(S.EdgeSites.begin() + I);
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
      if (!Blocks[B].EndsInNoReturn && ExitGuards && !Guarded) {
        Guarded = true;
        Notes.push_back(formatv("the return on line {0} has no place for the "
                                "path counter (inside a macro expansion): "
                                "every return is counted when the function "
                                "returns, by a cleanup (gcc or clang), and "
                                "the function is not split between copies",
                                lineOf(B)));
        return true;
      }
      if (!Blocks[B].EndsInNoReturn || InEdges[B].empty() || isHandler(B)) {
        Err = fail(formatv("no place for the path counter at the exit on "
                           "line {0} (inside a macro expansion?)",
                           lineOf(B)));
        return false;
      }
      if (Blocks[B].EndsInComputedGoto)
        Notes.push_back(formatv("paths end before the computed goto on line "
                                "{0} (inside a macro expansion): the code "
                                "from the end to the jump is in no path",
                                lineOf(B)));
      else
        Notes.push_back(formatv("paths into the noreturn call on line {0} "
                                "(inside a macro expansion) are not profiled",
                                lineOf(B)));
      // Drop the unanchored ways in; a block left without successors then
      // leads into the noreturn call itself and ends its paths there.
      std::vector<CFGEdge> In = InEdges[B];
      // Higher indices first, so that dropping keeps lower ones valid.
      std::sort(In.begin(), In.end(), [](CFGEdge X, CFGEdge Y) {
        return X.Block != Y.Block ? X.Block < Y.Block : X.Index > Y.Index;
      });
      for (CFGEdge E : In) {
        if (Anchors[E.Block][E.Index].Kind != AnchorKind::None)
          continue;
        // A block with one way out ends its path itself, counted (and
        // P3_CUT_NONE noted) before what follows it runs; one with several
        // goes on along the others, so B is reached uncounted.
        if (G.Succs[E.Block].size() == 1) {
          G.Succs[E.Block][0] = G.Exit;
          Blocks[E.Block].EndsInNoReturn = true;
          Blocks[E.Block].EndsInComputedGoto = Blocks[B].EndsInComputedGoto;
        } else {
          dropEdge(E.Block, E.Index);
          LostWayIn.insert(B);
        }
      }
      return true;
    }
  }
  return false;
}

/// A site for the probe of edge X->T that has none of its own: the last
/// once-per-pass site of a block W before it, when every way from W leads to
/// the edge through blocks without probes that only W leads into. The probe
/// then runs exactly once for each time the edge is taken, with nothing in
/// between that could add to the register (a "?:" inside a macro in a for
/// loop's increment, before its back edge).
std::optional<unsigned> AnchorPlanner::pullSite(unsigned X, unsigned I) const {
  if (G.Succs[X].size() != 1 || !Blocks[X].OncePerPass.empty())
    return std::nullopt;
  std::set<unsigned> Between{X};
  std::vector<unsigned> Work{X};
  unsigned W = NoVertex;
  while (!Work.empty()) {
    unsigned Z = Work.back();
    Work.pop_back();
    if (Z == G.Entry || isHandler(Z) || InEdges[Z].empty())
      return std::nullopt;
    for (CFGEdge In : InEdges[Z]) {
      if (Anchors[In.Block][In.Index].Kind != AnchorKind::None)
        return std::nullopt;
      unsigned P = In.Block;
      if (!Blocks[P].OncePerPass.empty() && !isHandler(P)) {
        if (W != NoVertex && W != P)
          return std::nullopt; // two ways in
        W = P;
      } else if (Between.insert(P).second) {
        Work.push_back(P);
      }
    }
  }
  unsigned Target = G.Succs[X][I];
  if (W == NoVertex || Between.count(W) || Between.count(Target) ||
      Target == W)
    return std::nullopt;
  std::set<CFGEdge> Back;
  for (CFGEdge E : findBackEdges(G))
    Back.insert(E);
  auto StaysBetween = [&](unsigned B) {
    for (unsigned J = 0; J < G.Succs[B].size(); ++J) {
      if (B == X)
        continue; // the edge itself
      if (!Between.count(G.Succs[B][J]) || Back.count({B, J}) ||
          Anchors[B][J].Kind != AnchorKind::None)
        return false;
    }
    return true;
  };
  if (!StaysBetween(W))
    return std::nullopt;
  for (unsigned B : Between)
    if (!StaysBetween(B))
      return std::nullopt;
  return Blocks[W].OncePerPass.back();
}

/// Gives back edges and edges into EXIT that have no anchor a pulled site
/// (pullSite). Returns true if it gave one.
bool AnchorPlanner::pullMustProbeEdges() {
  std::set<CFGEdge> MustProbe;
  for (CFGEdge E : findBackEdges(G))
    MustProbe.insert(E);
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      if (G.Succs[B][I] == G.Exit)
        MustProbe.insert({B, I});
  bool Changed = false;
  for (CFGEdge E : MustProbe) {
    if (!Reachable[E.Block] || Anchors[E.Block][E.Index].Kind != AnchorKind::None ||
        Blocks[E.Block].EndsInNoReturn)
      continue;
    if (std::optional<unsigned> Site = pullSite(E.Block, E.Index)) {
      Pulled[{E.Block, E.Index}] = *Site;
      Changed = true;
    }
  }
  return Changed;
}

/// Lines for users: a block's own, or for a block without code (a loop's
/// continuation, a join) those of the nearest block before it that has some.
std::pair<unsigned, unsigned> AnchorPlanner::linesNear(unsigned B) const {
  std::set<unsigned> Seen{B};
  std::vector<unsigned> Work{B};
  for (size_t K = 0; K < Work.size(); ++K) {
    unsigned X = Work[K];
    if (Lines[X].first)
      return Lines[X];
    for (CFGEdge In : InEdges[X])
      if (Seen.insert(In.Block).second)
        Work.push_back(In.Block);
  }
  return {F.Line, F.EndLine};
}

/// Whether control along an edge adds nothing to the path register: it has
/// no anchor, or it is a return of a guarded function (counted by the
/// cleanup, never probed). Chord placement keeps such edges in its tree.
bool AnchorPlanner::addsNothing(unsigned B, unsigned I) const {
  AnchorKind K = Anchors[B][I].Kind;
  return K == AnchorKind::None || K == AnchorKind::Guard;
}

/// Makes the edges that add nothing a forest between sets of blocks
/// (Graph/ProbelessEdges.h): cycles of them contracted, twins dropped. A
/// guarded function's returns are among them: two returns reached by ways
/// without probes (one inside a macro, one after it) count as one way.
Error AnchorPlanner::resolveProbelessEdges() {
  unsigned N = G.numBlocks();
  std::vector<std::vector<bool>> Probeless(N);
  for (unsigned B = 0; B < N; ++B) {
    Probeless[B].resize(G.Succs[B].size());
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      Probeless[B][I] = addsNothing(B, I);
  }
  ProbelessResolution R = p3::resolveProbelessEdges(G, Probeless, Reachable);
  if (!R.Unresolved.empty()) {
    unsigned First = ~0u, Last = 0;
    for (unsigned B : R.Unresolved) {
      auto [L, E] = linesNear(B);
      First = std::min(First, L);
      Last = std::max(Last, E);
    }
    return fail(formatv("lines {0}-{1}: branches inside macro expansions "
                        "that no probe can tell apart, and no way to count "
                        "them as one without inventing a loop",
                        First, Last));
  }
  Region = std::move(R.Region);
  Dropped = std::move(R.Dropped);
  for (unsigned B = 0; B < N; ++B)
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      if (Dropped[B][I])
        IdentifiedLines.push_back(linesNear(B)); // where the ways part
  return Error::success();
}

/// The CFG of sets: each set is represented by its smallest block.
void AnchorPlanner::buildContracted(AnchoredFunction &A) {
  unsigned N = G.numBlocks();
  std::vector<unsigned> Smallest(N, NoVertex), Size(N, 0);
  for (unsigned B = 0; B < N; ++B) {
    Smallest[Region[B]] = std::min(Smallest[Region[B]], B);
    ++Size[Region[B]];
  }
  A.Representative.resize(N);
  for (unsigned B = 0; B < N; ++B)
    A.Representative[B] = Smallest[Region[B]];

  CFG &C = A.Graph;
  C.Entry = G.Entry;
  C.Exit = G.Exit;
  C.Succs.assign(N, {});
  A.GraphEdge.assign(N, {});
  for (unsigned B = 0; B < N; ++B) {
    A.GraphEdge[B].assign(G.Succs[B].size(), {NoVertex, 0});
    if (!Reachable[B])
      continue;
    unsigned From = A.Representative[B];
    for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
      if (Dropped[B][I])
        continue; // counted as its twin route
      unsigned To = A.Representative[G.Succs[B][I]];
      // Inside a contracted set, or an unanchored self loop (a loop that adds
      // nothing to the register): not an edge of the DAG.
      if (From == To &&
          (Size[Region[B]] > 1 || Anchors[B][I].Kind == AnchorKind::None))
        continue;
      A.GraphEdge[B][I] = {From, unsigned(C.Succs[From].size())};
      C.Succs[From].push_back(To);
    }
  }
  for (unsigned H : G.ExtraStarts)
    C.ExtraStarts.push_back(A.Representative[H]);
  std::sort(C.ExtraStarts.begin(), C.ExtraStarts.end());
  C.ExtraStarts.erase(std::unique(C.ExtraStarts.begin(), C.ExtraStarts.end()),
                      C.ExtraStarts.end());

  A.GraphLines.assign(N, {0, 0});
  std::vector<unsigned> Members(N, 0);
  for (unsigned B = 0; B < N; ++B) {
    auto &[Line, End] = A.GraphLines[A.Representative[B]];
    auto [BLine, BEnd] = Lines[B];
    if (BLine && (!Line || BLine < Line))
      Line = BLine;
    End = std::max(End, BEnd);
    ++Members[A.Representative[B]];
  }
  describeCodeLines(A, identifiedBlocks(A, Members));
  for (unsigned B = 0; B < N; ++B)
    if (Members[B] > 1 && Reachable[B])
      IdentifiedLines.push_back(A.GraphLines[B]);
  noteIdentifiedLines();
}

/// One note per range of lines where ways that no probe tells apart count as
/// one (overlapping ranges joined).
void AnchorPlanner::noteIdentifiedLines() {
  std::sort(IdentifiedLines.begin(), IdentifiedLines.end());
  std::vector<std::pair<unsigned, unsigned>> Joined;
  for (auto [First, Last] : IdentifiedLines) {
    if (!Joined.empty() && First <= Joined.back().second)
      Joined.back().second = std::max(Joined.back().second, Last);
    else
      Joined.push_back({First, Last});
  }
  for (auto [First, Last] : Joined)
    Notes.push_back(formatv(
        "{0}: branches with no place for a probe (inside a macro expansion "
        "or a constructor's initializers) count as one step",
        First == Last ? formatv("line {0}", First).str()
                      : formatv("lines {0}-{1}", First, Last).str()));
}

/// Per block of the contracted graph, whether its counts stand for several
/// ways through the code: a set of merged blocks, or a block where a
/// probeless edge u->v was dropped for its twin route. Control along the edge
/// is counted on the route, so u loses a branch and the route's blocks before
/// v count executions that never ran them: u and those blocks (the blocks
/// probeless edges lead to from u and lead from to v) are marked.
std::vector<bool>
AnchorPlanner::identifiedBlocks(const AnchoredFunction &A,
                                ArrayRef<unsigned> Members) const {
  unsigned N = G.numBlocks();
  std::vector<std::vector<unsigned>> ProbelessIn(N);
  for (unsigned B = 0; B < N; ++B)
    for (unsigned I = 0; Reachable[B] && I < G.Succs[B].size(); ++I)
      if (addsNothing(B, I) && !Dropped[B][I])
        ProbelessIn[G.Succs[B][I]].push_back(B);
  auto Walk = [&](unsigned From, bool Forward) {
    std::vector<bool> Seen(N, false);
    std::vector<unsigned> Work{From};
    Seen[From] = true;
    while (!Work.empty()) {
      unsigned X = Work.back();
      Work.pop_back();
      auto Visit = [&](unsigned Y) {
        if (!Seen[Y]) {
          Seen[Y] = true;
          Work.push_back(Y);
        }
      };
      if (!Forward) {
        for (unsigned Y : ProbelessIn[X])
          Visit(Y);
        continue;
      }
      for (unsigned I = 0; I < G.Succs[X].size(); ++I)
        if (addsNothing(X, I) && !Dropped[X][I])
          Visit(G.Succs[X][I]);
    }
    return Seen;
  };
  std::vector<bool> Identified(N, false);
  for (unsigned B = 0; B < N; ++B)
    Identified[A.Representative[B]] =
        Identified[A.Representative[B]] || Members[A.Representative[B]] > 1;
  for (unsigned U = 0; U < N; ++U)
    for (unsigned I = 0; Reachable[U] && I < G.Succs[U].size(); ++I) {
      if (!Dropped[U][I])
        continue;
      unsigned V = G.Succs[U][I];
      std::vector<bool> FromU = Walk(U, true), ToV = Walk(V, false);
      for (unsigned W = 0; W < N; ++W)
        if (W == U || (W != V && FromU[W] && ToV[W]))
          Identified[A.Representative[W]] = true;
    }
  return Identified;
}

/// Code lines of the contracted graph, for reports (line counts).
void AnchorPlanner::describeCodeLines(
    AnchoredFunction &A, const std::vector<bool> &Identified) const {
  unsigned N = G.numBlocks();
  A.GraphCodeLines.assign(N, {});
  A.GraphContracted.assign(N, false);
  A.GraphTestsCondition.assign(N, false);
  if (F.BlockCodeLines.size() != N)
    return; // a frontend that does not record them
  for (unsigned B = 0; B < N; ++B) {
    std::vector<unsigned> &Lines = A.GraphCodeLines[A.Representative[B]];
    for (unsigned L : F.BlockCodeLines[B])
      if (Lines.empty() || Lines.back() != L)
        Lines.push_back(L);
  }
  for (const EdgeLine &E : F.EdgeCodeLines) {
    // Repairs may have changed the block's successors: its line then goes
    // to the block itself.
    bool Unchanged = E.Block < N && G.Succs[E.Block] == F.Graph.Succs[E.Block];
    CFGEdge To = Unchanged ? A.GraphEdge[E.Block][E.Index] : CFGEdge{NoVertex, 0};
    if (To.Block != NoVertex)
      A.GraphEdgeLines.push_back({To.Block, To.Index, E.Line});
    else if (E.Block < N)
      A.GraphCodeLines[A.Representative[E.Block]].push_back(E.Line);
  }
  for (unsigned B = 0; B < N; ++B) {
    A.GraphContracted[B] = Identified[B];
    A.GraphTestsCondition[B] = !Identified[B] && F.TestsCondition[B] &&
                               G.Succs[B].size() == 2 &&
                               A.Graph.Succs[B].size() == 2;
  }
}

Expected<AnchoredFunction> AnchorPlanner::run() {
  for (unsigned Round = 0;; ++Round) {
    if (Round > G.numBlocks() + 8)
      return fail("anchoring did not converge");
    computeAnchors();
    if (pullMustProbeEdges())
      continue;
    Error Err = Error::success();
    if (repairUncountedExits(Err))
      continue;
    if (Err)
      return Err;
    break;
  }
  if (Error E = resolveProbelessEdges())
    return E;

  AnchoredFunction A;
  buildContracted(A);
  addCutEdges(A);
  for (unsigned B = 0; B < A.Graph.numBlocks(); ++B)
    if (Reachable[B] && A.Representative[B] == B && B != G.Exit &&
        A.Graph.Succs[B].empty())
      return fail(formatv("lines {0}-{1}: a loop with no place for a probe "
                          "(inside a macro expansion) never exits",
                          A.GraphLines[B].first, A.GraphLines[B].second));
  Expected<PathDAG> D = buildNumberableDAG(A.Graph, MaxPaths);
  if (!D)
    return D.takeError();
  // The lowered edge behind each DAG edge, and whether it has an anchor.
  std::map<std::pair<unsigned, unsigned>, CFGEdge> Behind;
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    for (unsigned I = 0; I < A.GraphEdge[B].size(); ++I)
      if (A.GraphEdge[B][I].Block != NoVertex)
        Behind[{A.GraphEdge[B][I].Block, A.GraphEdge[B][I].Index}] = {B, I};
  auto KindOf = [&](CFGEdge E) {
    auto It = Behind.find({E.Block, E.Index});
    if (It == Behind.end())
      return AnchorKind::ExitSlot; // a cut edge: its sites are the calls'
    CFGEdge L = It->second;
    return Anchors[L.Block][L.Index].Kind;
  };
  auto Unanchored = [&](CFGEdge E) { return KindOf(E) == AnchorKind::None; };
  auto GuardCounted = [&](CFGEdge E) { return KindOf(E) == AnchorKind::Guard; };
  for (const SplitEdge &S : D->splitEdges()) {
    if (!Unanchored(S.Origin))
      continue;
    unsigned Tail = S.Origin.Block, Head = D->block(S.Head);
    return fail(formatv(
        S.IsCut ? "too many paths, and no place to cut near line {0} (B{2})"
                : "no place for the probe of the back edge from line {0} to "
                  "line {1} (B{2}->B{3}): every way back to the loop's head "
                  "ends inside a macro expansion",
        linesNear(Tail).second, linesNear(Head).first, Tail, Head));
  }

  // A count or reset runs at its edge's site, or at the sites of the edges
  // it is pushed onto: each must be ordered against the other probes of its
  // expression.
  auto Sequenced = [&](CFGEdge Lowered) {
    std::vector<CFGEdge> Work{Lowered};
    std::set<std::pair<unsigned, unsigned>> Seen;
    while (!Work.empty()) {
      CFGEdge E = Work.back();
      Work.pop_back();
      if (!Seen.insert({E.Block, E.Index}).second)
        continue;
      const EdgeAnchor &Anchor = Anchors[E.Block][E.Index];
      if (Anchor.Kind == AnchorKind::Pushed) {
        for (CFGEdge In : InEdges[E.Block])
          Work.push_back(In);
        if (isHandler(E.Block) &&
            !F.Sites[Blocks[E.Block].HandlerStart].Sequenced)
          return false;
        continue;
      }
      if (Anchor.Site != NoSite && !F.Sites[Anchor.Site].Sequenced)
        return false;
    }
    return true;
  };
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    if (!Reachable[B])
      continue;
    for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
      CFGEdge E = A.GraphEdge[B][I];
      // A guarded function's returns only add (the cleanup counts).
      bool OrderMatters = E.Block != NoVertex &&
                          (D->edgeOf(E) == NoEdge || // split: count, reset
                           (D->isExitEdge(D->edgeOf(E)) && !Guarded));
      if (OrderMatters && !Sequenced({B, I}))
        return fail(formatv("a path ends inside an expression whose "
                            "operands C does not order (line {0}): its "
                            "count could run before other probes",
                            lineOf(B)));
    }
  }

  Expected<FunctionGraph> FG = FunctionGraph::fromDAG(
      std::move(*D), Guarded ? UnknownCallSites : F.CallSites);
  if (!FG)
    return FG.takeError();
  FG->NeverSplit = Guarded; // its cleanup counts every return
  FG->CountsOnFrameExit = Guarded;
  FG->setCutExits(cutGraphEdges(A));
  for (unsigned E = 0; E < FG->DAG.numEdges(); ++E) {
    const DAGEdge &Edge = FG->DAG.edge(E);
    FG->NeverProbe[E] = Edge.Kind == EdgeKind::Real &&
                        (Unanchored(Edge.Origin) || GuardCounted(Edge.Origin));
  }
  if (Expected<std::vector<bool>> Tree =
          chooseSpanningTree(FG->DAG, FG->Weight, FG->NeverProbe);
      !Tree)
    return fail(Guarded
                    ? "returns inside macro expansions cannot be told apart"
                    : "internal error: unanchored edges still form a cycle: " +
                          toString(Tree.takeError()));
  A.Lowered = std::move(G);
  A.Blocks = std::move(Blocks);
  A.Anchors = std::move(Anchors);
  A.Graphs = std::move(*FG);
  // One note per line and reason, however many blocks share them.
  for (std::string &Note : Notes)
    if (!llvm::is_contained(A.Notes, Note))
      A.Notes.push_back(std::move(Note));
  A.Guarded = Guarded;
  A.SetjmpRestarts = F.SetjmpRestarts;
  return A;
}

/// Whether the path's register keeps its value from the start of a
/// statement to any of its blocks: control enters them through one block
/// only, and no edge between them has a place for a probe (so none gets an
/// increment). A note in front of the statement then holds the id of a path
/// cut in any of them (CutCall::StatementBlocks).
bool AnchorPlanner::registerIsConstant(ArrayRef<unsigned> Blocks) const {
  std::set<unsigned> In(Blocks.begin(), Blocks.end());
  std::set<unsigned> Entered;
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    if (!Reachable[B])
      continue;
    for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
      if (!In.count(G.Succs[B][I]))
        continue;
      if (!In.count(B))
        Entered.insert(G.Succs[B][I]);
      else if (Anchors[B][I].Kind != AnchorKind::None)
        return false;
    }
  }
  return Entered.size() <= 1;
}

/// Whether every path through B is counted before B runs, the count followed
/// by P3_CUT_NONE in a framed copy (ProbeCode.cpp): B's only ways out are
/// into EXIT with their probes pushed onto the ways into B, and B never
/// returns normally (or returns a value computed after its count). A call
/// in B then needs no note of its own: a path cut short there has been
/// counted whole. This is the code between a path's end and the indirect
/// jump of a computed goto inside a macro (lua's vmbreak: `vmfetch();
/// goto *disptab[op]`, whose hook call may longjmp).
bool AnchorPlanner::countedOnEntry(unsigned B) const {
  const BlockSites &S = Blocks[B];
  if (!(S.EndsInNoReturn || S.CallsAfterCount) || G.Succs[B].empty() ||
      isHandler(B))
    return false;
  for (unsigned I = 0; I < G.Succs[B].size(); ++I)
    if (G.Succs[B][I] != G.Exit || Anchors[B][I].Kind != AnchorKind::Pushed)
      return false;
  return true;
}

/// "12, 40, 41": sorted, once each.
std::string lineList(std::vector<unsigned> Lines) {
  std::sort(Lines.begin(), Lines.end());
  Lines.erase(std::unique(Lines.begin(), Lines.end()), Lines.end());
  std::string Out;
  for (unsigned L : Lines)
    Out += (Out.empty() ? "" : ", ") + std::to_string(L);
  return Out;
}

/// Calls that may not return in a block that control reaches by a dropped
/// way (a path into a noreturn call inside a macro expansion, not profiled):
/// there the register holds no path of the model and the id noted last may
/// be an earlier call's, so a cut must count nothing. P3_CUT_NONE (into
/// \p Quiet) goes in front of such a call when it has a place of its own in
/// a block reached only that way; or in front of its statement when the
/// block is reached only that way or the call is the noreturn call ending
/// it, and no other call in the statement may leave (its note would run in
/// between). The lines of the others are returned: the function then counts
/// no path cut short.
std::vector<unsigned>
AnchorPlanner::unfollowedCuts(std::vector<unsigned> &Quiet) const {
  std::vector<unsigned> Lines;
  for (const CutCall &C : F.CutCalls) {
    if (!C.MayNotReturn || !LostWayIn.count(C.Block))
      continue;
    bool Hidden = !Reachable[C.Block];
    bool OwnPlace =
        Hidden && !C.EndsBlock && C.Site != NoSite && C.StatementBlocks.empty();
    bool StatementPlace = (Hidden || C.EndsBlock) && C.Site != NoSite &&
                          !C.StatementBlocks.empty() &&
                          !C.StatementHasOtherCuts;
    if (OwnPlace || StatementPlace)
      Quiet.push_back(C.Site);
    else
      Lines.push_back(C.Line);
  }
  return Lines;
}

/// Paths cut short (docs/rewriter.md): one edge to EXIT per block of Graph
/// (a contracted set adds nothing inside, so one for all its members) with
/// calls that may not return normally and a place to note the path's id
/// before each. Every other call with a place notes the same id, or none in
/// a block without a cut edge. A function with a call that may not return
/// and has no place gets no cut edge at all: its frame would count the id
/// noted before an earlier call when that call cuts it, a path that did not
/// run (so its paths cut short stay uncounted, and a note names the lines).
void AnchorPlanner::addCutEdges(AnchoredFunction &A) {
  if (!CutPaths)
    return;
  auto Counted = [&](const CutCall &C) {
    return !C.EndsBlock && C.Block < G.numBlocks() && Reachable[C.Block] &&
           !LostWayIn.count(C.Block) && !countedOnEntry(C.Block);
  };
  auto SiteOf = [&](const CutCall &C) {
    if (C.Site != NoSite &&
        (C.StatementBlocks.empty() || registerIsConstant(C.StatementBlocks)))
      return C.Site;
    if (C.ExpressionSite != NoSite && registerIsConstant(C.ExpressionBlocks))
      return C.ExpressionSite;
    return NoSite;
  };
  std::vector<unsigned> NoPlace;
  for (const CutCall &C : F.CutCalls)
    if (C.MayNotReturn && Counted(C) && SiteOf(C) == NoSite)
      NoPlace.push_back(C.Line);
  std::vector<unsigned> Quiet;
  std::vector<unsigned> Unfollowed = unfollowedCuts(Quiet);
  if (!NoPlace.empty())
    Notes.push_back(formatv(
        "calls that may not return (exit, longjmp) with no place to note the "
        "path before them (inside a macro's body, in an operand evaluated in "
        "unspecified order, or with arguments that branch) on line(s) {0}: no "
        "path of this function cut short is counted",
        lineList(NoPlace)));
  if (!Unfollowed.empty())
    Notes.push_back(formatv(
        "calls that may not return (exit, longjmp) on line(s) {0} are reached "
        "by ways into a noreturn call that are not profiled (inside a macro "
        "expansion): no path of this function cut short is counted",
        lineList(Unfollowed)));
  if (!NoPlace.empty() || !Unfollowed.empty())
    return;
  std::map<unsigned, unsigned> CutOf; // block of Graph -> index in A.Cuts
  for (const CutCall &C : F.CutCalls) {
    if (!C.MayNotReturn || !Counted(C))
      continue;
    unsigned From = A.Representative[C.Block];
    if (CutOf.try_emplace(From, A.Cuts.size()).second) {
      CutExit Cut;
      Cut.Edge = {From, unsigned(A.Graph.Succs[From].size())};
      Cut.Line = C.Line;
      A.Graph.Succs[From].push_back(G.Exit);
      A.Cuts.push_back(Cut);
    }
  }
  if (A.Cuts.empty())
    return;
  A.QuietSites = std::move(Quiet);
  for (const CutCall &C : F.CutCalls) {
    unsigned Site = SiteOf(C);
    if (!Counted(C) || Site == NoSite)
      continue;
    auto It = CutOf.find(A.Representative[C.Block]);
    if (It != CutOf.end())
      A.Cuts[It->second].Sites.push_back(Site);
    else
      A.QuietSites.push_back(Site);
  }
  // Calls inside another call share its site: one note each.
  auto Unique = [](std::vector<unsigned> &Sites) {
    std::sort(Sites.begin(), Sites.end());
    Sites.erase(std::unique(Sites.begin(), Sites.end()), Sites.end());
  };
  for (CutExit &Cut : A.Cuts)
    Unique(Cut.Sites);
  Unique(A.QuietSites);
}

} // namespace

std::vector<CFGEdge> cutGraphEdges(const AnchoredFunction &A) {
  std::vector<CFGEdge> Out;
  for (const CutExit &C : A.Cuts)
    Out.push_back(C.Edge);
  return Out;
}

std::vector<std::vector<EdgeAnchor>> firstAnchors(const LoweredFunction &F) {
  return AnchorPlanner(F, UINT64_MAX, true).anchorsOnly();
}

Expected<AnchoredFunction> planAnchors(const LoweredFunction &F,
                                       uint64_t MaxPaths, bool ExitGuards,
                                       bool CutPaths) {
  return AnchorPlanner(F, MaxPaths, ExitGuards, CutPaths).run();
}

} // namespace p3
