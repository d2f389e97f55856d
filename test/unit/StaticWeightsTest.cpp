//===- StaticWeightsTest.cpp - Loop depths and static edge weights -------===//
//
// Oracle for loop depths: the natural loop of each back edge t->h computed on
// the CFG itself (h plus every block that reaches t without passing h), for
// reducible CFGs, where that is the textbook definition.
//
//===----------------------------------------------------------------------===//

#include "Graph/StaticWeights.h"
#include "Graph/BallLarus.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <set>

using namespace p3;
using namespace p3::test;

namespace {

/// Depth per block from the natural loops of the DAG's back edges.
std::vector<unsigned> naturalLoopDepths(const CFG &G, const PathDAG &D) {
  std::vector<std::vector<unsigned>> Preds(G.numBlocks());
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    for (unsigned S : G.Succs[B])
      Preds[S].push_back(B);
  std::map<unsigned, std::set<unsigned>> Bodies; // header block -> blocks
  for (const SplitEdge &S : D.splitEdges()) {
    if (S.IsCut)
      continue;
    unsigned H = D.block(S.Head), T = D.block(S.Tail);
    std::set<unsigned> &Body = Bodies[H];
    Body.insert(H);
    std::vector<unsigned> Work;
    if (Body.insert(T).second)
      Work.push_back(T);
    while (!Work.empty()) {
      unsigned B = Work.back();
      Work.pop_back();
      for (unsigned P : Preds[B])
        if (D.vertexOfBlock(P) != NoVertex && Body.insert(P).second)
          Work.push_back(P);
    }
  }
  std::vector<unsigned> Depth(D.numVertices(), 0);
  for (auto &[H, Body] : Bodies)
    for (unsigned B : Body)
      ++Depth[D.vertexOfBlock(B)];
  return Depth;
}

} // namespace

TEST(StaticWeights, LoopDepthsAreNaturalLoops) {
  Summary Sum("StaticWeights.LoopDepthsAreNaturalLoops (reducible shapes)");
  std::mt19937_64 Rng(0x5747);
  unsigned Nested = 0;
  for (unsigned I = 0; Sum.graphs() < 1500 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    // Gotos and extra starts can make loops irreducible, where "natural loop"
    // has no single meaning.
    if (std::string(S.ShapeName) == "gotos" ||
        std::string(S.ShapeName) == "extra-starts")
      continue;
    SCOPED_TRACE(cfgLiteral(S.G));
    PathDAG D = *PathDAG::build(S.G);
    std::vector<unsigned> Depth = loopDepths(D);
    EXPECT_EQ(Depth, naturalLoopDepths(S.G, D));
    Nested += *std::max_element(Depth.begin(), Depth.end()) > 1;
    Sum.add(S.ShapeName, countPaths(D).value_or(0), false);

    std::vector<uint64_t> W = staticEdgeWeights(D);
    for (unsigned E = 0; E < D.numEdges(); ++E) {
      const DAGEdge &Edge = D.edge(E);
      if (Edge.Kind != EdgeKind::Real || Edge.Dst == D.exit()) {
        EXPECT_EQ(W[E], 0u) << "free edge " << E;
      } else {
        EXPECT_GE(W[E], 1u);
      }
    }
  }
  EXPECT_GT(Nested, 100u);
  Sum.note(std::to_string(Nested) + " with nested loops.");
}

TEST(StaticWeights, NestedLoopByHand) {
  // while (a) { while (b) x; y; }
  //   0 -> 2; 2 -> {3, 1}; 3 -> 4; 4 -> {5, 6}; 5 -> 4; 6 -> 2
  // The inner latch 5 is in both loops even though its only way back to the
  // outer latch 6 goes through the inner back edge.
  CFG G{0, 1, {{2}, {}, {3, 1}, {4}, {5, 6}, {4}, {2}}, {}};
  PathDAG D = *PathDAG::build(G);
  std::vector<unsigned> Depth = loopDepths(D);
  auto DepthOf = [&](unsigned B) { return Depth[D.vertexOfBlock(B)]; };
  EXPECT_EQ(DepthOf(0), 0u);
  EXPECT_EQ(DepthOf(2), 1u);
  EXPECT_EQ(DepthOf(3), 1u);
  EXPECT_EQ(DepthOf(4), 2u);
  EXPECT_EQ(DepthOf(5), 2u);
  EXPECT_EQ(DepthOf(6), 1u);
  EXPECT_EQ(DepthOf(1), 0u);

  // The inner body edge 4->5 is the hottest; leaving the inner loop (4->6)
  // is 8 times rarer than staying in it.
  std::vector<uint64_t> W = staticEdgeWeights(D);
  uint64_t Body = W[D.edgeOf({4, 0})], Leave = W[D.edgeOf({4, 1})];
  EXPECT_EQ(Body, 8 * Leave);
  EXPECT_GT(Body, W[D.edgeOf({2, 0})]);
}
