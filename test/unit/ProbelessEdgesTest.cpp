//===- ProbelessEdgesTest.cpp - Identifying what no probe tells apart ----===//
//
// resolveProbelessEdges must leave the probeless edges a forest between sets
// of blocks, invent no loop, and drop an edge only when a probeless route
// still leads the same way: checked on random CFGs with random probeless
// edges, and on the shapes found in real code (../shared/repro).
//
//===----------------------------------------------------------------------===//

#include "Graph/PathDAG.h"
#include "Graph/ProbelessEdges.h"
#include "RandomDAG.h"

#include "gtest/gtest.h"

#include <functional>
#include <numeric>

using namespace p3;
using namespace p3::test;

namespace {

using EdgeFlags = std::vector<std::vector<bool>>;

std::vector<bool> reachable(const CFG &G) {
  std::vector<bool> Seen(G.numBlocks(), false);
  std::vector<unsigned> Work{G.Entry};
  Seen[G.Entry] = true;
  while (!Work.empty()) {
    unsigned B = Work.back();
    Work.pop_back();
    for (unsigned S : G.Succs[B])
      if (!Seen[S]) {
        Seen[S] = true;
        Work.push_back(S);
      }
  }
  return Seen;
}

EdgeFlags backEdges(const CFG &G) {
  EdgeFlags Back(G.numBlocks());
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    Back[B].assign(G.Succs[B].size(), false);
  for (CFGEdge E : findBackEdges(G))
    Back[E.Block][E.Index] = true;
  return Back;
}

/// Whether probeless, kept, forward edges lead from set From to set To.
bool probelessRoute(const CFG &G, const EdgeFlags &Probeless,
                    const EdgeFlags &Back, const ProbelessResolution &R,
                    unsigned From, unsigned To) {
  std::vector<bool> Seen(G.numBlocks(), false);
  std::vector<unsigned> Work{From};
  Seen[From] = true;
  while (!Work.empty()) {
    unsigned S = Work.back();
    Work.pop_back();
    if (S == To)
      return true;
    for (unsigned B = 0; B < G.numBlocks(); ++B) {
      if (R.Region[B] != S)
        continue;
      for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
        unsigned T = R.Region[G.Succs[B][I]];
        if (Probeless[B][I] && !R.Dropped[B][I] && !Back[B][I] && !Seen[T]) {
          Seen[T] = true;
          Work.push_back(T);
        }
      }
    }
  }
  return false;
}

/// Strongly connected component of each vertex (Kosaraju).
std::vector<unsigned> componentsOf(const std::vector<std::vector<unsigned>> &Succs) {
  unsigned N = Succs.size();
  std::vector<std::vector<unsigned>> Preds(N);
  for (unsigned V = 0; V < N; ++V)
    for (unsigned W : Succs[V])
      Preds[W].push_back(V);
  std::vector<bool> Seen(N, false);
  std::vector<unsigned> Order;
  std::function<void(unsigned)> Forward = [&](unsigned V) {
    Seen[V] = true;
    for (unsigned W : Succs[V])
      if (!Seen[W])
        Forward(W);
    Order.push_back(V);
  };
  for (unsigned V = 0; V < N; ++V)
    if (!Seen[V])
      Forward(V);
  std::vector<unsigned> Component(N, ~0u);
  std::function<void(unsigned, unsigned)> Backward = [&](unsigned V, unsigned C) {
    Component[V] = C;
    for (unsigned W : Preds[V])
      if (Component[W] == ~0u)
        Backward(W, C);
  };
  for (auto It = Order.rbegin(); It != Order.rend(); ++It)
    if (Component[*It] == ~0u)
      Backward(*It, *It);
  return Component;
}

std::string describe(const CFG &G, const EdgeFlags &Probeless,
                     const ProbelessResolution &R) {
  std::string S = "entry B" + std::to_string(G.Entry) + "\n";
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    S += "B" + std::to_string(B) + " (set " + std::to_string(R.Region[B]) +
         "):";
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      S += " " + std::string(Probeless[B][I] ? "~" : "") +
           (R.Dropped[B][I] ? "x" : "") + std::to_string(G.Succs[B][I]);
    S += "\n";
  }
  return S;
}

/// The properties a resolution must have.
void checkResolution(const CFG &G, const EdgeFlags &Probeless,
                     const std::vector<bool> &Reach,
                     const ProbelessResolution &R) {
  unsigned N = G.numBlocks();
  EdgeFlags Back = backEdges(G);
  for (unsigned B = 0; B < N; ++B) {
    ASSERT_LE(R.Region[B], B) << "a set is named by its smallest block";
    ASSERT_EQ(R.Region[R.Region[B]], R.Region[B]);
    // Paths end at EXIT (a guarded function's returns reach it by edges
    // without probes): it may not become part of a set.
    if (B != G.Exit) {
      ASSERT_NE(R.Region[B], R.Region[G.Exit]) << "B" << B << " merged with EXIT";
    }
  }
  // A forest: no probeless kept edge between sets closes an undirected cycle.
  std::vector<unsigned> Parent(N);
  std::iota(Parent.begin(), Parent.end(), 0u);
  auto Find = [&](unsigned X) {
    while (Parent[X] != X)
      X = Parent[X] = Parent[Parent[X]];
    return X;
  };
  for (unsigned B = 0; B < N; ++B)
    for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
      if (!Reach[B] || !Probeless[B][I] || R.Dropped[B][I])
        continue;
      unsigned U = R.Region[B], V = R.Region[G.Succs[B][I]];
      if (U == V)
        continue;
      ASSERT_NE(Find(U), Find(V)) << "probeless edges still close a cycle at B"
                                  << B << "->B" << G.Succs[B][I];
      Parent[Find(U)] = Find(V);
    }
  // No invented loop: two sets on one cycle of the merged graph hold blocks
  // on one cycle of the function (a dropped edge is still taken: its twin
  // route stands for it).
  std::vector<std::vector<unsigned>> All(N), Merged(N);
  for (unsigned B = 0; B < N; ++B)
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      if (Reach[B]) {
        All[B].push_back(G.Succs[B][I]);
        if (!R.Dropped[B][I] && R.Region[B] != R.Region[G.Succs[B][I]])
          Merged[R.Region[B]].push_back(R.Region[G.Succs[B][I]]);
      }
  std::vector<unsigned> Original = componentsOf(All), Now = componentsOf(Merged);
  for (unsigned X = 0; X < N; ++X)
    for (unsigned Y = X + 1; Y < N; ++Y) {
      if (R.Region[X] != X || R.Region[Y] != Y || Now[X] != Now[Y])
        continue;
      bool Shared = false;
      for (unsigned A = 0; A < N && !Shared; ++A)
        for (unsigned B = 0; B < N && !Shared; ++B)
          Shared = R.Region[A] == X && R.Region[B] == Y &&
                   Original[A] == Original[B];
      ASSERT_TRUE(Shared) << "a merge invented a loop through sets " << X
                          << " and " << Y << "\n"
                          << describe(G, Probeless, R);
    }
  // Every dropped edge still has its twin route.
  for (unsigned B = 0; B < N; ++B)
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      if (R.Dropped[B][I]) {
        ASSERT_TRUE(Probeless[B][I]) << "only probeless edges are dropped";
        EXPECT_TRUE(probelessRoute(G, Probeless, Back, R, R.Region[B],
                                   R.Region[G.Succs[B][I]]))
            << "B" << B << "->B" << G.Succs[B][I] << " dropped without a twin";
      }
}

EdgeFlags randomProbeless(const CFG &G, std::mt19937_64 &Rng, double P) {
  std::bernoulli_distribution Coin(P);
  EdgeFlags Probeless(G.numBlocks());
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    Probeless[B].resize(G.Succs[B].size());
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      Probeless[B][I] = Coin(Rng);
  }
  return Probeless;
}

TEST(ProbelessEdges, RandomGraphsBecomeForestsWithoutNewLoops) {
  std::mt19937_64 Rng(11);
  unsigned Resolved = 0, Unresolved = 0;
  for (Shape S : AllShapes)
    for (double P : {0.2, 0.5, 0.8})
      for (unsigned Round = 0; Round < 200; ++Round) {
        CFG G = randomCFG(Rng, S, 3 + Rng() % 12);
        EdgeFlags Probeless = randomProbeless(G, Rng, P);
        std::vector<bool> Reach = reachable(G);
        ProbelessResolution R = resolveProbelessEdges(G, Probeless, Reach);
        if (!R.Unresolved.empty()) {
          ++Unresolved;
          continue;
        }
        ++Resolved;
        checkResolution(G, Probeless, Reach, R);
        if (HasFatalFailure())
          return;
      }
  // Mixed-direction cycles that no merge can break without a loop exist, but
  // are rare even at these densities.
  EXPECT_GT(Resolved, 20 * Unresolved);
}

/// A CFG from successor lists; block 0 is EXIT.
CFG cfg(std::vector<std::vector<unsigned>> Succs, unsigned Entry) {
  CFG G;
  G.Succs = std::move(Succs);
  G.Exit = 0;
  G.Entry = Entry;
  return G;
}

EdgeFlags flags(const CFG &G,
                std::initializer_list<std::pair<unsigned, unsigned>> Edges) {
  EdgeFlags F(G.numBlocks());
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    F[B].assign(G.Succs[B].size(), false);
  for (auto [B, T] : Edges)
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      if (G.Succs[B][I] == T)
        F[B][I] = true;
  return F;
}

// "if (t == 0 || IN(t)) g();" with IN(t) = (t >= 10 && t <= 20): the false
// edge of t >= 10 has a twin through t <= 20, and is dropped; no block is
// merged, so g() stays a block of its own and no loop appears.
TEST(ProbelessEdges, OrThenMacroCondition) {
  // 5 entry, 4: t == 0, 3: t >= 10, 2: t <= 20, 1: g(), 6: after the if.
  CFG G = cfg({{}, {6}, {1, 6}, {2, 6}, {1, 3}, {4}, {0}}, 5);
  EdgeFlags P = flags(G, {{3, 2}, {3, 6}, {2, 1}, {2, 6}});
  ProbelessResolution R = resolveProbelessEdges(G, P, reachable(G));
  ASSERT_TRUE(R.Unresolved.empty());
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    EXPECT_EQ(R.Region[B], B);
  EXPECT_TRUE(R.Dropped[3][1]) << "3->6 counts as 3->2->6";
  checkResolution(G, P, reachable(G), R);
}

// Two "if (p) goto ERROR" inside a macro: the blocks of the two gotos are
// merged (both lead to ERROR), which makes their edges parallel; one drops.
TEST(ProbelessEdges, TwoGotosToOneLabel) {
  // 6 entry, 5: if (a), 4: goto (first), 3: if (a), 2: goto (second),
  // 1: ERROR, 7: the code after the macro.
  CFG G = cfg({{}, {0}, {1}, {2, 7}, {1}, {4, 3}, {5}, {0}}, 6);
  EdgeFlags P = flags(G, {{5, 4}, {5, 3}, {4, 1}, {3, 2}, {2, 1}});
  ProbelessResolution R = resolveProbelessEdges(G, P, reachable(G));
  ASSERT_TRUE(R.Unresolved.empty());
  EXPECT_NE(R.Region[1], R.Region[5]) << "ERROR is not merged into the macro";
  checkResolution(G, P, reachable(G), R);
}

// A loop inside a macro is contracted whole.
TEST(ProbelessEdges, LoopInsideAMacroIsContracted) {
  // 4 entry, 3: i < 3, 2: s += i, 1: after.
  CFG G = cfg({{}, {0}, {3}, {2, 1}, {3}}, 4);
  EdgeFlags P = flags(G, {{3, 2}, {2, 3}, {3, 1}});
  ProbelessResolution R = resolveProbelessEdges(G, P, reachable(G));
  ASSERT_TRUE(R.Unresolved.empty());
  EXPECT_EQ(R.Region[2], R.Region[3]);
  checkResolution(G, P, reachable(G), R);
}

} // namespace
