//===- FrequenciesTest.cpp - Edge flows, measured and estimated ----------===//
//
// Oracles: the flow of a profile is summed here path by path; the static
// propagation is compared with the expected visit counts of the Markov chain
// the branch probabilities define, solved by Gaussian elimination, on every
// graph where Wu and Larus's propagation is exact (each loop entered through
// its header only, no catch handler, no loop that comes back with near
// certainty), with random probabilities and with the heuristics' own.
//
//===----------------------------------------------------------------------===//

#include "Graph/Frequencies.h"
#include "Graph/StaticWeights.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace p3;
using namespace p3::test;

namespace {

/// Every way out of every vertex appears once: the real out-edges and the
/// split edges whose tail it is.
void checkChoicesCoverTheCFG(const PathDAG &D, const BranchProbabilities &P) {
  ASSERT_EQ(P.size(), D.numVertices());
  std::vector<unsigned> RealSeen(D.numEdges(), 0), SplitSeen(
                                                       D.splitEdges().size(), 0);
  for (unsigned V = 0; V < D.numVertices(); ++V) {
    double Sum = 0;
    for (const BranchChoice &C : P[V]) {
      EXPECT_GT(C.Probability, 0);
      Sum += C.Probability;
      if (C.RealEdge != NoEdge) {
        ASSERT_EQ(D.edge(C.RealEdge).Src, V);
        ASSERT_EQ(D.edge(C.RealEdge).Kind, EdgeKind::Real);
        EXPECT_EQ(C.Target, D.edge(C.RealEdge).Dst);
        ++RealSeen[C.RealEdge];
      } else {
        ASSERT_LT(C.Split, D.splitEdges().size());
        EXPECT_EQ(D.splitEdges()[C.Split].Tail, V);
        EXPECT_EQ(C.Target, D.splitEdges()[C.Split].Head);
        ++SplitSeen[C.Split];
      }
    }
    if (!P[V].empty()) {
      EXPECT_NEAR(Sum, 1.0, 1e-12) << "vertex " << V;
    }
  }
  for (unsigned E = 0; E < D.numEdges(); ++E)
    EXPECT_EQ(RealSeen[E], D.edge(E).Kind == EdgeKind::Real ? 1u : 0u);
  for (unsigned S : SplitSeen)
    EXPECT_EQ(S, 1u);
}

/// Whether propagation is exact on D: every loop's body is entered only
/// through its header, and no path starts at a catch handler.
bool propagationIsExact(const PathDAG &D, const BranchProbabilities &P) {
  for (unsigned E : D.outEdges(D.entry()))
    if (D.edge(E).Kind == EdgeKind::Start) {
      bool Explained = false;
      for (const SplitEdge &S : D.splitEdges())
        Explained |= S.Head == D.edge(E).Dst;
      if (!Explained)
        return false;
    }
  for (const NaturalLoop &L : naturalLoops(D))
    for (unsigned U = 0; U < D.numVertices(); ++U)
      for (const BranchChoice &C : P[U]) {
        bool Back = C.Split != NoEdge && !D.splitEdges()[C.Split].IsCut;
        if (!Back && L.Body[C.Target] && C.Target != L.Header && !L.Body[U])
          return false;
      }
  return true;
}

/// Expected visits per vertex of the chain that starts at ENTRY and moves
/// along the choices with their probabilities until EXIT: x = e + P^T x.
/// nullopt when the system is (nearly) singular or a loop (nearly) never
/// ends.
std::optional<std::vector<double>> markovVisits(const PathDAG &D,
                                                const BranchProbabilities &P) {
  unsigned N = D.numVertices();
  std::vector<std::vector<double>> A(N, std::vector<double>(N + 1, 0.0));
  for (unsigned V = 0; V < N; ++V)
    A[V][V] = 1;
  A[D.entry()][N] = 1;
  for (unsigned U = 0; U < N; ++U)
    for (const BranchChoice &C : P[U])
      A[C.Target][U] -= C.Probability;
  for (unsigned Col = 0; Col < N; ++Col) {
    unsigned Pivot = Col;
    for (unsigned R = Col + 1; R < N; ++R)
      if (std::fabs(A[R][Col]) > std::fabs(A[Pivot][Col]))
        Pivot = R;
    if (std::fabs(A[Pivot][Col]) < 1e-9)
      return std::nullopt;
    std::swap(A[Pivot], A[Col]);
    for (unsigned R = 0; R < N; ++R) {
      if (R == Col || A[R][Col] == 0)
        continue;
      double F = A[R][Col] / A[Col][Col];
      for (unsigned C = Col; C <= N; ++C)
        A[R][C] -= F * A[Col][C];
    }
  }
  std::vector<double> X(N);
  for (unsigned V = 0; V < N; ++V) {
    X[V] = A[V][N] / A[V][V];
    if (!(X[V] >= -1e-9) || X[V] > 5000)
      return std::nullopt; // a loop close to the 1024-iteration cap
  }
  return X;
}

/// The DAG flow of the chain's visits, mapped as the library documents.
EdgeFrequencies flowOfVisits(const PathDAG &D, const BranchProbabilities &P,
                      const std::vector<double> &X) {
  EdgeFrequencies Flow(D.numEdges(), 0.0);
  for (unsigned U = 0; U < D.numVertices(); ++U)
    for (const BranchChoice &C : P[U]) {
      double F = X[U] * C.Probability;
      if (C.RealEdge != NoEdge) {
        Flow[C.RealEdge] += F;
        continue;
      }
      const SplitEdge &S = D.splitEdges()[C.Split];
      Flow[D.endEdge(S.Tail)] += F;
      if (S.Head != D.entry())
        Flow[D.startEdge(S.Head)] += F;
    }
  return Flow;
}

BranchProbabilities randomProbabilities(std::mt19937_64 &Rng,
                                        BranchProbabilities P) {
  for (std::vector<BranchChoice> &Out : P) {
    double Sum = 0;
    for (BranchChoice &C : Out) {
      C.Probability = 0.05 + double(Rng() % 1000) / 1000;
      Sum += C.Probability;
    }
    for (BranchChoice &C : Out)
      C.Probability /= Sum;
  }
  return P;
}

} // namespace

TEST(Frequencies, ProfileFlowIsTheSumOverPaths) {
  Summary Sum("Frequencies.ProfileFlowIsTheSumOverPaths (and conserved)");
  std::mt19937_64 Rng(0xf10);
  for (unsigned I = 0; I < 800 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    FunctionGraph F = functionOf(S.G);
    const PathDAG &D = F.DAG;
    std::optional<std::vector<EdgePath>> Paths = smallPathSet(D);
    std::vector<EdgePath> Run;
    if (Paths)
      for (const EdgePath &P : *Paths)
        if (Rng() % 2)
          Run.push_back(P);
    for (unsigned J = 0; J < 20; ++J)
      Run.push_back(randomPath(Rng, D));
    PathCounts Counts;
    std::vector<double> Expected(D.numEdges(), 0.0);
    for (const EdgePath &P : Run) {
      uint64_t Count = 1 + Rng() % 1000;
      Counts[sumAlong(F.SBL.Val, P)] += Count;
      for (unsigned E : P)
        Expected[E] += Count;
    }
    Sum.add(S.ShapeName, F.SBL.numPaths(), Paths.has_value());
    llvm::Expected<EdgeFrequencies> Flow = profileFlow(F, Counts);
    ASSERT_TRUE(bool(Flow)) << llvm::toString(Flow.takeError());
    EXPECT_EQ(*Flow, Expected);
    for (unsigned V = 1; V + 1 < D.numVertices(); ++V) {
      double In = 0, Out = 0;
      for (unsigned E : D.inEdges(V))
        In += (*Flow)[E];
      for (unsigned E : D.outEdges(V))
        Out += (*Flow)[E];
      EXPECT_EQ(In, Out) << "vertex " << V;
    }
  }
}

TEST(Frequencies, ProfileFlowRejectsUnknownIds) {
  FunctionGraph F = functionOf(diamondChain(2)); // ids 0..3
  llvm::Expected<EdgeFrequencies> Flow = profileFlow(F, {{1, 5}, {4, 1}});
  ASSERT_FALSE(bool(Flow));
  EXPECT_NE(llvm::toString(Flow.takeError()).find("no path has SBL id 4"),
            std::string::npos);
}

TEST(Frequencies, PropagationIsTheMarkovChain) {
  Summary Sum("Frequencies.PropagationIsTheMarkovChain (random and static "
              "probabilities vs Gaussian elimination)");
  std::mt19937_64 Rng(0x3a4c);
  unsigned Compared = 0, NotExact = 0, Singular = 0;
  for (unsigned I = 0; I < 1500 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    FunctionGraph F = functionOf(S.G);
    const PathDAG &D = F.DAG;
    if (D.numVertices() > 160)
      continue;
    Sum.add(S.ShapeName, F.SBL.numPaths(), false);
    BranchProbabilities Static = staticBranchProbabilities(D);
    checkChoicesCoverTheCFG(D, Static);
    for (const BranchProbabilities &P :
         {Static, randomProbabilities(Rng, Static)}) {
      EdgeFrequencies Flow = propagateFrequencies(D, P);
      for (double X : Flow)
        ASSERT_TRUE(std::isfinite(X) && X >= 0);
      if (!propagationIsExact(D, P)) {
        ++NotExact;
        continue;
      }
      std::optional<std::vector<double>> X = markovVisits(D, P);
      if (!X) {
        ++Singular;
        continue;
      }
      EdgeFrequencies Expected = flowOfVisits(D, P, *X);
      for (unsigned E = 0; E < D.numEdges(); ++E)
        ASSERT_NEAR(Flow[E], Expected[E], 1e-7 * std::max(1.0, Expected[E]))
            << S.ShapeName << " edge " << E << "\n"
            << cfgLiteral(S.G);
      ++Compared;
    }
  }
  EXPECT_GT(Compared, 1000u);
  Sum.note(std::to_string(Compared) + " flows compared; " +
           std::to_string(NotExact) + " not exact by construction (a loop "
           "entered besides its header, or a catch handler), " +
           std::to_string(Singular) + " singular or beyond 5000 visits (a loop that never or hardly ever ends, where propagation caps).");
}

TEST(Frequencies, LoopHeuristicByHand) {
  // while (c) body;   0 -> 2; 2 -> {3, 1}; 3 -> 2.
  FunctionGraph F = functionOf(CFG{0, 1, {{2}, {}, {3, 1}, {2}}, {}});
  const PathDAG &D = F.DAG;
  BranchProbabilities P = staticBranchProbabilities(D);
  unsigned Header = D.vertexOfBlock(2);
  ASSERT_EQ(P[Header].size(), 2u);
  for (const BranchChoice &C : P[Header])
    EXPECT_DOUBLE_EQ(C.Probability, C.Target == D.exit() ? 0.12 : 0.88);
  // The header runs 1 / (1 - 0.88) times per invocation: the first path
  // starts at entry, the other 1/0.12 - 1 after the back edge.
  EdgeFrequencies Flow = staticFlow(D);
  EXPECT_NEAR(pathStarts(D, Flow), 1 / 0.12, 1e-12);
  EXPECT_NEAR(invocations(D, Flow), 1, 1e-12);
  EXPECT_NEAR(Flow[D.startEdge(Header)], 1 / 0.12 - 1, 1e-12);
}

TEST(Frequencies, ReturnHeuristicByHand) {
  // if (c) return; rest;   0 -> 2; 2 -> {1, 3}; 3 -> 1.
  FunctionGraph F = functionOf(CFG{0, 1, {{2}, {}, {1, 3}, {1}}, {}});
  const PathDAG &D = F.DAG;
  BranchProbabilities P = staticBranchProbabilities(D);
  unsigned If = D.vertexOfBlock(2);
  ASSERT_EQ(P[If].size(), 2u);
  for (const BranchChoice &C : P[If])
    EXPECT_DOUBLE_EQ(C.Probability, C.Target == D.exit() ? 0.28 : 0.72);
  EXPECT_NEAR(pathStarts(D, staticFlow(D)), 1, 1e-12);
}

TEST(Frequencies, FlowWeightsFollowTheFlow) {
  FunctionGraph F = functionOf(CFG{0, 1, {{2}, {}, {3, 4}, {5}, {5}, {1}}, {}});
  const PathDAG &D = F.DAG;
  EdgeFrequencies Flow(D.numEdges(), 0.0);
  unsigned Left = D.edgeOf({2, 0}), Right = D.edgeOf({2, 1});
  Flow[Left] = 10;
  Flow[Right] = 1e6;
  std::vector<uint64_t> W = flowWeights(D, Flow);
  EXPECT_GT(W[Right], W[Left]);
  EXPECT_GE(W[Left], 1u);
  for (unsigned E = 0; E < D.numEdges(); ++E)
    if (D.isExitEdge(E) || D.edge(E).Kind != EdgeKind::Real || Flow[E] == 0) {
      EXPECT_EQ(W[E], 0u);
    }
}
