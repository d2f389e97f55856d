//===- ProbeCode.cpp - The probe text of one function in one copy --------===//

#include "Instrument/ProbeCode.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace p3 {

std::string formatIncrement(uint64_t V) {
  int64_t S = static_cast<int64_t>(V);
  if (S == INT64_MIN)
    return "(-9223372036854775807 - 1)";
  return std::to_string(S);
}

namespace {

class ProbeCodeBuilder {
public:
  ProbeCodeBuilder(const AnchoredFunction &A, const Instance &I,
                   const LoopCounters &Loops, const std::vector<Site> *Sites)
      : A(A), D(A.Graphs.DAG), I(I), Loops(Loops), EagerSites(Sites) {}

  Expected<FunctionCode> run();

private:
  std::vector<std::string> ownActions(unsigned B, unsigned Index) const;
  std::vector<std::string> guardedExit(unsigned B, unsigned E) const;
  std::vector<std::string> chain(unsigned B, unsigned Index, unsigned Depth) const;
  std::vector<std::string> pushedAfterEntering(unsigned B, unsigned Depth) const;
  uint64_t inc(unsigned E) const { return E == NoEdge ? 0 : I.Inc[E]; }
  bool framed() const;
  /// Whether every exit edge notes that nothing is pending: in a setjmp
  /// caller, the ways into a block where paths restart after setjmp are
  /// exit edges (startPathsAtRestarts), and P3_CUT_SYNC there counts the
  /// frame's pending path as cut by a longjmp. Arriving by normal flow, the
  /// pending note would be a stale one, left by the last noted call that
  /// returned: a path counted that never ran. After a count nothing is
  /// pending, so the note is right on every exit edge (returns included), and
  /// whether or not this copy counts the edge.
  bool clearsAfterExit() const { return !A.SetjmpRestarts.empty(); }
  void addCutActions(FunctionCode &Code) const;
  Expected<FunctionCode> build();
  bool planEagerCuts();
  bool eagerCutsHold(const FunctionCode &Code) const;
  bool Framed = false;
  bool Eager = false;
  /// Eager counting: the sites that count and undo, with the increment.
  std::map<unsigned, uint64_t> EagerPlan;

  const AnchoredFunction &A;
  const PathDAG &D;
  const Instance &I;
  const LoopCounters &Loops;
  const std::vector<Site> *EagerSites;
};

/// Whether site \p T's text lies inside site \p S's (code there runs
/// between S's entry and its end).
bool within(const Site &T, const Site &S) {
  return S.Begin <= T.Begin && T.End <= S.End;
}

/// The eager count of the path cut in a call, and its undo (P3_CUT_COUNT).
std::string cutCount(uint64_t Inc) {
  return formatv("P3_CUT_COUNT({0})", formatIncrement(Inc));
}
std::string cutUndo(uint64_t Inc) {
  return formatv("P3_CUT_UNDO({0})", formatIncrement(Inc));
}

/// "3, 4": slots as macro arguments.
std::string slotList(const std::vector<uint64_t> &Slots) {
  std::string Out;
  for (uint64_t S : Slots)
    Out += (Out.empty() ? "" : ", ") + std::to_string(S) +
           (S > 0x7fffffff ? "ULL" : "");
  return Out;
}

/// What traversing CFG edge (B, Index) itself does.
std::vector<std::string> ProbeCodeBuilder::ownActions(unsigned B,
                                                      unsigned Index) const {
  CFGEdge Edge = A.GraphEdge[B][Index];
  if (Edge.Block == NoVertex)
    return {}; // inside a contracted set: adds nothing
  if (A.Anchors[B][Index].Kind == AnchorKind::Guard)
    return {}; // counted by the frame's cleanup
  if (unsigned E = D.edgeOf(Edge); E != NoEdge) {
    if (D.isExitEdge(E) && A.Guarded)
      return guardedExit(B, E);
    if (D.isExitEdge(E)) {
      std::vector<std::string> Actions;
      if (I.counts(E))
        Actions.push_back(formatv("P3_COUNT({0})", formatIncrement(inc(E))));
      // Counted already (or not at all): not again by the cut stack, should
      // the noreturn call's arguments or the returned value's calls not
      // return; nor by the P3_CUT_SYNC of a setjmp restart this edge goes on
      // to (clearsAfterExit).
      if (Framed && (A.Blocks[B].EndsInNoReturn ||
                     A.Blocks[B].CallsAfterCount || clearsAfterExit()))
        Actions.push_back("P3_CUT_NONE");
      return Actions;
    }
    if (inc(E) == 0)
      return {};
    return {formatv("P3_ADD({0})", formatIncrement(inc(E)))};
  }
  if (unsigned S = D.splitOf(Edge); S != NoEdge) {
    const SplitEdge &Split = D.splitEdges()[S];
    unsigned End = D.endEdge(Split.Tail), Start = D.startEdge(Split.Head);
    if (auto It = Loops.RunEdges.find({B, Index});
        It != Loops.RunEdges.end() && I.counts(End))
      return {formatv("P3_LRBACK({0}, {1}, {2})", formatIncrement(inc(End)),
                      formatIncrement(inc(Start)),
                      slotList({Loops.Runs.at(It->second).Slot}))};
    if (auto It = Loops.EdgeSlots.find({B, Index});
        It != Loops.EdgeSlots.end() && I.counts(End))
      return {formatv("P3_L{0}BACK{1}({2}, {3}, {4})",
                      Loops.FirstEdges.count({B, Index}) ? "F" : "",
                      It->second.size(), formatIncrement(inc(End)),
                      formatIncrement(inc(Start)), slotList(It->second))};
    if (I.counts(End))
      return {formatv("P3_BACK({0}, {1})", formatIncrement(inc(End)),
                      formatIncrement(inc(Start)))};
    return {formatv("P3_RESET({0})", formatIncrement(inc(Start)))};
  }
  return {}; // unreachable edge
}

/// An edge into EXIT of a guarded function adds its increment on its own
/// (Instance.h): a return is then counted by the frame's cleanup, a noreturn
/// call or throw, which the cleanup does not count, right there.
std::vector<std::string> ProbeCodeBuilder::guardedExit(unsigned B,
                                                       unsigned E) const {
  std::vector<std::string> Actions;
  if (inc(E) != 0)
    Actions.push_back(formatv("P3_ADD({0})", formatIncrement(inc(E))));
  if (A.Blocks[B].EndsInNoReturn && I.counts(E))
    Actions.push_back("P3_COUNT(0)");
  // A return value's calls that exit leave the path uncounted (the cleanup
  // does not run); they have no place of their own for P3_CUT.
  if ((A.Blocks[B].EndsInNoReturn || A.Blocks[B].CallsAfterCount ||
       clearsAfterExit()) &&
      Framed)
    Actions.push_back("P3_CUT_NONE");
  return Actions;
}

/// Actions of edges pushed onto the ways into B: B's only out-edge, and on
/// through blocks that push it further.
std::vector<std::string> ProbeCodeBuilder::pushedAfterEntering(
    unsigned B, unsigned Depth) const {
  if (Depth > A.Lowered.numBlocks() || A.Lowered.Succs[B].size() != 1 ||
      A.Anchors[B][0].Kind != AnchorKind::Pushed)
    return {};
  return chain(B, 0, Depth + 1);
}

std::vector<std::string> ProbeCodeBuilder::chain(unsigned B, unsigned Index,
                                                 unsigned Depth) const {
  std::vector<std::string> Actions = ownActions(B, Index);
  std::vector<std::string> After =
      pushedAfterEntering(A.Lowered.Succs[B][Index], Depth);
  Actions.insert(Actions.end(), After.begin(), After.end());
  return Actions;
}

/// Whether the function keeps a frame on the cut stack in this copy: some
/// cut edge is counted, or it calls setjmp (whose restarts count the frames
/// a longjmp skipped).
bool ProbeCodeBuilder::framed() const {
  if (!A.SetjmpRestarts.empty())
    return true;
  for (const CutExit &C : A.Cuts)
    if (unsigned E = D.edgeOf(C.Edge); E != NoEdge && I.counts(E))
      return true;
  return false;
}

/// Before each call that may not return: the id of the path cut there, or
/// none when this copy does not count it (never a stale one).
void ProbeCodeBuilder::addCutActions(FunctionCode &Code) const {
  for (const CutExit &C : A.Cuts) {
    unsigned E = D.edgeOf(C.Edge);
    std::string Action =
        E != NoEdge && I.counts(E)
            ? formatv("P3_CUT({0})", formatIncrement(inc(E))).str()
            : std::string("P3_CUT_NONE");
    for (unsigned S : C.Sites)
      Code.Sites[S].Entry.push_back(Action);
  }
  for (unsigned S : A.QuietSites)
    Code.Sites[S].Entry.push_back("P3_CUT_NONE");
  for (unsigned R : A.SetjmpRestarts)
    if (A.hasBlock(R) && A.Blocks[R].HandlerStart != NoSite) {
      auto &Entry = Code.Sites[A.Blocks[R].HandlerStart].Entry;
      Entry.insert(Entry.begin(), "P3_CUT_SYNC");
    }
}

/// Eager counting of paths cut short, when every site that notes a counted
/// cut is a call's own text whose value can be held (Site::CallValue), or a
/// statement of its own with its ';' found: there the count goes in front
/// and the undo right after the call. A site inside another with the same
/// increment (a call in another's arguments, the same block) is covered by
/// the outer one; any other nesting keeps the frame.
bool ProbeCodeBuilder::planEagerCuts() {
  if (!EagerSites || !A.SetjmpRestarts.empty())
    return false;
  const std::vector<Site> &Sites = *EagerSites;
  std::map<unsigned, uint64_t> Plan;
  std::vector<unsigned> Other; // sites of cuts not counted here
  for (const CutExit &C : A.Cuts) {
    unsigned E = D.edgeOf(C.Edge);
    if (E == NoEdge || !I.counts(E)) {
      Other.insert(Other.end(), C.Sites.begin(), C.Sites.end());
      continue;
    }
    for (unsigned S : C.Sites) {
      if (S >= Sites.size())
        return false;
      const Site &St = Sites[S];
      if (St.Kind != SiteKind::Expression || St.CallValue.empty() ||
          St.CallValue == "!" || (St.WholeStatement && St.StatementEnd == 0))
        return false;
      auto [It, New] = Plan.try_emplace(S, inc(E));
      if (!New && It->second != inc(E))
        return false;
    }
  }
  Other.insert(Other.end(), A.QuietSites.begin(), A.QuietSites.end());
  EagerPlan.clear();
  for (auto [S, Inc] : Plan) {
    bool Covered = false;
    for (auto [T, TInc] : Plan)
      if (T != S && within(Sites[S], Sites[T])) {
        if (TInc != Inc)
          return false;
        Covered = true;
      }
    for (unsigned T : Other)
      if (T < Sites.size() &&
          (within(Sites[T], Sites[S]) || within(Sites[S], Sites[T])))
        return false;
    if (!Covered)
      EagerPlan[S] = Inc;
  }
  return !EagerPlan.empty();
}

/// After the code is built: the count is the last action of its site, and
/// no other code runs inside the call's text (the undo must find the
/// register as the count left it).
bool ProbeCodeBuilder::eagerCutsHold(const FunctionCode &Code) const {
  const std::vector<Site> &Sites = *EagerSites;
  for (auto [S, Inc] : EagerPlan) {
    auto Own = Code.Sites.find(S);
    if (Own == Code.Sites.end() || !Own->second.Exit.empty() ||
        !Own->second.IfTrue.empty() || !Own->second.IfFalse.empty() ||
        Own->second.Entry.empty() || Own->second.Entry.back() != cutCount(Inc))
      return false;
    for (const auto &[T, TCode] : Code.Sites) {
      if (T == S || TCode.empty() || !within(Sites[T], Sites[S]))
        continue;
      if (Sites[T].Kind == SiteKind::ReturnValue &&
          Sites[T].Begin == Sites[S].Begin && Sites[T].End == Sites[S].End)
        continue; // around it
      return false;
    }
  }
  return true;
}

Expected<FunctionCode> ProbeCodeBuilder::run() {
  if (I.isInstrumented() && framed() && planEagerCuts()) {
    Eager = true;
    Expected<FunctionCode> Code = build();
    if (!Code || eagerCutsHold(*Code))
      return Code;
    Eager = false;
  }
  return build();
}

Expected<FunctionCode> ProbeCodeBuilder::build() {
  FunctionCode Code;
  if (!I.isInstrumented())
    return Code;
  Code.Instrumented = true;
  Framed = Code.Framed = !Eager && framed();
  Code.EagerCuts = Eager;
  Code.LoopSlots = Loops.LoopSlots;
  Code.LoopRuns = Loops.Runs;
  Code.LoopFirsts = Loops.Firsts;
  const CFG &G = A.Lowered;
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    if (!A.hasBlock(B))
      continue;
    for (unsigned Index = 0; Index < G.Succs[B].size(); ++Index) {
      const EdgeAnchor &Anchor = A.Anchors[B][Index];
      if (Anchor.Kind == AnchorKind::Pushed)
        continue; // placed through the edges into B
      std::vector<std::string> Actions = chain(B, Index, 0);
      if (Actions.empty())
        continue;
      std::vector<std::string> *Slot = nullptr;
      switch (Anchor.Kind) {
      case AnchorKind::Branch:
        Slot = Anchor.Outcome ? &Code.Sites[Anchor.Site].IfTrue
                              : &Code.Sites[Anchor.Site].IfFalse;
        break;
      case AnchorKind::ExitSlot:
      case AnchorKind::Pulled:
        Slot = &Code.Sites[Anchor.Site].Exit;
        break;
      case AnchorKind::EntrySlot:
        Slot = &Code.Sites[Anchor.Site].Entry;
        break;
      case AnchorKind::None:
      case AnchorKind::Pushed:
      case AnchorKind::Guard:
        return createStringError(
            inconvertibleErrorCode(),
            formatv("internal error: edge {0}->{1} needs a probe but has no "
                    "place for one",
                    B, G.Succs[B][Index]));
      }
      Slot->insert(Slot->end(), Actions.begin(), Actions.end());
    }
  }
  // Catch handlers start paths.
  for (unsigned H : G.ExtraStarts) {
    if (!A.hasBlock(H))
      continue;
    unsigned V = D.vertexOfBlock(A.Representative[H]);
    std::vector<std::string> Actions{
        formatv("P3_RESET({0})", formatIncrement(inc(D.startEdge(V))))};
    std::vector<std::string> After = pushedAfterEntering(H, 0);
    Actions.insert(Actions.end(), After.begin(), After.end());
    auto &Entry = Code.Sites[A.Blocks[H].HandlerStart].Entry;
    Entry.insert(Entry.begin(), Actions.begin(), Actions.end());
  }
  if (Framed)
    addCutActions(Code);
  if (Eager)
    for (auto [S, Inc] : EagerPlan) {
      Code.Sites[S].Entry.push_back(cutCount(Inc));
      Code.Sites[S].Undo = cutUndo(Inc);
    }
  return Code;
}

} // namespace

Expected<FunctionCode> generateProbeCode(const AnchoredFunction &A,
                                         const Instance &I,
                                         const LoopCounters &Loops,
                                         const std::vector<Site> *EagerSites) {
  return ProbeCodeBuilder(A, I, Loops, EagerSites).run();
}

} // namespace p3
