//===- Instance.cpp - One function as instrumented in one copy -----------===//

#include "Graph/Instance.h"
#include "Graph/ChordPlacement.h"
#include "Graph/CostModel.h"
#include "Graph/Frequencies.h"
#include "Graph/PSPP.h"

#include <algorithm>

using namespace llvm;

namespace p3 {

unsigned staticProbeCount(const PathDAG &D, const Instance &I) {
  if (!I.isInstrumented())
    return 0;
  unsigned Probes = 1; // the register set at function entry
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    const DAGEdge &Edge = D.edge(E);
    if (Edge.Kind == EdgeKind::Start)
      ++Probes;
    else
      Probes += edgeProbes(D, I, E);
  }
  return Probes;
}

unsigned pathStartProbes(const Instance &I) {
  return I.isInstrumented() ? 1 : 0; // entry set or start-edge reset
}

unsigned edgeProbes(const PathDAG &D, const Instance &I, unsigned E) {
  if (!I.isInstrumented())
    return 0;
  const DAGEdge &Edge = D.edge(E);
  if (Edge.Kind == EdgeKind::Start)
    return 0; // its reset is the path's start probe
  if (Edge.Dst != D.exit())
    return I.Inc[E] != 0;
  // A return counted on frame exit adds its increment first; a back edge's
  // end folds it into its count like any exit edge.
  bool AddsFirst = I.CountsOnFrameExit && Edge.Kind == EdgeKind::Real &&
                   !(E < I.CutExit.size() && I.CutExit[E]);
  return I.counts(E) + (AddsFirst && I.Inc[E] != 0);
}

unsigned probesOnPath(const PathDAG &D, const Instance &I,
                      const EdgePath &Path) {
  if (!I.isInstrumented() || Path.empty())
    return 0;
  unsigned Probes = pathStartProbes(I);
  for (unsigned E : Path)
    Probes += edgeProbes(D, I, E);
  return Probes;
}

uint64_t recordedId(const Instance &I, const EdgePath &Path) {
  return pathSum(I.Inc, Path);
}

std::optional<EdgePath> decodeRecordedId(const PathDAG &D, const Instance &I,
                                         uint64_t Id) {
  if (!I.isInstrumented())
    return std::nullopt;
  return regeneratePath(D, I.DecodeVal, Id, I.Interesting);
}

namespace {

/// Whether the numbering can be used as it is: no edge that cannot take a
/// probe needs one. An exit edge's value folds into its count, unless the
/// function counts on frame exit.
bool fitsWithoutPlacement(const FunctionGraph &F, const EdgeValues &Val) {
  for (unsigned E = 0; E < F.DAG.numEdges(); ++E)
    if (F.NeverProbe[E] && Val[E] != 0 && !F.isCutExit(E) &&
        (F.CountsOnFrameExit || F.DAG.edge(E).Dst != F.DAG.exit()))
      return false;
  return true;
}

} // namespace

Expected<Instance> makeInstance(const FunctionGraph &F,
                                const std::vector<bool> &InterestingEdges,
                                ArrayRef<double> Flow) {
  const PathDAG &D = F.DAG;
  Instance I;
  bool Any = std::find(InterestingEdges.begin(), InterestingEdges.end(),
                       true) != InterestingEdges.end();
  bool All = std::find(InterestingEdges.begin(), InterestingEdges.end(),
                       false) == InterestingEdges.end();
  if (!Any)
    return I;

  EdgeValues Labels;
  if (All) {
    I.Kind = InstanceKind::BallLarus;
    I.DecodeVal = F.SBL.Val;
    Labels = F.SBL.Val;
  } else {
    I.Kind = InstanceKind::PSPP;
    SelectiveLabelling L = computePSPP(D, InterestingEdges);
    I.DecodeVal = std::move(L.Initial);
    Labels = std::move(L.Final);
  }
  I.Interesting = InterestingEdges;
  I.NumIds = F.SBL.numPaths();
  I.CountsOnFrameExit = F.CountsOnFrameExit;
  I.CutExit = F.CutExit;

  Expected<Placement> P = placeChords(D, Labels, F.Weight, F.NeverProbe);
  bool RawFits = fitsWithoutPlacement(F, Labels);
  if (!P && !RawFits)
    return P.takeError();
  if (!P)
    consumeError(P.takeError());

  // The candidates, in order of preference on a tie.
  std::vector<Instance> Candidates;
  if (P) {
    Instance Placed = I;
    Placed.Inc = std::move(P->Inc);
    Placed.Placed = true;
    Candidates.push_back(std::move(Placed));
    if (!Flow.empty()) {
      Expected<Placement> ByFlow =
          placeChords(D, Labels, flowWeights(D, Flow), F.NeverProbe);
      if (!ByFlow)
        return ByFlow.takeError(); // the same forced edges as above
      Instance Placed = I;
      Placed.Inc = std::move(ByFlow->Inc);
      Placed.Placed = true;
      Candidates.push_back(std::move(Placed));
    }
  }
  if (RawFits) {
    Instance Raw = I;
    Raw.Inc = std::move(Labels);
    Candidates.push_back(std::move(Raw));
  }
  for (Instance &C : Candidates)
    C.StaticProbes = staticProbeCount(D, C);

  // Fewest probes that run under the flow, then fewest probe sites.
  unsigned Best = 0;
  double BestCost = Flow.empty() ? 0 : instanceCost(D, Candidates[0], Flow);
  for (unsigned C = 1; C < Candidates.size(); ++C) {
    double Cost = Flow.empty() ? 0 : instanceCost(D, Candidates[C], Flow);
    if (Cost < BestCost ||
        (Cost == BestCost &&
         Candidates[C].StaticProbes < Candidates[Best].StaticProbes)) {
      Best = C;
      BestCost = Cost;
    }
  }
  return std::move(Candidates[Best]);
}

Expected<Instance> makeBallLarusInstance(const FunctionGraph &F,
                                         ArrayRef<double> Flow) {
  return makeInstance(F, std::vector<bool>(F.DAG.numEdges(), true), Flow);
}

} // namespace p3
