//===- CallFrequencies.cpp - Invocations over the call graph -------------===//

#include "Graph/CallFrequencies.h"
#include "Graph/Frequencies.h"
#include "Graph/StronglyConnected.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace llvm;

namespace p3 {

namespace {

/// Strongly connected components of the call graph, callers' components
/// before their callees'.
std::vector<std::vector<unsigned>>
componentsInCallOrder(const std::vector<std::vector<unsigned>> &Succ) {
  std::vector<std::vector<unsigned>> Components =
      stronglyConnectedComponents(Succ);
  for (std::vector<unsigned> &C : Components)
    std::sort(C.begin(), C.end());
  std::reverse(Components.begin(), Components.end());
  return Components;
}

} // namespace

std::vector<double> propagateInvocations(ArrayRef<double> Base,
                                         ArrayRef<CallEdge> Calls) {
  unsigned N = Base.size();
  // Parallel call edges add up; self-calls and calls within a component
  // are damped below.
  std::vector<std::map<unsigned, double>> Out(N);
  for (const CallEdge &C : Calls)
    if (C.Caller < N && C.Callee < N && C.PerInvocation > 0 &&
        std::isfinite(C.PerInvocation))
      Out[C.Caller][C.Callee] += C.PerInvocation;
  std::vector<std::vector<unsigned>> Succ(N);
  for (unsigned F = 0; F < N; ++F)
    for (const auto &[Callee, W] : Out[F])
      Succ[F].push_back(Callee);

  std::vector<double> Inv(N, 0.0);
  std::vector<unsigned> ComponentOf(N);
  std::vector<std::vector<unsigned>> Components = componentsInCallOrder(Succ);
  for (unsigned C = 0; C < Components.size(); ++C)
    for (unsigned F : Components[C])
      ComponentOf[F] = C;
  // What enters each function from outside its component accumulates in
  // Inv as the components before it are finished.
  for (unsigned F = 0; F < N; ++F)
    Inv[F] = std::max(0.0, Base[F]);
  for (unsigned C = 0; C < Components.size(); ++C) {
    const std::vector<unsigned> &Members = Components[C];
    // Calls within the component, each caller's scaled to at most
    // MaxRecursionGain in total.
    std::vector<std::vector<std::pair<unsigned, double>>> Inner(Members.size());
    for (unsigned I = 0; I < Members.size(); ++I) {
      double Sum = 0;
      for (const auto &[Callee, W] : Out[Members[I]])
        if (ComponentOf[Callee] == C)
          Sum += W;
      double Scale = Sum > MaxRecursionGain ? MaxRecursionGain / Sum : 1.0;
      for (const auto &[Callee, W] : Out[Members[I]])
        if (ComponentOf[Callee] == C)
          Inner[I].push_back({unsigned(std::lower_bound(Members.begin(),
                                                        Members.end(), Callee) -
                                       Members.begin()),
                              W * Scale});
    }
    // x = b + A^T x by Jacobi iteration: a contraction (each row of A adds
    // up to at most MaxRecursionGain), so it converges geometrically.
    std::vector<double> B(Members.size()), X(Members.size());
    for (unsigned I = 0; I < Members.size(); ++I)
      X[I] = B[I] = Inv[Members[I]];
    bool Recursive = false;
    for (const auto &Calls : Inner)
      Recursive |= !Calls.empty();
    for (unsigned Round = 0; Recursive && Round < 2000; ++Round) {
      std::vector<double> Next = B;
      for (unsigned I = 0; I < Members.size(); ++I)
        for (const auto &[J, W] : Inner[I])
          Next[J] += X[I] * W;
      double Change = 0, Size = 0;
      for (unsigned I = 0; I < Members.size(); ++I) {
        Change = std::max(Change, std::fabs(Next[I] - X[I]));
        Size = std::max(Size, Next[I]);
      }
      X = std::move(Next);
      if (Change <= Size * 1e-13)
        break;
    }
    for (unsigned I = 0; I < Members.size(); ++I) {
      unsigned F = Members[I];
      Inv[F] = X[I];
      for (const auto &[Callee, W] : Out[F])
        if (ComponentOf[Callee] != C)
          Inv[Callee] += X[I] * W;
    }
  }
  return Inv;
}

std::vector<double> vertexVisits(const PathDAG &D, ArrayRef<double> Flow) {
  std::vector<double> Visits(D.numVertices(), 0.0);
  for (unsigned V = 0; V < D.numVertices(); ++V)
    for (unsigned E : D.inEdges(V))
      Visits[V] += Flow[E];
  Visits[D.entry()] = invocations(D, Flow);
  return Visits;
}

std::vector<double> staticInvocations(ArrayRef<FunctionGraph> Functions,
                                      ArrayRef<std::vector<BlockCall>> Calls,
                                      const std::vector<bool> &Root) {
  unsigned N = Functions.size();
  std::vector<CallEdge> Edges;
  std::vector<bool> Called(N, false);
  for (unsigned F = 0; F < N && F < Calls.size(); ++F) {
    if (Calls[F].empty())
      continue;
    const PathDAG &D = Functions[F].DAG;
    std::vector<double> Visits = vertexVisits(D, staticFlow(D));
    for (const BlockCall &C : Calls[F]) {
      if (C.Callee >= N)
        continue;
      unsigned V = D.vertexOfBlock(C.Block);
      if (V == NoVertex)
        continue;
      Edges.push_back({F, C.Callee, Visits[V]});
      Called[C.Callee] = true;
    }
  }
  std::vector<double> Base(N, 0.0);
  for (unsigned F = 0; F < N; ++F)
    Base[F] = (F < Root.size() && Root[F]) || !Called[F] ? 1.0 : 0.0;
  return propagateInvocations(Base, Edges);
}

} // namespace p3
