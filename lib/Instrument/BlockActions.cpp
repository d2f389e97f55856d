//===- BlockActions.cpp - Where each block's OSP entry action runs --------===//
//
// One file past the usual size: the member functions of one class, Planner,
// whose steps (place each block's action, fuse it into branch outcomes, chain
// straight runs, sink into branches, hand the register over) each rewrite
// the same placement lists of one function (the rules: BlockActions.h).
//
//===----------------------------------------------------------------------===//

#include "Instrument/BlockActions.h"
#include "Graph/CFG.h"
#include "Instrument/EdgeAnchors.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace p3 {

namespace {

/// Which list of a site an action goes to.
enum class Slot : uint8_t { Entry, Exit, IfTrue, IfFalse };

/// One action placed: where, and its rank among the actions there.
struct Placement {
  unsigned Site;
  Slot Where;
  int Depth; ///< -1: the block's own action; d >= 0: d pushes away.
  unsigned Block; ///< NoVertex: hand the counter back (leaving).
};

class Planner {
public:
  explicit Planner(const LoweredFunction &F)
      : F(F), G(F.Graph), Anchors(firstAnchors(F)) {
    computeReachable();
  }

  BlockActionPlan run(unsigned FirstId, bool Register, bool Chaining);

private:
  void computeReachable();
  bool hasCode(unsigned B) const { return F.BlockLines[B].first != 0; }
  bool place(unsigned B, std::vector<Placement> &Out) const;
  bool onEdge(unsigned From, unsigned Index, unsigned Block, int Depth,
              std::set<unsigned> &Pushed, std::vector<Placement> &Out) const;
  bool actsInOutcomes(unsigned B) const;
  using Chains = std::map<std::pair<unsigned, Slot>, std::vector<unsigned>>;
  Chains fuseIntoOutcomes(std::vector<Placement> &All) const;
  unsigned
  straightNext(unsigned T, const std::map<unsigned, unsigned> &Own,
               const std::map<std::pair<unsigned, Slot>, unsigned> &PerSlot,
               const std::map<unsigned, const Placement *> &OwnAt) const;
  void chain(std::vector<Placement> &All, Chains &Fused) const;
  /// One action at a place: the blocks it counts, in order (none: the hand
  /// back of register mode, P3_OSP_LEAVE).
  struct Run {
    std::vector<unsigned> Blocks;
  };
  using Lists = std::map<std::pair<unsigned, Slot>, std::vector<Run>>;
  void sinkIntoBranches(Lists &Places, const std::set<unsigned> &AtEntryOnly,
                        const std::vector<unsigned> &Order) const;
  unsigned throughEmpty(unsigned S) const;
  struct Handover {
    std::vector<bool> In, Out;
    /// Per block and successor: an action in that outcome hands out.
    std::vector<std::vector<bool>> OutVia;
  };
  Handover handovers(const std::vector<bool> &Acts) const;

  const LoweredFunction &F;
  const CFG &G;
  std::vector<std::vector<EdgeAnchor>> Anchors;
  std::vector<bool> Reachable;
  std::vector<std::vector<CFGEdge>> InEdges; ///< From reachable blocks.
};

void Planner::computeReachable() {
  Reachable = reachableBlocks(G);
  InEdges = inEdges(G, Reachable);
}

/// The action of \p Block on edge (From, Index), \p Depth pushes away from
/// the block. Fails when the edge has no place.
bool Planner::onEdge(unsigned From, unsigned Index, unsigned Block, int Depth,
                     std::set<unsigned> &Pushed,
                     std::vector<Placement> &Out) const {
  const EdgeAnchor &A = Anchors[From][Index];
  switch (A.Kind) {
  case AnchorKind::Branch:
    Out.push_back({A.Site, A.Outcome ? Slot::IfTrue : Slot::IfFalse, Depth,
                   Block});
    return true;
  case AnchorKind::ExitSlot:
    Out.push_back({A.Site, Slot::Exit, Depth, Block});
    return true;
  case AnchorKind::EntrySlot:
    Out.push_back({A.Site, Slot::Entry, Depth, Block});
    return true;
  case AnchorKind::Pushed: {
    // From has no site and one way out: the action runs after whatever runs
    // on the ways into From.
    if (!Pushed.insert(From).second)
      return false; // a cycle of blocks without sites
    if (F.Blocks[From].HandlerStart != NoSite && InEdges[From].empty()) {
      Out.push_back({F.Blocks[From].HandlerStart, Slot::Entry, Depth + 1,
                     Block});
      return true;
    }
    if (InEdges[From].empty())
      return false;
    for (CFGEdge In : InEdges[From])
      if (!onEdge(In.Block, In.Index, Block, Depth + 1, Pushed, Out))
        return false;
    return true;
  }
  case AnchorKind::None:
  case AnchorKind::Guard:
  // A pulled anchor runs before blocks that may have actions of their own:
  // the block would be seen ahead of them. Not seen is the safe side.
  case AnchorKind::Pulled:
    return false;
  }
  return false;
}

bool Planner::place(unsigned B, std::vector<Placement> &Out) const {
  const BlockSites &S = F.Blocks[B];
  if (S.HandlerStart != NoSite) {
    Out.push_back({S.HandlerStart, Slot::Entry, -1, B});
    return true;
  }
  if (!S.OncePerPass.empty()) {
    Out.push_back({S.OncePerPass.front(), Slot::Entry, -1, B});
    return true;
  }
  if (S.Branch != NoSite && G.Succs[B].size() == 2) {
    Out.push_back({S.Branch, Slot::IfTrue, -1, B});
    Out.push_back({S.Branch, Slot::IfFalse, -1, B});
    return true;
  }
  if (InEdges[B].empty())
    return false;
  std::vector<Placement> Tentative;
  for (CFGEdge In : InEdges[B]) {
    std::set<unsigned> Pushed;
    if (!onEdge(In.Block, In.Index, B, 0, Pushed, Tentative))
      return false;
  }
  Out.insert(Out.end(), Tentative.begin(), Tentative.end());
  return true;
}

/// Whether place() puts \p B's action in both outcomes of its condition.
bool Planner::actsInOutcomes(unsigned B) const {
  const BlockSites &S = F.Blocks[B];
  return S.HandlerStart == NoSite && S.OncePerPass.empty() &&
         S.Branch != NoSite && G.Succs[B].size() == 2;
}

/// A block entered only through one outcome of a condition-only block (a
/// loop body from its test) runs its action right after the test's: nothing
/// runs between that outcome and the block's first site. Its action moves
/// into that outcome, next to the test's, and the two are emitted as one
/// P3_OSP_BLOCK2: the same sequence of blocks, one counter test instead of
/// two (a tight loop's body runs one action fewer per iteration). Returns,
/// per (site, outcome), the block whose action joins the test's there.
Planner::Chains Planner::fuseIntoOutcomes(std::vector<Placement> &All) const {
  std::map<unsigned, unsigned> OwnPlacements;
  for (const Placement &P : All)
    if (P.Depth == -1 && P.Block != NoVertex)
      ++OwnPlacements[P.Block];
  Chains Fused;
  for (Placement &P : All) {
    unsigned B = P.Block;
    if (P.Depth != -1 || B == NoVertex || P.Where != Slot::Entry ||
        OwnPlacements[B] != 1 || F.Blocks[B].HandlerStart != NoSite ||
        InEdges[B].size() != 1)
      continue;
    CFGEdge In = InEdges[B].front();
    const EdgeAnchor &A = Anchors[In.Block][In.Index];
    if (In.Block == B || A.Kind != AnchorKind::Branch ||
        !OwnPlacements.count(In.Block) || !actsInOutcomes(In.Block) ||
        A.Site != F.Blocks[In.Block].Branch)
      continue;
    Slot Outcome = A.Outcome ? Slot::IfTrue : Slot::IfFalse;
    if (!Fused
             .emplace(std::make_pair(A.Site, Outcome), std::vector<unsigned>{B})
             .second)
      continue;
    P.Site = A.Site;
    P.Where = Outcome;
  }
  return Fused;
}

/// The block whose action can join \p T's in a chain (NoVertex if none): T's
/// one successor, through blocks without an action, is a block C entered
/// only that way, whose action is its own, at its first site, alone there.
/// Nothing runs between T's action and C's that could run a block or leave
/// the run: neither T, nor C (its code before its site), nor a block between
/// calls a function, in a C function whose calls are all in its blocks
/// (LoweredFunction::CallsOnlyInBlocks: C++ may call where the frontend sees
/// no call).
unsigned Planner::straightNext(
    unsigned T, const std::map<unsigned, unsigned> &Own,
    const std::map<std::pair<unsigned, Slot>, unsigned> &PerSlot,
    const std::map<unsigned, const Placement *> &OwnAt) const {
  if (!F.CallsOnlyInBlocks || F.CallingBlocks[T] || G.Succs[T].size() != 1)
    return NoVertex;
  unsigned C = G.Succs[T].front();
  std::set<unsigned> Seen{T};
  while (!Own.count(C)) {
    if (C == G.Exit || hasCode(C) || !Seen.insert(C).second ||
        F.CallingBlocks[C] || InEdges[C].size() != 1 || G.Succs[C].size() != 1)
      return NoVertex;
    C = G.Succs[C].front();
  }
  auto At = OwnAt.find(C);
  if (Seen.count(C) || Own.at(C) != 1 || At == OwnAt.end() ||
      F.CallingBlocks[C] || InEdges[C].size() != 1 ||
      F.Blocks[C].HandlerStart != NoSite)
    return NoVertex;
  const Placement &P = *At->second;
  if (P.Where != Slot::Entry || PerSlot.at({P.Site, P.Where}) != 1)
    return NoVertex;
  return C;
}

/// Chains: a block whose action is alone at its first site (or joined to a
/// loop test's outcome) takes with it the actions of the blocks that always
/// follow it straight (straightNext), up to four actions in all, emitted as
/// one P3_OSP_BLOCK3/BLOCK4: the same blocks in the same order with nothing
/// between them that runs a block, one counter test instead of several. A
/// `for` loop whose body is straight code runs one action an iteration:
/// test, body and increment.
void Planner::chain(std::vector<Placement> &All, Chains &Fused) const {
  std::map<unsigned, unsigned> Own;
  std::map<std::pair<unsigned, Slot>, unsigned> PerSlot;
  std::map<unsigned, const Placement *> OwnAt;
  for (const Placement &P : All) {
    ++PerSlot[{P.Site, P.Where}];
    if (P.Depth == -1 && P.Block != NoVertex) {
      ++Own[P.Block];
      OwnAt[P.Block] = &P;
    }
  }
  std::set<unsigned> Taken; // blocks whose action moved into a chain
  auto Extend = [&](unsigned Tail, std::vector<unsigned> &Chain,
                    unsigned Room) {
    while (Chain.size() < Room) {
      unsigned C = straightNext(Tail, Own, PerSlot, OwnAt);
      if (C == NoVertex || Taken.count(C))
        return;
      Taken.insert(C);
      Chain.push_back(C);
      Tail = C;
    }
  };
  // A loop test's outcome with its fused block: the test and three more.
  for (auto &KV : Fused) {
    unsigned B = KV.second.front();
    Taken.insert(B);
    // The fused block's own site held its action alone.
    const Placement &P = *OwnAt.at(B);
    if (PerSlot.at({P.Site, P.Where}) != 2)
      continue; // the test's action and B's: nothing else there
    Extend(B, KV.second, 3);
  }
  // A block's own action alone at its entry: the block and three more. Heads
  // are the blocks no other block chains to, in source order.
  std::vector<unsigned> Heads;
  for (const Placement &P : All)
    if (P.Depth == -1 && P.Block != NoVertex && P.Where == Slot::Entry &&
        Own.at(P.Block) == 1 && !Taken.count(P.Block) &&
        PerSlot.at({P.Site, P.Where}) == 1)
      Heads.push_back(P.Block);
  std::set<unsigned> Follows;
  for (unsigned H : Heads) {
    unsigned C = straightNext(H, Own, PerSlot, OwnAt);
    if (C != NoVertex)
      Follows.insert(C);
  }
  for (unsigned H : Heads) {
    if (Taken.count(H) || Follows.count(H))
      continue;
    for (unsigned Tail = H; Tail != NoVertex;) {
      std::vector<unsigned> Chain;
      Taken.insert(Tail);
      Extend(Tail, Chain, 3);
      if (Chain.empty())
        break;
      const Placement &P = *OwnAt.at(Tail);
      Fused[{P.Site, P.Where}] = Chain;
      // A longer run starts a new chain at the block after this one's last.
      Tail = straightNext(Chain.back(), Own, PerSlot, OwnAt);
      if (Tail != NoVertex && Taken.count(Tail))
        break;
    }
  }
}

/// The block control enters from \p S on, through blocks without code that
/// have one way in and one way out and call nothing (NoVertex at EXIT or a
/// cycle).
unsigned Planner::throughEmpty(unsigned S) const {
  std::set<unsigned> Seen;
  while (S != G.Exit && !hasCode(S) && G.Succs[S].size() == 1 &&
         InEdges[S].size() == 1 && !F.CallingBlocks[S]) {
    if (!Seen.insert(S).second)
      return NoVertex;
    S = G.Succs[S].front();
  }
  return S == G.Exit ? NoVertex : S;
}

/// Runs across branches. A run that ends with a block T whose code calls
/// nothing and ends in a two-way condition, alone at its place, moves into
/// both outcomes of T's condition, ahead of what runs there: every pass runs
/// it exactly once, after the same blocks and before the same blocks, with
/// nothing between that runs a block. An outcome that always enters a block
/// U (its only way in; U calls nothing) whose run is alone at U's entry then
/// takes U's run too. Up to four blocks a run: an `if` chain such as
/// "c1 = a[i]; if (c1 != c2) return ...; i++; c1 = a[i]; if ..." runs one
/// action every few tests instead of one a test. C functions whose calls are
/// all in their blocks only (the frontend sees every call).
void Planner::sinkIntoBranches(Lists &Places,
                               const std::set<unsigned> &AtEntryOnly,
                               const std::vector<unsigned> &Order) const {
  if (!F.CallsOnlyInBlocks)
    return;
  // Where each block's run is when it is alone at its place and the block
  // is its last.
  auto AloneEndingWith = [&](unsigned T) -> std::vector<Run> * {
    for (auto &KV : Places)
      if (KV.second.size() == 1 && !KV.second.front().Blocks.empty() &&
          KV.second.front().Blocks.back() == T)
        return &KV.second;
    return nullptr;
  };
  auto OwnEntry = [&](unsigned U) -> std::vector<Run> * {
    const BlockSites &S = F.Blocks[U];
    if (S.HandlerStart != NoSite || S.OncePerPass.empty())
      return nullptr;
    auto It = Places.find({S.OncePerPass.front(), Slot::Entry});
    if (It == Places.end() || It->second.size() != 1 ||
        It->second.front().Blocks.empty() ||
        It->second.front().Blocks.front() != U)
      return nullptr;
    return &It->second;
  };
  std::set<unsigned> Sunk;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned T : Order) {
      const BlockSites &S = F.Blocks[T];
      // T's action is its own, at its first site (it may have moved along
      // with a run since, always over code without calls).
      if (Sunk.count(T) || !AtEntryOnly.count(T) || F.CallingBlocks[T] ||
          S.Branch == NoSite || G.Succs[T].size() != 2)
        continue;
      bool Outcomes[2] = {false, false};
      for (unsigned I = 0; I < 2; ++I) {
        const EdgeAnchor &A = Anchors[T][I];
        if (A.Kind == AnchorKind::Branch && A.Site == S.Branch)
          Outcomes[A.Outcome] = true;
      }
      if (!Outcomes[0] || !Outcomes[1])
        continue;
      std::vector<Run> *From = AloneEndingWith(T);
      if (!From || From->front().Blocks.size() >= 4)
        continue;
      // Not into a place of T's own condition that already runs T (a loop
      // test acting in its outcomes).
      bool Own = false;
      for (Slot W : {Slot::IfTrue, Slot::IfFalse})
        if (auto It = Places.find({S.Branch, W}); It != Places.end())
          for (const Run &R : It->second)
            Own |= std::count(R.Blocks.begin(), R.Blocks.end(), T) != 0;
      if (Own)
        continue;
      Run Moved = std::move(From->front());
      From->clear();
      Sunk.insert(T);
      Changed = true;
      for (unsigned I = 0; I < 2; ++I) {
        const EdgeAnchor &A = Anchors[T][I];
        std::vector<Run> &Into =
            Places[{S.Branch, A.Outcome ? Slot::IfTrue : Slot::IfFalse}];
        if (!Into.empty() && !Into.front().Blocks.empty() &&
            Into.front().Blocks.size() + Moved.Blocks.size() <= 4)
          Into.front().Blocks.insert(Into.front().Blocks.begin(),
                                     Moved.Blocks.begin(), Moved.Blocks.end());
        else
          Into.insert(Into.begin(), Moved);
        // The block this outcome always enters, when its run is alone at
        // its entry and nothing else runs here.
        unsigned U = throughEmpty(G.Succs[T][I]);
        if (Into.size() != 1 || U == NoVertex || U == T ||
            InEdges[U].size() != 1 || F.CallingBlocks[U])
          continue;
        std::vector<Run> *At = OwnEntry(U);
        if (!At || At == &Into ||
            Into.front().Blocks.size() + At->front().Blocks.size() > 4)
          continue;
        std::vector<unsigned> &B = Into.front().Blocks;
        B.insert(B.end(), At->front().Blocks.begin(),
                 At->front().Blocks.end());
        At->clear();
      }
    }
  }
  // A block entered several ways (the increment of a for loop whose body
  // branches), its run alone at its entry: its action moves onto every edge
  // into it, where it joins the run that ends there (the run of the
  // condition's outcome that enters it). Every pass still runs it once, on
  // the edge it came by, right before the block's code.
  for (unsigned U : Order) {
    if (!AtEntryOnly.count(U) || F.CallingBlocks[U] || InEdges[U].size() < 2)
      continue;
    std::vector<Run> *At = OwnEntry(U);
    if (!At)
      continue;
    std::vector<std::pair<unsigned, Slot>> Edges;
    bool Joins = false;
    for (CFGEdge In : InEdges[U]) {
      const EdgeAnchor &A = Anchors[In.Block][In.Index];
      // After a condition nothing of the block runs; after the end of a
      // predecessor's last place, its code in a macro expansion may (bzip2's
      // BZ_ITAH calls): only a block that calls nothing.
      if (A.Kind != AnchorKind::Branch &&
          (A.Kind != AnchorKind::ExitSlot || F.CallingBlocks[In.Block])) {
        Edges.clear();
        break;
      }
      std::pair<unsigned, Slot> Key{
          A.Site, A.Kind == AnchorKind::ExitSlot ? Slot::Exit
                  : A.Outcome                    ? Slot::IfTrue
                                                 : Slot::IfFalse};
      if (std::count(Edges.begin(), Edges.end(), Key)) {
        Edges.clear(); // two edges at one place: not on an edge
        break;
      }
      Edges.push_back(Key);
      auto It = Places.find(Key);
      Joins |= It != Places.end() && !It->second.empty() &&
               !It->second.back().Blocks.empty() &&
               It->second.back().Blocks.size() + At->front().Blocks.size() <=
                   4;
    }
    if (Edges.empty() || !Joins)
      continue;
    Run Moved = std::move(At->front());
    At->clear();
    for (const auto &Key : Edges) {
      std::vector<Run> &Into = Places[Key];
      if (!Into.empty() && !Into.back().Blocks.empty() &&
          Into.back().Blocks.size() + Moved.Blocks.size() <= 4)
        Into.back().Blocks.insert(Into.back().Blocks.end(),
                                  Moved.Blocks.begin(), Moved.Blocks.end());
      else
        Into.push_back(Moved);
    }
  }
}

/// Register mode in a function that calls: which actions take the counter in
/// from the thread first (a call may have run since the action before) and
/// which hand it out after counting (a call may run before the action after,
/// or the function may be left). Between two consecutive actions X and Y
/// runs only code of X, Y, and blocks without an action next to them (on the
/// way from X to Y, or before X or Y when an action is pushed ahead of a
/// block without a place): Hot(B) says whether B or such a block calls.
Planner::Handover Planner::handovers(const std::vector<bool> &Acts) const {
  unsigned N = G.numBlocks();
  // Blocks without an action reached from B's edges (forward or backward),
  // and the actions first reached forward.
  auto Walk = [&](unsigned B, bool Forward, bool &Calls,
                  std::vector<unsigned> *Next) {
    std::vector<bool> Seen(N, false);
    std::vector<unsigned> Work;
    auto Visit = [&](unsigned V) {
      if (Acts[V]) {
        if (Next)
          Next->push_back(V);
        return;
      }
      if (Seen[V])
        return;
      Seen[V] = true;
      Calls = Calls || F.CallingBlocks[V];
      Work.push_back(V);
    };
    auto Expand = [&](unsigned V) {
      if (Forward)
        for (unsigned S : G.Succs[V])
          Visit(S);
      else
        for (CFGEdge In : InEdges[V])
          Visit(In.Block);
    };
    Expand(B);
    while (!Work.empty()) {
      unsigned V = Work.back();
      Work.pop_back();
      Expand(V);
    }
  };
  std::vector<bool> Hot(N, false);
  std::vector<std::vector<unsigned>> Next(N);
  std::vector<unsigned> Starts{G.Entry};
  for (unsigned B = 0; B < N; ++B)
    if (Acts[B])
      Starts.push_back(B);
  std::vector<bool> ExitNext(N, false); ///< Leaves without another action.
  for (unsigned B : Starts) {
    bool Calls = F.CallingBlocks[B];
    Walk(B, true, Calls, &Next[B]);
    if (B != G.Entry)
      Walk(B, false, Calls, nullptr);
    Hot[B] = Calls;
  }
  // EXIT has no action: the function may be left after V's action (V's
  // successors, through blocks without an action, reach EXIT).
  auto Leaves = [&](unsigned V) {
    std::vector<bool> Seen(N, false);
    std::vector<unsigned> Work{V};
    while (!Work.empty()) {
      unsigned U = Work.back();
      Work.pop_back();
      for (unsigned S : G.Succs[U])
        if (S == G.Exit)
          return true;
        else if (!Acts[S] && !Seen[S])
          Seen[S] = true, Work.push_back(S);
    }
    return false;
  };
  for (unsigned B : Starts)
    ExitNext[B] = Leaves(B);
  Handover H{std::vector<bool>(N, false), std::vector<bool>(N, false), {}};
  for (unsigned X : Starts)
    for (unsigned Y : Next[X])
      if (Hot[X] || Hot[Y])
        H.In[Y] = true;
  for (unsigned X : Starts) {
    if (X == G.Entry)
      continue;
    bool Out = Hot[X] || ExitNext[X];
    for (unsigned Y : Next[X])
      Out = Out || H.In[Y];
    H.Out[X] = Out;
  }
  // An action in one outcome of its block's condition (after the block's
  // code): only what runs on the way to the next actions through that
  // outcome matters (their In covers the calls met on the way).
  H.OutVia.assign(N, {});
  for (unsigned X : Starts) {
    if (X == G.Entry)
      continue;
    for (unsigned S : G.Succs[X]) {
      bool Out = S == G.Exit;
      if (!Out && Acts[S])
        Out = H.In[S];
      else if (!Out) {
        bool Calls = false;
        std::vector<unsigned> Via;
        Walk(S, true, Calls, &Via);
        Out = Calls || F.CallingBlocks[S] || Leaves(S);
        for (unsigned Y : Via)
          Out = Out || H.In[Y];
      }
      H.OutVia[X].push_back(Out);
    }
  }
  return H;
}

BlockActionPlan Planner::run(unsigned FirstId, bool Register, bool Chaining) {
  BlockActionPlan Plan;
  std::vector<unsigned> Candidates;
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    if (Reachable[B] && B != G.Entry && B != G.Exit && hasCode(B))
      Candidates.push_back(B);
  std::stable_sort(Candidates.begin(), Candidates.end(),
                   [&](unsigned X, unsigned Y) {
                     if (F.BlockLines[X].first != F.BlockLines[Y].first)
                       return F.BlockLines[X].first < F.BlockLines[Y].first;
                     return X > Y;
                   });
  std::vector<Placement> All;
  for (unsigned B : Candidates) {
    if (place(B, All))
      Plan.Observed.push_back(B);
    else
      Plan.Unobserved.push_back(B);
  }
  Chains Fused = fuseIntoOutcomes(All);
  if (Chaining)
    chain(All, Fused);
  std::set<unsigned> Joined;
  for (const auto &KV : Fused)
    Joined.insert(KV.second.begin(), KV.second.end());
  // Register mode assigns a local: every action must be sequenced against
  // the others of its expression, and against its calls. In a function that
  // calls nothing, every edge into EXIT hands the local back; in one that
  // calls, the actions hand it over around calls (handovers()), and every
  // action after which the function may be left hands it out.
  bool Calls = std::any_of(F.CallingBlocks.begin(), F.CallingBlocks.end(),
                           [](bool C) { return C; });
  for (const Placement &P : All)
    Register &= F.Sites[P.Site].SequencedWithCalls;
  Handover Hand;
  if (Register && Calls) {
    std::vector<bool> Acts(G.numBlocks(), false);
    for (unsigned B : Plan.Observed)
      Acts[B] = true;
    Hand = handovers(Acts);
    Plan.Enter = " P3_OSP_LEAF;";
  } else if (Register) {
    std::vector<Placement> Leave;
    for (CFGEdge In : InEdges[G.Exit]) {
      std::set<unsigned> Pushed;
      if (!onEdge(In.Block, In.Index, NoVertex, 0, Pushed, Leave)) {
        Register = false;
        break;
      }
    }
    for (const Placement &P : Leave)
      Register &= F.Sites[P.Site].Sequenced;
    if (Register) {
      All.insert(All.end(), Leave.begin(), Leave.end());
      Plan.Enter = " P3_OSP_LEAF;";
    }
  }
  // Each place's actions in the order they run: runs of blocks (one
  // action: a block, or a fused pair or chain) and hand-backs.
  std::stable_sort(All.begin(), All.end(),
                   [](const Placement &X, const Placement &Y) {
                     return X.Depth < Y.Depth;
                   });
  Lists Places;
  for (const Placement &P : All) {
    std::vector<Run> &List = Places[{P.Site, P.Where}];
    if (P.Block == NoVertex) {
      List.push_back({});
      continue;
    }
    if (P.Depth == -1 && Joined.count(P.Block))
      continue; // runs with the action it joins
    Run R{{P.Block}};
    if (auto Next = Fused.find({P.Site, P.Where});
        P.Depth == -1 && Next != Fused.end())
      R.Blocks.insert(R.Blocks.end(), Next->second.begin(),
                      Next->second.end());
    List.push_back(std::move(R));
  }
  if (Chaining) {
    std::map<unsigned, unsigned> Count;
    std::set<unsigned> AtEntryOnly;
    for (const Placement &P : All)
      if (P.Block != NoVertex)
        ++Count[P.Block];
    for (const Placement &P : All)
      if (P.Block != NoVertex && P.Depth == -1 &&
          (P.Where == Slot::Entry || Joined.count(P.Block)) &&
          Count[P.Block] == 1 && F.Blocks[P.Block].HandlerStart == NoSite)
        AtEntryOnly.insert(P.Block);
    sinkIntoBranches(Places, AtEntryOnly, Plan.Observed);
  }
  // The macro of an action: P3_OSP_LBLOCK on the local, R: reloaded from the
  // thread first, W: written back after; 2, 3, 4: that many blocks.
  auto Macro = [&](const std::vector<unsigned> &Blocks, size_t From,
                   size_t To, std::pair<unsigned, Slot> Place) {
    std::string Name = !Register ? "P3_OSP_BLOCK" : "P3_OSP_LBLOCK";
    if (Register && Calls) {
      // Takes in as the run's first block does, and hands out as its last
      // does (nothing between them calls); in one outcome of the last
      // block's own condition, as the actions through that outcome need.
      unsigned Last = Blocks.back();
      bool In = From == 0 && Hand.In[Blocks.front()];
      bool Out = To == Blocks.size() && Hand.Out[Last];
      if (To == Blocks.size() &&
          (Place.second == Slot::IfTrue || Place.second == Slot::IfFalse))
        for (unsigned I = 0; I < G.Succs[Last].size(); ++I) {
          const EdgeAnchor &A = Anchors[Last][I];
          if (A.Kind == AnchorKind::Branch && A.Site == Place.first &&
              A.Outcome == (Place.second == Slot::IfTrue))
            Out = Hand.OutVia[Last][I];
        }
      Name = In && Out ? "P3_OSP_RWBLOCK"
             : In      ? "P3_OSP_RBLOCK"
             : Out     ? "P3_OSP_WBLOCK"
                       : "P3_OSP_LBLOCK";
    }
    return To - From == 1 ? Name : Name + std::to_string(To - From);
  };
  std::map<unsigned, unsigned> IdOf;
  for (unsigned I = 0; I < Plan.Observed.size(); ++I)
    IdOf[Plan.Observed[I]] = FirstId + I;
  Plan.Code.Instrumented = !Plan.Observed.empty();
  for (const auto &KV : Places) {
    SiteCode &Code = Plan.Code.Sites[KV.first.first];
    Slot Where = KV.first.second;
    std::vector<std::string> &List = Where == Slot::Entry  ? Code.Entry
                                     : Where == Slot::Exit ? Code.Exit
                                     : Where == Slot::IfTrue
                                         ? Code.IfTrue
                                         : Code.IfFalse;
    for (const Run &R : KV.second) {
      if (R.Blocks.empty()) {
        List.push_back("P3_OSP_LEAVE");
        continue;
      }
      // Four blocks an action at most.
      for (size_t From = 0; From < R.Blocks.size(); From += 4) {
        size_t To = std::min(R.Blocks.size(), From + 4);
        std::string Text = Macro(R.Blocks, From, To, KV.first) + "(";
        for (size_t I = From; I < To; ++I)
          Text += (I == From ? "" : ", ") + std::to_string(IdOf.at(R.Blocks[I]));
        List.push_back(Text + ")");
      }
    }
  }
  return Plan;
}

} // namespace

BlockActionPlan planBlockActions(const LoweredFunction &F, unsigned FirstId,
                                 bool Register, bool Chaining) {
  return Planner(F).run(FirstId, Register, Chaining);
}

} // namespace p3
