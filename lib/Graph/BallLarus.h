//===- BallLarus.h - Ball-Larus path numbering ---------------------------===//
//
// In reverse topological order, N(EXIT) = 1 and, for each out-edge e_i = v->w_i
// in PathDAG order, Val(e_i) = N(v) so far, then N(v) += N(w_i). The ids of the
// paths from v are then exactly 0..N(v)-1 (Ball and Larus 1996).
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_BALLLARUS_H
#define P3_GRAPH_BALLLARUS_H

#include "Graph/PathDAG.h"

#include <optional>

namespace p3 {

/// Edge values indexed by DAG edge id. Arithmetic on them is modulo 2^64:
/// chord increments may be "negative".
using EdgeValues = std::vector<uint64_t>;

struct Numbering {
  EdgeValues Val;
  std::vector<uint64_t> PathsFrom; ///< N(v) per vertex.
  uint64_t numPaths() const { return PathsFrom.front(); }
};

/// Ball-Larus numbering of \p D, or nullopt if the number of paths does not
/// fit in 64 bits (buildNumberableDAG avoids that).
std::optional<Numbering> numberPaths(const PathDAG &D);

/// Number of ENTRY->EXIT paths, or nullopt on 64-bit overflow.
std::optional<uint64_t> countPaths(const PathDAG &D);

} // namespace p3

#endif
