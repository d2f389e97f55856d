//===- ProbelessEdges.h - Ways through a CFG that no probe tells apart ----===//
//
// Some CFG edges have no place for a probe (they lie inside a macro
// expansion): chord placement must keep them in its spanning tree, where they
// add nothing to the path register. That is possible only when they form a
// forest. Where they do not, some ways through the function run exactly the
// same probes, so no placement can tell them apart, and the DAG must identify
// them (Ball and Larus's paths, up to what happens where nothing can be
// placed). Three steps, each exact in that sense:
//  - a cycle of probeless edges (a loop inside a macro) is contracted: its
//    blocks become one, and the ways around it count as one step;
//  - a probeless edge u->v that has a twin, another probeless route from u to
//    v (the short-circuit and the full evaluation of an "&&" inside a macro,
//    both reaching the same join), is dropped: control along it runs the
//    probes of the route and is counted as the route;
//  - two blocks that probeless edges lead to from one block, or that lead by
//    probeless edges to one block (two "goto fail" inside macros), are
//    merged, which turns the two ways into parallel edges, one of which is
//    then dropped.
// No step may invent a loop: sets are merged only when they reach each other
// both ways (they are in one loop) or not at all, so every cycle left is one
// control runs around. As a last resort the blocks of a whole probeless cycle
// are merged, under the same condition; a cycle that nothing can break is
// reported.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_PROBELESSEDGES_H
#define P3_GRAPH_PROBELESSEDGES_H

#include "Graph/CFG.h"

#include <vector>

namespace p3 {

struct ProbelessResolution {
  /// Per block: the smallest block of the set it was merged into (itself when
  /// it was not merged).
  std::vector<unsigned> Region;
  /// Per edge ([block][successor index]): dropped for a twin route.
  std::vector<std::vector<bool>> Dropped;
  /// Blocks of a probeless cycle that no step could break; empty on success.
  std::vector<unsigned> Unresolved;
};

/// Makes the probeless edges of the reachable part of \p G a forest between
/// sets of blocks, as described above. \p Probeless is indexed like G.Succs.
ProbelessResolution
resolveProbelessEdges(const CFG &G,
                      const std::vector<std::vector<bool>> &Probeless,
                      const std::vector<bool> &Reachable);

} // namespace p3

#endif
