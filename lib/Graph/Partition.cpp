//===- Partition.cpp - P3's find_partition -------------------------------===//

#include "Graph/Partition.h"
#include "Graph/ReducedDAG.h"

#include <algorithm>
#include <numeric>

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

std::vector<std::vector<bool>> partitionByEnds(const PathDAG &D,
                                               unsigned Delta) {
  // Edges that can lead to vertex V (backward reachability).
  auto Leading = [&](unsigned V, std::vector<bool> &Edges) {
    std::vector<bool> Seen(D.numVertices(), false);
    std::vector<unsigned> Work{V};
    Seen[V] = true;
    while (!Work.empty()) {
      unsigned X = Work.back();
      Work.pop_back();
      for (unsigned E : D.inEdges(X)) {
        Edges[E] = true;
        unsigned Src = D.edge(E).Src;
        if (!Seen[Src]) {
          Seen[Src] = true;
          Work.push_back(Src);
        }
      }
    }
  };
  std::vector<std::vector<bool>> Shares;
  std::vector<bool> Leaving(D.numEdges(), false);
  bool AnyLeaving = false;
  for (unsigned E : D.inEdges(D.exit())) {
    if (D.edge(E).Kind == EdgeKind::End) {
      std::vector<bool> Share(D.numEdges(), false);
      Share[E] = true;
      Leading(D.edge(E).Src, Share);
      Shares.push_back(std::move(Share));
    } else {
      Leaving[E] = true;
      Leading(D.edge(E).Src, Leaving);
      AnyLeaving = true;
    }
  }
  if (AnyLeaving)
    Shares.push_back(std::move(Leaving));
  auto Size = [](const std::vector<bool> &S) {
    return std::count(S.begin(), S.end(), true);
  };
  while (Shares.size() > std::max(Delta, 1u)) {
    // Merge the two smallest shares (ties: the later ones).
    std::vector<unsigned> Order(Shares.size());
    std::iota(Order.begin(), Order.end(), 0u);
    std::stable_sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
      return Size(Shares[A]) < Size(Shares[B]);
    });
    unsigned A = std::min(Order[0], Order[1]), B = std::max(Order[0], Order[1]);
    for (unsigned E = 0; E < D.numEdges(); ++E)
      if (Shares[B][E])
        Shares[A][E] = true;
    Shares.erase(Shares.begin() + B);
  }
  if (Shares.size() <= 1)
    return {std::vector<bool>(D.numEdges(), true)};
  return Shares;
}

unsigned defaultDelta(const PathDAG &D, unsigned K) {
  return std::max<unsigned>(D.outEdges(D.entry()).size(), K);
}

} // namespace p3
