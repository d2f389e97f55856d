//===- CallFrequenciesTest.cpp - Invocations over the call graph ---------===//
//
// Oracles: on call graphs without recursion, a function's invocations are the
// sum over every chain of calls that reaches it of the product of the calls'
// frequencies (enumerated); with recursion, the linear system x = b + W^T x
// with the damping the library documents applied to the matrix (components
// found by brute-force reachability), solved by Gaussian elimination. Vertex
// visits are summed path by path over random profiles.
//
//===----------------------------------------------------------------------===//

#include "Graph/CallFrequencies.h"
#include "Graph/Frequencies.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>

using namespace p3;
using namespace p3::test;

namespace {

struct CallGraph {
  std::vector<double> Base;
  std::vector<CallEdge> Calls;
};

/// N functions; Acyclic: calls only go from lower to higher numbers.
CallGraph randomCallGraph(std::mt19937_64 &Rng, unsigned N, bool Acyclic,
                          double MaxWeight) {
  CallGraph G;
  for (unsigned F = 0; F < N; ++F)
    G.Base.push_back(Rng() % 3 == 0 ? 0.0 : double(1 + Rng() % 4));
  unsigned Edges = Rng() % (2 * N + 1);
  for (unsigned E = 0; E < Edges; ++E) {
    unsigned A = Rng() % N, B = Rng() % N;
    if (Acyclic) {
      if (A == B)
        continue;
      if (A > B)
        std::swap(A, B);
    }
    G.Calls.push_back({A, B, MaxWeight * double(1 + Rng() % 1000) / 1000});
  }
  return G;
}

/// Invocations by enumerating every call chain (acyclic graphs only).
std::vector<double> chainSums(const CallGraph &G) {
  unsigned N = G.Base.size();
  std::vector<double> X(N, 0.0);
  std::function<void(unsigned, double)> Walk = [&](unsigned F, double Mass) {
    X[F] += Mass;
    for (const CallEdge &C : G.Calls)
      if (C.Caller == F)
        Walk(C.Callee, Mass * C.PerInvocation);
  };
  for (unsigned F = 0; F < N; ++F)
    if (G.Base[F] > 0)
      Walk(F, G.Base[F]);
  return X;
}

/// x = b + W^T x, with each caller's calls into its own component scaled to
/// add up to at most MaxRecursionGain. Components by reachability.
std::vector<double> dampedSystem(const CallGraph &G, bool *Damped = nullptr) {
  unsigned N = G.Base.size();
  std::vector<std::vector<double>> W(N, std::vector<double>(N, 0.0));
  std::vector<std::vector<bool>> Reach(N, std::vector<bool>(N, false));
  for (unsigned F = 0; F < N; ++F)
    Reach[F][F] = true;
  for (const CallEdge &C : G.Calls) {
    W[C.Caller][C.Callee] += C.PerInvocation;
    Reach[C.Caller][C.Callee] = true;
  }
  for (unsigned M = 0; M < N; ++M)
    for (unsigned A = 0; A < N; ++A)
      for (unsigned B = 0; B < N; ++B)
        if (Reach[A][M] && Reach[M][B])
          Reach[A][B] = true;
  for (unsigned F = 0; F < N; ++F) {
    double Inner = 0;
    for (unsigned G2 = 0; G2 < N; ++G2)
      if (Reach[F][G2] && Reach[G2][F])
        Inner += W[F][G2];
    if (Inner > MaxRecursionGain && Damped)
      *Damped = true;
    if (Inner > MaxRecursionGain)
      for (unsigned G2 = 0; G2 < N; ++G2)
        if (Reach[F][G2] && Reach[G2][F])
          W[F][G2] *= MaxRecursionGain / Inner;
  }
  // (I - W^T) x = b
  std::vector<std::vector<double>> A(N, std::vector<double>(N + 1, 0.0));
  for (unsigned F = 0; F < N; ++F) {
    A[F][F] = 1;
    A[F][N] = G.Base[F];
    for (unsigned C = 0; C < N; ++C)
      A[F][C] -= W[C][F];
  }
  for (unsigned Col = 0; Col < N; ++Col) {
    unsigned Pivot = Col;
    for (unsigned R = Col + 1; R < N; ++R)
      if (std::fabs(A[R][Col]) > std::fabs(A[Pivot][Col]))
        Pivot = R;
    std::swap(A[Pivot], A[Col]);
    for (unsigned R = 0; R < N; ++R) {
      if (R == Col || A[R][Col] == 0)
        continue;
      double Factor = A[R][Col] / A[Col][Col];
      for (unsigned C = Col; C <= N; ++C)
        A[R][C] -= Factor * A[Col][C];
    }
  }
  std::vector<double> X(N);
  for (unsigned F = 0; F < N; ++F)
    X[F] = A[F][N] / A[F][F];
  return X;
}

void expectClose(const std::vector<double> &Got,
                 const std::vector<double> &Want, const char *What,
                 unsigned Case) {
  ASSERT_EQ(Got.size(), Want.size());
  for (unsigned F = 0; F < Got.size(); ++F)
    EXPECT_NEAR(Got[F], Want[F], 1e-9 * std::max(1.0, std::fabs(Want[F])))
        << What << " case " << Case << " function " << F;
}

} // namespace

TEST(CallFrequencies, AcyclicIsTheSumOverCallChains) {
  std::mt19937_64 Rng(0xca11);
  unsigned WithCalls = 0;
  for (unsigned I = 0; I < 2000 && !HasFailure(); ++I) {
    CallGraph G = randomCallGraph(Rng, 1 + I % 9, /*Acyclic=*/true, 4.0);
    WithCalls += !G.Calls.empty();
    expectClose(propagateInvocations(G.Base, G.Calls), chainSums(G), "acyclic",
                I);
  }
  EXPECT_GT(WithCalls, 1400u);
}

TEST(CallFrequencies, RecursionIsTheDampedLinearSystem) {
  std::mt19937_64 Rng(0xdab);
  unsigned Damped = 0, Undamped = 0;
  for (unsigned I = 0; I < 3000 && !HasFailure(); ++I) {
    // Light calls (no component's gain reaches the cap), and heavy ones
    // (loops around calls: damped).
    double MaxWeight = I % 2 ? 0.3 : 12.0;
    CallGraph G =
        randomCallGraph(Rng, 1 + I % 10, /*Acyclic=*/false, MaxWeight);
    std::vector<double> Got = propagateInvocations(G.Base, G.Calls);
    bool WasDamped = false;
    expectClose(Got, dampedSystem(G, &WasDamped), "recursive", I);
    for (unsigned F = 0; F < Got.size(); ++F) {
      EXPECT_TRUE(std::isfinite(Got[F]));
      EXPECT_GE(Got[F], G.Base[F] - 1e-12);
    }
    (WasDamped ? Damped : Undamped) += 1;
  }
  // Both regimes are exercised: components whose calls were scaled down,
  // and graphs solved exactly.
  EXPECT_GT(Damped, 500u);
  EXPECT_GT(Undamped, 1000u);
  std::printf("[ summary  ] CallFrequencies.RecursionIsTheDampedLinearSystem: "
              "%u damped, %u undamped call graphs\n",
              Damped, Undamped);
}

TEST(CallFrequencies, DeterministicAndMonotone) {
  std::mt19937_64 Rng(0x5eed);
  for (unsigned I = 0; I < 1000 && !HasFailure(); ++I) {
    CallGraph G = randomCallGraph(Rng, 1 + I % 8, false, I % 2 ? 0.5 : 6.0);
    std::vector<double> X = propagateInvocations(G.Base, G.Calls);
    // The order of the calls changes nothing.
    CallGraph H = G;
    std::shuffle(H.Calls.begin(), H.Calls.end(), Rng);
    expectClose(propagateInvocations(H.Base, H.Calls), X, "shuffled", I);
    // More invocations from outside never mean fewer anywhere.
    H.Base[Rng() % H.Base.size()] += 1;
    std::vector<double> Y = propagateInvocations(H.Base, H.Calls);
    for (unsigned F = 0; F < X.size(); ++F)
      EXPECT_GE(Y[F], X[F] - 1e-9 * std::max(1.0, X[F])) << "case " << I;
  }
}

TEST(CallFrequencies, VertexVisitsAreThePathsThroughTheVertex) {
  std::mt19937_64 Rng(0x715);
  for (unsigned I = 0; I < 600 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    FunctionGraph F = functionOf(S.G);
    const PathDAG &D = F.DAG;
    PathCounts Counts;
    std::vector<double> Want(D.numVertices(), 0.0);
    for (unsigned J = 0; J < 20; ++J) {
      EdgePath P = randomPath(Rng, D);
      uint64_t Count = 1 + Rng() % 100;
      Counts[sumAlong(F.SBL.Val, P)] += Count;
      for (unsigned E : P)
        Want[D.edge(E).Dst] += Count;
      if (D.edge(P.front()).Kind == EdgeKind::Real)
        Want[D.entry()] += Count; // an invocation: it starts at ENTRY
    }
    llvm::Expected<EdgeFrequencies> Flow = profileFlow(F, Counts);
    ASSERT_TRUE(bool(Flow)) << llvm::toString(Flow.takeError());
    std::vector<double> Got = vertexVisits(D, *Flow);
    expectClose(Got, Want, "visits", I);
  }
}

TEST(CallFrequencies, StaticInvocationsByHand) {
  // main (0): a diamond whose arms call f (1) and g (2); its join calls f.
  // f calls h (3) twice in one block; nothing calls main.
  CFG Main =
      diamondChain(1); // 0 entry, 1 exit, 2 head, 3 left, 4 right, 5 join
  CFG Straight;
  Straight.Entry = 0;
  Straight.Exit = 1;
  Straight.Succs = {{2}, {}, {1}};
  std::vector<FunctionGraph> Fs = {functionOf(Main), functionOf(Straight),
                                   functionOf(Straight), functionOf(Straight)};
  std::vector<std::vector<BlockCall>> Calls(4);
  Calls[0] = {{3, 1}, {4, 2}, {5, 1}};
  Calls[1] = {{2, 3}, {2, 3}};
  std::vector<double> X =
      staticInvocations(Fs, Calls, {false, false, false, false});
  // Both arms are equally likely (no heuristic tells them apart).
  EXPECT_NEAR(X[0], 1.0, 1e-12);
  EXPECT_NEAR(X[1], 1.5, 1e-12);
  EXPECT_NEAR(X[2], 0.5, 1e-12);
  EXPECT_NEAR(X[3], 3.0, 1e-12);
  // g's address is taken: it also starts with one invocation.
  X = staticInvocations(Fs, Calls, {false, false, true, false});
  EXPECT_NEAR(X[2], 1.5, 1e-12);
  // A call from a block no path reaches, or of an unknown function, is
  // ignored.
  Calls[1].push_back({7, 3});
  Calls[1].push_back({2, 9});
  X = staticInvocations(Fs, Calls, {false, false, false, false});
  EXPECT_NEAR(X[3], 3.0, 1e-12);
}

TEST(CallFrequencies, SelfRecursionIsCapped) {
  // f calls itself 5 times per invocation: damped to MaxRecursionGain.
  std::vector<double> X = propagateInvocations({1.0}, {CallEdge{0, 0, 5.0}});
  EXPECT_NEAR(X[0], 1.0 / (1.0 - MaxRecursionGain), 1e-9);
  // 0.5 times: exact, 1 / (1 - 0.5).
  X = propagateInvocations({1.0}, {CallEdge{0, 0, 0.5}});
  EXPECT_NEAR(X[0], 2.0, 1e-9);
}
