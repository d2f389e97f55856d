//===- AutoStrategy.cpp - The auto strategy --------------------------------===//

#include "Graph/AutoStrategy.h"
#include "Graph/CostModel.h"
#include "Graph/Hedge.h"
#include "Graph/Partition.h"
#include "Graph/Planner.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace p3 {

Expected<EdgeFrequencies> planningFlow(const FunctionGraph &F,
                                const FunctionFrequency &Freq) {
  if (!Freq.Flow.empty()) {
    if (Freq.Flow.size() != F.DAG.numEdges())
      return createStringError(inconvertibleErrorCode(),
                               "a flow of %zu values for a DAG of %u edges",
                               Freq.Flow.size(), F.DAG.numEdges());
    return Freq.Flow;
  }
  EdgeFrequencies Flow = staticFlow(F.DAG);
  for (double &X : Flow)
    X *= Freq.Invocations;
  return Flow;
}

namespace {

/// The hedge scenario's margin (Graph/Hedge.h): this share of the training
/// run's edge executions, spread evenly over every DAG edge of the program.
constexpr double HedgeShare = 1.0 / 8;
/// How much the hedge may add to the planned slowest copy, relatively.
constexpr double HedgeSlack = 0.02;

/// An option given to the planner up front: the per-copy edge sets a
/// function has in another strategy's plan.
struct SeedOption {
  SplitKind Kind = SplitKind::Whole;
  unsigned Delta = 0, Shares = 1;
  std::vector<std::vector<bool>> Groups;
};

/// The cost of the instance auto would build for \p Edges.
Expected<double> groupCost(const FunctionGraph &F,
                           const std::vector<bool> &Edges,
                           const CostBasis &Basis) {
  Expected<Instance> I = autoInstance(F, Edges, Basis);
  if (!I)
    return I.takeError();
  return instanceCost(F.DAG, *I, Basis.Flow);
}

class AutoPlanner {
public:
  AutoPlanner(ArrayRef<FunctionGraph> Functions, ProgramPlan &Plan)
      : Functions(Functions), Plan(Plan), K(Plan.Options.K),
        Seeds(Functions.size()), Splits(Functions.size()) {}

  Error run(ArrayRef<FunctionFrequency> Frequencies);

private:
  Error computeFlows(ArrayRef<FunctionFrequency> Frequencies);
  /// The plan of another strategy as a start (its per-copy edge sets become
  /// options of the functions it splits).
  void addStart(StrategyKind Kind);
  /// \p Start as a plan, with its loads under the planning costs.
  CostPlan planOf(const PlanStart &Start) const;
  /// Builds the instances of \p Costs' choices; with \p Hedge, moves their
  /// groups as Graph/Hedge.h says first.
  Error buildPlan(const CostPlan &Costs, bool Hedge);
  /// Group costs of option \p O of \p F under the planning flow.
  const OptionCost &optionCost(unsigned F, unsigned O) const;
  /// The hedge scenario's cost per DAG edge: HedgeShare of the measured
  /// functions' edge executions, spread evenly over every DAG edge.
  double hedgeMargin() const;
  /// The planned load no copy may exceed after the hedge: HedgeSlack above
  /// \p Costs' slowest copy, but never above the slowest copy of a start
  /// (pbl, p3, p3-ends), nor below \p Costs' own.
  double hedgeBudget(const CostPlan &Costs) const;
  CostBasis basis(unsigned F) const { return {Flows[F], bool(Measured[F])}; }

  ArrayRef<FunctionGraph> Functions;
  ProgramPlan &Plan;
  unsigned K;
  std::vector<EdgeFrequencies> Flows;
  std::vector<bool> Measured;
  CostProblem Problem;
  std::vector<OptionCost> WholeOption; ///< Per function: option 0.
  std::vector<std::vector<SeedOption>> Seeds;         ///< Options 1..
  std::vector<std::vector<PlacementOption>> Splits;   ///< After the seeds.
  std::optional<unsigned> PBLStart; ///< Its index in Problem.Starts.
};

Error AutoPlanner::computeFlows(ArrayRef<FunctionFrequency> Frequencies) {
  Problem.K = K;
  for (unsigned F = 0; F < Functions.size(); ++F) {
    FunctionFrequency Static;
    Expected<EdgeFrequencies> Flow = planningFlow(
        Functions[F], F < Frequencies.size() ? Frequencies[F] : Static);
    if (!Flow)
      return createStringError(inconvertibleErrorCode(), "function %u: %s", F,
                               toString(Flow.takeError()).c_str());
    Flows.push_back(std::move(*Flow));
    Measured.push_back(F < Frequencies.size() &&
                       !Frequencies[F].Flow.empty());
    Expected<PlacementOption> W = wholeOption(Functions[F], basis(F));
    if (!W)
      return W.takeError();
    Problem.WholeCost.push_back(W->Cost.front());
    WholeOption.push_back({W->Cost.front()});
    Problem.NeverSplit.push_back(Functions[F].NeverSplit);
  }
  Problem.ExtraOptions.resize(Functions.size());
  return Error::success();
}

void AutoPlanner::addStart(StrategyKind Kind) {
  StrategyOptions Options;
  Options.Kind = Kind;
  Options.K = K;
  Expected<ProgramPlan> Other = planProgram(Functions, Options);
  if (!Other) {
    consumeError(Other.takeError()); // a start less; auto's own plan decides
    return;
  }
  PlanStart Start;
  for (unsigned F = 0; F < Functions.size(); ++F) {
    const FunctionGraph &G = Functions[F];
    SeedOption Seed;
    Seed.Kind = Kind == StrategyKind::P3Ends ? SplitKind::Ends
                                             : SplitKind::Paper;
    Seed.Delta = defaultDelta(G.DAG, K);
    Seed.Shares = Other->TasksOf[F].size();
    std::vector<unsigned> Copies;
    for (unsigned C = 0; C < K; ++C)
      if (Other->Instances[F][C].isInstrumented()) {
        Seed.Groups.push_back(Other->Instances[F][C].Interesting);
        Copies.push_back(C);
      }
    unsigned Option = 0;
    if (Seed.Groups.size() != 1 ||
        std::count(Seed.Groups[0].begin(), Seed.Groups[0].end(), false)) {
      std::vector<SeedOption> &Known = Seeds[F];
      auto It = std::find_if(Known.begin(), Known.end(), [&](const auto &S) {
        return S.Groups == Seed.Groups;
      });
      if (It == Known.end()) {
        OptionCost Cost;
        for (const std::vector<bool> &Edges : Seed.Groups) {
          Expected<double> C = groupCost(G, Edges, basis(F));
          if (!C) {
            consumeError(C.takeError());
            return;
          }
          Cost.push_back(*C);
        }
        Known.push_back(std::move(Seed));
        Problem.ExtraOptions[F].push_back(std::move(Cost));
        It = Known.end() - 1;
      }
      Option = 1 + (It - Known.begin());
    }
    Start.OptionOf.push_back(Option);
    Start.CopyOf.push_back(std::move(Copies));
  }
  Problem.Starts.push_back(std::move(Start));
}

Error AutoPlanner::run(ArrayRef<FunctionFrequency> Frequencies) {
  if (Error E = computeFlows(Frequencies))
    return E;
  if (K > 1)
    for (StrategyKind Kind :
         {StrategyKind::PBL, StrategyKind::P3, StrategyKind::P3Ends}) {
      size_t Before = Problem.Starts.size();
      addStart(Kind);
      if (Kind == StrategyKind::PBL && Problem.Starts.size() > Before)
        PBLStart = Before;
    }
  CostPlan Costs = planByCost(Problem, [&](unsigned F) {
    Splits[F] = splitOptions(Functions[F], basis(F), K);
    std::vector<OptionCost> Out;
    for (const PlacementOption &O : Splits[F])
      Out.push_back(O.Cost);
    return Out;
  });
  // Nothing measured: the costs are guesses, so pbl's plan (AutoStrategy.h).
  bool NoneMeasured =
      std::none_of(Measured.begin(), Measured.end(), [](bool M) { return M; });
  if (NoneMeasured && PBLStart && !Plan.Options.PlanOnStaticEstimates) {
    CostPlan Kept = planOf(Problem.Starts[*PBLStart]);
    Kept.LowerBound = Costs.LowerBound;
    Kept.LPTMax = Costs.LPTMax;
    if (Error E = buildPlan(Kept, /*Hedge=*/false))
      return E;
    Plan.Estimate->KeptPBLPlan = true;
    return Error::success();
  }
  return buildPlan(Costs, /*Hedge=*/true);
}

CostPlan AutoPlanner::planOf(const PlanStart &Start) const {
  CostPlan Out;
  Out.OptionOf = Start.OptionOf;
  Out.CopyOf = Start.CopyOf;
  Out.Load.assign(K, 0);
  for (unsigned F = 0; F < Functions.size(); ++F) {
    unsigned O = Start.OptionOf[F];
    OptionCost Whole{Problem.WholeCost[F]};
    const OptionCost &Cost = O == 0 ? Whole : Problem.ExtraOptions[F][O - 1];
    for (unsigned G = 0; G < Cost.size(); ++G)
      Out.Load[Start.CopyOf[F][G]] += Cost[G];
  }
  return Out;
}

const OptionCost &AutoPlanner::optionCost(unsigned F, unsigned O) const {
  if (O == 0)
    return WholeOption[F];
  if (O <= Seeds[F].size())
    return Problem.ExtraOptions[F][O - 1];
  return Splits[F][O - 1 - Seeds[F].size()].Cost;
}

double AutoPlanner::hedgeBudget(const CostPlan &Costs) const {
  double Budget = Costs.maxLoad();
  double Allowed = Budget * (1 + HedgeSlack);
  for (const PlanStart &S : Problem.Starts)
    Allowed = std::min(Allowed, planOf(S).maxLoad());
  return std::max(Budget, Allowed);
}

double AutoPlanner::hedgeMargin() const {
  double Executions = 0, Edges = 0;
  for (unsigned F = 0; F < Functions.size(); ++F) {
    Edges += Functions[F].DAG.numEdges();
    if (Measured[F])
      for (double X : Flows[F])
        Executions += X;
  }
  return Edges > 0 ? HedgeShare * Executions / Edges : 0;
}

Error AutoPlanner::buildPlan(const CostPlan &Costs, bool Hedge) {
  PlanEstimate Estimate;
  Estimate.LowerBound = Costs.LowerBound;
  Estimate.LPTMax = Costs.LPTMax;
  Estimate.Moves = Costs.Moves;
  std::vector<std::vector<Instance>> Instances(Functions.size());
  std::vector<std::vector<std::vector<bool>>> GroupsOf(Functions.size());
  std::vector<PlacedGroup> Placed;
  double Margin = Hedge ? hedgeMargin() : 0;
  for (unsigned F = 0; F < Functions.size(); ++F) {
    const FunctionGraph &G = Functions[F];
    unsigned O = Costs.OptionOf[F];
    PlanEstimate::Choice Choice;
    Choice.WholeCost = Problem.WholeCost[F];
    std::vector<std::vector<bool>> Groups{
        std::vector<bool>(G.DAG.numEdges(), true)};
    if (O > 0 && O <= Seeds[F].size()) {
      const SeedOption &S = Seeds[F][O - 1];
      Choice.Kind = S.Kind;
      Choice.Delta = S.Delta;
      Choice.Shares = S.Shares;
      Groups = S.Groups;
    } else if (O > Seeds[F].size()) {
      const PlacementOption &P = Splits[F][O - 1 - Seeds[F].size()];
      Choice.Kind = P.Kind;
      Choice.Delta = P.Delta;
      Choice.Shares = P.Shares;
      Groups = P.Groups;
    }
    const OptionCost &Cost = optionCost(F, O);
    for (double C : Cost)
      Choice.Cost += C;
    Choice.Groups = Groups.size();
    Estimate.Functions.push_back(Choice);

    std::vector<double> Uniform(Margin > 0 ? G.DAG.numEdges() : 0, Margin);
    for (unsigned Gr = 0; Gr < Groups.size(); ++Gr) {
      Expected<Instance> I = autoInstance(G, Groups[Gr], basis(F));
      if (!I)
        return I.takeError();
      PlacedGroup P;
      P.Function = F;
      P.Copy = Costs.CopyOf[F][Gr];
      P.Planned = Cost[Gr];
      P.Hedged =
          P.Planned + (Margin > 0 ? instanceCost(G.DAG, *I, Uniform) : 0);
      Placed.push_back(P);
      Instances[F].push_back(std::move(*I));
    }
    GroupsOf[F] = std::move(Groups);
  }

  // Within the plan's slowest copy, room for what was cold (Graph/Hedge.h).
  std::vector<unsigned> CopyOf;
  if (Margin > 0) {
    HedgeResult H = hedgePlacement(Placed, K, hedgeBudget(Costs));
    CopyOf = std::move(H.CopyOf);
    Estimate.Load = std::move(H.PlannedLoad);
    Estimate.HedgeMoves = H.Moves;
    Estimate.HedgedMaxBefore = H.HedgedMaxBefore;
    Estimate.HedgedMax =
        *std::max_element(H.HedgedLoad.begin(), H.HedgedLoad.end());
  } else {
    for (const PlacedGroup &P : Placed)
      CopyOf.push_back(P.Copy);
    Estimate.Load = copyLoads(Placed, CopyOf, K, &PlacedGroup::Planned);
  }

  unsigned Next = 0;
  for (unsigned F = 0; F < Functions.size(); ++F) {
    Plan.Instances[F].assign(K, Instance());
    for (unsigned Gr = 0; Gr < GroupsOf[F].size(); ++Gr, ++Next) {
      unsigned Copy = CopyOf[Next];
      Instance &I = Instances[F][Gr];
      Plan.TasksOf[F].push_back(Plan.Tasks.size());
      Plan.Tasks.push_back({F, GroupsOf[F][Gr], I.StaticProbes, Copy});
      Plan.Load[Copy] += I.StaticProbes;
      Plan.Instances[F][Copy] = std::move(I);
    }
  }
  Plan.Estimate = std::move(Estimate);
  return Error::success();
}

} // namespace

Error planAuto(ArrayRef<FunctionGraph> Functions,
               ArrayRef<FunctionFrequency> Frequencies, ProgramPlan &Plan) {
  return AutoPlanner(Functions, Plan).run(Frequencies);
}

} // namespace p3
