//===- ChordPlacement.h - Move edge values onto spanning-tree chords -----===//
//
// Any labelling can be moved onto the chords of a spanning tree of the DAG plus
// the edge EXIT->ENTRY without changing the sum along any ENTRY->EXIT path
// (Ball 1994, "event counting"). With vertex potentials phi taken along the
// tree from phi(ENTRY) = 0 (and phi(EXIT) = 0 through EXIT->ENTRY), the
// increment of u->v is Val + phi(u) - phi(v): zero on tree edges.
//
// The tree is a maximum spanning tree under static edge weights, so that edges
// expected to be hot carry no probe. Edges that cannot carry a probe (their
// source location is inside a macro expansion, ...) are forced into the tree;
// if they close a cycle there is no valid tree and placement fails.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_CHORDPLACEMENT_H
#define P3_GRAPH_CHORDPLACEMENT_H

#include "Graph/BallLarus.h"

#include "llvm/Support/Error.h"

namespace p3 {

struct Placement {
  EdgeValues Inc;           ///< Increment per edge; 0 on every tree edge.
  std::vector<bool> InTree; ///< Per edge.
};

/// Chooses the spanning tree: EXIT->ENTRY and the edges in \p NeverProbe
/// first, then the others by decreasing \p Weight (ties: lower edge id).
/// Fails, naming the edges, when the forced edges contain a cycle.
llvm::Expected<std::vector<bool>>
chooseSpanningTree(const PathDAG &D, const std::vector<uint64_t> &Weight,
                   const std::vector<bool> &NeverProbe);

/// Increments that preserve every path sum of \p Val given a spanning tree.
EdgeValues placeOnChords(const PathDAG &D, const EdgeValues &Val,
                         const std::vector<bool> &InTree);

/// chooseSpanningTree, then placeOnChords.
llvm::Expected<Placement> placeChords(const PathDAG &D, const EdgeValues &Val,
                                      const std::vector<uint64_t> &Weight,
                                      const std::vector<bool> &NeverProbe);

} // namespace p3

#endif
