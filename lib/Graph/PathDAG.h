//===- PathDAG.h - The Ball-Larus DAG of a control-flow graph ------------===//
//
// Paths are ENTRY->EXIT paths of this DAG. It is built from a CFG by
//  - dropping blocks that no path can reach,
//  - finding back edges by depth-first search (retreating edges: the target is
//    on the DFS stack). This covers irreducible loops too: whichever edge of
//    the cycle the DFS meets last is the back edge, so the result depends only
//    on the (fixed) successor order,
//  - replacing each back edge t->h, and each cut, by the dummy edges
//    ENTRY->h ("start" edge) and t->EXIT ("end" edge).
// Dummy edges are shared: one start edge per target vertex and one end edge
// per source vertex, however many back edges meet there.
//
// Vertices are numbered in topological order: ENTRY is 0, EXIT is the last.
// Edges are numbered by source vertex, then by position in the out-edge list;
// that order is the documented Ball-Larus edge order:
//   real edges in CFG successor order, then the vertex's end edge (if any);
//   for ENTRY, its real edges, then start edges by increasing target vertex.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_PATHDAG_H
#define P3_GRAPH_PATHDAG_H

#include "Graph/CFG.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace p3 {

constexpr unsigned NoEdge = ~0u;
constexpr unsigned NoVertex = ~0u;

enum class EdgeKind : uint8_t {
  Real,  ///< A CFG edge.
  Start, ///< ENTRY->h: a path that begins after a back edge, cut or unwind.
  End,   ///< t->EXIT: a path that ends on a back edge or cut out of t.
};

struct DAGEdge {
  unsigned Src = 0;
  unsigned Dst = 0;
  EdgeKind Kind = EdgeKind::Real;
  CFGEdge Origin; ///< Only for Real edges.
};

/// A CFG edge that is not in the DAG: control along it ends the current path
/// through endEdge(Tail) and begins the next through startEdge(Head).
struct SplitEdge {
  CFGEdge Origin;
  unsigned Tail = 0; ///< Vertex.
  unsigned Head = 0; ///< Vertex; ENTRY when the back edge returns to ENTRY.
  bool IsCut = false; ///< Cut to bound the path count, not a back edge.
};

class PathDAG {
public:
  /// Builds the DAG of \p G, treating the edges in \p Cuts like back edges.
  /// Fails when the exit has successors, entry and exit coincide, or a
  /// reachable block other than the exit has no successors.
  static llvm::Expected<PathDAG> build(const CFG &G,
                                       llvm::ArrayRef<CFGEdge> Cuts = {});

  unsigned numVertices() const { return VertexBlock.size(); }
  unsigned numEdges() const { return Edges.size(); }
  unsigned entry() const { return 0; }
  unsigned exit() const { return numVertices() - 1; }

  const DAGEdge &edge(unsigned E) const { return Edges[E]; }
  llvm::ArrayRef<DAGEdge> edges() const { return Edges; }

  /// Out-edges of V in Ball-Larus order (edge ids are contiguous).
  llvm::ArrayRef<unsigned> outEdges(unsigned V) const {
    return llvm::ArrayRef<unsigned>(OutList).slice(
        OutBegin[V], OutBegin[V + 1] - OutBegin[V]);
  }
  llvm::ArrayRef<unsigned> inEdges(unsigned V) const { return InEdges[V]; }

  unsigned block(unsigned V) const { return VertexBlock[V]; }
  /// The vertex of CFG block B, or NoVertex if no path reaches B.
  unsigned vertexOfBlock(unsigned B) const {
    return B < BlockVertex.size() ? BlockVertex[B] : NoVertex;
  }

  llvm::ArrayRef<SplitEdge> splitEdges() const { return Splits; }
  /// The DAG edge of a CFG edge, or NoEdge if it was split or is unreachable.
  unsigned edgeOf(CFGEdge E) const;
  /// Index into splitEdges() of a CFG edge, or NoEdge.
  unsigned splitOf(CFGEdge E) const;
  /// The dummy edge ENTRY->V or V->EXIT, or NoEdge.
  unsigned startEdge(unsigned V) const { return StartOf[V]; }
  unsigned endEdge(unsigned V) const { return EndOf[V]; }

  bool isExitEdge(unsigned E) const { return Edges[E].Dst == exit(); }

private:
  std::vector<unsigned> VertexBlock;
  std::vector<unsigned> BlockVertex;
  std::vector<DAGEdge> Edges;
  std::vector<unsigned> OutBegin; // numVertices()+1 offsets into OutList
  std::vector<unsigned> OutList;
  std::vector<std::vector<unsigned>> InEdges;
  std::vector<SplitEdge> Splits;
  std::vector<unsigned> StartOf, EndOf;
  std::vector<std::vector<unsigned>> RealEdgeOfSucc; // [block][index]
  std::vector<std::vector<unsigned>> SplitOfSucc;    // [block][index]
};

/// The back edges PathDAG::build finds in \p G: edges into ENTRY, and the
/// retreating edges of its depth-first search from ENTRY, then from each extra
/// start, in successor order.
std::vector<CFGEdge> findBackEdges(const CFG &G);

/// Builds the DAG of \p G and, when its paths cannot be numbered within
/// \p MaxPaths (at most 2^64-1), cuts edges until they can: at each vertex, in
/// reverse topological order, the out-edges leading to the most paths are cut
/// until the vertex starts at most C paths; C is lowered until the whole
/// function fits. Fails only when no cap works.
llvm::Expected<PathDAG> buildNumberableDAG(const CFG &G,
                                           uint64_t MaxPaths = UINT64_MAX);

} // namespace p3

#endif
