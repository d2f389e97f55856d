//===- CostModelTest.cpp - Instance costs under a flow -------------------===//
//
// The cost model on a profile's flow must be the overhead model on that
// profile, copy by copy, for every strategy (the overhead model is itself
// checked against a simulator of the emitted code in OverheadModelTest). And
// an instance built for a flow never costs more under it than the one built
// without.
//
//===----------------------------------------------------------------------===//

#include "Graph/CostModel.h"
#include "Graph/Frequencies.h"
#include "Graph/OverheadModel.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

using namespace p3;
using namespace p3::test;

namespace {

/// A profile: a random subset of the paths of small functions with random
/// counts, random paths of big ones.
std::vector<PathCounts> randomProfile(std::mt19937_64 &Rng, const Program &P) {
  std::vector<PathCounts> Profile(P.Functions.size());
  for (unsigned F = 0; F < P.Functions.size(); ++F) {
    const FunctionGraph &G = P.Functions[F];
    if (Rng() % 8 == 0)
      continue; // never executed
    if (P.Paths[F]) {
      for (const EdgePath &Path : *P.Paths[F])
        if (Rng() % 3)
          Profile[F][sumAlong(G.SBL.Val, Path)] = 1 + Rng() % 100000;
    } else {
      for (unsigned J = 0; J < 100; ++J)
        Profile[F][sumAlong(G.SBL.Val, randomPath(Rng, G.DAG))] +=
            1 + Rng() % 100;
    }
  }
  return Profile;
}

} // namespace

TEST(CostModel, EqualsTheOverheadModelOnProfiles) {
  Summary Sum("CostModel.EqualsTheOverheadModelOnProfiles (every strategy, "
              "K 1,2,3,4,8, every copy)");
  std::mt19937_64 Rng(0xc057);
  unsigned Index = 0, Copies = 0;
  for (unsigned Prog = 0; Prog < 200 && !HasFailure(); ++Prog) {
    Program P = randomProgram(Rng, Index, 5);
    std::vector<PathCounts> Profile = randomProfile(Rng, P);
    std::vector<EdgeFrequencies> Flows;
    for (unsigned F = 0; F < P.Functions.size(); ++F) {
      Sum.add(P.Shapes[F], P.Functions[F].SBL.numPaths(),
              P.Paths[F].has_value());
      Flows.push_back(*profileFlow(P.Functions[F], Profile[F]));
    }
    for (unsigned K : AllK)
      for (const NamedOptions &NO : strategyConfigs(K)) {
        SCOPED_TRACE(NO.Name + ", K=" + std::to_string(K));
        llvm::Expected<ProgramPlan> Plan = planProgram(P.Functions, NO.Options);
        ASSERT_TRUE(bool(Plan));
        llvm::Expected<std::vector<uint64_t>> Hits =
            probeHits(P.Functions, *Plan, Profile);
        ASSERT_TRUE(bool(Hits));
        for (unsigned C = 0; C < K; ++C) {
          double Cost = 0;
          for (unsigned F = 0; F < P.Functions.size(); ++F)
            Cost += instanceCost(P.Functions[F].DAG, Plan->Instances[F][C],
                                 Flows[F]);
          EXPECT_EQ(Cost, double((*Hits)[C])) << "copy " << C;
          ++Copies;
        }
      }
  }
  Sum.note(std::to_string(Copies) + " copies compared.");
}

TEST(CostModel, InstancesForAFlowCostNoMore) {
  Summary Sum("CostModel.InstancesForAFlowCostNoMore (random edge sets and "
              "flows)");
  std::mt19937_64 Rng(0xf1e);
  unsigned Cheaper = 0, Checked = 0;
  for (unsigned I = 0; I < 1500 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    FunctionGraph F = functionOf(S.G);
    Sum.add(S.ShapeName, F.SBL.numPaths(), false);
    const PathDAG &D = F.DAG;
    // Interesting: all edges, or the edges of a few random paths.
    std::vector<bool> Edges(D.numEdges(), Rng() % 3 == 0);
    for (unsigned J = 0; J < 3; ++J)
      for (unsigned E : randomPath(Rng, D))
        Edges[E] = true;
    PathCounts Counts;
    for (unsigned J = 0; J < 30; ++J)
      Counts[sumAlong(F.SBL.Val, randomPath(Rng, D))] += 1 + Rng() % 1000;
    EdgeFrequencies Flow = Rng() % 2 ? *profileFlow(F, Counts) : staticFlow(D);
    llvm::Expected<Instance> Plain = makeInstance(F, Edges);
    llvm::Expected<Instance> ForFlow = makeInstance(F, Edges, Flow);
    ASSERT_TRUE(Plain && ForFlow);
    EXPECT_EQ(ForFlow->Interesting, Plain->Interesting);
    EXPECT_EQ(ForFlow->DecodeVal, Plain->DecodeVal);
    double A = instanceCost(D, *Plain, Flow), B = instanceCost(D, *ForFlow, Flow);
    EXPECT_LE(B, A);
    Cheaper += B < A;
    ++Checked;
  }
  Sum.note(std::to_string(Cheaper) + " of " + std::to_string(Checked) +
           " cheaper under their flow.");
}
