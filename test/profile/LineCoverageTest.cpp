//===- LineCoverageTest.cpp - Edge, block, line and branch counts from paths
//
// The oracle is an execution: random walks through random CFGs, recorded
// edge by edge, and cut into Ball-Larus paths the way the runtime counts
// them (a path ends on a back edge or cut and the next begins at its head).
// From the path counts alone, EdgeFlow must give back every edge's and
// block's count, and LineCoverage every line's and branch's:
//  - a line that is one block's only line counts the executions of the paths
//    through that block (the issue's property);
//  - a branch's ways count their edges.
// Plus gcov's cycle rule on small hand-made lines, and the HTML escaping.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "Profile/EdgeFlow.h"
#include "Profile/HtmlReport.h"
#include "Profile/LcovExport.h"
#include "Profile/LineCoverage.h"
#include "Profile/PathCoverage.h"
#include "Profile/SourceFiles.h"

#include "gtest/gtest.h"

#include <map>
#include <set>

using namespace p3;
using namespace p3::test;

namespace {

/// What really happened: edge traversals, block executions, and the paths.
struct Trace {
  std::vector<std::vector<uint64_t>> Edge; ///< [block][successor]
  std::vector<uint64_t> Block;
  std::vector<uint64_t> Unwound;
  uint64_t Calls = 0;
  PathCounts Paths; ///< SBL id -> count
  /// SBL id -> the blocks the path runs through.
  std::map<uint64_t, std::set<unsigned>> BlocksOf;
};

/// Steps from each block to the exit, for walks that must end.
std::vector<unsigned> distanceToExit(const CFG &G) {
  std::vector<unsigned> Dist(G.numBlocks(), ~0u);
  Dist[G.Exit] = 0;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned B = 0; B < G.numBlocks(); ++B)
      for (unsigned S : G.Succs[B])
        if (Dist[S] != ~0u && Dist[S] + 1 < Dist[B]) {
          Dist[B] = Dist[S] + 1;
          Changed = true;
        }
  }
  return Dist;
}

/// Walks from \p Start (the entry, or a catch handler entered by unwinding)
/// to the exit, recording everything and cutting the walk into paths.
void walk(std::mt19937_64 &Rng, const CFG &G, const FunctionGraph &FG,
          const std::vector<unsigned> &Dist, unsigned Start, Trace &T) {
  const PathDAG &D = FG.DAG;
  uint64_t Id = 0;
  std::set<unsigned> Blocks;
  auto EndPath = [&] {
    T.Paths[Id] += 1;
    T.BlocksOf[Id].insert(Blocks.begin(), Blocks.end());
    Id = 0;
    Blocks.clear();
  };
  unsigned Cur = Start;
  if (Start == G.Entry) {
    ++T.Calls;
  } else {
    ++T.Unwound[Start];
    unsigned E = D.startEdge(D.vertexOfBlock(Start));
    ASSERT_NE(E, NoEdge) << "catch handler without a start edge";
    Id += FG.SBL.Val[E];
  }
  for (unsigned Step = 0; Cur != G.Exit; ++Step) {
    ++T.Block[Cur];
    Blocks.insert(Cur);
    const std::vector<unsigned> &Succs = G.Succs[Cur];
    // Only toward blocks from which the exit can be reached; after a while,
    // straight for it.
    std::vector<unsigned> Ways;
    for (unsigned J = 0; J < Succs.size(); ++J)
      if (Dist[Succs[J]] != ~0u)
        Ways.push_back(J);
    unsigned I = Ways[std::uniform_int_distribution<size_t>(0, Ways.size() - 1)(Rng)];
    if (Step > 40)
      for (unsigned J : Ways)
        if (Dist[Succs[J]] < Dist[Succs[I]])
          I = J;
    ++T.Edge[Cur][I];
    unsigned E = D.edgeOf({Cur, I});
    if (E != NoEdge) {
      Id += FG.SBL.Val[E];
    } else {
      unsigned Split = D.splitOf({Cur, I});
      ASSERT_NE(Split, NoEdge) << "edge " << Cur << "->" << Succs[I]
                               << " is neither in the DAG nor split";
      const SplitEdge &S = D.splitEdges()[Split];
      Id += FG.SBL.Val[D.endEdge(S.Tail)];
      EndPath();
      // A back edge to ENTRY itself begins the next path at ENTRY.
      if (unsigned Start = D.startEdge(S.Head); Start != NoEdge)
        Id += FG.SBL.Val[Start];
    }
    Cur = Succs[I];
  }
  ++T.Block[G.Exit];
  Blocks.insert(G.Exit);
  EndPath();
}

Trace runWalks(std::mt19937_64 &Rng, const CFG &G, const FunctionGraph &FG,
               unsigned Walks) {
  Trace T;
  T.Edge.resize(G.numBlocks());
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    T.Edge[B].assign(G.Succs[B].size(), 0);
  T.Block.assign(G.numBlocks(), 0);
  T.Unwound.assign(G.numBlocks(), 0);
  std::vector<unsigned> Dist = distanceToExit(G);
  for (unsigned W = 0; W < Walks; ++W) {
    unsigned Start = G.Entry;
    if (!G.ExtraStarts.empty() && Rng() % 5 == 0)
      Start = G.ExtraStarts[Rng() % G.ExtraStarts.size()];
    if (Dist[Start] == ~0u || FG.DAG.vertexOfBlock(Start) == NoVertex ||
        (Start != G.Entry &&
         FG.DAG.startEdge(FG.DAG.vertexOfBlock(Start)) == NoEdge))
      continue; // not a place a path can begin
    walk(Rng, G, FG, Dist, Start, T);
  }
  return T;
}

/// A manifest function over \p G where every block but the exit has a line
/// of its own (block B on line B + 1).
ManifestFunction oneLinePerBlock(const CFG &G) {
  ManifestFunction MF;
  MF.Instrumented = true;
  MF.Graph = G;
  MF.Line = 1;
  MF.CodeLines.resize(G.numBlocks());
  MF.Blocks.resize(G.numBlocks());
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    if (B != G.Exit)
      MF.CodeLines[B] = {B + 1};
  return MF;
}

} // namespace

TEST(EdgeFlow, EdgeAndBlockCountsFromPathsEqualTheExecution) {
  std::mt19937_64 Rng(4242);
  Summary Sum("EdgeFlow: edge and block counts from paths = executed counts");
  unsigned Ambiguous = 0;
  for (unsigned I = 0; I < 300; ++I) {
    Sample S = sampleCFG(Rng, I);
    FunctionGraph FG = functionOf(S.G);
    Trace T = runWalks(Rng, S.G, FG, 30);
    EdgeFlow Flow = deriveEdgeFlow(S.G, FG, T.Paths);
    ASSERT_EQ(Flow.BadPaths, 0u) << cfgLiteral(S.G);
    EXPECT_EQ(Flow.Calls, T.Calls) << cfgLiteral(S.G);
    for (unsigned B = 0; B < S.G.numBlocks(); ++B) {
      if (FG.DAG.vertexOfBlock(B) == NoVertex)
        continue;
      EXPECT_EQ(Flow.Block[B], T.Block[B])
          << "block " << B << " of " << cfgLiteral(S.G);
      EXPECT_EQ(Flow.Unwound[B], T.Unwound[B]) << cfgLiteral(S.G);
      uint64_t Out = 0, Traced = 0;
      for (unsigned J = 0; J < S.G.Succs[B].size(); ++J) {
        Out += Flow.CFGEdge[B][J];
        Traced += T.Edge[B][J];
        if (Flow.Ambiguous[B][J]) {
          ++Ambiguous;
          continue;
        }
        EXPECT_EQ(Flow.CFGEdge[B][J], T.Edge[B][J])
            << "edge " << B << "->" << S.G.Succs[B][J] << " of "
            << cfgLiteral(S.G);
      }
      // Ambiguous back edges still add up to what left the block.
      EXPECT_EQ(Out, Traced) << "block " << B << " of " << cfgLiteral(S.G);
    }
    Sum.add(S.ShapeName, FG.SBL.numPaths(), false);
  }
  Sum.note("ambiguous back edges: " + std::to_string(Ambiguous));
}

TEST(LineCoverage, LineOfOneBlockCountsThePathsThroughIt) {
  std::mt19937_64 Rng(77);
  Summary Sum("LineCoverage: line count = sum of counts of paths through its "
              "block; branch ways = edge counts");
  for (unsigned I = 0; I < 300; ++I) {
    Sample S = sampleCFG(Rng, I);
    FunctionGraph FG = functionOf(S.G);
    Trace T = runWalks(Rng, S.G, FG, 30);
    ManifestFunction MF = oneLinePerBlock(S.G);
    EdgeFlow Flow = deriveEdgeFlow(S.G, FG, T.Paths);
    FunctionLines FL = deriveLines(MF, FG, Flow);
    std::map<unsigned, const LineCount *> ByLine;
    for (const LineCount &L : FL.Lines)
      ByLine[L.Line] = &L;
    for (unsigned B = 0; B < S.G.numBlocks(); ++B) {
      if (B == S.G.Exit || FG.DAG.vertexOfBlock(B) == NoVertex)
        continue;
      uint64_t ThroughPaths = 0;
      for (auto &[Id, Count] : T.Paths)
        if (T.BlocksOf[Id].count(B))
          ThroughPaths += Count;
      auto It = ByLine.find(B + 1);
      ASSERT_NE(It, ByLine.end()) << "no line for block " << B;
      EXPECT_FALSE(It->second->Inexact);
      EXPECT_EQ(It->second->Count, ThroughPaths)
          << "line of block " << B << " in " << cfgLiteral(S.G);
    }
    // Every block has code, so a way is a distinct successor; its count is
    // that of the edges to it.
    for (const BranchWay &W : FL.Branches) {
      uint64_t Traced = 0;
      for (unsigned J = 0; J < S.G.Succs[W.Block].size(); ++J)
        if (S.G.Succs[W.Block][J] == W.Target)
          Traced += T.Edge[W.Block][J];
      if (!W.Inexact) {
        EXPECT_EQ(W.Count, Traced) << "branch of block " << W.Block << " to "
                                   << W.Target << " in " << cfgLiteral(S.G);
      }
    }
    Sum.add(S.ShapeName, FG.SBL.numPaths(), false);
  }
}

TEST(LineCoverage, LoopOnOneLineCountsEntriesAndTurns) {
  // while (c) b;  all on line 5, the statement before on line 4:
  // 0 entry, 1 pre (4), 2 cond (5), 3 body (5), 4 after (6), 5 exit.
  CFG G;
  G.Entry = 0;
  G.Exit = 5;
  G.Succs = {{1}, {2}, {3, 4}, {2}, {5}, {}};
  FunctionGraph FG = functionOf(G);
  ManifestFunction MF;
  MF.Instrumented = true;
  MF.Graph = G;
  MF.Blocks.resize(6);
  MF.CodeLines = {{3}, {4}, {5}, {5}, {6}, {}};
  std::mt19937_64 Rng(1);
  Trace T = runWalks(Rng, G, FG, 50);
  EdgeFlow Flow = deriveEdgeFlow(G, FG, T.Paths);
  FunctionLines FL = deriveLines(MF, FG, Flow);
  uint64_t Turns = T.Edge[3][0];
  for (const LineCount &L : FL.Lines)
    if (L.Line == 5) { // gcov: the entries, plus each turn of the loop
      EXPECT_EQ(L.Count, T.Calls + Turns);
    }
  bool Complete = true;
  std::vector<CodeArc> Arcs = {{2, 3, 7, false}, {3, 2, 7, false}};
  EXPECT_EQ(countLineCycles(Arcs, {2, 3}, Complete), 7u);
  EXPECT_TRUE(Complete);
}

TEST(LineCoverage, LineInsideABlockCountsItsExecutions) {
  // Block 1's code is on lines 2 then 3; line 2 ends no block: gcov counts
  // the executions of the blocks it is in.
  CFG G;
  G.Entry = 0;
  G.Exit = 3;
  G.Succs = {{1}, {2, 2}, {3}, {}};
  FunctionGraph FG = functionOf(G);
  ManifestFunction MF;
  MF.Instrumented = true;
  MF.Graph = G;
  MF.Blocks.resize(4);
  MF.CodeLines = {{1}, {2, 3}, {4}, {}};
  PathCounts Paths{{0, 5}, {1, 2}};
  EdgeFlow Flow = deriveEdgeFlow(G, FG, Paths);
  FunctionLines FL = deriveLines(MF, FG, Flow);
  ASSERT_EQ(FL.Lines.size(), 4u);
  EXPECT_EQ(FL.Lines[1].Line, 2u);
  EXPECT_EQ(FL.Lines[1].Count, 7u);
  // Both successors are block 2: one way, not a branch.
  EXPECT_TRUE(FL.Branches.empty());
}

TEST(HtmlReport, EscapesSourceTextAndScriptData) {
  EXPECT_EQ(htmlEscape("a < b && c > \"d\" 'e' </script>"),
            "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#39;e&#39; "
            "&lt;/script&gt;");
  EXPECT_EQ(jsonForScript(R"({"text": "</script><!-- & -->"})"),
            R"({"text": "\u003c/script\u003e\u003c!-- \u0026 --\u003e"})");
}

TEST(SourceFiles, ExclusionMarkersAsGeninfoReadsThem) {
  SourceFile F;
  F.Text = "a\n"
           "b // LCOV_EXCL_LINE\n"
           "c /* LCOV_EXCL_START */\n"
           "d\n"
           "e LCOV_EXCL_STOP\n"
           "f LCOV_EXCL_BR_LINE\n"
           "g\n";
  indexSource(F);
  std::vector<bool> Lines, Branches;
  for (unsigned L = 1; L <= 7; ++L) {
    Lines.push_back(F.lineExcluded(L));
    Branches.push_back(F.branchExcluded(L));
  }
  EXPECT_EQ(Lines, (std::vector<bool>{false, true, true, true, false, false,
                                      false}));
  EXPECT_EQ(Branches, (std::vector<bool>{false, true, true, true, false, true,
                                         false}));
  EXPECT_EQ(F.UnterminatedExclusion, 0u);
  EXPECT_EQ(lcovTestName("test 1/a-b"), "test_1_a_b");
}

TEST(PathCoverage, PathsIntoExcludedCodeLeaveTheTotals) {
  // if (x) { excluded } else { kept }: 0 entry, 1 cond (line 2), 2 then
  // (line 3, excluded), 3 else (line 4), 4 join (line 5), 5 exit.
  CFG G;
  G.Entry = 0;
  G.Exit = 5;
  G.Succs = {{1}, {2, 3}, {4}, {4}, {5}, {}};
  FunctionGraph FG = functionOf(G);
  ManifestFunction MF;
  MF.Instrumented = true;
  MF.Graph = G;
  MF.Blocks.resize(6);
  MF.CodeLines = {{1}, {2}, {3}, {4}, {5}, {}};
  SourceFile Src;
  Src.Text = "f\nif\n bad(); // LCOV_EXCL_LINE\nok\nend\n";
  indexSource(Src);
  PathCounts Paths{{0, 3}, {1, 4}};
  PathTotals All = pathTotals(MF, FG, Paths, nullptr);
  EXPECT_EQ(All.Total, 2u);
  EXPECT_EQ(All.Covered, 2u);
  PathTotals Kept = pathTotals(MF, FG, Paths, &Src);
  EXPECT_TRUE(Kept.Excluding);
  EXPECT_EQ(Kept.Total, 1u);
  EXPECT_EQ(Kept.Covered, 1u);
  EXPECT_EQ(gcovPathLines(MF, FG, 0), "lines 1 2(→3) 3 5");
}
