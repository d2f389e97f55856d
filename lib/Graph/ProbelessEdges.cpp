//===- ProbelessEdges.cpp - Ways through a CFG that no probe tells apart --===//

#include "Graph/ProbelessEdges.h"
#include "Graph/PathDAG.h"
#include "Graph/StronglyConnected.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace p3 {

namespace {

/// A neighbour in the forest of probeless edges between sets of blocks, and
/// whether the edge points from the set to it.
struct ForestLink {
  unsigned Set;
  bool Outgoing;
};

class Resolver {
public:
  Resolver(const CFG &G, const std::vector<std::vector<bool>> &Probeless,
           const std::vector<bool> &Reachable);
  ProbelessResolution run();

private:
  enum class Outcome { Done, Merged, Stuck };

  unsigned find(unsigned B) const;
  bool usable(unsigned B, unsigned I) const {
    return Reachable[B] && Probeless[B][I] && !Out.Dropped[B][I];
  }
  bool contractLoops();
  Outcome breakUndirectedCycles();
  bool hasTwinRoute(unsigned From, unsigned To, CFGEdge Except) const;
  std::vector<unsigned>
  forestPath(unsigned From, unsigned To,
             const std::vector<std::vector<ForestLink>> &Links,
             std::vector<bool> &Forward) const;
  std::vector<unsigned> forwardHull(const std::vector<unsigned> &Sets) const;
  bool mergeKeepingLoops(const std::vector<unsigned> &Sets,
                            bool AllowProbedInside);

  const CFG &G;
  const std::vector<std::vector<bool>> &Probeless;
  const std::vector<bool> &Reachable;
  std::vector<std::vector<bool>> IsBack;
  mutable std::vector<unsigned> Parent; // union-find over blocks
  std::vector<std::vector<unsigned>> Members; // of each set, per pass
  ProbelessResolution Out;
};

Resolver::Resolver(const CFG &G,
                   const std::vector<std::vector<bool>> &Probeless,
                   const std::vector<bool> &Reachable)
    : G(G), Probeless(Probeless), Reachable(Reachable) {
  unsigned N = G.numBlocks();
  Parent.resize(N);
  std::iota(Parent.begin(), Parent.end(), 0u);
  Out.Dropped.resize(N);
  IsBack.resize(N);
  for (unsigned B = 0; B < N; ++B) {
    Out.Dropped[B].assign(G.Succs[B].size(), false);
    IsBack[B].assign(G.Succs[B].size(), false);
  }
  for (CFGEdge E : findBackEdges(G))
    IsBack[E.Block][E.Index] = true;
}

unsigned Resolver::find(unsigned B) const {
  while (Parent[B] != B)
    B = Parent[B] = Parent[Parent[B]];
  return B;
}

/// Merges each strongly connected component of probeless edges (a loop inside
/// a macro). Merging a strongly connected set closes no new cycle: a cycle
/// through it already ran through its members. Returns whether it merged.
bool Resolver::contractLoops() {
  unsigned N = G.numBlocks();
  std::vector<std::vector<unsigned>> Succs(N);
  for (unsigned B = 0; B < N; ++B)
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      if (usable(B, I) && find(B) != find(G.Succs[B][I]))
        Succs[find(B)].push_back(find(G.Succs[B][I]));
  bool Merged = false;
  for (const std::vector<unsigned> &C : stronglyConnectedComponents(
           Succs, [&](unsigned B) { return find(B) == B; }))
    for (unsigned W : C)
      if (W != C.back()) {
        Parent[find(W)] = find(C.back());
        Merged = true;
      }
  return Merged;
}

/// Whether probeless forward edges lead from set From to set To other than
/// through Except.
bool Resolver::hasTwinRoute(unsigned From, unsigned To, CFGEdge Except) const {
  unsigned N = G.numBlocks();
  std::vector<bool> Seen(N, false);
  std::vector<unsigned> Work{From};
  Seen[From] = true;
  while (!Work.empty()) {
    unsigned S = Work.back();
    Work.pop_back();
    for (unsigned B : Members[S]) {
      for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
        if (!usable(B, I) || IsBack[B][I] || CFGEdge{B, I} == Except)
          continue;
        unsigned T = find(G.Succs[B][I]);
        if (T == To)
          return true;
        if (!Seen[T]) {
          Seen[T] = true;
          Work.push_back(T);
        }
      }
    }
  }
  return false;
}

/// The sets on the forest path From ... To; Forward[k] says whether the edge
/// between the k-th and the next set points from the k-th to the next.
std::vector<unsigned>
Resolver::forestPath(unsigned From, unsigned To,
                     const std::vector<std::vector<ForestLink>> &Links,
                     std::vector<bool> &Forward) const {
  unsigned N = G.numBlocks();
  std::vector<unsigned> Via(N, ~0u);
  std::vector<bool> ViaForward(N, false);
  std::vector<unsigned> Work{From};
  Via[From] = From;
  while (!Work.empty() && Via[To] == ~0u) {
    unsigned S = Work.back();
    Work.pop_back();
    for (ForestLink L : Links[S])
      if (Via[L.Set] == ~0u) {
        Via[L.Set] = S;
        ViaForward[L.Set] = L.Outgoing;
        Work.push_back(L.Set);
      }
  }
  std::vector<unsigned> Path{To};
  Forward.clear();
  for (unsigned S = To; S != From; S = Via[S]) {
    Path.push_back(Via[S]);
    Forward.push_back(ViaForward[S]);
  }
  std::reverse(Path.begin(), Path.end());
  std::reverse(Forward.begin(), Forward.end());
  return Path;
}

/// Merges the given sets unless that closes a new cycle: a way out of one of
/// them into another, X -> ... -> Y, becomes a cycle of the merged set, which
/// control runs around only if Y also reaches X (both were in one loop).
/// Edges between them disappear inside the merged set; one with a probe is
/// allowed only when asked.
bool Resolver::mergeKeepingLoops(const std::vector<unsigned> &Sets,
                                 bool AllowProbedInside) {
  unsigned N = G.numBlocks();
  std::vector<bool> Member(N, false);
  for (unsigned S : Sets)
    Member[find(S)] = true;
  // ENTRY and EXIT stay blocks of their own: paths start and end there (a
  // guarded function's returns reach EXIT by edges without probes).
  if (Member[find(G.Entry)] || Member[find(G.Exit)])
    return false;
  std::vector<std::vector<unsigned>> Succs(N);
  for (unsigned B = 0; B < N; ++B) {
    if (!Reachable[B])
      continue;
    for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
      if (Out.Dropped[B][I])
        continue;
      unsigned U = find(B), V = find(G.Succs[B][I]);
      if (U == V)
        continue;
      if (Member[U] && Member[V] && !Probeless[B][I] && !AllowProbedInside)
        return false;
      Succs[U].push_back(V);
    }
  }
  // From a set, through sets outside the merge only (ThroughMembers: any).
  auto Reached = [&](unsigned From, bool ThroughMembers) {
    std::vector<bool> Seen(N, false);
    std::vector<unsigned> Work{From};
    Seen[From] = true;
    while (!Work.empty()) {
      unsigned V = Work.back();
      Work.pop_back();
      if (V != From && Member[V] && !ThroughMembers)
        continue;
      for (unsigned W : Succs[V])
        if (!Seen[W] && (ThroughMembers || V != From || !Member[W])) {
          Seen[W] = true;
          Work.push_back(W);
        }
    }
    return Seen;
  };
  for (unsigned X : Sets) {
    std::vector<bool> Out = Reached(find(X), false);
    for (unsigned Y : Sets)
      if (find(Y) != find(X) && Out[find(Y)] &&
          !Reached(find(Y), true)[find(X)])
        return false;
  }
  for (unsigned S : Sets)
    Parent[find(S)] = find(Sets.front());
  return true;
}

/// The sets on forward paths (back edges aside) between two of \p Sets, and
/// those: merging them all closes no cycle that control does not run around.
std::vector<unsigned>
Resolver::forwardHull(const std::vector<unsigned> &Sets) const {
  unsigned N = G.numBlocks();
  std::vector<std::vector<unsigned>> Succs(N), Preds(N);
  for (unsigned B = 0; B < N; ++B)
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      if (Reachable[B] && !IsBack[B][I] && !Out.Dropped[B][I] &&
          find(B) != find(G.Succs[B][I])) {
        Succs[find(B)].push_back(find(G.Succs[B][I]));
        Preds[find(G.Succs[B][I])].push_back(find(B));
      }
  auto Closure = [&](const std::vector<std::vector<unsigned>> &Next) {
    std::vector<bool> Seen(N, false);
    std::vector<unsigned> Work;
    for (unsigned S : Sets)
      if (!Seen[find(S)]) {
        Seen[find(S)] = true;
        Work.push_back(find(S));
      }
    while (!Work.empty()) {
      unsigned V = Work.back();
      Work.pop_back();
      for (unsigned W : Next[V])
        if (!Seen[W]) {
          Seen[W] = true;
          Work.push_back(W);
        }
    }
    return Seen;
  };
  std::vector<bool> After = Closure(Succs), Before = Closure(Preds);
  std::vector<unsigned> Hull;
  for (unsigned S = 0; S < N; ++S)
    if (find(S) == S && After[S] && Before[S])
      Hull.push_back(S);
  return Hull;
}

/// Grows a forest of probeless edges between sets, edge by edge. An edge that
/// closes a cycle is dropped when it has a twin route; otherwise two sets
/// around a join or a fork of the cycle are merged, or else the whole cycle.
Resolver::Outcome Resolver::breakUndirectedCycles() {
  unsigned N = G.numBlocks();
  std::vector<unsigned> Tree(N);
  std::iota(Tree.begin(), Tree.end(), 0u);
  auto TreeFind = [&](unsigned S) {
    while (Tree[S] != S)
      S = Tree[S] = Tree[Tree[S]];
    return S;
  };
  std::vector<std::vector<ForestLink>> Links(N);
  Members.assign(N, {});
  for (unsigned B = 0; B < N; ++B)
    Members[find(B)].push_back(B);
  for (unsigned B = 0; B < N; ++B) {
    for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
      if (!usable(B, I))
        continue;
      unsigned U = find(B), V = find(G.Succs[B][I]);
      if (U == V)
        continue;
      if (TreeFind(U) != TreeFind(V)) {
        Tree[TreeFind(U)] = TreeFind(V);
        Links[U].push_back({V, true});
        Links[V].push_back({U, false});
        continue;
      }
      if (!IsBack[B][I] && hasTwinRoute(U, V, {B, I})) {
        Out.Dropped[B][I] = true;
        continue;
      }
      // The cycle: the forest path U ... V, closed by this edge U -> V.
      std::vector<bool> Forward;
      std::vector<unsigned> Cycle = forestPath(U, V, Links, Forward);
      Forward.push_back(false); // from V back to U, against the edge
      unsigned Len = Cycle.size();
      // Joins first (two ways into one set: merging the sets before it keeps
      // the common shape, several jumps to one label, finest), then forks.
      std::vector<std::vector<unsigned>> Joins, Forks;
      for (unsigned K = 0; K < Len; ++K) {
        unsigned Prev = Cycle[(K + Len - 1) % Len], Next = Cycle[(K + 1) % Len];
        bool InFromPrev = Forward[(K + Len - 1) % Len];
        bool OutToNext = Forward[K];
        if (InFromPrev && !OutToNext)
          Joins.push_back({Prev, Next});
        else if (!InFromPrev && OutToNext)
          Forks.push_back({Prev, Next});
      }
      std::vector<std::vector<unsigned>> Candidates = Joins;
      Candidates.insert(Candidates.end(), Forks.begin(), Forks.end());
      for (const std::vector<unsigned> &C : Candidates)
        if (C[0] != C[1] && mergeKeepingLoops(C, false))
          return Outcome::Merged;
      if (mergeKeepingLoops(Cycle, true) ||
          mergeKeepingLoops(forwardHull(Cycle), true))
        return Outcome::Merged;
      for (unsigned X = 0; X < N; ++X)
        if (std::find(Cycle.begin(), Cycle.end(), find(X)) != Cycle.end())
          Out.Unresolved.push_back(X);
      return Outcome::Stuck;
    }
  }
  return Outcome::Done;
}

ProbelessResolution Resolver::run() {
  for (;;) {
    contractLoops();
    Outcome O = breakUndirectedCycles();
    if (O == Outcome::Merged)
      continue;
    break;
  }
  unsigned N = G.numBlocks();
  Out.Region.assign(N, ~0u);
  for (unsigned B = 0; B < N; ++B)
    Out.Region[find(B)] = std::min(Out.Region[find(B)], B);
  for (unsigned B = 0; B < N; ++B)
    Out.Region[B] = Out.Region[find(B)];
  return std::move(Out);
}

} // namespace

ProbelessResolution
resolveProbelessEdges(const CFG &G,
                      const std::vector<std::vector<bool>> &Probeless,
                      const std::vector<bool> &Reachable) {
  return Resolver(G, Probeless, Reachable).run();
}

} // namespace p3
