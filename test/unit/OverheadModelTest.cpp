//===- OverheadModelTest.cpp - Probe hits per copy -----------------------===//
//
// probeHits is compared with a simulator written here, which walks each
// executed path and counts the instrumentation actions the emitted code runs
// along it: the register set at function entry, or the reset on the start
// edge the path begins with (once per path); every nonzero increment on a real
// edge that does not enter EXIT; the counter update on the exit edge, if the
// instance counts it. It does not call probesOnPath.
//
//===----------------------------------------------------------------------===//

#include "Graph/OverheadModel.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

using namespace p3;
using namespace p3::test;

namespace {

uint64_t simulateProbes(const PathDAG &D, const Instance &I,
                        const EdgePath &Path) {
  if (I.Kind == InstanceKind::None)
    return 0;
  uint64_t Ran = 0;
  // Path start: the first edge leaves ENTRY; a start edge means control came
  // from a back edge, cut or unwind, whose code resets the register; a real
  // edge means the function was entered, and its prologue sets it.
  ++Ran;
  for (size_t Step = 0; Step < Path.size(); ++Step) {
    const DAGEdge &E = D.edge(Path[Step]);
    bool Last = Step + 1 == Path.size();
    if (Last) {
      // Return or back edge: count[r]++ only where this instance counts.
      Ran += I.Interesting[Path[Step]] ? 1 : 0;
      break;
    }
    if (E.Kind == EdgeKind::Real && I.Inc[Path[Step]] != 0)
      ++Ran; // r += c
  }
  return Ran;
}

} // namespace

TEST(OverheadModel, MatchesSimulatorForEveryCopy) {
  Summary Sum("OverheadModel.MatchesSimulatorForEveryCopy (all strategies, "
              "K 1,2,3,4,8)");
  std::mt19937_64 Rng(0x0e4d);
  unsigned Index = 0, Copies = 0;
  for (unsigned Prog = 0; Prog < 300 && !HasFailure(); ++Prog) {
    Program P = randomProgram(Rng, Index, 5);
    // A profile keyed by SBL id: all paths of small functions with random
    // counts (some zero), random paths of big ones.
    std::vector<PathCounts> Profile(P.Functions.size());
    std::vector<std::vector<std::pair<EdgePath, uint64_t>>> Executed(
        P.Functions.size());
    for (unsigned F = 0; F < P.Functions.size(); ++F) {
      const FunctionGraph &G = P.Functions[F];
      Sum.add(P.Shapes[F], G.SBL.numPaths(), P.Paths[F].has_value());
      std::map<EdgePath, uint64_t> Runs;
      if (P.Paths[F]) {
        for (const EdgePath &Path : *P.Paths[F])
          if (Rng() % 3)
            Runs[Path] = 1 + Rng() % 100000;
      } else {
        for (unsigned J = 0; J < 100; ++J)
          Runs[randomPath(Rng, G.DAG)] += 1 + Rng() % 100;
      }
      for (auto &[Path, Count] : Runs) {
        Profile[F][sumAlong(G.SBL.Val, Path)] = Count;
        Executed[F].push_back({Path, Count});
      }
    }
    for (unsigned K : AllK)
      for (const NamedOptions &NO : strategyConfigs(K)) {
        SCOPED_TRACE(NO.Name + ", K=" + std::to_string(K));
        llvm::Expected<ProgramPlan> Plan = planProgram(P.Functions, NO.Options);
        ASSERT_TRUE(bool(Plan));
        llvm::Expected<std::vector<uint64_t>> Hits =
            probeHits(P.Functions, *Plan, Profile);
        ASSERT_TRUE(bool(Hits)) << llvm::toString(Hits.takeError());
        ASSERT_EQ(Hits->size(), K);
        for (unsigned C = 0; C < K; ++C) {
          uint64_t Expected = 0;
          for (unsigned F = 0; F < P.Functions.size(); ++F)
            for (auto &[Path, Count] : Executed[F])
              Expected += Count * simulateProbes(P.Functions[F].DAG,
                                                 Plan->Instances[F][C], Path);
          EXPECT_EQ((*Hits)[C], Expected) << "copy " << C;
          ++Copies;
        }
        if (NO.Options.Kind == StrategyKind::SBL) {
          for (unsigned C = 1; C < K; ++C)
            EXPECT_EQ((*Hits)[C], (*Hits)[0]);
        }
        if (HasFailure())
          return;
      }
  }
  Sum.note(std::to_string(Copies) + " copies compared.");
}

TEST(OverheadModel, DiamondByHand) {
  // 0 -> 2; 2 -> {3, 4}; 3 -> 5; 4 -> 5; 5 -> 1. Ball-Larus puts 1 on 2->4;
  // the spanning tree keeps it there (every other edge is heavier or an exit
  // edge). The left path runs: entry set, count = 2 probes; the right one also
  // its increment = 3.
  CFG G{0, 1, {{2}, {}, {3, 4}, {5}, {5}, {1}}, {}};
  std::vector<FunctionGraph> Fs{functionOf(G)};
  StrategyOptions O;
  O.Kind = StrategyKind::SBL;
  O.K = 1;
  ProgramPlan Plan = *planProgram(Fs, O);
  EXPECT_EQ(Plan.Instances[0][0].StaticProbes, 3u);
  std::vector<PathCounts> Profile{{{0, 10}, {1, 5}}};
  EXPECT_EQ(*probeHits(Fs, Plan, Profile), std::vector<uint64_t>{35});

  // A loop: while (c) body;  0 -> 2; 2 -> {3, 1}; 3 -> 2. The path that
  // starts on the back edge's start edge pays a reset instead of the entry
  // set; the path ending on the back edge pays its counter update.
  CFG L{0, 1, {{2}, {}, {3, 1}, {2}}, {}};
  std::vector<FunctionGraph> Ls{functionOf(L)};
  ProgramPlan LP = *planProgram(Ls, O);
  const PathDAG &D = Ls[0].DAG;
  // Two dummy edges, one exit edge and one end edge counted, one entry set,
  // one reset: at least 4 sites; placement adds what it needs on top.
  EXPECT_GE(LP.Instances[0][0].StaticProbes, 4u);
  std::vector<EdgePath> Paths = *enumeratePaths(D, 10);
  ASSERT_EQ(Paths.size(), 4u);
  PathCounts Once;
  uint64_t Expected = 0;
  for (const EdgePath &P : Paths) {
    Once[sumAlong(Ls[0].SBL.Val, P)] = 1;
    Expected += simulateProbes(D, LP.Instances[0][0], P);
  }
  EXPECT_EQ(*probeHits(Ls, LP, {Once}), std::vector<uint64_t>{Expected});
}

TEST(OverheadModel, UnknownIdIsAnError) {
  std::vector<FunctionGraph> Fs{functionOf(diamondChain(2))};
  StrategyOptions O;
  O.K = 2;
  ProgramPlan Plan = *planProgram(Fs, O);
  std::vector<PathCounts> Profile{{{4, 1}}}; // 4 paths: ids 0..3
  llvm::Expected<std::vector<uint64_t>> Hits = probeHits(Fs, Plan, Profile);
  ASSERT_FALSE(bool(Hits));
  EXPECT_NE(llvm::toString(Hits.takeError()).find("no path with SBL id 4"),
            std::string::npos);
}
