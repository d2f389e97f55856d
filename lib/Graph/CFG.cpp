//===- CFG.cpp - Reachability and in-edges of a CFG ----------------------===//

#include "Graph/CFG.h"

namespace p3 {

std::vector<bool> reachableBlocks(const CFG &G) {
  std::vector<bool> Reachable(G.numBlocks(), false);
  std::vector<unsigned> Work{G.Entry};
  Work.insert(Work.end(), G.ExtraStarts.begin(), G.ExtraStarts.end());
  for (unsigned B : Work)
    Reachable[B] = true;
  while (!Work.empty()) {
    unsigned B = Work.back();
    Work.pop_back();
    for (unsigned S : G.Succs[B])
      if (!Reachable[S]) {
        Reachable[S] = true;
        Work.push_back(S);
      }
  }
  return Reachable;
}

std::vector<std::vector<CFGEdge>> inEdges(const CFG &G,
                                          const std::vector<bool> &From) {
  std::vector<std::vector<CFGEdge>> In(G.numBlocks());
  for (unsigned B = 0; B < G.numBlocks(); ++B)
    if (From[B])
      for (unsigned I = 0; I < G.Succs[B].size(); ++I)
        In[G.Succs[B][I]].push_back({B, I});
  return In;
}

} // namespace p3
