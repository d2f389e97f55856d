//===- StronglyConnectedTest.cpp - Tarjan's components against oracles ---===//
//
// Oracles: two vertices share a component exactly when each reaches the
// other (reachability by brute force); a component comes after every
// component it has an edge into; its root, last, is the member a recursive
// depth-first search over the same successor order reaches first.
//
//===----------------------------------------------------------------------===//

#include "Graph/StronglyConnected.h"

#include "gtest/gtest.h"

#include <functional>
#include <random>

using namespace p3;

namespace {

using Digraph = std::vector<std::vector<unsigned>>;

/// N vertices, some left out (Included false) with no edge to or from them;
/// parallel edges and self-loops allowed.
Digraph randomDigraph(std::mt19937_64 &Rng, unsigned N,
                      std::vector<bool> &Included) {
  Included.assign(N, true);
  for (unsigned V = 0; V < N; ++V)
    Included[V] = Rng() % 5 != 0;
  Digraph G(N);
  unsigned Edges = Rng() % (3 * N + 1);
  for (unsigned E = 0; E < Edges; ++E) {
    unsigned U = Rng() % N, V = Rng() % N;
    if (Included[U] && Included[V])
      G[U].push_back(V);
  }
  return G;
}

std::vector<std::vector<bool>> reachability(const Digraph &G) {
  unsigned N = G.size();
  std::vector<std::vector<bool>> R(N, std::vector<bool>(N, false));
  for (unsigned S = 0; S < N; ++S) {
    std::vector<unsigned> Work{S};
    R[S][S] = true;
    while (!Work.empty()) {
      unsigned V = Work.back();
      Work.pop_back();
      for (unsigned W : G[V])
        if (!R[S][W]) {
          R[S][W] = true;
          Work.push_back(W);
        }
    }
  }
  return R;
}

/// Discovery order of a recursive depth-first search from every included
/// vertex in increasing order.
std::vector<unsigned> discoveryOrder(const Digraph &G,
                                     const std::vector<bool> &Included) {
  std::vector<unsigned> Order(G.size(), ~0u);
  unsigned Next = 0;
  std::function<void(unsigned)> Visit = [&](unsigned V) {
    Order[V] = Next++;
    for (unsigned W : G[V])
      if (Order[W] == ~0u)
        Visit(W);
  };
  for (unsigned V = 0; V < G.size(); ++V)
    if (Included[V] && Order[V] == ~0u)
      Visit(V);
  return Order;
}

TEST(StronglyConnected, MatchesReachabilityOrderAndRoots) {
  std::mt19937_64 Rng(2026);
  for (unsigned Trial = 0; Trial < 3000; ++Trial) {
    unsigned N = 1 + Rng() % 14;
    std::vector<bool> Included;
    Digraph G = randomDigraph(Rng, N, Included);
    std::vector<std::vector<unsigned>> Components =
        stronglyConnectedComponents(G, [&](unsigned V) { return Included[V]; });

    std::vector<unsigned> ComponentOf(N, ~0u);
    for (unsigned C = 0; C < Components.size(); ++C)
      for (unsigned V : Components[C]) {
        ASSERT_TRUE(Included[V]) << "trial " << Trial;
        ASSERT_EQ(ComponentOf[V], ~0u) << "vertex in two components";
        ComponentOf[V] = C;
      }
    std::vector<std::vector<bool>> R = reachability(G);
    for (unsigned U = 0; U < N; ++U) {
      ASSERT_EQ(ComponentOf[U] != ~0u, bool(Included[U])) << "trial " << Trial;
      for (unsigned V = 0; V < N; ++V) {
        if (Included[U] && Included[V]) {
          EXPECT_EQ(ComponentOf[U] == ComponentOf[V], R[U][V] && R[V][U])
              << "trial " << Trial << ": " << U << ", " << V;
        }
      }
    }
    for (unsigned U = 0; U < N; ++U)
      for (unsigned V : G[U])
        EXPECT_LE(ComponentOf[V], ComponentOf[U])
            << "trial " << Trial << ": edge " << U << " -> " << V;
    std::vector<unsigned> Order = discoveryOrder(G, Included);
    for (const std::vector<unsigned> &C : Components)
      for (unsigned V : C)
        EXPECT_LE(Order[C.back()], Order[V]) << "trial " << Trial;
  }
}

TEST(StronglyConnected, DeepChainDoesNotRecurse) {
  // A cycle through 200000 vertices: one component, found without recursion.
  const unsigned N = 200000;
  Digraph G(N);
  for (unsigned V = 0; V < N; ++V)
    G[V].push_back((V + 1) % N);
  std::vector<std::vector<unsigned>> Components =
      stronglyConnectedComponents(G);
  ASSERT_EQ(Components.size(), 1u);
  EXPECT_EQ(Components[0].size(), N);
  EXPECT_EQ(Components[0].back(), 0u);
}

} // namespace
