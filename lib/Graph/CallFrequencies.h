//===- CallFrequencies.h - How often each function is invoked, estimated -===//
//
// A static flow (Graph/Frequencies.h) says how often one *invocation* of a
// function runs each edge; the planner compares functions, so it also needs
// how often each function is invoked. Without a profile, p3 estimates that
// over the call graph the frontend finds (direct calls, the block each one is
// in), in the style of Wu and Larus's global propagation ("Static branch
// frequency and program profile analysis", MICRO 1994, section 5):
//
//  - local call frequency: a call in block B runs as often per invocation of
//    its caller as the static flow visits B's vertex;
//  - invocations: a function nothing in the program calls (main, a library's
//    entry points), or whose callers cannot all be seen (its address is
//    taken), starts with one invocation; every function then receives, per
//    call into it, its caller's invocations times that call's local
//    frequency, propagated over the call graph's strongly connected
//    components in topological order;
//  - recursion is damped: within a component (mutual recursion, or a
//    function calling itself), the local frequencies of each caller's calls
//    back into the component are scaled down so that they add up to at most
//    MaxRecursionGain, which bounds a component's invocations by
//    1 / (1 - MaxRecursionGain) times what enters it (Wu and Larus cap a
//    cycle's probability the same way, as Frequencies.cpp does for loops).
//
// The estimate only steers the auto strategy's plan; the copies profile every
// path exactly whatever it says.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_CALLFREQUENCIES_H
#define P3_GRAPH_CALLFREQUENCIES_H

#include "Graph/FunctionGraph.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace p3 {

/// At most this much of a call-graph component's invocations comes back into
/// it per invocation (see the file comment).
constexpr double MaxRecursionGain = 0.9;

/// A call of function Callee from a CFG block of the calling function.
struct BlockCall {
  unsigned Block = 0;
  unsigned Callee = 0;

  friend bool operator==(const BlockCall &A, const BlockCall &B) {
    return A.Block == B.Block && A.Callee == B.Callee;
  }
};

/// A call-graph edge: Caller calls Callee PerInvocation times per invocation
/// of Caller (summed over its call sites).
struct CallEdge {
  unsigned Caller = 0, Callee = 0;
  double PerInvocation = 0;
};

/// Per function, how often it is invoked: \p Base (invocations from outside
/// the program) plus what the calls bring, recursion damped (file comment).
/// Every value is finite and at least its base; deterministic.
std::vector<double> propagateInvocations(llvm::ArrayRef<double> Base,
                                         llvm::ArrayRef<CallEdge> Calls);

/// Per DAG vertex, how often the paths of \p Flow pass through it: the flow
/// into it (ENTRY: the invocations).
std::vector<double> vertexVisits(const PathDAG &D, llvm::ArrayRef<double> Flow);

/// Estimated invocations of each function of a program, from the static
/// flow of each and its calls (block ids of its CFG; a block no path reaches
/// calls nothing). A function starts with one invocation when \p Root says
/// so or nothing in \p Calls calls it.
std::vector<double>
staticInvocations(llvm::ArrayRef<FunctionGraph> Functions,
                  llvm::ArrayRef<std::vector<BlockCall>> Calls,
                  const std::vector<bool> &Root);

} // namespace p3

#endif
