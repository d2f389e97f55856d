//===- Regeneration.cpp - From a path id back to its edges, and back -----===//

#include "Graph/Regeneration.h"

namespace p3 {

std::optional<EdgePath> regeneratePath(const PathDAG &D, const EdgeValues &Val,
                                       uint64_t Id,
                                       const std::vector<bool> &Allowed) {
  EdgePath Path;
  uint64_t R = Id;
  unsigned V = D.entry();
  while (V != D.exit()) {
    unsigned Best = NoEdge;
    for (unsigned E : D.outEdges(V)) {
      if (!Allowed.empty() && !Allowed[E])
        continue;
      if (Val[E] <= R && (Best == NoEdge || Val[E] > Val[Best]))
        Best = E;
    }
    if (Best == NoEdge)
      return std::nullopt;
    Path.push_back(Best);
    R -= Val[Best];
    V = D.edge(Best).Dst;
  }
  if (R != 0)
    return std::nullopt;
  return Path;
}

uint64_t pathSum(const EdgeValues &Val, const EdgePath &Path) {
  uint64_t Sum = 0;
  for (unsigned E : Path)
    Sum += Val[E];
  return Sum;
}

bool isCompletePath(const PathDAG &D, const EdgePath &Path) {
  unsigned V = D.entry();
  for (unsigned E : Path) {
    if (E >= D.numEdges() || D.edge(E).Src != V)
      return false;
    V = D.edge(E).Dst;
  }
  return V == D.exit();
}

} // namespace p3
