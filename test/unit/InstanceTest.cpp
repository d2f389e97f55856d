//===- InstanceTest.cpp - One function as instrumented in one copy -------===//
//
// An instance uses either the raw labels (Ball-Larus or PSPP's final values)
// or their chord placement, whichever has fewer probe sites (placement on a
// tie), unless edges that cannot take a probe decide. Both candidates are
// rebuilt here and counted by the definition in Instance.h.
//
//===----------------------------------------------------------------------===//

#include "Graph/Instance.h"
#include "Graph/ChordPlacement.h"
#include "Graph/PSPP.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

using namespace p3;
using namespace p3::test;

namespace {

unsigned sites(const PathDAG &D, const std::vector<bool> &EI,
               const EdgeValues &Inc) {
  unsigned N = 1;
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    if (D.edge(E).Kind == EdgeKind::Start)
      ++N;
    else if (D.edge(E).Dst == D.exit())
      N += EI[E];
    else
      N += Inc[E] != 0;
  }
  return N;
}

std::vector<bool> randomInterestingSet(std::mt19937_64 &Rng, const PathDAG &D) {
  switch (Rng() % 3) {
  case 0:
    return std::vector<bool>(D.numEdges(), true);
  case 1: {
    std::vector<bool> EI(D.numEdges(), false);
    for (unsigned I = 0, N = 1 + Rng() % 4; I < N; ++I)
      for (unsigned E : randomPath(Rng, D))
        EI[E] = true;
    return EI;
  }
  default: {
    std::vector<bool> EI(D.numEdges(), false);
    for (unsigned E = 0; E < D.numEdges(); ++E)
      EI[E] = Rng() % 2;
    return EI;
  }
  }
}

} // namespace

TEST(Instance, FewerProbesOfRawAndPlaced) {
  Summary Sum("Instance.FewerProbesOfRawAndPlaced (raw vs placed labels)");
  std::mt19937_64 Rng(0x1257);
  unsigned Raw = 0, Placed = 0;
  for (unsigned I = 0; I < 2000 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    SCOPED_TRACE(cfgLiteral(S.G));
    FunctionGraph F = functionOf(S.G);
    const PathDAG &D = F.DAG;
    std::optional<std::vector<EdgePath>> Paths = smallPathSet(D);
    Sum.add(S.ShapeName, F.SBL.numPaths(), Paths.has_value());
    std::vector<bool> EI = randomInterestingSet(Rng, D);
    if (std::count(EI.begin(), EI.end(), true) == 0)
      EI[D.outEdges(0)[0]] = true;
    bool All = std::count(EI.begin(), EI.end(), false) == 0;
    EdgeValues Labels = All ? F.SBL.Val : computePSPP(D, EI).Final;
    Placement P = *placeChords(D, Labels, F.Weight, F.NeverProbe);
    unsigned RawSites = sites(D, EI, Labels);
    unsigned PlacedSites = sites(D, EI, P.Inc);

    llvm::Expected<Instance> Inst = makeInstance(F, EI);
    ASSERT_TRUE(bool(Inst)) << llvm::toString(Inst.takeError());
    EXPECT_EQ(Inst->StaticProbes, std::min(RawSites, PlacedSites));
    EXPECT_EQ(Inst->Placed, PlacedSites <= RawSites);
    EXPECT_EQ(Inst->Inc, Inst->Placed ? P.Inc : Labels);
    EXPECT_EQ(staticProbeCount(D, *Inst), Inst->StaticProbes);
    Raw += !Inst->Placed;
    Placed += Inst->Placed;

    // Recorded ids of interesting paths decode back to them.
    auto Check = [&](const EdgePath &Path) {
      uint64_t Id = recordedId(*Inst, Path);
      EXPECT_EQ(Id, sumAlong(Inst->Inc, Path));
      if (allInteresting(EI, Path)) {
        EXPECT_EQ(decodeRecordedId(D, *Inst, Id), Path);
      } else {
        EXPECT_FALSE(decodeRecordedId(D, *Inst, Id).has_value());
      }
    };
    if (Paths) {
      for (const EdgePath &Path : *Paths)
        Check(Path);
    } else {
      for (unsigned J = 0; J < 100; ++J)
        Check(randomPath(Rng, D));
    }
  }
  Sum.note("raw labels kept " + std::to_string(Raw) + " times, placed " +
           std::to_string(Placed) + " times.");
  EXPECT_GT(Raw, 0u);
  EXPECT_GT(Placed, 0u);
}

TEST(Instance, NeverProbeEdges) {
  std::mt19937_64 Rng(0x2e7e);
  unsigned Forest = 0, RawFallback = 0, Refused = 0;
  for (unsigned I = 0; I < 1500 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    SCOPED_TRACE(cfgLiteral(S.G));
    FunctionGraph F = functionOf(S.G);
    const PathDAG &D = F.DAG;
    std::vector<bool> EI = randomInterestingSet(Rng, D);
    for (unsigned E = 0; E < D.numEdges(); ++E)
      F.NeverProbe[E] = Rng() % 100 < 25;
    // A guarded function's cleanup counts its returns without their
    // increments: then an exit edge's value must be zero too.
    F.CountsOnFrameExit = Rng() % 2;
    auto MustBeZero = [&](unsigned E) {
      return F.NeverProbe[E] &&
             (F.CountsOnFrameExit || D.edge(E).Dst != D.exit());
    };
    bool All = std::count(EI.begin(), EI.end(), false) == 0;
    bool Any = std::count(EI.begin(), EI.end(), true) > 0;
    EdgeValues Labels = All ? F.SBL.Val : computePSPP(D, EI).Final;
    bool TreeExists = bool(placeChords(D, Labels, F.Weight, F.NeverProbe));
    // Raw labels need no probe on a NeverProbe edge, except exit edges whose
    // value folds into the counter update.
    bool RawFits = true;
    for (unsigned E = 0; E < D.numEdges(); ++E)
      if (MustBeZero(E) && Labels[E] != 0)
        RawFits = false;

    llvm::Expected<Instance> Inst = makeInstance(F, EI);
    if (!Any) {
      ASSERT_TRUE(bool(Inst));
      EXPECT_FALSE(Inst->isInstrumented());
      continue;
    }
    if (!TreeExists && !RawFits) {
      ASSERT_FALSE(bool(Inst));
      EXPECT_NE(llvm::toString(Inst.takeError()).find("form a cycle"),
                std::string::npos);
      ++Refused;
      continue;
    }
    ASSERT_TRUE(bool(Inst)) << llvm::toString(Inst.takeError());
    if (!TreeExists) {
      EXPECT_FALSE(Inst->Placed);
      ++RawFallback;
    } else {
      ++Forest;
    }
    // Whatever was chosen puts no probe on a NeverProbe edge.
    for (unsigned E = 0; E < D.numEdges(); ++E)
      if (MustBeZero(E)) {
        EXPECT_EQ(Inst->Inc[E], 0u) << "edge " << E;
      }
    EXPECT_EQ(Inst->CountsOnFrameExit, F.CountsOnFrameExit);
  }
  std::printf("[ summary  ] Instance.NeverProbeEdges: 1500 graphs; %u placed "
              "or raw with a tree, %u raw because no tree, %u refused.\n",
              Forest, RawFallback, Refused);
  EXPECT_GT(RawFallback, 0u);
  EXPECT_GT(Refused, 0u);
}

// The probes a path runs, from what the rewriter emits (ProbeCode.cpp): the
// entry set or a start edge's reset; a nonzero increment; a back edge's end
// counts with its increment folded in; a return counts the same way, except
// in a function counted on frame exit, where a nonzero increment is added
// first and the cleanup (or, before a noreturn call, P3_COUNT(0)) counts.
unsigned emittedProbes(const PathDAG &D, const Instance &I,
                       const EdgePath &Path) {
  unsigned Probes = 1;
  for (unsigned E : Path) {
    const DAGEdge &Edge = D.edge(E);
    if (Edge.Kind == EdgeKind::Start)
      continue;
    if (Edge.Dst != D.exit())
      Probes += I.Inc[E] != 0;
    else if (Edge.Kind == EdgeKind::Real && I.CountsOnFrameExit)
      Probes += (I.Inc[E] != 0) + I.counts(E);
    else
      Probes += I.counts(E);
  }
  return Probes;
}

TEST(Instance, ProbesOnPathCountsTheAdditionsOfFrameExitCounting) {
  std::mt19937_64 Rng(0xf4a3);
  unsigned Added = 0;
  for (unsigned I = 0; I < 1000 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    SCOPED_TRACE(cfgLiteral(S.G));
    FunctionGraph F = functionOf(S.G);
    F.CountsOnFrameExit = Rng() % 2;
    const PathDAG &D = F.DAG;
    llvm::Expected<Instance> Inst = makeBallLarusInstance(F);
    ASSERT_TRUE(bool(Inst)) << llvm::toString(Inst.takeError());
    for (unsigned K = 0; K < 8; ++K) {
      EdgePath P = randomPath(Rng, D);
      EXPECT_EQ(probesOnPath(D, *Inst, P), emittedProbes(D, *Inst, P));
      Added += F.CountsOnFrameExit && Inst->Inc[P.back()] != 0 &&
               D.edge(P.back()).Kind == EdgeKind::Real;
    }
  }
  EXPECT_GT(Added, 0u); // returns with an addition of their own were seen
}

TEST(Instance, NoInterestingEdgeMeansNotInstrumented) {
  FunctionGraph F = functionOf(diamondChain(2));
  Instance I = *makeInstance(F, std::vector<bool>(F.DAG.numEdges(), false));
  EXPECT_EQ(I.Kind, InstanceKind::None);
  EXPECT_EQ(staticProbeCount(F.DAG, I), 0u);
  EdgePath P = *regeneratePath(F.DAG, F.SBL.Val, 0);
  EXPECT_EQ(probesOnPath(F.DAG, I, P), 0u);
  EXPECT_FALSE(decodeRecordedId(F.DAG, I, 0).has_value());
  EXPECT_FALSE(I.counts(P.back()));
}
