//===- StronglyConnected.cpp - Strongly connected components --------------===//

#include "Graph/StronglyConnected.h"

#include <algorithm>

namespace p3 {

std::vector<std::vector<unsigned>>
stronglyConnectedComponents(const std::vector<std::vector<unsigned>> &Succs,
                            llvm::function_ref<bool(unsigned)> IsVertex) {
  const unsigned None = ~0u;
  unsigned N = Succs.size();
  std::vector<unsigned> Index(N, None), Low(N, 0), Stack;
  std::vector<bool> OnStack(N, false);
  std::vector<std::vector<unsigned>> Components;
  unsigned Next = 0;
  auto Visit = [&](unsigned V) {
    Index[V] = Low[V] = Next++;
    Stack.push_back(V);
    OnStack[V] = true;
  };
  for (unsigned Root = 0; Root < N; ++Root) {
    if (!IsVertex(Root) || Index[Root] != None)
      continue;
    // (vertex, next successor to look at): the recursion's frames.
    std::vector<std::pair<unsigned, unsigned>> Work{{Root, 0}};
    Visit(Root);
    while (!Work.empty()) {
      auto &[V, I] = Work.back();
      if (I < Succs[V].size()) {
        unsigned W = Succs[V][I++];
        if (Index[W] == None) {
          Visit(W);
          Work.push_back({W, 0});
        } else if (OnStack[W]) {
          Low[V] = std::min(Low[V], Index[W]);
        }
        continue;
      }
      unsigned Done = V;
      Work.pop_back();
      if (!Work.empty())
        Low[Work.back().first] = std::min(Low[Work.back().first], Low[Done]);
      if (Low[Done] != Index[Done])
        continue;
      std::vector<unsigned> C;
      unsigned W;
      do {
        W = Stack.back();
        Stack.pop_back();
        OnStack[W] = false;
        C.push_back(W);
      } while (W != Done);
      Components.push_back(std::move(C));
    }
  }
  return Components;
}

} // namespace p3
