//===- Frequencies.cpp - How often each DAG edge runs --------------------===//

#include "Graph/Frequencies.h"
#include "Graph/Regeneration.h"
#include "Graph/StaticWeights.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>

using namespace llvm;

namespace p3 {

Expected<EdgeFrequencies> profileFlow(const FunctionGraph &F,
                               const PathCounts &Counts) {
  EdgeFrequencies Flow(F.DAG.numEdges(), 0.0);
  for (auto [Id, Count] : Counts) {
    std::optional<EdgePath> Path = regeneratePath(F.DAG, F.SBL.Val, Id);
    if (!Path)
      return createStringError(inconvertibleErrorCode(),
                               "no path has SBL id %llu (the function has "
                               "%llu paths)",
                               (unsigned long long)Id,
                               (unsigned long long)F.SBL.numPaths());
    for (unsigned E : *Path)
      Flow[E] += double(Count);
  }
  return Flow;
}

double pathStarts(const PathDAG &D, ArrayRef<double> Flow) {
  double Sum = 0;
  for (unsigned E : D.outEdges(D.entry()))
    Sum += Flow[E];
  return Sum;
}

double invocations(const PathDAG &D, ArrayRef<double> Flow) {
  double Sum = 0;
  for (unsigned E : D.outEdges(D.entry()))
    if (D.edge(E).Kind == EdgeKind::Real)
      Sum += Flow[E];
  return Sum;
}

std::vector<uint64_t> flowWeights(const PathDAG &D, ArrayRef<double> Flow) {
  double Max = 0;
  for (double F : Flow)
    Max = std::max(Max, F);
  std::vector<uint64_t> Weight(D.numEdges(), 0);
  if (Max <= 0)
    return Weight;
  // Scale into 2^40 so that ratios up to a trillion stay distinct; an edge
  // that ran at all weighs at least 1.
  double Scale = std::ldexp(1.0, 40) / Max;
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    const DAGEdge &Edge = D.edge(E);
    if (Edge.Kind != EdgeKind::Real || Edge.Dst == D.exit() || Flow[E] <= 0)
      continue;
    Weight[E] = std::max<uint64_t>(1, uint64_t(std::llround(Flow[E] * Scale)));
  }
  return Weight;
}

namespace {

// Wu and Larus's probabilities for the structural heuristics.
constexpr double StayInLoop = 0.88;
constexpr double TakeReturn = 0.28;
// A header whose loop comes back with (near) certainty runs at most this many
// times per entry (Wu and Larus bound the cyclic probability the same way).
constexpr double MaxCyclic = 1.0 - 1.0 / 1024;
constexpr double HandlerStarts = 1.0 / 64;

bool isBackEdge(const PathDAG &D, const BranchChoice &C) {
  return C.Split != NoEdge && !D.splitEdges()[C.Split].IsCut;
}

/// Every way out of every vertex, with no probability yet.
BranchProbabilities collectChoices(const PathDAG &D) {
  BranchProbabilities Choices(D.numVertices());
  for (unsigned V = 0; V < D.numVertices(); ++V)
    for (unsigned E : D.outEdges(V))
      if (D.edge(E).Kind == EdgeKind::Real)
        Choices[V].push_back({D.edge(E).Dst, E, NoEdge, 0});
  for (unsigned S = 0; S < D.splitEdges().size(); ++S) {
    const SplitEdge &Split = D.splitEdges()[S];
    Choices[Split.Tail].push_back({Split.Head, NoEdge, S, 0});
  }
  return Choices;
}

/// Per vertex, the index of the smallest loop containing it, or -1.
std::vector<int> innermostLoops(const PathDAG &D,
                                const std::vector<NaturalLoop> &Loops) {
  std::vector<int> Innermost(D.numVertices(), -1);
  std::vector<size_t> Size(Loops.size());
  for (unsigned L = 0; L < Loops.size(); ++L)
    Size[L] = std::count(Loops[L].Body.begin(), Loops[L].Body.end(), true);
  for (unsigned V = 0; V < D.numVertices(); ++V)
    for (unsigned L = 0; L < Loops.size(); ++L)
      if (Loops[L].Body[V] &&
          (Innermost[V] < 0 || Size[L] < Size[Innermost[V]]))
        Innermost[V] = L;
  return Innermost;
}

/// Splits Out into a likely and an unlikely class by the first heuristic
/// that tells them apart, and shares each class's probability equally.
void assignProbabilities(const PathDAG &D, const NaturalLoop *Loop,
                         std::vector<BranchChoice> &Out) {
  if (Out.empty())
    return;
  auto Leaves = [&](const BranchChoice &C) {
    if (isBackEdge(D, C))
      return C.Target != Loop->Header; // continues an outer loop
    return C.Target == D.exit() || !Loop->Body[C.Target];
  };
  auto Returns = [&](const BranchChoice &C) {
    return C.RealEdge != NoEdge && C.Target == D.exit();
  };
  std::vector<bool> Unlikely(Out.size(), false);
  double UnlikelyShare = 0;
  auto Classify = [&](auto Pred, double Share) {
    unsigned N = 0;
    for (unsigned I = 0; I < Out.size(); ++I) {
      Unlikely[I] = Pred(Out[I]);
      N += Unlikely[I];
    }
    if (N > 0 && N < Out.size()) {
      UnlikelyShare = Share;
      return true;
    }
    Unlikely.assign(Out.size(), false);
    return false;
  };
  if (!(Loop && Classify(Leaves, 1 - StayInLoop)))
    Classify(Returns, TakeReturn);
  unsigned NUnlikely = std::count(Unlikely.begin(), Unlikely.end(), true);
  unsigned NLikely = Out.size() - NUnlikely;
  for (unsigned I = 0; I < Out.size(); ++I)
    Out[I].Probability = NUnlikely == 0 ? 1.0 / Out.size()
                         : Unlikely[I]  ? UnlikelyShare / NUnlikely
                                        : (1 - UnlikelyShare) / NLikely;
}

/// Wu and Larus's propagation over the loop nest.
class Propagation {
public:
  Propagation(const PathDAG &D, const BranchProbabilities &Choices)
      : D(D), Choices(Choices), Loops(naturalLoops(D)),
        Cyclic(D.numVertices(), 0.0), ChoiceFlow(D.numVertices()) {
    for (unsigned V = 0; V < D.numVertices(); ++V)
      ChoiceFlow[V].assign(Choices[V].size(), 0.0);
  }

  EdgeFrequencies run();

private:
  void findExtraStarts();
  void computeTopologicalOrder();
  /// One acyclic pass from Head over Body (all vertices when null): the
  /// header of a loop runs once, the function is invoked once. Every other
  /// header's frequency is scaled by 1 / (1 - its cyclic probability).
  void propagate(unsigned Head, const std::vector<bool> *Body);

  const PathDAG &D;
  const BranchProbabilities &Choices;
  std::vector<NaturalLoop> Loops;
  std::vector<unsigned> Order;
  std::vector<double> Cyclic; ///< Per header vertex.
  std::vector<std::vector<double>> ChoiceFlow;
  std::vector<bool> ExtraStart;
};

void Propagation::findExtraStarts() {
  // A start edge that no split edge explains leads to a catch handler.
  ExtraStart.assign(D.numVertices(), false);
  for (unsigned E : D.outEdges(D.entry()))
    if (D.edge(E).Kind == EdgeKind::Start)
      ExtraStart[D.edge(E).Dst] = true;
  for (const SplitEdge &Split : D.splitEdges())
    ExtraStart[Split.Head] = false;
}

void Propagation::computeTopologicalOrder() {
  // Kahn's algorithm over real edges and cuts, smallest vertex first.
  std::vector<unsigned> InDegree(D.numVertices(), 0);
  for (unsigned V = 0; V < D.numVertices(); ++V)
    for (const BranchChoice &C : Choices[V])
      if (!isBackEdge(D, C))
        ++InDegree[C.Target];
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      Ready;
  for (unsigned V = 0; V < D.numVertices(); ++V)
    if (InDegree[V] == 0)
      Ready.push(V);
  while (!Ready.empty()) {
    unsigned V = Ready.top();
    Ready.pop();
    Order.push_back(V);
    for (const BranchChoice &C : Choices[V])
      if (!isBackEdge(D, C) && --InDegree[C.Target] == 0)
        Ready.push(C.Target);
  }
}

void Propagation::propagate(unsigned Head, const std::vector<bool> *Body) {
  std::vector<double> InFlow(D.numVertices(), 0.0);
  double Back = 0;
  for (unsigned V : Order) {
    if (Body && !(*Body)[V])
      continue;
    double F = V == Head ? 1 : InFlow[V];
    if (!Body && ExtraStart[V])
      F += HandlerStarts;
    if (!(Body && V == Head))
      F /= 1 - Cyclic[V];
    for (unsigned I = 0; I < Choices[V].size(); ++I) {
      const BranchChoice &C = Choices[V][I];
      double Flow = F * C.Probability;
      ChoiceFlow[V][I] = Flow;
      if (isBackEdge(D, C)) {
        if (Body && C.Target == Head)
          Back += Flow;
      } else if (!Body || (*Body)[C.Target]) {
        InFlow[C.Target] += Flow;
      }
    }
  }
  if (Body)
    Cyclic[Head] = std::min(Back, MaxCyclic);
}

EdgeFrequencies Propagation::run() {
  findExtraStarts();
  computeTopologicalOrder();
  // Innermost loops first: an inner loop's body is a strict subset of the
  // body of every loop around it. Ties (disjoint loops) by header.
  std::vector<size_t> Size(Loops.size());
  for (unsigned L = 0; L < Loops.size(); ++L)
    Size[L] = std::count(Loops[L].Body.begin(), Loops[L].Body.end(), true);
  std::vector<unsigned> ByNesting(Loops.size());
  for (unsigned L = 0; L < Loops.size(); ++L)
    ByNesting[L] = L;
  std::stable_sort(ByNesting.begin(), ByNesting.end(),
                   [&](unsigned A, unsigned B) { return Size[A] < Size[B]; });
  for (unsigned L : ByNesting)
    propagate(Loops[L].Header, &Loops[L].Body);
  propagate(D.entry(), nullptr);

  EdgeFrequencies Flow(D.numEdges(), 0.0);
  for (unsigned V = 0; V < D.numVertices(); ++V) {
    for (unsigned I = 0; I < Choices[V].size(); ++I) {
      const BranchChoice &C = Choices[V][I];
      double F = ChoiceFlow[V][I];
      if (C.RealEdge != NoEdge) {
        Flow[C.RealEdge] += F;
        continue;
      }
      const SplitEdge &S = D.splitEdges()[C.Split];
      Flow[D.endEdge(S.Tail)] += F;
      if (S.Head != D.entry())
        Flow[D.startEdge(S.Head)] += F;
    }
    if (ExtraStart[V])
      Flow[D.startEdge(V)] += HandlerStarts;
  }
  return Flow;
}

} // namespace

BranchProbabilities staticBranchProbabilities(const PathDAG &D) {
  BranchProbabilities Choices = collectChoices(D);
  std::vector<NaturalLoop> Loops = naturalLoops(D);
  std::vector<int> Innermost = innermostLoops(D, Loops);
  for (unsigned V = 0; V < D.numVertices(); ++V)
    assignProbabilities(D, Innermost[V] < 0 ? nullptr : &Loops[Innermost[V]],
                        Choices[V]);
  return Choices;
}

EdgeFrequencies propagateFrequencies(const PathDAG &D,
                              const BranchProbabilities &Probabilities) {
  return Propagation(D, Probabilities).run();
}

EdgeFrequencies staticFlow(const PathDAG &D) {
  return propagateFrequencies(D, staticBranchProbabilities(D));
}

} // namespace p3
