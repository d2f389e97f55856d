//===- Strategy.cpp - SBL, PBL and P3 ------------------------------------===//

#include "Graph/Strategy.h"
#include "Graph/AutoStrategy.h"
#include "Graph/Distribution.h"
#include "Graph/Partition.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace llvm;

namespace p3 {

StringRef strategyName(StrategyKind S) {
  switch (S) {
  case StrategyKind::SBL:
    return "sbl";
  case StrategyKind::PBL:
    return "pbl";
  case StrategyKind::P3:
    return "p3";
  case StrategyKind::P3Ends:
    return "p3-ends";
  case StrategyKind::Auto:
    return "auto";
  }
  return "?";
}

std::optional<StrategyKind> parseStrategy(StringRef Name) {
  return StringSwitch<std::optional<StrategyKind>>(Name.lower())
      .Case("sbl", StrategyKind::SBL)
      .Case("pbl", StrategyKind::PBL)
      .Case("p3", StrategyKind::P3)
      .Case("p3-ends", StrategyKind::P3Ends)
      .Case("auto", StrategyKind::Auto)
      .Default(std::nullopt);
}

namespace {

/// The tasks of one function under P3 or PBL.
Error addTasks(const FunctionGraph &F, unsigned Index,
               const StrategyOptions &Options, ProgramPlan &Plan) {
  std::vector<std::vector<bool>> Shares;
  bool Splits = Options.Kind == StrategyKind::P3 ||
                Options.Kind == StrategyKind::P3Ends;
  if (Splits && !F.NeverSplit && F.CallSites <= Options.MaxCallSitesToSplit) {
    unsigned Delta =
        Options.Delta ? Options.Delta : defaultDelta(F.DAG, Options.K);
    Shares = Options.Kind == StrategyKind::P3Ends
                 ? partitionByEnds(F.DAG, Delta)
                 : findPartition(F.DAG, Delta);
  } else {
    Shares.emplace_back(F.DAG.numEdges(), true);
  }
  for (std::vector<bool> &Edges : Shares) {
    Expected<Instance> I = makeInstance(F, Edges);
    if (!I)
      return I.takeError();
    Plan.TasksOf[Index].push_back(Plan.Tasks.size());
    Plan.Tasks.push_back({Index, std::move(Edges), I->StaticProbes, 0});
  }
  return Error::success();
}

} // namespace

double PlanEstimate::maxLoad() const {
  return Load.empty() ? 0 : *std::max_element(Load.begin(), Load.end());
}

Expected<ProgramPlan> planProgram(ArrayRef<FunctionGraph> Functions,
                                  const StrategyOptions &Options,
                                  ArrayRef<FunctionFrequency> Frequencies) {
  ProgramPlan Plan;
  Plan.Options = Options;
  unsigned K = std::max(Options.K, 1u);
  Plan.Options.K = K;
  Plan.TasksOf.resize(Functions.size());
  Plan.Instances.resize(Functions.size());
  Plan.Load.assign(K, 0);

  if (Options.Kind == StrategyKind::SBL) {
    for (unsigned F = 0; F < Functions.size(); ++F) {
      Expected<Instance> I = makeBallLarusInstance(Functions[F]);
      if (!I)
        return I.takeError();
      for (uint64_t &L : Plan.Load)
        L += I->StaticProbes;
      Plan.Instances[F].assign(K, *I);
    }
    return Plan;
  }
  if (Options.Kind == StrategyKind::Auto) {
    if (Error E = planAuto(Functions, Frequencies, Plan))
      return E;
    return Plan;
  }

  for (unsigned F = 0; F < Functions.size(); ++F)
    if (Error E = addTasks(Functions[F], F, Plan.Options, Plan))
      return E;

  std::vector<uint64_t> Costs;
  for (const Task &T : Plan.Tasks)
    Costs.push_back(T.Cost);
  Distribution Dist = distributeLPT(Costs, K);
  Plan.Load = Dist.Load;
  for (unsigned T = 0; T < Plan.Tasks.size(); ++T)
    Plan.Tasks[T].Copy = Dist.CopyOfTask[T];

  for (unsigned F = 0; F < Functions.size(); ++F) {
    const FunctionGraph &G = Functions[F];
    for (unsigned C = 0; C < K; ++C) {
      std::vector<bool> Edges(G.DAG.numEdges(), false);
      for (unsigned T : Plan.TasksOf[F]) {
        if (Plan.Tasks[T].Copy != C)
          continue;
        for (unsigned E = 0; E < Edges.size(); ++E)
          if (Plan.Tasks[T].Edges[E])
            Edges[E] = true;
      }
      Expected<Instance> I = makeInstance(G, Edges);
      if (!I)
        return I.takeError();
      Plan.Instances[F].push_back(std::move(*I));
    }
  }
  return Plan;
}

} // namespace p3
