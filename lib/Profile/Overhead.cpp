//===- Overhead.cpp - Probe hits of the copies ---------------------------===//

#include "Profile/Overhead.h"

#include "Graph/CFGHash.h"
#include "Graph/OverheadModel.h"
#include "Profile/TrainingProfile.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace p3 {

std::vector<PathCounts> profileByGraph(const ProgramGraphs &G,
                                       const MergedProfile &P) {
  std::vector<PathCounts> Out(G.Graphs.size());
  for (const MergedFunction &F : P.Functions)
    if (G.GraphOf[F.Index] != NoGraph)
      Out[G.GraphOf[F.Index]] = F.Counts;
  return Out;
}

uint64_t CopyOverhead::maxModelHits() const {
  return ModelHits.empty()
             ? 0
             : *std::max_element(ModelHits.begin(), ModelHits.end());
}

bool CopyOverhead::measuredAgrees() const {
  if (MeasuredHits.empty())
    return false;
  for (unsigned C = 0; C < ModelHits.size(); ++C)
    if (Present[C] && MeasuredHits[C] != ModelHits[C])
      return false;
  return true;
}

Expected<uint64_t> sblHits(const ProgramGraphs &G,
                           ArrayRef<PathCounts> Profile) {
  StrategyOptions SBL;
  SBL.Kind = StrategyKind::SBL;
  SBL.K = 1;
  Expected<ProgramPlan> Plan = planProgram(G.Graphs, SBL);
  if (!Plan)
    return Plan.takeError();
  Expected<std::vector<uint64_t>> Hits = probeHits(G.Graphs, *Plan, Profile);
  if (!Hits)
    return Hits.takeError();
  return Hits->front();
}

namespace {

/// The (function, copy) pairs whose measured probes differ from the model.
Expected<std::vector<FunctionProbeDisagreement>>
functionDisagreements(const ProgramGraphs &G, const ProgramPlan &Plan,
                      ArrayRef<PathCounts> Profile, const ProfileSet &Set) {
  std::vector<FunctionProbeDisagreement> Out;
  std::vector<bool> Present = Set.presentCopies();
  for (unsigned I = 0; I < G.Graphs.size(); ++I) {
    unsigned F = G.FunctionOf[I];
    Expected<std::vector<uint64_t>> Model =
        functionProbeHits(G.Graphs[I], Plan.Instances[I], Profile[I]);
    if (!Model)
      return Model.takeError();
    for (unsigned C = 0; C < Model->size(); ++C) {
      uint64_t Measured = Set.FunctionProbeHits[F][C];
      if (Present[C] && Measured != (*Model)[C])
        Out.push_back({F, C, (*Model)[C], Measured});
    }
  }
  auto Gap = [](const FunctionProbeDisagreement &D) {
    return D.Measured > D.Model ? D.Measured - D.Model : D.Model - D.Measured;
  };
  std::stable_sort(
      Out.begin(), Out.end(),
      [&](const FunctionProbeDisagreement &A,
          const FunctionProbeDisagreement &B) { return Gap(A) > Gap(B); });
  return Out;
}

} // namespace

Expected<CopyOverhead> computeOverhead(const Manifest &M,
                                       const ProgramGraphs &G,
                                       const MergedProfile &P,
                                       const ProfileSet &Set) {
  CopyOverhead O;
  std::vector<PathCounts> Profile = profileByGraph(G, P);
  ProgramPlan Plan = G.actualPlan(M);
  Expected<std::vector<uint64_t>> Hits = probeHits(G.Graphs, Plan, Profile);
  if (!Hits)
    return Hits.takeError();
  O.ModelHits = std::move(*Hits);
  O.Present = Set.presentCopies();
  O.ForkedProcesses = Set.ForkedProcesses;
  if (Set.hasMeasuredProbes())
    O.MeasuredHits = Set.ProbeHits;
  if (Set.hasMeasuredFunctionProbes()) {
    Expected<std::vector<FunctionProbeDisagreement>> D =
        functionDisagreements(G, Plan, Profile, Set);
    if (!D)
      return D.takeError();
    O.Disagreements = std::move(*D);
  }
  Expected<uint64_t> SBL = sblHits(G, Profile);
  if (!SBL)
    return SBL.takeError();
  O.SBLHits = *SBL;
  return O;
}

std::string simulationLabel(const SimulationRow &R) {
  if (R.Bound)
    return "bound";
  return strategyName(R.Strategy).str() + (R.Trained ? "+train" : "");
}

namespace {

/// The frequencies auto plans with: the profile's own, a training
/// profile's, or static estimates.
TrainingMatch frequenciesFor(const Manifest &M, const ProgramGraphs &G,
                             const ProfileFile &Profile) {
  std::vector<TrainingTarget> Targets;
  for (unsigned I = 0; I < G.Graphs.size(); ++I) {
    const ManifestFunction &MF = M.Functions[G.FunctionOf[I]];
    Targets.push_back({MF.Id, cfgHashString(MF.Graph, MF.Cuts), &G.Graphs[I]});
  }
  return matchTrainingProfile(Profile, Targets);
}

Expected<SimulationRow> simulate(const ProgramGraphs &G,
                                 ArrayRef<PathCounts> Profile,
                                 const StrategyOptions &Options,
                                 ArrayRef<FunctionFrequency> Frequencies,
                                 uint64_t SBLHits) {
  Expected<ProgramPlan> Plan = planProgram(G.Graphs, Options, Frequencies);
  if (!Plan)
    return Plan.takeError();
  Expected<std::vector<uint64_t>> Hits = probeHits(G.Graphs, *Plan, Profile);
  if (!Hits)
    return Hits.takeError();
  SimulationRow Row;
  Row.Strategy = Options.Kind;
  Row.K = Options.K;
  Row.Hits = std::move(*Hits);
  Row.MaxHits = *std::max_element(Row.Hits.begin(), Row.Hits.end());
  Row.Ratio = SBLHits ? double(Row.MaxHits) / double(SBLHits) : 0;
  return Row;
}

} // namespace

Expected<std::vector<SimulationRow>>
simulateStrategies(const Manifest &M, const ProgramGraphs &G,
                   const MergedProfile &P, ArrayRef<unsigned> Ks,
                   ArrayRef<StrategyKind> Strategies, uint64_t &SBLHits,
                   const ProfileFile *Training, std::string *TrainingSummary,
                   bool InvokedOnce) {
  std::vector<PathCounts> Profile = profileByGraph(G, P);
  Expected<uint64_t> SBL = sblHits(G, Profile);
  if (!SBL)
    return SBL.takeError();
  SBLHits = *SBL;
  std::vector<unsigned> SortedK(Ks.begin(), Ks.end());
  llvm::sort(SortedK);
  SortedK.erase(std::unique(SortedK.begin(), SortedK.end()), SortedK.end());
  std::vector<SimulationRow> Rows;
  TrainingMatch Static = staticFrequencies(
      G.Graphs.size(), InvokedOnce
                           ? std::vector<double>()
                           : estimatedInvocations(M, G.Graphs, G.FunctionOf));
  for (StrategyKind S : Strategies) {
    std::vector<const TrainingMatch *> Variants{&Static};
    std::optional<TrainingMatch> Trained;
    if (S == StrategyKind::Auto && Training) {
      Trained = frequenciesFor(M, G, *Training);
      if (TrainingSummary)
        *TrainingSummary = Trained->summary();
      Variants.push_back(&*Trained);
    }
    for (const TrainingMatch *Freq : Variants)
      for (unsigned K : SortedK) {
        StrategyOptions Options = M.Strategy;
        Options.Kind = S;
        Options.K = K;
        Expected<SimulationRow> Row =
            simulate(G, Profile, Options, Freq->Frequencies, SBLHits);
        if (!Row)
          return Row.takeError();
        Row->Trained = Freq != &Static;
        Rows.push_back(std::move(*Row));
      }
    if (S != StrategyKind::Auto)
      continue;
    // The bound: auto planned with this very profile (a function it never
    // ran costs nothing).
    std::vector<FunctionFrequency> Exact(G.Graphs.size());
    for (unsigned F = 0; F < G.Graphs.size(); ++F) {
      Expected<EdgeFrequencies> Flow = profileFlow(G.Graphs[F], Profile[F]);
      if (!Flow)
        return Flow.takeError();
      Exact[F].Flow = std::move(*Flow);
    }
    for (unsigned K : SortedK) {
      StrategyOptions Options = M.Strategy;
      Options.Kind = S;
      Options.K = K;
      Expected<ProgramPlan> Plan = planProgram(G.Graphs, Options, Exact);
      if (!Plan)
        return Plan.takeError();
      SimulationRow Row;
      Row.Strategy = S;
      Row.K = K;
      Row.Bound = true;
      Row.MaxHits = uint64_t(std::ceil(Plan->Estimate->LowerBound - 1e-6));
      Row.Ratio = SBLHits ? double(Row.MaxHits) / double(SBLHits) : 0;
      Rows.push_back(std::move(Row));
    }
  }
  return Rows;
}

} // namespace p3
