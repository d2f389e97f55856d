//===- ReducedDAGTest.cpp - Collapsing straight conditionals -------------===//
//
// Oracles: the groups must be single-entry single-exit pieces of the DAG built
// only from straight fan-outs, and every straight fan-out found directly on
// the DAG (arms of one vertex with one in-edge and one out-edge, a join
// entered only from the fan-out) must lie inside one group.
//
//===----------------------------------------------------------------------===//

#include "Graph/ReducedDAG.h"
#include "Graph/BallLarus.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

using namespace p3;
using namespace p3::test;

namespace {

/// The join of the straight fan-out at A, or NoVertex. Arms and the join edges
/// are returned through the out-parameters.
unsigned straightJoin(const PathDAG &D, unsigned A,
                      std::vector<unsigned> &Arms) {
  auto Out = D.outEdges(A);
  if (Out.size() < 2)
    return NoVertex;
  unsigned Join = NoVertex;
  std::vector<unsigned> JoinEdges;
  Arms.clear();
  for (unsigned E : Out) {
    unsigned T = D.edge(E).Dst, ToJoin = E;
    if (D.inEdges(T).size() == 1 && D.outEdges(T).size() == 1) {
      Arms.push_back(T);
      ToJoin = D.outEdges(T)[0];
      T = D.edge(ToJoin).Dst;
    }
    if (Join != NoVertex && T != Join)
      return NoVertex;
    Join = T;
    JoinEdges.push_back(ToJoin);
  }
  auto In = D.inEdges(Join);
  if (In.size() != JoinEdges.size())
    return NoVertex;
  for (unsigned E : In)
    if (std::find(JoinEdges.begin(), JoinEdges.end(), E) == JoinEdges.end())
      return NoVertex;
  return Join;
}

void checkReduced(const PathDAG &D, const ReducedDAG &R) {
  unsigned NG = R.numGroups();
  ASSERT_GE(NG, 1u);
  EXPECT_EQ(R.entryGroup(), R.groupOf(D.entry()));
  EXPECT_EQ(R.exitGroup(), R.groupOf(D.exit()));
  std::vector<std::vector<unsigned>> Members(NG);
  for (unsigned V = 0; V < D.numVertices(); ++V) {
    ASSERT_LT(R.groupOf(V), NG);
    Members[R.groupOf(V)].push_back(V);
  }
  for (unsigned G = 0; G < NG; ++G) {
    ASSERT_FALSE(Members[G].empty()) << "empty group " << G;
    EXPECT_EQ(R.beginVertex(G), Members[G].front());
    if (G > 0) {
      EXPECT_GT(R.beginVertex(G), R.beginVertex(G - 1));
    }
    // Internal edges: exactly the edges with both ends in the group.
    std::vector<unsigned> Expected;
    for (unsigned E = 0; E < D.numEdges(); ++E)
      if (R.groupOf(D.edge(E).Src) == G && R.groupOf(D.edge(E).Dst) == G)
        Expected.push_back(E);
    EXPECT_EQ(std::vector<unsigned>(R.internalEdges(G).begin(),
                                    R.internalEdges(G).end()),
              Expected)
        << "group " << G;
    // One way in (the begin vertex), one way out (the out-edges of one end
    // vertex, all leaving the group).
    unsigned End = NoVertex;
    for (unsigned E : R.outEdges(G)) {
      EXPECT_NE(R.target(E), G);
      EXPECT_EQ(R.target(E), R.groupOf(D.edge(E).Dst));
      EXPECT_GT(R.beginVertex(R.target(E)), R.beginVertex(G)); // acyclic
      if (End == NoVertex)
        End = D.edge(E).Src;
      EXPECT_EQ(D.edge(E).Src, End);
    }
    for (unsigned V : Members[G]) {
      for (unsigned E : D.outEdges(V)) {
        if (R.groupOf(D.edge(E).Dst) != G) {
          auto Out = R.outEdges(G);
          EXPECT_NE(std::find(Out.begin(), Out.end(), E), Out.end())
              << "edge " << E << " leaves group " << G << " unlisted";
        }
      }
      for (unsigned E : D.inEdges(V))
        if (R.groupOf(D.edge(E).Src) != G) {
          EXPECT_EQ(V, R.beginVertex(G))
              << "group " << G << " entered at " << V;
        }
    }
    // Built only from straight fan-outs: every member other than the end is a
    // fan-out head whose fan-out is straight, or an arm of one.
    if (Members[G].size() > 1) {
      for (unsigned V : Members[G]) {
        if (V == End || (End == NoVertex && V == Members[G].back()))
          continue;
        std::vector<unsigned> Arms;
        bool IsHead = straightJoin(D, V, Arms) != NoVertex;
        bool IsArm = D.inEdges(V).size() == 1 && D.outEdges(V).size() == 1;
        EXPECT_TRUE(IsHead || IsArm)
            << "vertex " << V << " in group " << G << " is neither";
      }
    }
  }
  // Every straight fan-out of the DAG is collapsed.
  for (unsigned A = 0; A < D.numVertices(); ++A) {
    std::vector<unsigned> Arms;
    unsigned J = straightJoin(D, A, Arms);
    if (J == NoVertex)
      continue;
    EXPECT_EQ(R.groupOf(J), R.groupOf(A)) << "fan-out at " << A;
    for (unsigned Arm : Arms)
      EXPECT_EQ(R.groupOf(Arm), R.groupOf(A)) << "arm " << Arm;
  }
}

} // namespace

TEST(ReducedDAG, RandomGroupsAreConsistent) {
  Summary Sum("ReducedDAG.RandomGroupsAreConsistent (SESE groups of straight "
              "fan-outs, every straight fan-out collapsed)");
  std::mt19937_64 Rng(0x4ed);
  unsigned Collapsed = 0;
  for (unsigned I = 0; I < 2500 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    SCOPED_TRACE(cfgLiteral(S.G));
    PathDAG D = *PathDAG::build(S.G);
    ReducedDAG R(D);
    checkReduced(D, R);
    uint64_t N = *countPaths(D);
    EXPECT_LE(reducedPaths(R), N);
    Collapsed += R.numGroups() < D.numVertices();
    Sum.add(S.ShapeName, N, false);
  }
  EXPECT_GT(Collapsed, 1000u);
  Sum.note(std::to_string(Collapsed) + " graphs had something collapsed.");
}

TEST(ReducedDAG, DiamondTriangleAndChainCollapse) {
  // Diamond: 0 -> 2; 2 -> {3, 4}; 3 -> 5; 4 -> 5; 5 -> 1.
  {
    CFG G{0, 1, {{2}, {}, {3, 4}, {5}, {5}, {1}}, {}};
    PathDAG D = *PathDAG::build(G);
    ReducedDAG R(D);
    checkReduced(D, R);
    EXPECT_EQ(R.numGroups(), 3u); // ENTRY, the diamond, EXIT
    unsigned Diamond = R.groupOf(D.vertexOfBlock(2));
    for (unsigned B : {3u, 4u, 5u})
      EXPECT_EQ(R.groupOf(D.vertexOfBlock(B)), Diamond);
    EXPECT_EQ(R.internalEdges(Diamond).size(), 4u);
    EXPECT_EQ(reducedPaths(R), 1u);
  }
  // Triangle: 0 -> 2; 2 -> {3, 4}; 3 -> 4; 4 -> 1.
  {
    CFG G{0, 1, {{2}, {}, {3, 4}, {4}, {1}}, {}};
    PathDAG D = *PathDAG::build(G);
    ReducedDAG R(D);
    checkReduced(D, R);
    EXPECT_EQ(R.numGroups(), 3u);
    EXPECT_EQ(R.internalEdges(R.groupOf(D.vertexOfBlock(2))).size(), 3u);
  }
  // A chain of 6 diamonds is one group.
  {
    PathDAG D = *PathDAG::build(diamondChain(6));
    ReducedDAG R(D);
    checkReduced(D, R);
    EXPECT_EQ(R.numGroups(), 3u);
    EXPECT_EQ(R.internalEdges(R.groupOf(1)).size(), 6u * 4);
  }
  // A switch with straight cases (and two direct jumps to the join: a
  // missing default and a case value on the break) is the n-way case.
  {
    CFG G{0, 1, {{2}, {}, {3, 4, 5, 6, 7, 7}, {7}, {7}, {7}, {7}, {1}}, {}};
    PathDAG D = *PathDAG::build(G);
    ReducedDAG R(D);
    checkReduced(D, R);
    EXPECT_EQ(R.numGroups(), 3u);
  }
  // Two case values on one straight case: that case has two in-edges, so by
  // the documented rule it is not an arm and the switch stays as it is.
  {
    CFG G{0, 1, {{2}, {}, {3, 4, 4, 5}, {6}, {6}, {6}, {1}}, {}};
    PathDAG D = *PathDAG::build(G);
    ReducedDAG R(D);
    checkReduced(D, R);
    EXPECT_EQ(R.numGroups(), D.numVertices());
  }
  // Returns in both arms: the join is EXIT, which then joins the group.
  {
    CFG G{0, 1, {{2}, {}, {3, 4}, {1}, {1}}, {}};
    PathDAG D = *PathDAG::build(G);
    ReducedDAG R(D);
    checkReduced(D, R);
    EXPECT_EQ(R.entryGroup(), 0u);
    EXPECT_EQ(R.groupOf(D.vertexOfBlock(2)), R.exitGroup());
  }
}

TEST(ReducedDAG, NestedConditionalsDoNotCollapse) {
  // if (a) { if (b) x; else y; } else z;
  //   0 -> 2; 2 -> {3, 4}; 3 -> {5, 6}; 5 -> 7; 6 -> 7; 7 -> 8; 4 -> 8;
  //   8 -> 1
  CFG G{0, 1, {{2}, {}, {3, 4}, {5, 6}, {8}, {7}, {7}, {8}, {1}}, {}};
  PathDAG D = *PathDAG::build(G);
  ReducedDAG R(D);
  checkReduced(D, R);
  unsigned Inner = R.groupOf(D.vertexOfBlock(3));
  EXPECT_EQ(R.groupOf(D.vertexOfBlock(7)), Inner); // inner diamond collapses
  EXPECT_NE(R.groupOf(D.vertexOfBlock(2)), Inner); // outer one does not
  EXPECT_NE(R.groupOf(D.vertexOfBlock(2)), R.groupOf(D.vertexOfBlock(8)));
  EXPECT_EQ(reducedPaths(R), 2u);

  // A join with an extra way in (a goto to it) is not a straight diamond.
  //   0 -> {2, 9}; 2 -> {3, 4}; 3 -> 5; 4 -> 5; 9 -> 5; 5 -> 1
  CFG H{0, 1, {{2, 9}, {}, {3, 4}, {5}, {5}, {1}, {}, {}, {}, {5}}, {}};
  PathDAG DH = *PathDAG::build(H);
  ReducedDAG RH(DH);
  checkReduced(DH, RH);
  EXPECT_NE(RH.groupOf(DH.vertexOfBlock(2)), RH.groupOf(DH.vertexOfBlock(5)));
}
