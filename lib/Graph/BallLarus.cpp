//===- BallLarus.cpp - Ball-Larus path numbering -------------------------===//

#include "Graph/BallLarus.h"

namespace p3 {

std::optional<Numbering> numberPaths(const PathDAG &D) {
  Numbering Num;
  Num.Val.assign(D.numEdges(), 0);
  Num.PathsFrom.assign(D.numVertices(), 0);
  Num.PathsFrom[D.exit()] = 1;
  for (unsigned V = D.exit(); V-- > 0;) {
    uint64_t N = 0;
    for (unsigned E : D.outEdges(V)) {
      Num.Val[E] = N;
      if (__builtin_add_overflow(N, Num.PathsFrom[D.edge(E).Dst], &N))
        return std::nullopt;
    }
    Num.PathsFrom[V] = N;
  }
  return Num;
}

std::optional<uint64_t> countPaths(const PathDAG &D) {
  std::optional<Numbering> Num = numberPaths(D);
  if (!Num)
    return std::nullopt;
  return Num->numPaths();
}

} // namespace p3
