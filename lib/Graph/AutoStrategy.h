//===- AutoStrategy.h - The auto strategy: frequencies, options, planner ---===//
//
// Glue between the pieces of cost-aware planning: each function's flow
// (measured, or estimated and scaled to its invocations), chord-placement
// weights from that flow, its placement options and their costs, the search
// (Graph/Planner.h), and the instances of the chosen groups.
//
// Without a single measured function, auto keeps pbl's plan (whole functions,
// LPT on static probes), each function instrumented as auto would: static
// estimates of how often a function runs are off by orders of magnitude
// (a loop over data, a flag that is off; docs/graph-library.md, "Where static
// estimates fail"), and measured, plans balanced on them lost to pbl's on
// average, on the corpus and on programs outside it. The search still runs on
// the estimates, for its lower bound; StrategyOptions::PlanOnStaticEstimates
// keeps its plan instead (for comparison). Once one function is measured, the
// search decides, with static estimates for the others.
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
