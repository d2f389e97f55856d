//===- StrategyTest.cpp - SBL, PBL and P3 plans --------------------------===//
//
// For random programs, every K in {1,2,3,4,8} and every strategy
// configuration: the plan is internally consistent, every path of every
// function is interesting in at least one copy (coverage), every instance's
// recorded ids are valid (interesting ids distinct, never produced by another
// path) and every counted id fits the counter table (below NumIds), and
// planning twice gives the same plan. Overlap (paths interesting
// in more than one copy) is measured and printed per K.
//
//===----------------------------------------------------------------------===//

#include "Graph/Strategy.h"
#include "Graph/BallLarus.h"
#include "Graph/Distribution.h"
#include "Graph/PSPP.h"
#include "Graph/Partition.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <set>

using namespace p3;
using namespace p3::test;

namespace {

struct CoverageStats {
  uint64_t Paths = 0, Overlapping = 0;
  unsigned Plans = 0, Profitable = 0, Instances = 0, PSPPInstances = 0;
};

/// Probe sites by the definition in Instance.h, counted here independently.
unsigned expectedStaticProbes(const PathDAG &D, const Instance &I) {
  if (I.Kind == InstanceKind::None)
    return 0;
  unsigned N = 1; // register set at entry
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    const DAGEdge &Edge = D.edge(E);
    if (Edge.Kind == EdgeKind::Start)
      N += 1; // reset, whatever its value
    else if (Edge.Dst == D.exit())
      N += I.Interesting[E] ? 1 : 0; // counter update
    else
      N += I.Inc[E] != 0;
  }
  return N;
}

void checkInstance(const FunctionGraph &F, const Instance &I,
                   const std::vector<bool> &Expected) {
  const PathDAG &D = F.DAG;
  bool Any = std::count(Expected.begin(), Expected.end(), true) > 0;
  bool All = std::count(Expected.begin(), Expected.end(), false) == 0;
  if (!Any) {
    EXPECT_EQ(I.Kind, InstanceKind::None);
    EXPECT_FALSE(I.isInstrumented());
    EXPECT_EQ(I.StaticProbes, 0u);
    return;
  }
  ASSERT_EQ(I.Kind, All ? InstanceKind::BallLarus : InstanceKind::PSPP);
  ASSERT_EQ(I.Interesting, Expected);
  ASSERT_EQ(I.Inc.size(), D.numEdges());
  EXPECT_EQ(I.NumIds, F.SBL.numPaths());
  EdgeValues Raw;
  if (All) {
    EXPECT_EQ(I.DecodeVal, F.SBL.Val);
    Raw = F.SBL.Val;
  } else {
    SelectiveLabelling L = computePSPP(D, Expected);
    EXPECT_EQ(I.DecodeVal, L.Initial);
    Raw = L.Final;
  }
  if (!I.Placed) {
    EXPECT_EQ(I.Inc, Raw);
  }
  EXPECT_EQ(I.StaticProbes, expectedStaticProbes(D, I));
  // A path is counted when its last edge is interesting.
  for (unsigned E = 0; E < D.numEdges(); ++E)
    if (D.edge(E).Dst == D.exit()) {
      EXPECT_EQ(I.counts(E), bool(Expected[E]));
    }
}

/// Validity of the recorded ids (sums of increments) over all paths, and
/// coverage and overlap of the function's paths across the copies.
void checkPaths(const FunctionGraph &F, llvm::ArrayRef<Instance> Copies,
                const std::vector<EdgePath> &Paths, bool CountOverlap,
                CoverageStats &Stats) {
  std::vector<unsigned> Copied(Paths.size(), 0);
  for (const Instance &I : Copies) {
    if (!I.isInstrumented())
      continue;
    std::map<uint64_t, size_t> Ids;
    for (size_t P = 0; P < Paths.size(); ++P) {
      if (!allInteresting(I.Interesting, Paths[P]))
        continue;
      ++Copied[P];
      uint64_t Id = sumAlong(I.Inc, Paths[P]);
      ASSERT_LT(Id, I.NumIds);
      auto [It, New] = Ids.emplace(Id, P);
      ASSERT_TRUE(New) << "paths " << It->second << " and " << P << " share id "
                       << Id;
    }
    for (size_t P = 0; P < Paths.size(); ++P) {
      // Whatever the runtime counts indexes its counter table: every counted
      // id, also of a path profiled elsewhere, must be below NumIds.
      if (I.counts(Paths[P].back())) {
        ASSERT_LT(sumAlong(I.Inc, Paths[P]), I.NumIds) << "path " << P;
      }
      if (allInteresting(I.Interesting, Paths[P]))
        continue;
      ASSERT_FALSE(Ids.count(sumAlong(I.Inc, Paths[P])))
          << "uninteresting path " << P << " records an interesting id";
    }
  }
  for (size_t P = 0; P < Paths.size(); ++P)
    ASSERT_GE(Copied[P], 1u) << "path " << P << " is profiled in no copy";
  if (CountOverlap) {
    Stats.Paths += Paths.size();
    for (unsigned C : Copied)
      Stats.Overlapping += C > 1;
  }
}

/// auto: each function's tasks (its groups) are on distinct copies, each
/// copy's instance is its group's own, a function that must stay whole has
/// one task, and the estimate is consistent with the tasks.
void checkAutoTasks(const Program &Prog, const ProgramPlan &Plan) {
  unsigned K = Plan.Options.K, NF = Prog.Functions.size();
  std::vector<uint64_t> Load(K, 0);
  ASSERT_TRUE(Plan.Estimate.has_value());
  ASSERT_EQ(Plan.Estimate->Functions.size(), NF);
  ASSERT_EQ(Plan.Estimate->Load.size(), K);
  EXPECT_LE(Plan.Estimate->LowerBound,
            Plan.Estimate->maxLoad() * (1 + 1e-9) + 1e-9);
  if (!Plan.Estimate->KeptPBLPlan) { // the search's plan
    EXPECT_LE(Plan.Estimate->maxLoad(),
              Plan.Estimate->LPTMax * (1 + 1e-9) + 1e-9);
  }
  for (unsigned F = 0; F < NF; ++F) {
    const FunctionGraph &G = Prog.Functions[F];
    ASSERT_GE(Plan.TasksOf[F].size(), 1u);
    ASSERT_LE(Plan.TasksOf[F].size(), K);
    EXPECT_EQ(Plan.TasksOf[F].size(), Plan.Estimate->Functions[F].Groups);
    if (G.NeverSplit) {
      EXPECT_EQ(Plan.TasksOf[F].size(), 1u);
    }
    std::vector<bool> Used(K, false);
    for (unsigned T : Plan.TasksOf[F]) {
      const Task &Tk = Plan.Tasks[T];
      ASSERT_EQ(Tk.Function, F);
      ASSERT_LT(Tk.Copy, K);
      ASSERT_FALSE(Used[Tk.Copy]) << "two tasks of function " << F
                                  << " in copy " << Tk.Copy;
      Used[Tk.Copy] = true;
      const Instance &I = Plan.Instances[F][Tk.Copy];
      EXPECT_EQ(I.Interesting, Tk.Edges);
      EXPECT_EQ(Tk.Cost, I.StaticProbes);
      EXPECT_EQ(I.StaticProbes, expectedStaticProbes(G.DAG, I));
      Load[Tk.Copy] += Tk.Cost;
    }
    for (unsigned C = 0; C < K; ++C)
      if (!Used[C]) {
        EXPECT_FALSE(Plan.Instances[F][C].isInstrumented());
      }
  }
  EXPECT_EQ(Plan.Load, Load);
}

void checkPlan(const Program &Prog, const StrategyOptions &O,
               const ProgramPlan &Plan, CoverageStats &Stats,
               std::mt19937_64 &Rng) {
  unsigned K = O.K, NF = Prog.Functions.size();
  ASSERT_EQ(Plan.Options.K, K);
  ASSERT_EQ(Plan.Instances.size(), NF);
  ASSERT_EQ(Plan.TasksOf.size(), NF);
  ASSERT_EQ(Plan.Load.size(), K);
  ++Stats.Plans;

  if (O.Kind == StrategyKind::SBL) {
    EXPECT_TRUE(Plan.Tasks.empty());
    std::vector<uint64_t> Load(K, 0);
    for (unsigned F = 0; F < NF; ++F) {
      ASSERT_EQ(Plan.Instances[F].size(), K);
      for (unsigned C = 0; C < K; ++C) {
        const Instance &I = Plan.Instances[F][C];
        checkInstance(
            Prog.Functions[F], I,
            std::vector<bool>(Prog.Functions[F].DAG.numEdges(), true));
        // Identical full copies.
        EXPECT_EQ(I.Inc, Plan.Instances[F][0].Inc);
        Load[C] += I.StaticProbes;
      }
    }
    EXPECT_EQ(Plan.Load, Load);
  } else if (O.Kind == StrategyKind::Auto) {
    checkAutoTasks(Prog, Plan);
    for (unsigned F = 0; F < NF; ++F)
      Stats.Profitable += Plan.isProfitable(F);
  } else {
    // Tasks: per function, one all-edge task unless P3 splits it into the
    // shares of findPartition; costs are the tasks' own probes; LPT puts
    // them in copies.
    std::vector<uint64_t> Costs, Load(K, 0);
    for (unsigned T = 0; T < Plan.Tasks.size(); ++T) {
      const Task &Tk = Plan.Tasks[T];
      ASSERT_LT(Tk.Function, NF);
      ASSERT_LT(Tk.Copy, K);
      const FunctionGraph &F = Prog.Functions[Tk.Function];
      llvm::Expected<Instance> Alone = makeInstance(F, Tk.Edges);
      ASSERT_TRUE(bool(Alone));
      EXPECT_EQ(Tk.Cost, Alone->StaticProbes);
      Costs.push_back(Tk.Cost);
      Load[Tk.Copy] += Tk.Cost;
    }
    EXPECT_EQ(Plan.Load, Load);
    Distribution Dist = distributeLPT(Costs, K);
    for (unsigned T = 0; T < Plan.Tasks.size(); ++T)
      EXPECT_EQ(Plan.Tasks[T].Copy, Dist.CopyOfTask[T]);

    for (unsigned F = 0; F < NF; ++F) {
      const FunctionGraph &G = Prog.Functions[F];
      bool Splits = (O.Kind == StrategyKind::P3 ||
                     O.Kind == StrategyKind::P3Ends) &&
                    !G.NeverSplit && G.CallSites <= O.MaxCallSitesToSplit;
      std::vector<std::vector<bool>> Shares;
      unsigned Delta = O.Delta ? O.Delta : defaultDelta(G.DAG, K);
      if (Splits)
        Shares = O.Kind == StrategyKind::P3Ends ? partitionByEnds(G.DAG, Delta)
                                                : findPartition(G.DAG, Delta);
      else
        Shares.emplace_back(G.DAG.numEdges(), true);
      ASSERT_EQ(Plan.TasksOf[F].size(), Shares.size());
      for (unsigned J = 0; J < Shares.size(); ++J) {
        const Task &Tk = Plan.Tasks[Plan.TasksOf[F][J]];
        EXPECT_EQ(Tk.Function, F);
        EXPECT_EQ(Tk.Edges, Shares[J]);
      }
      Stats.Profitable += Plan.isProfitable(F);
      if (!Splits) {
        EXPECT_FALSE(Plan.isProfitable(F));
      }
      ASSERT_EQ(Plan.Instances[F].size(), K);
      for (unsigned C = 0; C < K; ++C) {
        std::vector<bool> Union(G.DAG.numEdges(), false);
        for (unsigned T : Plan.TasksOf[F])
          if (Plan.Tasks[T].Copy == C)
            for (unsigned E = 0; E < Union.size(); ++E)
              if (Plan.Tasks[T].Edges[E])
                Union[E] = true;
        checkInstance(G, Plan.Instances[F][C], Union);
      }
    }
  }
  if (testing::Test::HasFatalFailure())
    return;

  for (unsigned F = 0; F < NF; ++F) {
    for (const Instance &I : Plan.Instances[F]) {
      ++Stats.Instances;
      Stats.PSPPInstances += I.Kind == InstanceKind::PSPP;
    }
    if (Prog.Paths[F]) {
      checkPaths(Prog.Functions[F], Plan.Instances[F], *Prog.Paths[F],
                 O.Kind != StrategyKind::SBL, Stats);
      continue;
    }
    // Too many paths to enumerate: coverage and id round trips on random
    // paths.
    for (unsigned J = 0; J < 50; ++J) {
      EdgePath P = randomPath(Rng, Prog.Functions[F].DAG);
      bool Covered = false;
      for (const Instance &I : Plan.Instances[F]) {
        if (!I.isInstrumented() || !allInteresting(I.Interesting, P))
          continue;
        Covered = true;
        EXPECT_EQ(
            decodeRecordedId(Prog.Functions[F].DAG, I, sumAlong(I.Inc, P)), P);
      }
      ASSERT_TRUE(Covered);
    }
  }
}

void expectSamePlan(const ProgramPlan &A, const ProgramPlan &B) {
  ASSERT_EQ(A.Tasks.size(), B.Tasks.size());
  for (unsigned T = 0; T < A.Tasks.size(); ++T) {
    EXPECT_EQ(A.Tasks[T].Function, B.Tasks[T].Function);
    EXPECT_EQ(A.Tasks[T].Edges, B.Tasks[T].Edges);
    EXPECT_EQ(A.Tasks[T].Cost, B.Tasks[T].Cost);
    EXPECT_EQ(A.Tasks[T].Copy, B.Tasks[T].Copy);
  }
  EXPECT_EQ(A.TasksOf, B.TasksOf);
  EXPECT_EQ(A.Load, B.Load);
  ASSERT_EQ(A.Instances.size(), B.Instances.size());
  for (unsigned F = 0; F < A.Instances.size(); ++F) {
    ASSERT_EQ(A.Instances[F].size(), B.Instances[F].size());
    for (unsigned C = 0; C < A.Instances[F].size(); ++C) {
      const Instance &X = A.Instances[F][C], &Y = B.Instances[F][C];
      EXPECT_EQ(X.Kind, Y.Kind);
      EXPECT_EQ(X.Interesting, Y.Interesting);
      EXPECT_EQ(X.DecodeVal, Y.DecodeVal);
      EXPECT_EQ(X.Inc, Y.Inc);
      EXPECT_EQ(X.NumIds, Y.NumIds);
      EXPECT_EQ(X.Placed, Y.Placed);
      EXPECT_EQ(X.StaticProbes, Y.StaticProbes);
    }
  }
}

} // namespace

TEST(Strategy, CoverageValidityAndOverlap) {
  Summary Sum("Strategy.CoverageValidityAndOverlap (K 1,2,3,4,8 x sbl, pbl, "
              "p3, p3-split-all, p3-delta2, p3-delta64, p3-ends, auto, "
              "auto-estimates)");
  std::mt19937_64 Rng(0x57a7);
  unsigned Index = 0;
  std::map<std::pair<unsigned, std::string>, CoverageStats> Stats;
  for (unsigned Prog = 0; Prog < 400 && !HasFailure(); ++Prog) {
    Program P = randomProgram(Rng, Index, 5);
    for (unsigned F = 0; F < P.Functions.size(); ++F)
      Sum.add(P.Shapes[F], P.Functions[F].SBL.numPaths(),
              P.Paths[F].has_value());
    for (unsigned K : AllK) {
      for (const NamedOptions &NO : strategyConfigs(K)) {
        SCOPED_TRACE("program " + std::to_string(Prog) + ", " + NO.Name +
                     ", K=" + std::to_string(K));
        llvm::Expected<ProgramPlan> Plan = planProgram(P.Functions, NO.Options);
        ASSERT_TRUE(bool(Plan)) << llvm::toString(Plan.takeError());
        checkPlan(P, NO.Options, *Plan, Stats[{K, NO.Name}], Rng);
        if (HasFailure())
          return;
      }
    }
  }
  for (unsigned K : AllK) {
    std::string Line;
    for (const NamedOptions &NO : strategyConfigs(K)) {
      if (NO.Options.Kind == StrategyKind::SBL)
        continue;
      const CoverageStats &S = Stats[{K, NO.Name}];
      char Buf[160];
      std::snprintf(
          Buf, sizeof(Buf), " %s %.2f%% (%u profitable)", NO.Name.c_str(),
          S.Paths ? 100.0 * S.Overlapping / S.Paths : 0.0, S.Profitable);
      Line += Buf;
    }
    std::printf("[ overlap  ] K=%u: paths interesting in >1 copy:%s\n", K,
                Line.c_str());
  }
  const CoverageStats &P3K4 = Stats[{4, "p3-split-all"}];
  EXPECT_GT(P3K4.Profitable, 100u);
  Sum.note(std::to_string(P3K4.PSPPInstances) +
           " PSPP instances under p3-split-all at K=4.");
}

TEST(Strategy, PlanningIsDeterministic) {
  Summary Sum("Strategy.PlanningIsDeterministic (same input, same plan)");
  std::mt19937_64 Rng(0xde7);
  unsigned Index = 0;
  for (unsigned Prog = 0; Prog < 60 && !HasFailure(); ++Prog) {
    Program P = randomProgram(Rng, Index, 6);
    for (unsigned F = 0; F < P.Functions.size(); ++F)
      Sum.add(P.Shapes[F], P.Functions[F].SBL.numPaths(), false);
    for (unsigned K : AllK)
      for (const NamedOptions &NO : strategyConfigs(K)) {
        llvm::Expected<ProgramPlan> A = planProgram(P.Functions, NO.Options);
        llvm::Expected<ProgramPlan> B = planProgram(P.Functions, NO.Options);
        ASSERT_TRUE(A && B);
        expectSamePlan(*A, *B);
      }
  }
}

TEST(Strategy, Names) {
  for (StrategyKind S : {StrategyKind::SBL, StrategyKind::PBL, StrategyKind::P3,
                         StrategyKind::P3Ends, StrategyKind::Auto})
    EXPECT_EQ(parseStrategy(strategyName(S)), S);
  EXPECT_EQ(parseStrategy("P3"), StrategyKind::P3);
  EXPECT_FALSE(parseStrategy("spp").has_value());
}

TEST(Strategy, KZeroMeansOneCopy) {
  std::vector<FunctionGraph> Fs{functionOf(diamondChain(3))};
  StrategyOptions O;
  O.K = 0;
  llvm::Expected<ProgramPlan> Plan = planProgram(Fs, O);
  ASSERT_TRUE(bool(Plan));
  EXPECT_EQ(Plan->Options.K, 1u);
  ASSERT_EQ(Plan->Instances[0].size(), 1u);
  EXPECT_EQ(Plan->Instances[0][0].Kind, InstanceKind::BallLarus);
}

TEST(Strategy, FailsCleanlyWhenNoPlacementExists) {
  // Every edge of a diamond chain refuses a probe: no spanning tree, and
  // Ball-Larus needs nonzero values. Every strategy reports it.
  FunctionGraph F = functionOf(diamondChain(3));
  F.NeverProbe.assign(F.DAG.numEdges(), true);
  std::vector<FunctionGraph> Fs{functionOf(diamondChain(2)), std::move(F)};
  for (unsigned K : AllK)
    for (const NamedOptions &NO : strategyConfigs(K)) {
      llvm::Expected<ProgramPlan> Plan = planProgram(Fs, NO.Options);
      ASSERT_FALSE(bool(Plan)) << NO.Name;
      EXPECT_NE(llvm::toString(Plan.takeError()).find("form a cycle"),
                std::string::npos);
    }
}
