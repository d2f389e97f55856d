//===- EdgeFlow.h - Edge and block counts of a function from its paths ---===//
//
// A path profile says how often each acyclic path ran; how often control
// took each CFG edge follows from it:
//  - a DAG edge ran as often as the paths through it, summed;
//  - a block ran as often as control entered it (its DAG in-edges, start
//    edges included; ENTRY: the paths that begin with a real edge, the calls
//    and the turns of loops whose back edge returns to the entry block);
//  - a back edge (or cut) t->h is not in the DAG: paths end on it through
//    t's end edge and resume through h's start edge. When t has one such edge
//    or h has one (and is no catch handler), its count is the dummy edge's;
//    otherwise it is solved from the others by flow conservation, and when
//    that leaves a choice (several back edges sharing both ends), it is
//    marked ambiguous.
// Counts saturate at 2^64-1.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_EDGEFLOW_H
#define P3_PROFILE_EDGEFLOW_H

#include "Graph/FunctionGraph.h"
#include "Graph/Merge.h"
#include "Graph/Regeneration.h"

namespace p3 {

struct EdgeFlow {
  std::vector<uint64_t> DAGEdge;             ///< Per DAG edge.
  std::vector<std::vector<uint64_t>> CFGEdge; ///< [block][successor index]
  /// [block][successor index]: a back edge whose count could not be told
  /// apart from another's.
  std::vector<std::vector<bool>> Ambiguous;
  std::vector<uint64_t> Block; ///< Per CFG block: times control entered it.
  uint64_t Calls = 0;          ///< Paths that begin at function entry.
  /// Per CFG block: paths that begin there by unwinding (catch handlers).
  std::vector<uint64_t> Unwound;
  /// Executed paths that do not regenerate (a corrupt profile): ignored.
  unsigned BadPaths = 0;
};

/// Saturating addition.
inline uint64_t addSaturating(uint64_t A, uint64_t B) {
  return A > UINT64_MAX - B ? UINT64_MAX : A + B;
}

/// The flow of one function: \p Graph is the manifest's CFG that \p G was
/// built from, \p Paths its merged counts by SBL id.
EdgeFlow deriveEdgeFlow(const CFG &Graph, const FunctionGraph &G,
                        const PathCounts &Paths);

/// The DAG edges of each executed path, once (regeneration is the costly
/// part, and several reports need it).
std::vector<std::pair<uint64_t, EdgePath>>
regenerateExecuted(const FunctionGraph &G, const PathCounts &Paths);

} // namespace p3

#endif
