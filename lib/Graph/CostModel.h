//===- CostModel.h - What an instance costs under a flow -----------------===//
//
// The overhead model (Graph/OverheadModel.h) counts, per path execution, the
// probes that run: the path's start probe plus each edge's probes
// (Instance.h: pathStartProbes, edgeProbes). Summed over a profile that is
// linear in how often each edge runs, so an instance's cost under an edge
// flow (Graph/Frequencies.h) is
//
//   pathStartProbes(I) * (flow out of ENTRY) + sum_e flow(e) * edgeProbes(I, e)
//
// and, on the flow of a profile, exactly the overhead model's hits on that
// profile. Built on the same two functions, it follows any change to what a
// probe costs.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_COSTMODEL_H
#define P3_GRAPH_COSTMODEL_H

#include "Graph/Instance.h"

namespace p3 {

/// Probes \p I runs under \p Flow (one value per DAG edge of \p D).
double instanceCost(const PathDAG &D, const Instance &I,
                    llvm::ArrayRef<double> Flow);

} // namespace p3

#endif
