//===- Hedge.h - Place a plan's groups so that cold functions stay apart --===//
//
// A trained plan is costed on the training run, where a function the run
// barely executed costs almost nothing: the search may put it anywhere, for
// instance beside the hottest function. When the profiled run is not the
// training run and that function is hot there (sqlite3's substrFunc: 112
// paths on one input, 4.75 million on the other), the slowest copy grows by
// all of it.
//
// The hedge scenario gives every function, besides its planned cost, a cost
// it could have on another input: its static size (the probes its groups run
// when every DAG edge runs the same number of times, pbl's measure) times a
// margin. hedgePlacement then moves groups between copies, keeping each
// function's option and instances, to make the copies' hedged loads smaller
// (sorted in decreasing order, lexicographically), under one constraint: no
// copy's planned load may exceed the budget the caller gives. AutoStrategy's
// is 2% above the plan's slowest copy before the hedge, but never above the
// slowest copy of the plans the search started from (pbl, p3, p3-ends), so
// the plan stays at least as good as those on the planned costs; among the
// plans within the budget it prefers the one whose copies have room for a
// function to turn hot. The hedge decides among plans the training costs
// barely tell apart; it trades at most the budget's slack of planned cost.
//
// Moves only: a group leaves the copy with the largest hedged load for
// another copy that holds no group of its function and stays within budget;
// the best move (smallest sorted hedged loads) of each round is applied,
// until no move improves. Deterministic: groups and copies in index order,
// the first best move kept.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_HEDGE_H
#define P3_GRAPH_HEDGE_H

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace p3 {

/// One group of a plan: the function it belongs to, its copy, and its costs.
struct PlacedGroup {
  unsigned Function = 0;
  unsigned Copy = 0;
  double Planned = 0; ///< Under the planning flow.
  double Hedged = 0;  ///< Under the hedge scenario.
};

struct HedgeResult {
  std::vector<unsigned> CopyOf;    ///< Per group.
  std::vector<double> PlannedLoad; ///< Per copy, after the moves.
  std::vector<double> HedgedLoad;  ///< Per copy, after the moves.
  double HedgedMaxBefore = 0;
  unsigned Moves = 0;
};

/// Copy loads of \p Groups placed on \p CopyOf, summing \p Cost of each.
std::vector<double> copyLoads(llvm::ArrayRef<PlacedGroup> Groups,
                              llvm::ArrayRef<unsigned> CopyOf, unsigned K,
                              double PlacedGroup::*Cost);

/// Moves \p Groups (on K copies, no two groups of one function on one copy)
/// as the file comment says. \p Budget is at least the largest planned load
/// of the groups as placed; no copy's planned load ends above it.
HedgeResult hedgePlacement(llvm::ArrayRef<PlacedGroup> Groups, unsigned K,
                           double Budget);

} // namespace p3

#endif
