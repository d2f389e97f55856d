//===- StaticWeights.h - Static edge weights for chord placement ---------===//
//
// A maximum spanning tree under these weights keeps probes off the edges that
// are expected to run most. Without a profile we estimate:
//  - an edge inside n loops runs 8^n times as often as one outside any loop
//    (loops are the natural loops of the back edges: the vertices between the
//    header and the tail);
//  - a block's out-edges share its frequency equally, and an edge that leaves
//    a loop is 8 times rarer;
//  - edges whose probe costs nothing extra get weight 0, so they become chords
//    first: edges into EXIT and dummy edges carry a counter update or a
//    register reset anyway, and an increment folds into it.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_STATICWEIGHTS_H
#define P3_GRAPH_STATICWEIGHTS_H

#include "Graph/PathDAG.h"

namespace p3 {

/// A natural loop: its header and the vertices of its body (header
/// included), one flag per vertex. Back edges into one header make one loop.
struct NaturalLoop {
  unsigned Header = 0;
  std::vector<bool> Body;
};

/// The loops of the back edges of \p D (cuts are not loops), by increasing
/// header vertex.
std::vector<NaturalLoop> naturalLoops(const PathDAG &D);

/// Number of loops (distinct headers) containing each vertex.
std::vector<unsigned> loopDepths(const PathDAG &D);

/// Weight per DAG edge, as described above.
std::vector<uint64_t> staticEdgeWeights(const PathDAG &D);

} // namespace p3

#endif
