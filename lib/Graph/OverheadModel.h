//===- OverheadModel.h - Probe hits per copy, computed from a profile ----===//
//
// hits(copy) = sum over functions and paths of count(path) * probes run along
// the path under that copy's instance (Graph/Instance.h says which probes
// count). With an exact merged profile this gives the overhead of any strategy
// and K without running anything: the paper's Figures 5-7.
//
// Hits are a count of actions, deliberately unweighted: what an action costs
// depends on where the compiler leaves it (a count at a loop's back edge into
// a register local, or computed from the trip count, is as cheap as an add;
// one into the counter array is a memory read-modify-write), which a source
// rewriter cannot see. The probe-counting runtime counts the same actions
// (docs/runtime.md); run time is measured by bench/probe-cost.py.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_OVERHEADMODEL_H
#define P3_GRAPH_OVERHEADMODEL_H

#include "Graph/Merge.h"
#include "Graph/Strategy.h"

namespace p3 {

/// Probe hits of one function per copy, given its SBL profile: the hits its
/// paths run under each of \p Copies' instances. Fails on an SBL id that
/// names no path.
llvm::Expected<std::vector<uint64_t>>
functionProbeHits(const FunctionGraph &G, llvm::ArrayRef<Instance> Copies,
                  const PathCounts &Profile);

/// Probe hits per copy of \p Plan, given each function's SBL profile. Fails
/// on an SBL id that names no path.
llvm::Expected<std::vector<uint64_t>>
probeHits(llvm::ArrayRef<FunctionGraph> Functions, const ProgramPlan &Plan,
          llvm::ArrayRef<PathCounts> Profile);

} // namespace p3

#endif
