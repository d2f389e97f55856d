//===- PSPP.h - Precise selective path profiling (P3 paper, Algorithm 1) -===//
//
// Given the interesting edges EI, computes a *valid* labelling: every path all
// of whose edges are interesting (an interesting path) has a unique id, and no
// other path shares an id with an interesting one.
//  1. Initial step, reverse topological order, min(EXIT) = 0, N(EXIT) = 1: at v,
//     uninteresting out-edges get 0 while N(v) += N(w); then interesting
//     out-edges in decreasing min(w) (ties: PathDAG edge order) get
//     Val = N(v), N(v) += N(w), min(v) = min(min(v), min(w) + Val).
//  2. Propagation, topological order: a vertex with exactly one in-edge, whose
//     value is > 0, pushes that value onto all its out-edges and zeroes it.
//  3. Absorption: edges not in EI get 0.
// Steps 2 and 3 keep the id of every interesting path, so ids decode with the
// initial-step values along interesting edges (see decodeSelectiveId).
//
// SPP (Apiwattanapong and Harrold) differs only in step 1: interesting edges
// are taken in PathDAG order. It is kept as the baseline that can be invalid.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_PSPP_H
#define P3_GRAPH_PSPP_H

#include "Graph/Regeneration.h"

namespace p3 {

struct SelectiveLabelling {
  EdgeValues Initial; ///< After step 1: the values ids decode with.
  EdgeValues Final;   ///< After steps 2 and 3: the values a probe adds.
};

/// PSPP over the edges marked in \p Interesting (one flag per DAG edge).
/// Requires that the paths of \p D fit in 64 bits.
SelectiveLabelling computePSPP(const PathDAG &D,
                               const std::vector<bool> &Interesting);

/// SPP: the same steps with interesting out-edges in PathDAG order.
SelectiveLabelling computeSPP(const PathDAG &D,
                              const std::vector<bool> &Interesting);

/// Decodes an id observed under a selective labelling: the interesting path
/// whose initial-step sum is \p Id, or nullopt when the id belongs to an
/// uninteresting path (profiled in another copy) and must be dropped.
std::optional<EdgePath> decodeSelectiveId(const PathDAG &D,
                                          const SelectiveLabelling &L,
                                          const std::vector<bool> &Interesting,
                                          uint64_t Id);

/// Whether every edge of \p Path is interesting.
bool isInterestingPath(const std::vector<bool> &Interesting,
                       const EdgePath &Path);

} // namespace p3

#endif
