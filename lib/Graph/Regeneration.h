//===- Regeneration.h - From a path id back to its edges, and back -------===//
//
// From ENTRY with R = id: take the allowed out-edge with the largest value
// <= R, subtract it, repeat until EXIT. Regeneration uses numbering values
// (Ball-Larus, or PSPP's initial step), never chord increments.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_REGENERATION_H
#define P3_GRAPH_REGENERATION_H

#include "Graph/BallLarus.h"

namespace p3 {

using EdgePath = std::vector<unsigned>;

/// The path with id \p Id under \p Val, walking only edges for which
/// \p Allowed is true (all edges when it is empty). nullopt when the walk gets
/// stuck or reaches EXIT with a nonzero remainder: no allowed path has that id.
std::optional<EdgePath> regeneratePath(const PathDAG &D, const EdgeValues &Val,
                                       uint64_t Id,
                                       const std::vector<bool> &Allowed = {});

/// Sum of \p Val over \p Path, modulo 2^64.
uint64_t pathSum(const EdgeValues &Val, const EdgePath &Path);

/// Whether \p Path is a sequence of DAG edges from ENTRY to EXIT.
bool isCompletePath(const PathDAG &D, const EdgePath &Path);

} // namespace p3

#endif
