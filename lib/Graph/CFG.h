//===- CFG.h - A control-flow graph as the graph library sees it ---------===//
//
// The frontend lowers clang::CFG to this plain form; tests build it from random
// shapes. Nothing here knows about source code.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_CFG_H
#define P3_GRAPH_CFG_H

#include <tuple>
#include <vector>

namespace p3 {

/// Blocks are numbered 0..numBlocks()-1. Succs[B] lists the successors of B in
/// terminator order; the same successor may appear twice (a switch with two
/// case values on one label), and each occurrence is a distinct edge.
struct CFG {
  unsigned Entry = 0;
  unsigned Exit = 0;
  std::vector<std::vector<unsigned>> Succs;
  /// Blocks where a path may begin although control does not reach them along
  /// a CFG edge of this function (C++ catch handlers, entered by unwinding).
  std::vector<unsigned> ExtraStarts;

  unsigned numBlocks() const { return Succs.size(); }
};

/// One CFG edge: successor number Index of block Block.
struct CFGEdge {
  unsigned Block = 0;
  unsigned Index = 0;

  friend bool operator==(CFGEdge A, CFGEdge B) {
    return A.Block == B.Block && A.Index == B.Index;
  }
  friend bool operator<(CFGEdge A, CFGEdge B) {
    return std::tie(A.Block, A.Index) < std::tie(B.Block, B.Index);
  }
};

/// The blocks control reaches from Entry or from one of the extra starts.
std::vector<bool> reachableBlocks(const CFG &G);

/// The edges into each block from the blocks \p From marks.
std::vector<std::vector<CFGEdge>> inEdges(const CFG &G,
                                          const std::vector<bool> &From);

} // namespace p3

#endif
