//===- MergeTest.cpp - Exactness of decode + merge -----------------------===//
//
// Simulates a run: random frequencies over the paths, and per copy the raw
// (id, count) pairs exactly as the runtime produces them: a path is recorded
// only if its last edge is counted, under the sum of the increments along it,
// and paths with the same id add up. Decoding and merging the copies must
// give the SBL profile exactly, with nothing reported as a disagreement or a
// bad id.
//
//===----------------------------------------------------------------------===//

#include "Graph/Merge.h"
#include "Graph/Strategy.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

using namespace p3;
using namespace p3::test;

namespace {

/// Executed paths with their frequencies: all paths when enumerable (about
/// half never run), random ones otherwise.
std::vector<std::pair<EdgePath, uint64_t>>
simulateRun(std::mt19937_64 &Rng, const FunctionGraph &F,
            const std::optional<std::vector<EdgePath>> &Paths) {
  std::vector<std::pair<EdgePath, uint64_t>> Run;
  auto Frequency = [&] {
    switch (Rng() % 4) {
    case 0:
      return uint64_t(1);
    case 1:
      return uint64_t(1) << 40; // hot path, large counts
    default:
      return 1 + Rng() % 1000;
    }
  };
  if (Paths) {
    for (const EdgePath &P : *Paths)
      if (Rng() % 2)
        Run.push_back({P, Frequency()});
    return Run;
  }
  std::map<EdgePath, uint64_t> Seen;
  for (unsigned I = 0; I < 200; ++I)
    Seen[randomPath(Rng, F.DAG)] += Frequency();
  return {Seen.begin(), Seen.end()};
}

/// What the runtime of one copy writes for one function.
PathCounts record(const Instance &I,
                  const std::vector<std::pair<EdgePath, uint64_t>> &Run) {
  PathCounts Raw;
  if (!I.isInstrumented())
    return Raw;
  for (auto &[P, Freq] : Run)
    if (I.counts(P.back()))
      Raw[sumAlong(I.Inc, P)] += Freq;
  return Raw;
}

struct MergeStats {
  uint64_t Executed = 0, Dropped = 0;
};

void checkExact(const FunctionGraph &F, llvm::ArrayRef<Instance> Copies,
                const std::vector<std::pair<EdgePath, uint64_t>> &Run,
                MergeStats &Stats) {
  unsigned K = Copies.size();
  std::vector<PathCounts> Recorded;
  for (const Instance &I : Copies)
    Recorded.push_back(record(I, Run));
  FunctionMerge M =
      mergeFunction(F, Copies, Recorded, std::vector<bool>(K, true));

  PathCounts Expected;
  uint64_t Dropped = 0;
  for (auto &[P, Freq] : Run) {
    Expected[sumAlong(F.SBL.Val, P)] += Freq;
    for (const Instance &I : Copies)
      if (I.isInstrumented() && I.counts(P.back()) &&
          !allInteresting(I.Interesting, P)) {
        Dropped += Freq;
        ++Stats.Dropped;
      }
  }
  EXPECT_EQ(M.Counts, Expected);
  EXPECT_TRUE(M.BadIds.empty()) << M.BadIds.size() << " bad ids";
  EXPECT_TRUE(M.Disagreements.empty())
      << M.Disagreements.size() << " disagreements";
  EXPECT_EQ(M.Dropped, Dropped);
  Stats.Executed += Run.size();
}

} // namespace

TEST(Merge, ExactForEveryStrategyAndK) {
  Summary Sum("Merge.ExactForEveryStrategyAndK (simulated runs, decode + "
              "merge == SBL profile)");
  std::mt19937_64 Rng(0x3e76e);
  unsigned Index = 0;
  MergeStats Stats;
  unsigned Merges = 0;
  for (unsigned Prog = 0; Prog < 300 && !HasFailure(); ++Prog) {
    Program P = randomProgram(Rng, Index, 5);
    for (unsigned F = 0; F < P.Functions.size(); ++F)
      Sum.add(P.Shapes[F], P.Functions[F].SBL.numPaths(),
              P.Paths[F].has_value());
    std::vector<std::vector<std::pair<EdgePath, uint64_t>>> Runs;
    for (unsigned F = 0; F < P.Functions.size(); ++F)
      Runs.push_back(simulateRun(Rng, P.Functions[F], P.Paths[F]));
    for (unsigned K : AllK)
      for (const NamedOptions &NO : strategyConfigs(K)) {
        SCOPED_TRACE("program " + std::to_string(Prog) + ", " + NO.Name +
                     ", K=" + std::to_string(K));
        llvm::Expected<ProgramPlan> Plan = planProgram(P.Functions, NO.Options);
        ASSERT_TRUE(bool(Plan)) << llvm::toString(Plan.takeError());
        for (unsigned F = 0; F < P.Functions.size(); ++F) {
          checkExact(P.Functions[F], Plan->Instances[F], Runs[F], Stats);
          ++Merges;
        }
        if (HasFailure())
          return;
      }
  }
  Sum.note(std::to_string(Merges) + " function merges, " +
           std::to_string(Stats.Executed) + " executed paths; " +
           std::to_string(Stats.Dropped) +
           " of them recorded by a copy that does not profile them and "
           "dropped.");
}

namespace {

/// A diamond chain profiled by a Ball-Larus copy and a PSPP copy over the
/// edges of two paths; Both is interesting in both copies.
struct TwoCopies {
  FunctionGraph F = functionOf(diamondChain(3));
  std::vector<Instance> Copies;
  EdgePath Both, OnlyFirst;

  TwoCopies() {
    std::vector<EdgePath> Paths = *enumeratePaths(F.DAG, 100);
    Both = Paths[0];
    OnlyFirst = Paths.back();
    std::vector<bool> EI(F.DAG.numEdges(), false);
    for (unsigned E : Both)
      EI[E] = true;
    Copies.push_back(*makeBallLarusInstance(F));
    Copies.push_back(*makeInstance(F, EI));
  }
  uint64_t sblId(const EdgePath &P) const { return sumAlong(F.SBL.Val, P); }
};

} // namespace

TEST(Merge, DisagreementIsReported) {
  TwoCopies T;
  ASSERT_EQ(T.Copies[1].Kind, InstanceKind::PSPP);
  std::vector<PathCounts> Rec(2);
  Rec[0][sumAlong(T.Copies[0].Inc, T.Both)] = 5;
  Rec[1][sumAlong(T.Copies[1].Inc, T.Both)] = 7; // not the same run
  FunctionMerge M = mergeFunction(T.F, T.Copies, Rec, {true, true});
  ASSERT_EQ(M.Disagreements.size(), 1u);
  EXPECT_EQ(M.Disagreements[0].SBLId, T.sblId(T.Both));
  EXPECT_EQ(M.Disagreements[0].CountByCopy,
            (std::vector<std::pair<unsigned, uint64_t>>{{0, 5}, {1, 7}}));
  EXPECT_EQ(M.Counts[T.sblId(T.Both)], 7u);

  // A copy that profiles the path but saw it zero times disagrees as well.
  Rec[1].clear();
  M = mergeFunction(T.F, T.Copies, Rec, {true, true});
  ASSERT_EQ(M.Disagreements.size(), 1u);
  EXPECT_EQ(M.Disagreements[0].CountByCopy,
            (std::vector<std::pair<unsigned, uint64_t>>{{0, 5}, {1, 0}}));

  // Unless that copy did not run at all.
  M = mergeFunction(T.F, T.Copies, Rec, {true, false});
  EXPECT_TRUE(M.Disagreements.empty());
  EXPECT_EQ(M.Counts[T.sblId(T.Both)], 5u);
}

TEST(Merge, BadIdsAndDroppedIds) {
  TwoCopies T;
  // A Ball-Larus id beyond the last path, and any id in a copy where the
  // function is not instrumented, are bad.
  std::vector<Instance> Copies{T.Copies[0], Instance{}};
  std::vector<PathCounts> Rec(2);
  Rec[0][T.F.SBL.numPaths()] = 1;
  Rec[1][0] = 1;
  FunctionMerge M = mergeFunction(T.F, Copies, Rec, {true, true});
  EXPECT_EQ(M.BadIds, (std::vector<std::pair<unsigned, uint64_t>>{
                          {0, T.F.SBL.numPaths()}, {1, 0}}));
  EXPECT_TRUE(M.Counts.empty());

  // A PSPP copy recording a path it does not profile: dropped, not bad.
  Rec.assign(2, {});
  ASSERT_TRUE(T.Copies[1].counts(T.OnlyFirst.back()));
  Rec[1][sumAlong(T.Copies[1].Inc, T.OnlyFirst)] = 3;
  M = mergeFunction(T.F, T.Copies, Rec, {true, true});
  EXPECT_EQ(M.Dropped, 3u);
  EXPECT_TRUE(M.BadIds.empty());
  EXPECT_TRUE(M.Counts.empty());
}

TEST(Merge, ExactOnCutFunctions) {
  // Functions with more than 2^64 paths, cut to fit: ids near 2^64, chord
  // increments that wrap, start edges from cuts. Exactness on random paths.
  Summary Sum("Merge.ExactOnCutFunctions (> 2^64 paths before cutting)");
  std::mt19937_64 Rng(0xc47e);
  unsigned Index = 0;
  MergeStats Stats;
  for (unsigned Prog = 0; Prog < 6 && !HasFailure(); ++Prog) {
    std::vector<FunctionGraph> Fs;
    for (unsigned F = 0, N = 1 + Rng() % 3; F < N; ++F)
      Fs.push_back(functionOf(longRandomCFG(Rng, Index), Rng() % 2));
    std::vector<std::vector<std::pair<EdgePath, uint64_t>>> Runs;
    for (const FunctionGraph &F : Fs) {
      Sum.add("concatenated", F.SBL.numPaths(), false);
      Runs.push_back(simulateRun(Rng, F, std::nullopt));
    }
    for (unsigned K : AllK)
      for (const NamedOptions &NO : strategyConfigs(K)) {
        SCOPED_TRACE(NO.Name + ", K=" + std::to_string(K));
        llvm::Expected<ProgramPlan> Plan = planProgram(Fs, NO.Options);
        ASSERT_TRUE(bool(Plan)) << llvm::toString(Plan.takeError());
        for (unsigned F = 0; F < Fs.size(); ++F)
          checkExact(Fs[F], Plan->Instances[F], Runs[F], Stats);
        if (HasFailure())
          return;
      }
  }
}
