//===- FunctionGraph.h - What the strategies know about one function -----===//

#ifndef P3_GRAPH_FUNCTIONGRAPH_H
#define P3_GRAPH_FUNCTIONGRAPH_H

#include "Graph/BallLarus.h"

#include "llvm/Support/Error.h"

#include <climits>

namespace p3 {

/// Call sites of a function whose callers cannot all be seen (its address is
/// taken, or it is visible outside the rewritten files).
constexpr unsigned UnknownCallSites = UINT_MAX;

struct FunctionGraph {
  PathDAG DAG;
  Numbering SBL;                ///< The numbering merged profiles are keyed by.
  std::vector<uint64_t> Weight; ///< Static weight per edge (chord placement).
  std::vector<bool> NeverProbe; ///< Edges whose source location takes no probe.
  unsigned CallSites = 0;       ///< Static call sites in the program.
  /// The function must stay whole in one copy (its returns are counted by a
  /// cleanup that cannot tell an interesting exit edge from another).
  bool NeverSplit = false;
  /// The function's paths are counted when its frame is left (a guarded
  /// function's cleanup), not on the edges into EXIT: an increment on such an
  /// edge is an addition of its own before that count, and an edge into EXIT
  /// that takes no probe must add nothing.
  bool CountsOnFrameExit = false;
  /// Per DAG edge (or empty): a cut edge, into EXIT for the paths cut short
  /// in its block by a call that does not return. Never taken in a run that
  /// ends normally (weight 0); its increment folds into the id noted before
  /// the call, so it never is an addition of its own.
  std::vector<bool> CutExit;

  /// Marks the DAG edges of \p Cuts (edges of the CFG the DAG was built
  /// from) as cut edges, with weight 0.
  void setCutExits(llvm::ArrayRef<CFGEdge> Cuts);
  bool isCutExit(unsigned E) const { return E < CutExit.size() && CutExit[E]; }

  /// Numbers \p DAG and fills default weights; no edge is forced. Fails when
  /// the paths do not fit in 64 bits (see buildNumberableDAG).
  static llvm::Expected<FunctionGraph> fromDAG(PathDAG DAG,
                                               unsigned CallSites = 0);
};

} // namespace p3

#endif
