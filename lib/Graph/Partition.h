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

/// A loop-aware alternative (not in the paper): paths grouped by the edge
/// they end on. Each back edge's paths (the iterations of its loop, whichever
/// way they started) are one share, whose edges are those that can lead to
/// it; the paths that leave the function are one more. The paper's shares all
/// contain every loop they can reach, so each copy that gets one pays for
/// every iteration (a counter update and a reset per iteration); here only
/// the copy holding a loop's share counts its iterations. At most \p Delta
/// shares: beyond that, the shares with the fewest edges are merged.
std::vector<std::vector<bool>> partitionByEnds(const PathDAG &D,
                                               unsigned Delta);

} // namespace p3

#endif
