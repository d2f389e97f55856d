//===- CostModel.cpp - What an instance costs under a flow ---------------===//

#include "Graph/CostModel.h"

namespace p3 {

double instanceCost(const PathDAG &D, const Instance &I,
                    llvm::ArrayRef<double> Flow) {
  if (!I.isInstrumented())
    return 0;
  double Cost = 0;
  for (unsigned E : D.outEdges(D.entry()))
    Cost += Flow[E] * pathStartProbes(I);
  for (unsigned E = 0; E < D.numEdges(); ++E)
    if (Flow[E] != 0)
      Cost += Flow[E] * edgeProbes(D, I, E);
  return Cost;
}

} // namespace p3
