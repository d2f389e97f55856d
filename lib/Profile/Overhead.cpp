//===- Overhead.cpp - Probe hits of the copies ---------------------------===//

#include "Profile/Overhead.h"

#include "Graph/OverheadModel.h"

#include <algorithm>

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

Expected<CopyOverhead> computeOverhead(const Manifest &M,
                                       const ProgramGraphs &G,
                                       const MergedProfile &P,
                                       const ProfileSet &Set) {
  CopyOverhead O;
  std::vector<PathCounts> Profile = profileByGraph(G, P);
  Expected<std::vector<uint64_t>> Hits =
      probeHits(G.Graphs, G.actualPlan(M), Profile);
  if (!Hits)
    return Hits.takeError();
  O.ModelHits = std::move(*Hits);
  O.Present = Set.presentCopies();
  if (Set.hasMeasuredProbes())
    O.MeasuredHits = Set.ProbeHits;
  Expected<uint64_t> SBL = sblHits(G, Profile);
  if (!SBL)
    return SBL.takeError();
  O.SBLHits = *SBL;
  return O;
}

Expected<std::vector<SimulationRow>>
simulateStrategies(const Manifest &M, const ProgramGraphs &G,
                   const MergedProfile &P, ArrayRef<unsigned> Ks,
                   ArrayRef<StrategyKind> Strategies, uint64_t &SBLHits) {
  std::vector<PathCounts> Profile = profileByGraph(G, P);
  Expected<uint64_t> SBL = sblHits(G, Profile);
  if (!SBL)
    return SBL.takeError();
  SBLHits = *SBL;
  std::vector<unsigned> SortedK(Ks.begin(), Ks.end());
  llvm::sort(SortedK);
  SortedK.erase(std::unique(SortedK.begin(), SortedK.end()), SortedK.end());
  std::vector<SimulationRow> Rows;
  for (StrategyKind S : Strategies) {
    for (unsigned K : SortedK) {
      StrategyOptions Options = M.Strategy;
      Options.Kind = S;
      Options.K = K;
      Expected<ProgramPlan> Plan = planProgram(G.Graphs, Options);
      if (!Plan)
        return Plan.takeError();
      Expected<std::vector<uint64_t>> Hits =
          probeHits(G.Graphs, *Plan, Profile);
      if (!Hits)
        return Hits.takeError();
      SimulationRow Row;
      Row.Strategy = S;
      Row.K = K;
      Row.Hits = std::move(*Hits);
      Row.MaxHits = *std::max_element(Row.Hits.begin(), Row.Hits.end());
      Row.Ratio = SBLHits ? double(Row.MaxHits) / double(SBLHits) : 0;
      Rows.push_back(std::move(Row));
    }
  }
  return Rows;
}

} // namespace p3
