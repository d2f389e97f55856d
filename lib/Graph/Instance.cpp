//===- Instance.cpp - One function as instrumented in one copy -----------===//

#include "Graph/Instance.h"
#include "Graph/ChordPlacement.h"
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
    else if (Edge.Dst == D.exit())
      Probes += I.counts(E);
    else
      Probes += I.Inc[E] != 0;
  }
  return Probes;
}

unsigned probesOnPath(const PathDAG &D, const Instance &I,
                      const EdgePath &Path) {
  if (!I.isInstrumented() || Path.empty())
    return 0;
  unsigned Probes = 1; // entry set or start-edge reset
  for (unsigned E : Path) {
    const DAGEdge &Edge = D.edge(E);
    if (Edge.Kind == EdgeKind::Start)
      continue;
    if (Edge.Dst == D.exit())
      Probes += I.counts(E);
    else
      Probes += I.Inc[E] != 0;
  }
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
/// probe needs one.
bool fitsWithoutPlacement(const FunctionGraph &F, const EdgeValues &Val) {
  for (unsigned E = 0; E < F.DAG.numEdges(); ++E)
    if (F.NeverProbe[E] && Val[E] != 0 && F.DAG.edge(E).Dst != F.DAG.exit())
      return false;
  return true;
}

} // namespace

Expected<Instance> makeInstance(const FunctionGraph &F,
                                const std::vector<bool> &InterestingEdges) {
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

  Expected<Placement> P = placeChords(D, Labels, F.Weight, F.NeverProbe);
  bool RawFits = fitsWithoutPlacement(F, Labels);
  if (!P && !RawFits)
    return P.takeError();
  if (!P)
    consumeError(P.takeError());

  Instance Raw = I;
  Raw.Inc = std::move(Labels);
  Raw.StaticProbes = staticProbeCount(D, Raw);
  if (P) {
    I.Inc = std::move(P->Inc);
    I.Placed = true;
    I.StaticProbes = staticProbeCount(D, I);
    if (!RawFits || I.StaticProbes <= Raw.StaticProbes)
      return I;
  }
  return Raw;
}

Expected<Instance> makeBallLarusInstance(const FunctionGraph &F) {
  return makeInstance(F, std::vector<bool>(F.DAG.numEdges(), true));
}

} // namespace p3
