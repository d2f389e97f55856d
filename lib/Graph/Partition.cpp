//===- Partition.cpp - P3's find_partition -------------------------------===//

#include "Graph/Partition.h"
#include "Graph/ReducedDAG.h"

#include <algorithm>

namespace p3 {

namespace {

struct Prefix {
  std::vector<unsigned> Edges; ///< Reduced edges, as DAG edge ids.
  unsigned End;                ///< Group the prefix ends in.
};

std::vector<bool> shareEdges(const ReducedDAG &R, const Prefix &P) {
  const PathDAG &D = R.dag();
  std::vector<bool> Edges(D.numEdges(), false);
  auto AddGroup = [&](unsigned G) {
    for (unsigned E : R.internalEdges(G))
      Edges[E] = true;
  };
  AddGroup(R.entryGroup());
  for (unsigned E : P.Edges) {
    Edges[E] = true;
    AddGroup(R.target(E));
  }
  std::vector<bool> Seen(R.numGroups(), false);
  std::vector<unsigned> Work{P.End};
  Seen[P.End] = true;
  while (!Work.empty()) {
    unsigned G = Work.back();
    Work.pop_back();
    AddGroup(G);
    for (unsigned E : R.outEdges(G)) {
      Edges[E] = true;
      unsigned T = R.target(E);
      if (!Seen[T]) {
        Seen[T] = true;
        Work.push_back(T);
      }
    }
  }
  return Edges;
}

} // namespace

std::vector<std::vector<bool>> findPartition(const PathDAG &D,
                                             unsigned Delta) {
  ReducedDAG R(D);
  std::vector<Prefix> Frontier{{{}, R.entryGroup()}};
  while (true) {
    // The prefix ending earliest (ties: the oldest) that can still grow.
    auto Next = Frontier.end();
    for (auto It = Frontier.begin(); It != Frontier.end(); ++It)
      if (It->End != R.exitGroup() &&
          (Next == Frontier.end() ||
           R.beginVertex(It->End) < R.beginVertex(Next->End)))
        Next = It;
    if (Next == Frontier.end())
      break;
    auto Out = R.outEdges(Next->End);
    if (Frontier.size() - 1 + Out.size() > std::max(Delta, 1u))
      break;
    Prefix Grown = std::move(*Next);
    Frontier.erase(Next);
    for (unsigned E : Out) {
      Prefix P{Grown.Edges, R.target(E)};
      P.Edges.push_back(E);
      Frontier.push_back(std::move(P));
    }
  }

  std::vector<std::vector<bool>> Shares;
  if (Frontier.size() == 1) {
    Shares.emplace_back(D.numEdges(), true);
    return Shares;
  }
  for (const Prefix &P : Frontier)
    Shares.push_back(shareEdges(R, P));
  return Shares;
}

unsigned defaultDelta(const PathDAG &D, unsigned K) {
  return std::max<unsigned>(D.outEdges(D.entry()).size(), K);
}

} // namespace p3
