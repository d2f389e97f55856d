//===- FunctionGraph.cpp - What the strategies know about one function ---===//

#include "Graph/FunctionGraph.h"
#include "Graph/StaticWeights.h"

#include <algorithm>

using namespace llvm;

namespace p3 {

Expected<FunctionGraph> FunctionGraph::fromDAG(PathDAG DAG,
                                               unsigned CallSites) {
  FunctionGraph F;
  F.DAG = std::move(DAG);
  F.CallSites = CallSites;
  std::optional<Numbering> Num = numberPaths(F.DAG);
  if (!Num)
    return createStringError(inconvertibleErrorCode(),
                             "the number of paths overflows 64 bits");
  F.SBL = std::move(*Num);
  F.Weight = staticEdgeWeights(F.DAG);
  F.NeverProbe.assign(F.DAG.numEdges(), false);
  return F;
}

void FunctionGraph::setCutExits(ArrayRef<CFGEdge> Cuts) {
  CutExit.assign(DAG.numEdges(), false);
  for (CFGEdge C : Cuts)
    if (unsigned E = DAG.edgeOf(C); E != NoEdge && DAG.isExitEdge(E)) {
      CutExit[E] = true;
      Weight[E] = 0;
    }
  if (std::find(CutExit.begin(), CutExit.end(), true) == CutExit.end())
    CutExit.clear();
}

} // namespace p3
