//===- StronglyConnected.h - Strongly connected components ----------------===//
//
// Tarjan's algorithm, iterative (call graphs and CFGs of real programs are
// deep enough to overflow the stack of a recursive one). Used for the call
// graph's recursion (CallFrequencies) and for loops of probeless edges
// inside macros (ProbelessEdges).
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_STRONGLYCONNECTED_H
#define P3_GRAPH_STRONGLYCONNECTED_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace p3 {

/// The strongly connected components of the digraph on vertices
/// 0..Succs.size()-1 with edges V -> Succs[V][i], restricted to the vertices
/// \p IsVertex accepts (edges must stay among them). A component comes
/// after every component it has an edge into (reverse topological order:
/// callees before callers). Its vertices come in the order Tarjan's stack
/// gives them: the component's root, the first of them the search reached,
/// last.
std::vector<std::vector<unsigned>> stronglyConnectedComponents(
    const std::vector<std::vector<unsigned>> &Succs,
    llvm::function_ref<bool(unsigned)> IsVertex = [](unsigned) {
      return true;
    });

} // namespace p3

#endif
