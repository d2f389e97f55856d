//===- ReducedDAG.cpp - The DAG with straight conditionals collapsed -----===//

#include "Graph/ReducedDAG.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace p3 {

ReducedDAG::ReducedDAG(const PathDAG &D) : D(D) {
  unsigned N = D.numVertices();
  GroupOf.resize(N);
  Begin.resize(N);
  End.resize(N);
  Internal.resize(N);
  Members.resize(N);
  for (unsigned V = 0; V < N; ++V) {
    GroupOf[V] = Begin[V] = End[V] = V;
    Members[V] = {V};
  }

  // In topological order, each group absorbs fan-outs for as long as it can:
  // a chain of conditionals collapses in one sweep.
  for (unsigned V = 0; V < N; ++V)
    if (Begin[GroupOf[V]] == V)
      while (absorbFanOut(GroupOf[V])) {
      }

  // Renumber the surviving groups densely, in topological order.
  std::vector<unsigned> NewId(N, NoVertex);
  std::vector<unsigned> NewBegin, NewEnd;
  std::vector<std::vector<unsigned>> NewInternal;
  for (unsigned V = 0; V < N; ++V) {
    unsigned G = GroupOf[V];
    if (Begin[G] != V)
      continue;
    NewId[G] = NewBegin.size();
    NewBegin.push_back(Begin[G]);
    NewEnd.push_back(End[G]);
    std::sort(Internal[G].begin(), Internal[G].end());
    NewInternal.push_back(std::move(Internal[G]));
  }
  for (unsigned V = 0; V < N; ++V)
    GroupOf[V] = NewId[GroupOf[V]];
  Begin = std::move(NewBegin);
  End = std::move(NewEnd);
  Internal = std::move(NewInternal);
  Members.clear();
}

bool ReducedDAG::absorbFanOut(unsigned A) {
  auto Out = D.outEdges(End[A]);
  if (Out.size() < 2)
    return false;
  unsigned Join = NoVertex;
  llvm::SmallVector<unsigned, 8> Arms, JoinEdges;
  for (unsigned E : Out) {
    unsigned T = GroupOf[D.edge(E).Dst];
    unsigned ToJoin = E;
    bool IsArm = Members[T].size() == 1 && D.inEdges(Begin[T]).size() == 1 &&
                 D.outEdges(End[T]).size() == 1;
    if (IsArm) {
      Arms.push_back(T);
      ToJoin = D.outEdges(End[T])[0];
      T = GroupOf[D.edge(ToJoin).Dst];
    }
    if (Join != NoVertex && T != Join)
      return false;
    Join = T;
    JoinEdges.push_back(ToJoin);
  }
  if (Join == A || D.inEdges(Begin[Join]).size() != JoinEdges.size())
    return false;
  for (unsigned E : D.inEdges(Begin[Join]))
    if (std::find(JoinEdges.begin(), JoinEdges.end(), E) == JoinEdges.end())
      return false;

  for (unsigned E : Out)
    Internal[A].push_back(E);
  for (unsigned E : JoinEdges)
    if (std::find(Out.begin(), Out.end(), E) == Out.end())
      Internal[A].push_back(E);
  unsigned JoinEnd = End[Join];
  for (unsigned Arm : Arms)
    merge(A, Arm);
  merge(A, Join);
  End[A] = JoinEnd;
  return true;
}

void ReducedDAG::merge(unsigned Into, unsigned G) {
  for (unsigned V : Members[G])
    GroupOf[V] = Into;
  Members[Into].insert(Members[Into].end(), Members[G].begin(),
                       Members[G].end());
  Members[G].clear();
  Internal[Into].insert(Internal[Into].end(), Internal[G].begin(),
                        Internal[G].end());
  Internal[G].clear();
}

} // namespace p3
