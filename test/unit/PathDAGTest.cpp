//===- PathDAGTest.cpp - DAG construction --------------------------------===//
//
// The DAG is checked against the CFG it came from with oracles that only look
// at the CFG: block reachability by BFS, the CFG edges one by one, cycles by
// reachability.
//
//===----------------------------------------------------------------------===//

#include "Graph/PathDAG.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <deque>
#include <set>

using namespace p3;
using namespace p3::test;

namespace {

/// Blocks reachable in the CFG from the given roots.
std::vector<bool> reachableBlocks(const CFG &G, std::vector<unsigned> Roots) {
  std::vector<bool> Seen(G.numBlocks(), false);
  std::deque<unsigned> Work;
  for (unsigned R : Roots)
    if (R < G.numBlocks() && !Seen[R]) {
      Seen[R] = true;
      Work.push_back(R);
    }
  while (!Work.empty()) {
    unsigned B = Work.front();
    Work.pop_front();
    for (unsigned S : G.Succs[B])
      if (!Seen[S]) {
        Seen[S] = true;
        Work.push_back(S);
      }
  }
  return Seen;
}

std::vector<unsigned> pathStarts(const CFG &G) {
  std::vector<unsigned> Roots{G.Entry};
  for (unsigned B : G.ExtraStarts)
    if (B < G.numBlocks() && B != G.Exit)
      Roots.push_back(B);
  return Roots;
}

/// Checks every structural property of D against G.
void checkDAG(const CFG &G, const PathDAG &D) {
  SCOPED_TRACE(cfgLiteral(G));
  unsigned NV = D.numVertices();
  ASSERT_GE(NV, 2u);
  EXPECT_EQ(D.entry(), 0u);
  EXPECT_EQ(D.exit(), NV - 1);
  EXPECT_EQ(D.block(D.entry()), G.Entry);
  EXPECT_EQ(D.block(D.exit()), G.Exit);

  // Vertices are exactly the blocks a path can reach, plus EXIT.
  std::vector<bool> Reach = reachableBlocks(G, pathStarts(G));
  Reach[G.Exit] = true;
  unsigned Expected = 0;
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    Expected += Reach[B];
    unsigned V = D.vertexOfBlock(B);
    EXPECT_EQ(V != NoVertex, bool(Reach[B])) << "block " << B;
    if (V != NoVertex) {
      EXPECT_EQ(D.block(V), B);
    }
  }
  EXPECT_EQ(NV, Expected);

  // Acyclic by numbering; edge ids grouped by source in out-edge order.
  unsigned Next = 0;
  for (unsigned V = 0; V < NV; ++V)
    for (unsigned E : D.outEdges(V)) {
      EXPECT_EQ(E, Next++);
      EXPECT_EQ(D.edge(E).Src, V);
    }
  EXPECT_EQ(Next, D.numEdges());
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    const DAGEdge &Edge = D.edge(E);
    EXPECT_LT(Edge.Src, Edge.Dst) << "edge " << E;
    EXPECT_EQ(D.isExitEdge(E), Edge.Dst == D.exit());
    auto In = D.inEdges(Edge.Dst);
    EXPECT_EQ(std::count(In.begin(), In.end(), E), 1);
  }
  unsigned InTotal = 0;
  for (unsigned V = 0; V < NV; ++V) {
    InTotal += D.inEdges(V).size();
    for (unsigned E : D.inEdges(V))
      EXPECT_EQ(D.edge(E).Dst, V);
  }
  EXPECT_EQ(InTotal, D.numEdges());

  // Every vertex is on some ENTRY->EXIT path.
  std::vector<bool> Fwd(NV, false), Bwd(NV, false);
  Fwd[0] = true;
  for (unsigned E = 0; E < D.numEdges(); ++E) // edges sorted by source
    if (Fwd[D.edge(E).Src])
      Fwd[D.edge(E).Dst] = true;
  Bwd[D.exit()] = true;
  for (unsigned E = D.numEdges(); E-- > 0;)
    if (Bwd[D.edge(E).Dst])
      Bwd[D.edge(E).Src] = true;
  for (unsigned V = 0; V < NV; ++V) {
    EXPECT_TRUE(Fwd[V]) << "vertex " << V << " not reachable from ENTRY";
    EXPECT_TRUE(Bwd[V]) << "vertex " << V << " does not reach EXIT";
  }

  // Every CFG edge of a reachable block is one real edge or one split edge.
  std::set<unsigned> Tails, Heads;
  unsigned Real = 0;
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    for (unsigned I = 0; I < G.Succs[B].size(); ++I) {
      CFGEdge CE{B, I};
      unsigned E = D.edgeOf(CE), S = D.splitOf(CE);
      if (!Reach[B]) {
        EXPECT_EQ(E, NoEdge);
        EXPECT_EQ(S, NoEdge);
        continue;
      }
      ASSERT_NE(E == NoEdge, S == NoEdge) << "CFG edge " << B << "#" << I;
      unsigned From = D.vertexOfBlock(B), To = D.vertexOfBlock(G.Succs[B][I]);
      if (E != NoEdge) {
        ++Real;
        EXPECT_EQ(D.edge(E).Kind, EdgeKind::Real);
        EXPECT_EQ(D.edge(E).Origin, CE);
        EXPECT_EQ(D.edge(E).Src, From);
        EXPECT_EQ(D.edge(E).Dst, To);
        continue;
      }
      const SplitEdge &Split = D.splitEdges()[S];
      EXPECT_EQ(Split.Origin, CE);
      EXPECT_EQ(Split.Tail, From);
      EXPECT_EQ(Split.Head, To);
      EXPECT_FALSE(Split.IsCut);
      // A back edge closes a cycle of the CFG (or enters ENTRY, which is kept
      // first by treating every edge into it as a back edge).
      if (G.Succs[B][I] != G.Entry) {
        std::vector<bool> FromHead = reachableBlocks(G, {G.Succs[B][I]});
        EXPECT_TRUE(FromHead[B])
            << "split edge " << B << "#" << I << " closes no cycle";
      }
      Tails.insert(From);
      if (To != 0)
        Heads.insert(To);
    }
  }
  EXPECT_EQ(D.splitEdges().size() + Real, [&] {
    unsigned N = 0;
    for (unsigned B = 0; B < G.numBlocks(); ++B)
      N += Reach[B] ? G.Succs[B].size() : 0;
    return N;
  }());
  for (unsigned B : pathStarts(G))
    if (D.vertexOfBlock(B) != 0)
      Heads.insert(D.vertexOfBlock(B));

  // Dummy edges: one end edge per tail, one start edge per head, nothing else.
  unsigned Starts = 0, Ends = 0, RealInDAG = 0;
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    const DAGEdge &Edge = D.edge(E);
    switch (Edge.Kind) {
    case EdgeKind::Real:
      ++RealInDAG;
      EXPECT_EQ(D.edgeOf(Edge.Origin), E);
      break;
    case EdgeKind::Start:
      ++Starts;
      EXPECT_EQ(Edge.Src, 0u);
      EXPECT_TRUE(Heads.count(Edge.Dst)) << "start edge to " << Edge.Dst;
      EXPECT_EQ(D.startEdge(Edge.Dst), E);
      break;
    case EdgeKind::End:
      ++Ends;
      EXPECT_EQ(Edge.Dst, D.exit());
      EXPECT_TRUE(Tails.count(Edge.Src)) << "end edge from " << Edge.Src;
      EXPECT_EQ(D.endEdge(Edge.Src), E);
      break;
    }
  }
  EXPECT_EQ(RealInDAG, Real);
  EXPECT_EQ(Starts, Heads.size());
  EXPECT_EQ(Ends, Tails.size());
  for (unsigned V = 0; V < NV; ++V) {
    EXPECT_EQ(D.startEdge(V) != NoEdge, bool(Heads.count(V)));
    EXPECT_EQ(D.endEdge(V) != NoEdge, bool(Tails.count(V)));
  }

  // The documented edge order: real edges in successor order, then the end
  // edge; ENTRY's start edges last, by increasing target.
  for (unsigned V = 0; V < NV; ++V) {
    int Phase = 0; // 0 real, 1 end, 2 start
    unsigned LastIndex = 0, LastStart = 0;
    bool SeenReal = false;
    for (unsigned E : D.outEdges(V)) {
      const DAGEdge &Edge = D.edge(E);
      int P = Edge.Kind == EdgeKind::Real  ? 0
              : Edge.Kind == EdgeKind::End ? 1
                                           : 2;
      EXPECT_GE(P, Phase) << "edge order at vertex " << V;
      if (P == 1) {
        EXPECT_LT(Phase, 1) << "two end edges at vertex " << V;
      }
      Phase = std::max(Phase, P);
      if (P == 0) {
        if (SeenReal) {
          EXPECT_GT(Edge.Origin.Index, LastIndex);
        }
        LastIndex = Edge.Origin.Index;
        SeenReal = true;
      }
      if (P == 2) {
        EXPECT_GT(Edge.Dst, LastStart);
        LastStart = Edge.Dst;
      }
    }
  }
}

PathDAG buildOrFail(const CFG &G) {
  llvm::Expected<PathDAG> D = PathDAG::build(G);
  if (!D) {
    ADD_FAILURE() << llvm::toString(D.takeError()) << "\n" << cfgLiteral(G);
    return *PathDAG::build(diamondChain(1));
  }
  return std::move(*D);
}

std::string buildError(const CFG &G) {
  llvm::Expected<PathDAG> D = PathDAG::build(G);
  if (D)
    return "";
  return llvm::toString(D.takeError());
}

unsigned countKind(const PathDAG &D, EdgeKind K) {
  unsigned N = 0;
  for (const DAGEdge &E : D.edges())
    N += E.Kind == K;
  return N;
}

} // namespace

TEST(PathDAG, RandomCFGs) {
  Summary Sum("PathDAG.RandomCFGs (structure vs CFG)");
  std::mt19937_64 Rng(0x9a7d);
  for (unsigned I = 0; I < 4000; ++I) {
    Sample S = sampleCFG(Rng, I);
    PathDAG D = buildOrFail(S.G);
    checkDAG(S.G, D);
    Sum.add(S.ShapeName, bruteCountPaths(D, 100000), false);
    if (HasFailure())
      return;
  }
}

TEST(PathDAG, SelfLoop) {
  // 0 entry -> 2; 2 -> 2 (self loop), 2 -> 1 exit.
  CFG G{0, 1, {{2}, {}, {2, 1}}, {}};
  PathDAG D = buildOrFail(G);
  checkDAG(G, D);
  unsigned A = D.vertexOfBlock(2);
  ASSERT_EQ(D.splitEdges().size(), 1u);
  EXPECT_EQ(D.splitOf({2, 0}), 0u);
  EXPECT_EQ(D.splitEdges()[0].Tail, A);
  EXPECT_EQ(D.splitEdges()[0].Head, A);
  EXPECT_NE(D.startEdge(A), NoEdge);
  EXPECT_NE(D.endEdge(A), NoEdge);
  // Paths: {real, start} into A times {real, end} out of A.
  EXPECT_EQ(bruteCountPaths(D, 100), 4u);
}

TEST(PathDAG, SeveralBackEdgesShareDummyEdges) {
  // while (h) { if (b) continue; c; } with continue and the loop end both
  // jumping back to the header 2.
  //   0 -> 2; 2 -> {3, 5}; 3 -> {2, 4}; 4 -> 2; 5 -> 1
  CFG G{0, 1, {{2}, {}, {3, 5}, {2, 4}, {2}, {1}}, {}};
  PathDAG D = buildOrFail(G);
  checkDAG(G, D);
  EXPECT_EQ(D.splitEdges().size(), 2u);
  EXPECT_NE(D.splitOf({3, 0}), NoEdge);
  EXPECT_NE(D.splitOf({4, 0}), NoEdge);
  EXPECT_EQ(countKind(D, EdgeKind::Start), 1u); // one ENTRY->header
  EXPECT_EQ(countKind(D, EdgeKind::End), 2u);   // one per tail
  // From ENTRY or the start edge into 2; then 2->5->exit, 2->3->end,
  // 2->3->4->end: 2 * 3 paths.
  EXPECT_EQ(bruteCountPaths(D, 100), 6u);
}

TEST(PathDAG, MultiEdgesStayDistinct) {
  // switch with two case values on label 3 and two on the exit (returns).
  //   0 -> 2; 2 -> {3, 3, 1, 1}; 3 -> 1
  CFG G{0, 1, {{2}, {}, {3, 3, 1, 1}, {1}}, {}};
  PathDAG D = buildOrFail(G);
  checkDAG(G, D);
  unsigned A = D.edgeOf({2, 0}), B = D.edgeOf({2, 1});
  unsigned C = D.edgeOf({2, 2}), E = D.edgeOf({2, 3});
  EXPECT_NE(A, B);
  EXPECT_NE(C, E);
  EXPECT_EQ(D.edge(A).Dst, D.edge(B).Dst);
  EXPECT_EQ(D.edge(C).Dst, D.exit());
  EXPECT_EQ(D.edge(E).Dst, D.exit());
  EXPECT_EQ(D.outEdges(D.vertexOfBlock(2)).size(), 4u);
  EXPECT_EQ(bruteCountPaths(D, 100), 4u);
}

TEST(PathDAG, EdgeIntoEntry) {
  // The entry block is a loop header: 0 -> 2; 2 -> {0, 1}.
  CFG G{0, 1, {{2}, {}, {0, 1}}, {}};
  PathDAG D = buildOrFail(G);
  checkDAG(G, D);
  ASSERT_EQ(D.splitEdges().size(), 1u);
  EXPECT_EQ(D.splitEdges()[0].Head, 0u);
  // A path that starts over at ENTRY needs no start edge.
  EXPECT_EQ(countKind(D, EdgeKind::Start), 0u);
  EXPECT_EQ(countKind(D, EdgeKind::End), 1u);
  EXPECT_EQ(bruteCountPaths(D, 100), 2u);

  // Also when the jump to ENTRY does not close a cycle reachable from ENTRY:
  // a handler (extra start) that jumps back to ENTRY.
  CFG H{0, 1, {{1}, {}, {0}}, {2}};
  PathDAG DH = buildOrFail(H);
  checkDAG(H, DH);
  EXPECT_NE(DH.splitOf({2, 0}), NoEdge);
}

TEST(PathDAG, IrreducibleLoopFollowsSuccessorOrder) {
  // Two entries into the cycle 2 <-> 3. The DFS meets 2 first, so 3->2 is the
  // back edge; with the entry's successors swapped, 2->3 is.
  CFG G{0, 1, {{2, 3}, {}, {3, 1}, {2, 1}}, {}};
  PathDAG D = buildOrFail(G);
  checkDAG(G, D);
  ASSERT_EQ(D.splitEdges().size(), 1u);
  EXPECT_EQ(D.splitEdges()[0].Origin, (CFGEdge{3, 0}));

  CFG Swapped{0, 1, {{3, 2}, {}, {3, 1}, {2, 1}}, {}};
  PathDAG DS = buildOrFail(Swapped);
  checkDAG(Swapped, DS);
  ASSERT_EQ(DS.splitEdges().size(), 1u);
  EXPECT_EQ(DS.splitEdges()[0].Origin, (CFGEdge{2, 0}));

  // Same input, same DAG.
  PathDAG Again = buildOrFail(G);
  ASSERT_EQ(Again.numEdges(), D.numEdges());
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    EXPECT_EQ(Again.edge(E).Src, D.edge(E).Src);
    EXPECT_EQ(Again.edge(E).Dst, D.edge(E).Dst);
  }
}

TEST(PathDAG, ExtraStarts) {
  // 0 -> 2 -> 1; handler 3 (reached only by unwinding) -> 2.
  CFG G{0, 1, {{2}, {}, {1}, {2}}, {3}};
  PathDAG D = buildOrFail(G);
  checkDAG(G, D);
  unsigned H = D.vertexOfBlock(3);
  ASSERT_NE(H, NoVertex);
  ASSERT_NE(D.startEdge(H), NoEdge);
  EXPECT_EQ(D.startEdge(D.vertexOfBlock(2)), NoEdge);
  EXPECT_EQ(bruteCountPaths(D, 100), 2u);

  // A handler that is also reachable normally, the entry and the exit as
  // extra starts: only the first gets a start edge; out-of-range is ignored.
  CFG G2{0, 1, {{2}, {}, {1}}, {2, 0, 1, 7}};
  PathDAG D2 = buildOrFail(G2);
  checkDAG(G2, D2);
  EXPECT_EQ(countKind(D2, EdgeKind::Start), 1u);
  EXPECT_NE(D2.startEdge(D2.vertexOfBlock(2)), NoEdge);
  EXPECT_EQ(bruteCountPaths(D2, 100), 2u);

  // Without the extra start the handler is dead code and dropped.
  G.ExtraStarts.clear();
  PathDAG D3 = buildOrFail(G);
  EXPECT_EQ(D3.vertexOfBlock(3), NoVertex);
  EXPECT_EQ(D3.edgeOf({3, 0}), NoEdge);
}

TEST(PathDAG, NoWayToTheExit) {
  // for (;;) body;  The exit block is unreachable but still EXIT; the loop's
  // end edge is the only way there.  0 -> 2; 2 -> 2
  CFG G{0, 1, {{2}, {}, {2}}, {}};
  PathDAG D = buildOrFail(G);
  checkDAG(G, D);
  EXPECT_TRUE(D.inEdges(D.exit()).size() == 1);
  EXPECT_EQ(D.edge(D.inEdges(D.exit())[0]).Kind, EdgeKind::End);
  EXPECT_EQ(bruteCountPaths(D, 100), 2u);

  // The entry block jumps to itself: ENTRY's only way out is its end edge.
  CFG Self{0, 1, {{0}, {}}, {}};
  PathDAG DS = buildOrFail(Self);
  checkDAG(Self, DS);
  ASSERT_EQ(DS.outEdges(0).size(), 1u);
  EXPECT_EQ(DS.edge(DS.outEdges(0)[0]).Kind, EdgeKind::End);
  EXPECT_EQ(bruteCountPaths(DS, 100), 1u);
}

TEST(PathDAG, UnreachableBlocksAreDropped) {
  // Block 3 has no successors but nothing reaches it: not an error.
  CFG G{0, 1, {{2}, {}, {1}, {}, {3}}, {}};
  PathDAG D = buildOrFail(G);
  checkDAG(G, D);
  EXPECT_EQ(D.numVertices(), 3u);
}

TEST(PathDAG, BadCFGsGiveClearErrors) {
  EXPECT_NE(buildError(CFG{0, 1, {{1}, {0}}, {}}).find("exit block has succ"),
            std::string::npos);
  EXPECT_NE(buildError(CFG{0, 0, {{}}, {}}).find("entry and exit are the same"),
            std::string::npos);
  EXPECT_NE(buildError(CFG{0, 1, {{2, 1}, {}, {}}, {}})
                .find("block 2 has no successors and is not the exit"),
            std::string::npos);
  // A dead end reached only from an extra start is reported too.
  EXPECT_NE(buildError(CFG{0, 1, {{1}, {}, {}}, {2}})
                .find("block 2 has no successors"),
            std::string::npos);
  EXPECT_NE(buildError(CFG{0, 1, {{5}, {}}, {}}).find("out of range"),
            std::string::npos);
  EXPECT_NE(buildError(CFG{0, 4, {{1}, {}}, {}}).find("out of range"),
            std::string::npos);
  // The same errors come through buildNumberableDAG.
  llvm::Expected<PathDAG> D = buildNumberableDAG(CFG{0, 1, {{1}, {0}}, {}});
  ASSERT_FALSE(bool(D));
  EXPECT_NE(llvm::toString(D.takeError()).find("exit block has succ"),
            std::string::npos);
}
