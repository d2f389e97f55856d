//===- Partition.h - P3's find_partition (paper, Algorithm 2) ------------===//
//
// Splits the paths of a function into at most Delta shares. On the reduced DAG
// (Graph/ReducedDAG.h), path prefixes from ENTRY are grown in topological
// order of their end: the earliest-ending prefix is replaced by its one-edge
// extensions while the number of prefixes stays within Delta. Each final
// prefix is one share: every path that extends it. Its edge set is the prefix
// (with the inside of every group it crosses) plus everything reachable from
// its end, mapped back to DAG edges.
//
// Unlike the paper's pseudo-code, a prefix is extended along all of its
// out-edges or not at all, so no prefix is ever left with an out-edge that no
// share covers: the shares partition the paths exactly, whatever Delta. Edge
// sets still overlap; the paths an edge set admits beyond its share are the
// "overlap" measured by the tests.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_PARTITION_H
#define P3_GRAPH_PARTITION_H

#include "Graph/PathDAG.h"

namespace p3 {

/// The edge sets (one flag per DAG edge) of the shares of \p D's paths, at
/// most \p Delta of them (at least one). One set means the function is not
/// worth splitting.
std::vector<std::vector<bool>> findPartition(const PathDAG &D, unsigned Delta);

/// The paper's default threshold: max(outdeg(ENTRY), K).
unsigned defaultDelta(const PathDAG &D, unsigned K);

} // namespace p3

#endif
