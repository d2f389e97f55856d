//===- Planner.h - Place functions on copies to minimise the slowest copy -===//
//
// The planning problem of the `auto` strategy, on costs alone: each function
// has placement options, option 0 being the function whole (one group) and
// the others splits of it into n >= 2 groups; the groups of a function's
// chosen option go to n distinct copies (so a copy's cost is the sum of the
// costs of the groups it holds, exactly). Minimise the largest copy cost.
//
// The search is deterministic:
//  1. LPT on the whole functions' costs (the baseline: the result is never
//     worse), and any other starting plans the caller gives (auto starts from
//     the plans of pbl, p3 and p3-ends too, so it is never worse than those
//     under the same costs);
//  2. from each start, best-improvement local search on the copy with the
//     largest cost, until no move improves: move a group to another copy,
//     swap two groups, re-split a function with another option (its groups
//     placed largest first, each on the least-loaded copy that holds no other
//     group of it). When nothing improves from the slowest copy, moves and
//     swaps from the other copies, heaviest first: the room a plan leaves
//     beside a slowest copy it cannot lower (one indivisible group, say) is
//     shared out, not left to a few copies that then hold every other
//     function (on another input those functions may be the hot ones).
//     A move improves when the copy costs, sorted in decreasing order,
//     become lexicographically smaller, so the search ends;
//  3. the best result over the starts (the earlier start on a tie).
// Split options are asked for lazily: for every function whose whole cost
// exceeds the current lower bound (it could be the bottleneck), and for the
// functions on the slowest copy when re-splitting.
//
// The lower bound is max(sum over functions of their cheapest total / K,
// the cheapest largest group of any function), over the options the search
// has seen: no plan of those options has a slowest copy below it.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_PLANNER_H
#define P3_GRAPH_PLANNER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace p3 {

/// Group costs of one option: one per group, in the option's group order.
using OptionCost = std::vector<double>;

struct CostPlan {
  std::vector<unsigned> OptionOf;            ///< Per function.
  std::vector<std::vector<unsigned>> CopyOf; ///< [function][group] -> copy
  std::vector<double> Load;                  ///< Per copy.
  double LowerBound = 0;
  double LPTMax = 0;   ///< Slowest copy of the LPT start (whole functions).
  unsigned Moves = 0;  ///< Improving moves applied after LPT.

  double maxLoad() const;
};

/// A plan to start the search from: per function, an option and the copy of
/// each of its groups.
struct PlanStart {
  std::vector<unsigned> OptionOf;
  std::vector<std::vector<unsigned>> CopyOf;
};

struct CostProblem {
  unsigned K = 1;
  std::vector<double> WholeCost; ///< Per function: option 0, one group.
  /// Per function (or empty): more options, numbered from 1 on, each with
  /// 1..K groups.
  std::vector<std::vector<OptionCost>> ExtraOptions;
  /// Functions that must stay whole (empty: none).
  std::vector<bool> NeverSplit;
  std::vector<PlanStart> Starts; ///< Besides LPT; invalid ones are ignored.
};

/// Solves \p P. \p SplitOptions(F) returns F's split options (each with
/// 2..K groups; may be empty), numbered after its extra options in the order
/// returned; it is called at most once per function, never for one that must
/// stay whole.
CostPlan planByCost(
    const CostProblem &P,
    llvm::function_ref<std::vector<OptionCost>(unsigned)> SplitOptions);

} // namespace p3

#endif
