//===- OverheadModel.h - Probe hits per copy, computed from a profile ----===//
//
// hits(copy) = sum over functions and paths of count(path) * probes run along
// the path under that copy's instance (Graph/Instance.h says which probes
// count). With an exact merged profile this gives the overhead of any strategy
// and K without running anything: the paper's Figures 5-7.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_OVERHEADMODEL_H
#define P3_GRAPH_OVERHEADMODEL_H

#include "Graph/Merge.h"
#include "Graph/Strategy.h"

namespace p3 {

/// Probe hits per copy of \p Plan, given each function's SBL profile. Fails
/// on an SBL id that names no path.
llvm::Expected<std::vector<uint64_t>> probeHits(llvm::ArrayRef<FunctionGraph> Functions,
                                const ProgramPlan &Plan,
                                llvm::ArrayRef<PathCounts> Profile);

} // namespace p3

#endif
