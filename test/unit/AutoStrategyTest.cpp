//===- AutoStrategyTest.cpp - The auto strategy on graphs ----------------===//
//
// auto trained on a profile: its estimate is the overhead model on that
// profile, copy by copy; it is never worse there than pbl, p3 and p3-ends
// (it starts from their plans, and the hedge keeps below them); the copies'
// recorded ids decode and merge into exactly the profile. With nothing measured
// it keeps pbl's plan (and plans on the static estimates only when asked to).
// Static frequencies scale with the invocations they are given; a flow of the
// wrong size is an error.
//
//===----------------------------------------------------------------------===//

#include "Graph/Merge.h"
#include "Graph/OverheadModel.h"
#include "Graph/Strategy.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace p3;
using namespace p3::test;

namespace {

struct SimulatedRun {
  std::vector<PathCounts> Profile;
  std::vector<std::vector<std::pair<EdgePath, uint64_t>>> Paths;
};

SimulatedRun randomRun(std::mt19937_64 &Rng, const Program &P) {
  SimulatedRun R;
  R.Profile.resize(P.Functions.size());
  R.Paths.resize(P.Functions.size());
  for (unsigned F = 0; F < P.Functions.size(); ++F) {
    const FunctionGraph &G = P.Functions[F];
    if (Rng() % 8 == 0)
      continue; // never executed
    std::map<EdgePath, uint64_t> Runs;
    if (P.Paths[F]) {
      for (const EdgePath &Path : *P.Paths[F])
        if (Rng() % 3)
          Runs[Path] = Rng() % 4 == 0 ? uint64_t(1) << 30 : 1 + Rng() % 1000;
    } else {
      for (unsigned J = 0; J < 100; ++J)
        Runs[randomPath(Rng, G.DAG)] += 1 + Rng() % 100;
    }
    for (auto &[Path, Count] : Runs) {
      R.Profile[F][sumAlong(G.SBL.Val, Path)] = Count;
      R.Paths[F].push_back({Path, Count});
    }
  }
  return R;
}

double maxOf(const std::vector<uint64_t> &V) {
  return double(*std::max_element(V.begin(), V.end()));
}

} // namespace

TEST(AutoStrategy, TrainedEstimateIsTheModelAndBeatsTheOthers) {
  Summary Sum("AutoStrategy.TrainedEstimateIsTheModelAndBeatsTheOthers "
              "(K 1,2,3,4,8; estimate == overhead model; <= pbl, p3, "
              "p3-ends; merge exact)");
  std::mt19937_64 Rng(0xa470);
  unsigned Index = 0, Plans = 0, Better = 0, Split = 0;
  for (unsigned Prog = 0; Prog < 150 && !HasFailure(); ++Prog) {
    Program P = randomProgram(Rng, Index, 6);
    SimulatedRun R = randomRun(Rng, P);
    std::vector<FunctionFrequency> Freq(P.Functions.size());
    for (unsigned F = 0; F < P.Functions.size(); ++F) {
      Sum.add(P.Shapes[F], P.Functions[F].SBL.numPaths(),
              P.Paths[F].has_value());
      Freq[F].Flow = *profileFlow(P.Functions[F], R.Profile[F]);
    }
    for (unsigned K : AllK) {
      SCOPED_TRACE("program " + std::to_string(Prog) + ", K=" +
                   std::to_string(K));
      StrategyOptions O;
      O.Kind = StrategyKind::Auto;
      O.K = K;
      llvm::Expected<ProgramPlan> Plan = planProgram(P.Functions, O, Freq);
      ASSERT_TRUE(bool(Plan)) << llvm::toString(Plan.takeError());
      ASSERT_TRUE(Plan->Estimate.has_value());
      std::vector<uint64_t> Hits = *probeHits(P.Functions, *Plan, R.Profile);
      for (unsigned C = 0; C < K; ++C)
        EXPECT_EQ(Plan->Estimate->Load[C], double(Hits[C])) << "copy " << C;
      EXPECT_LE(Plan->Estimate->LowerBound, maxOf(Hits));
      // The hedge (Graph/Hedge.h) never makes its own scenario worse, and
      // adds at most its slack to the search's slowest copy (<= LPT's).
      EXPECT_LE(Plan->Estimate->HedgedMax,
                Plan->Estimate->HedgedMaxBefore * (1 + 1e-12));
      EXPECT_LE(maxOf(Hits), Plan->Estimate->LPTMax * 1.02 * (1 + 1e-12));

      double Others = 1e300;
      for (StrategyKind S :
           {StrategyKind::PBL, StrategyKind::P3, StrategyKind::P3Ends}) {
        StrategyOptions OS;
        OS.Kind = S;
        OS.K = K;
        ProgramPlan Other = *planProgram(P.Functions, OS);
        double Max = maxOf(*probeHits(P.Functions, Other, R.Profile));
        EXPECT_LE(maxOf(Hits), Max) << strategyName(S).str();
        Others = std::min(Others, Max);
      }
      ++Plans;
      Better += maxOf(Hits) < Others;

      // Exactness: what each copy records decodes and merges to the profile.
      for (unsigned F = 0; F < P.Functions.size(); ++F) {
        Split += Plan->isProfitable(F);
        std::vector<PathCounts> Recorded(K);
        for (unsigned C = 0; C < K; ++C) {
          const Instance &I = Plan->Instances[F][C];
          if (!I.isInstrumented())
            continue;
          for (auto &[Path, Count] : R.Paths[F])
            if (I.counts(Path.back()))
              Recorded[C][sumAlong(I.Inc, Path)] += Count;
        }
        FunctionMerge M = mergeFunction(P.Functions[F], Plan->Instances[F],
                                        Recorded, std::vector<bool>(K, true));
        EXPECT_EQ(M.Counts, R.Profile[F]) << "function " << F;
        EXPECT_TRUE(M.BadIds.empty());
        EXPECT_TRUE(M.Disagreements.empty());
      }
    }
  }
  Sum.note(std::to_string(Plans) + " plans, " + std::to_string(Better) +
           " strictly better than pbl, p3 and p3-ends; " +
           std::to_string(Split) + " functions split.");
}

TEST(AutoStrategy, WithNothingMeasuredKeepsPBLPlan) {
  Summary Sum("AutoStrategy.WithNothingMeasuredKeepsPBLPlan (K 1,2,3,4,8; "
              "static: pbl's copies; one measured function: the search)");
  std::mt19937_64 Rng(0x9b1);
  unsigned Index = 0, Differ = 0;
  for (unsigned Prog = 0; Prog < 100 && !HasFailure(); ++Prog) {
    Program P = randomProgram(Rng, Index, 6);
    std::vector<FunctionFrequency> Static(P.Functions.size());
    for (unsigned F = 0; F < P.Functions.size(); ++F) {
      Sum.add(P.Shapes[F], P.Functions[F].SBL.numPaths(),
              P.Paths[F].has_value());
      Static[F].Invocations = double(1 + Rng() % 1000);
    }
    for (unsigned K : AllK) {
      if (K == 1)
        continue; // one copy: nothing to place
      SCOPED_TRACE("program " + std::to_string(Prog) +
                   ", K=" + std::to_string(K));
      StrategyOptions O;
      O.Kind = StrategyKind::Auto;
      O.K = K;
      ProgramPlan Kept = *planProgram(P.Functions, O, Static);
      StrategyOptions OP = O;
      OP.Kind = StrategyKind::PBL;
      ProgramPlan PBL = *planProgram(P.Functions, OP);
      ASSERT_TRUE(Kept.Estimate.has_value());
      EXPECT_TRUE(Kept.Estimate->KeptPBLPlan);
      for (unsigned F = 0; F < P.Functions.size(); ++F)
        for (unsigned C = 0; C < K; ++C)
          EXPECT_EQ(Kept.Instances[F][C].isInstrumented(),
                    PBL.Instances[F][C].isInstrumented())
              << "function " << F << ", copy " << C;
      // Planned on the estimates instead: never worse under them.
      O.PlanOnStaticEstimates = true;
      ProgramPlan Searched = *planProgram(P.Functions, O, Static);
      EXPECT_FALSE(Searched.Estimate->KeptPBLPlan);
      EXPECT_LE(Searched.Estimate->maxLoad(),
                Kept.Estimate->maxLoad() * (1 + 1e-12));
      Differ += Searched.Estimate->maxLoad() < Kept.Estimate->maxLoad();
      // One measured function, and the search decides.
      std::vector<FunctionFrequency> OneMeasured = Static;
      OneMeasured[0].Flow.assign(P.Functions[0].DAG.numEdges(), 1.0);
      O.PlanOnStaticEstimates = false;
      ProgramPlan Partly = *planProgram(P.Functions, O, OneMeasured);
      EXPECT_FALSE(Partly.Estimate->KeptPBLPlan);
    }
  }
  Sum.note(std::to_string(Differ) +
           " plans where the estimates' own plan is cheaper under them.");
}

TEST(AutoStrategy, StaticEstimatesScaleWithInvocations) {
  std::vector<FunctionGraph> Fs{functionOf(CFG{0, 1, {{2}, {}, {3, 1}, {2}}, {}}),
                                functionOf(diamondChain(3))};
  StrategyOptions O;
  O.Kind = StrategyKind::Auto;
  O.K = 2;
  std::vector<FunctionFrequency> One(2), Scaled(2);
  Scaled[1].Invocations = 1000;
  ProgramPlan A = *planProgram(Fs, O, One);
  ProgramPlan B = *planProgram(Fs, O, Scaled);
  EXPECT_DOUBLE_EQ(B.Estimate->Functions[1].WholeCost,
                   1000 * A.Estimate->Functions[1].WholeCost);
  EXPECT_DOUBLE_EQ(B.Estimate->Functions[0].WholeCost,
                   A.Estimate->Functions[0].WholeCost);
  // No frequencies at all means static estimates of one invocation each.
  ProgramPlan C = *planProgram(Fs, O);
  EXPECT_EQ(C.Estimate->Load, A.Estimate->Load);
}

TEST(AutoStrategy, FlowOfTheWrongSizeIsAnError) {
  std::vector<FunctionGraph> Fs{functionOf(diamondChain(3))};
  StrategyOptions O;
  O.Kind = StrategyKind::Auto;
  O.K = 2;
  std::vector<FunctionFrequency> Freq(1);
  Freq[0].Flow = {1, 2, 3};
  llvm::Expected<ProgramPlan> Plan = planProgram(Fs, O, Freq);
  ASSERT_FALSE(bool(Plan));
  EXPECT_NE(llvm::toString(Plan.takeError()).find("a flow of 3 values"),
            std::string::npos);
}
