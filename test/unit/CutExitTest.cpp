//===- CutExitTest.cpp - Cut edges: paths cut short by a call -------------===//
//
// A block with a call that may not return gets an extra edge to EXIT, a cut
// edge (FunctionGraph::CutExit). Checked on random CFGs with random cut
// edges, against enumeration: every path still has its own id under every
// instance, a cut edge has weight 0, and the model's probes of a path equal
// what the emitted code and the runtime run (the count at the end of a cut
// path is one probe, its increment folded into the id noted before the call,
// also in a function counted on frame exit).
//
//===----------------------------------------------------------------------===//

#include "Graph/Instance.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <set>

using namespace p3;
using namespace p3::test;

namespace {

/// \p G with a cut edge on about a third of its blocks; the cut edges.
std::vector<CFGEdge> addCutEdges(std::mt19937_64 &Rng, CFG &G) {
  std::vector<CFGEdge> Cuts;
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    if (B != G.Exit && B != G.Entry && !G.Succs[B].empty() && Rng() % 3 == 0) {
      Cuts.push_back({B, unsigned(G.Succs[B].size())});
      G.Succs[B].push_back(G.Exit);
    }
  return Cuts;
}

/// The probes the emitted code and the runtime run along \p Path.
unsigned runProbes(const FunctionGraph &F, const Instance &I,
                   const EdgePath &Path) {
  const PathDAG &D = F.DAG;
  unsigned Probes = 1; // entry set or start reset
  for (unsigned E : Path) {
    const DAGEdge &Edge = D.edge(E);
    if (Edge.Kind == EdgeKind::Start)
      continue;
    if (Edge.Dst != D.exit())
      Probes += I.Inc[E] != 0; // P3_ADD
    else if (F.isCutExit(E))
      Probes += I.counts(E); // the runtime's count of the noted id
    else if (Edge.Kind == EdgeKind::Real && I.CountsOnFrameExit)
      Probes += (I.Inc[E] != 0) + I.counts(E);
    else
      Probes += I.counts(E);
  }
  return Probes;
}

} // namespace

TEST(CutExit, NumberingPlacementAndProbes) {
  std::mt19937_64 Rng(0xc07);
  unsigned CutPaths = 0;
  for (unsigned N = 0; N < 400 && !HasFailure(); ++N) {
    Sample S = sampleCFG(Rng, N);
    CFG G = S.G;
    std::vector<CFGEdge> Cuts = addCutEdges(Rng, G);
    SCOPED_TRACE(cfgLiteral(G));
    FunctionGraph F = functionOf(G);
    F.setCutExits(Cuts);
    F.CountsOnFrameExit = Rng() % 4 == 0;
    for (CFGEdge C : Cuts)
      if (unsigned E = F.DAG.edgeOf(C); E != NoEdge) {
        EXPECT_TRUE(F.isCutExit(E));
        EXPECT_EQ(F.Weight[E], 0u);
      }
    std::optional<std::vector<EdgePath>> Paths = smallPathSet(F.DAG);
    if (!Paths)
      continue;
    for (unsigned K = 0; K < 3; ++K) {
      std::vector<bool> EI(F.DAG.numEdges(), true);
      if (K > 0)
        for (unsigned E = 0; E < EI.size(); ++E)
          EI[E] = Rng() % 3 != 0;
      llvm::Expected<Instance> I = makeInstance(F, EI);
      ASSERT_TRUE(bool(I)) << llvm::toString(I.takeError());
      if (!I->isInstrumented())
        continue;
      std::set<uint64_t> Ids;
      for (const EdgePath &P : *Paths) {
        bool Interesting = true;
        for (unsigned E : P)
          Interesting &= bool(EI[E]);
        EXPECT_EQ(probesOnPath(F.DAG, *I, P), runProbes(F, *I, P));
        if (!Interesting)
          continue;
        uint64_t Id = recordedId(*I, P);
        EXPECT_TRUE(Ids.insert(Id).second) << "two paths share id " << Id;
        std::optional<EdgePath> Back = decodeRecordedId(F.DAG, *I, Id);
        ASSERT_TRUE(Back.has_value());
        EXPECT_EQ(*Back, P);
        CutPaths += F.isCutExit(P.back());
      }
    }
  }
  EXPECT_GT(CutPaths, 100u); // cut paths were numbered and decoded
}
