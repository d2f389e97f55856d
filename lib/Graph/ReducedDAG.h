//===- ReducedDAG.h - The DAG with straight conditionals collapsed -------===//
//
// P3's find_partition works on a reduced DAG in which each diamond (if-else
// with straight-line branches) and each triangle (if without else) is one
// vertex, so that the paths through a run of such conditionals end up in one
// task: they share their probes. Here a "group" is a set of DAG vertices with
// one begin and one end vertex. Starting from one group per vertex, a group A
// absorbs a fan-out when:
//  - the end of A has at least two out-edges, each going either directly to a
//    group J, or to an arm: a single original vertex with exactly that one
//    in-edge and exactly one out-edge, to J;
//  - J's begin vertex has no other in-edges.
// A, the arms and J then become one group. Diamonds and triangles are the
// two-way case; a switch whose cases are all straight is the n-way case (a
// generalisation of the paper). Because J may itself be a group, a chain of
// conditionals collapses into one group; because arms must be single vertices,
// a conditional with a nested conditional does not (the paper's "no nested
// conditionals").
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_REDUCEDDAG_H
#define P3_GRAPH_REDUCEDDAG_H

#include "Graph/PathDAG.h"

namespace p3 {

class ReducedDAG {
public:
  explicit ReducedDAG(const PathDAG &D);

  unsigned numGroups() const { return Begin.size(); }
  unsigned groupOf(unsigned V) const { return GroupOf[V]; }
  unsigned entryGroup() const { return GroupOf[D.entry()]; }
  unsigned exitGroup() const { return GroupOf[D.exit()]; }
  /// Topological rank: the begin vertex (groups are convex).
  unsigned beginVertex(unsigned G) const { return Begin[G]; }
  /// DAG edges between two vertices of G.
  llvm::ArrayRef<unsigned> internalEdges(unsigned G) const {
    return Internal[G];
  }
  /// DAG edges leaving G; they all leave its end vertex.
  llvm::ArrayRef<unsigned> outEdges(unsigned G) const {
    return D.outEdges(End[G]);
  }
  unsigned target(unsigned E) const { return GroupOf[D.edge(E).Dst]; }
  const PathDAG &dag() const { return D; }

private:
  bool absorbFanOut(unsigned A);
  void merge(unsigned Into, unsigned G);

  const PathDAG &D;
  std::vector<unsigned> GroupOf;
  std::vector<unsigned> Begin, End;
  std::vector<std::vector<unsigned>> Internal;
  std::vector<std::vector<unsigned>> Members; // only while building
};

} // namespace p3

#endif
