//===- AutoStrategy.h - The auto strategy: frequencies, options, planner ---===//
//
// Glue between the pieces of cost-aware planning: each function's flow
// (measured, or estimated and scaled to its invocations), chord-placement
// weights from that flow, its placement options and their costs, the search
// (Graph/Planner.h), and the instances of the chosen groups.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_AUTOSTRATEGY_H
#define P3_GRAPH_AUTOSTRATEGY_H

#include "Graph/Strategy.h"

namespace p3 {

/// Fills \p Plan (options, K and the per-function vectors already set up by
/// planProgram) for the auto strategy.
llvm::Error planAuto(llvm::ArrayRef<FunctionGraph> Functions,
                     llvm::ArrayRef<FunctionFrequency> Frequencies,
                     ProgramPlan &Plan);

/// The flow the auto strategy plans \p F with: \p Freq's measured flow, or
/// the static estimate scaled to its invocations. Fails when a measured flow
/// does not have one value per DAG edge.
llvm::Expected<EdgeFrequencies> planningFlow(const FunctionGraph &F,
                                      const FunctionFrequency &Freq);

} // namespace p3

#endif
