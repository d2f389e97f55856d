//===- Frequencies.h - How often each DAG edge runs, measured or estimated ===//
//
// The cost model (Graph/CostModel.h) weighs every probe by how often it runs.
// A function's frequencies are an *edge flow*: per DAG edge, the number of
// path executions that take it. Every path takes exactly one of ENTRY's
// out-edges, so the flow out of ENTRY is the number of paths run; the flow of
// a start edge is the number of paths that begin after a back edge (or cut,
// or at a catch handler), that of an end edge the number that end on one.
//
//  - profileFlow: the exact flow of a profile (SBL id -> count). The cost
//    model on it equals the overhead model on the same profile.
//  - staticFlow: an estimate per invocation, without a profile, in the style
//    of Wu and Larus ("Static branch frequency and program profile analysis",
//    MICRO 1994): branch probabilities from the CFG's shape, propagated
//    through the loop nest, innermost loops first, each loop's header
//    frequency scaled by 1 / (1 - the probability of coming back to it).
//    Only structural heuristics apply (p3 sees no operands): a branch that
//    stays in its innermost loop is taken with probability 0.88 against one
//    that leaves it (loop branch / loop exit heuristics), a branch that
//    returns is taken with probability 0.28 against one that does not (return
//    heuristic); otherwise the successors are equally likely. A catch handler
//    starts a path on 1/64 of the invocations.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_FREQUENCIES_H
#define P3_GRAPH_FREQUENCIES_H

#include "Graph/FunctionGraph.h"
#include "Graph/Merge.h"

namespace p3 {

/// Path executions per DAG edge.
using EdgeFrequencies = std::vector<double>;

/// What the planner knows about how often one function's paths run.
struct FunctionFrequency {
  /// Per DAG edge, from a profile; empty: estimate statically.
  EdgeFrequencies Flow;
  /// For a static estimate: how many invocations to scale it to.
  double Invocations = 1;
};

/// The flow of the paths in \p Counts (SBL id -> count). Fails on an id that
/// names no path of \p F.
llvm::Expected<EdgeFrequencies> profileFlow(const FunctionGraph &F,
                                     const PathCounts &Counts);

/// One way control leaves a vertex in the CFG: a real DAG edge, or a back
/// edge or cut (which the DAG replaces by dummy edges).
struct BranchChoice {
  unsigned Target = 0;
  unsigned RealEdge = NoEdge; ///< DAG edge, for a real CFG edge.
  unsigned Split = NoEdge;    ///< Index in splitEdges(), otherwise.
  double Probability = 0;
};
using BranchProbabilities = std::vector<std::vector<BranchChoice>>;

/// Per vertex, every way out (real edges in DAG order, then split edges in
/// splitEdges() order) with its probability by the heuristics of the file
/// comment. EXIT has none.
BranchProbabilities staticBranchProbabilities(const PathDAG &D);

/// The flow of one invocation under \p Probabilities (shaped like
/// staticBranchProbabilities' result), propagated through the loop nest.
/// Exact (the expected visits of the Markov chain) when every loop is
/// entered through its header only and comes back with probability below
/// 1 - 1/1024, and no catch handler is inside a loop.
EdgeFrequencies propagateFrequencies(const PathDAG &D,
                              const BranchProbabilities &Probabilities);

/// The estimated flow of one invocation of \p D's function:
/// propagateFrequencies of staticBranchProbabilities.
EdgeFrequencies staticFlow(const PathDAG &D);

/// Paths run: the flow out of ENTRY.
double pathStarts(const PathDAG &D, llvm::ArrayRef<double> Flow);

/// Invocations: the flow of ENTRY's real out-edges (paths that begin at
/// function entry rather than after a back edge).
double invocations(const PathDAG &D, llvm::ArrayRef<double> Flow);

/// Chord-placement weights (Graph/ChordPlacement.h) from a flow: the hotter
/// an edge, the heavier, so that the spanning tree keeps probes off it. Edges
/// into EXIT and dummy edges weigh 0, as in staticEdgeWeights: their probe
/// runs anyway.
std::vector<uint64_t> flowWeights(const PathDAG &D,
                                  llvm::ArrayRef<double> Flow);

} // namespace p3

#endif
