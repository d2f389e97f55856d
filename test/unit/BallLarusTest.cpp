//===- BallLarusTest.cpp - Ball-Larus numbering and regeneration ---------===//
//
// Oracle: enumerate every path; the ids must be exactly 0..N-1, each path's
// id must regenerate to that path. Above the enumeration limit, random ids
// and random paths are checked instead.
//
//===----------------------------------------------------------------------===//

#include "Graph/BallLarus.h"
#include "Graph/Regeneration.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

using namespace p3;
using namespace p3::test;

namespace {

/// Paths from each vertex by an independent recurrence over the edge list
/// (saturating at UINT64_MAX).
std::vector<uint64_t> pathsFrom(const PathDAG &D) {
  std::vector<uint64_t> N(D.numVertices(), 0);
  N[D.exit()] = 1;
  for (unsigned E = D.numEdges(); E-- > 0;) { // sources in decreasing order
    const DAGEdge &Edge = D.edge(E);
    uint64_t Sum;
    N[Edge.Src] = __builtin_add_overflow(N[Edge.Src], N[Edge.Dst], &Sum)
                      ? UINT64_MAX
                      : Sum;
  }
  return N;
}

} // namespace

TEST(BallLarus, IdsAreABijection) {
  Summary Sum("BallLarus.IdsAreABijection (ids = 0..N-1, regenerate inverts)");
  std::mt19937_64 Rng(0xb411);
  for (unsigned I = 0; I < 3000 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    SCOPED_TRACE(cfgLiteral(S.G));
    llvm::Expected<PathDAG> D = PathDAG::build(S.G);
    ASSERT_TRUE(bool(D)) << llvm::toString(D.takeError());
    std::optional<Numbering> Num = numberPaths(*D);
    ASSERT_TRUE(Num.has_value());
    std::vector<uint64_t> N = pathsFrom(*D);
    ASSERT_EQ(Num->PathsFrom, N);
    ASSERT_EQ(countPaths(*D), N[0]);
    uint64_t NumPaths = Num->numPaths();

    // The documented order: at each vertex the first out-edge has value 0 and
    // each next one the paths behind the previous ones.
    for (unsigned V = 0; V < D->exit(); ++V) {
      uint64_t Before = 0;
      for (unsigned E : D->outEdges(V)) {
        EXPECT_EQ(Num->Val[E], Before);
        Before += N[D->edge(E).Dst];
      }
    }

    std::optional<std::vector<EdgePath>> Paths = smallPathSet(*D);
    Sum.add(S.ShapeName, NumPaths, Paths.has_value());
    if (Paths) {
      ASSERT_EQ(Paths->size(), NumPaths);
      std::vector<bool> Seen(NumPaths, false);
      for (const EdgePath &P : *Paths) {
        uint64_t Id = sumAlong(Num->Val, P);
        ASSERT_LT(Id, NumPaths);
        EXPECT_FALSE(Seen[Id]) << "two paths with id " << Id;
        Seen[Id] = true;
        EXPECT_EQ(pathSum(Num->Val, P), Id);
        EXPECT_TRUE(isCompletePath(*D, P));
        std::optional<EdgePath> Back = regeneratePath(*D, Num->Val, Id);
        ASSERT_TRUE(Back.has_value()) << "id " << Id;
        EXPECT_EQ(*Back, P);
      }
    } else {
      for (unsigned J = 0; J < 200; ++J) {
        EdgePath P = randomPath(Rng, *D);
        uint64_t Id = sumAlong(Num->Val, P);
        ASSERT_LT(Id, NumPaths);
        EXPECT_EQ(regeneratePath(*D, Num->Val, Id), P);
        uint64_t Random =
            std::uniform_int_distribution<uint64_t>(0, NumPaths - 1)(Rng);
        std::optional<EdgePath> Q = regeneratePath(*D, Num->Val, Random);
        ASSERT_TRUE(Q.has_value());
        EXPECT_TRUE(isCompletePath(*D, *Q));
        EXPECT_EQ(sumAlong(Num->Val, *Q), Random);
      }
    }
    // Ids beyond the last one name no path.
    EXPECT_FALSE(regeneratePath(*D, Num->Val, NumPaths).has_value());
    EXPECT_FALSE(regeneratePath(*D, Num->Val, UINT64_MAX).has_value());
  }
}

TEST(BallLarus, Diamond) {
  // 0 -> 2; 2 -> {3, 4}; 3 -> 5; 4 -> 5; 5 -> 1.
  CFG G{0, 1, {{2}, {}, {3, 4}, {5}, {5}, {1}}, {}};
  PathDAG D = *PathDAG::build(G);
  Numbering Num = *numberPaths(D);
  EXPECT_EQ(Num.numPaths(), 2u);
  EXPECT_EQ(Num.Val[D.edgeOf({2, 0})], 0u);
  EXPECT_EQ(Num.Val[D.edgeOf({2, 1})], 1u);
  EdgePath Right{D.edgeOf({0, 0}), D.edgeOf({2, 1}), D.edgeOf({4, 0}),
                 D.edgeOf({5, 0})};
  EXPECT_EQ(regeneratePath(D, Num.Val, 1), Right);
  EXPECT_EQ(pathSum(Num.Val, Right), 1u);
}

TEST(BallLarus, LoopPathsAreNumberedToo) {
  // while (c) body; : 0 -> 2; 2 -> {3, 1}; 3 -> 2. Paths: ENTRY-2-exit,
  // ENTRY-2-3-end, start-2-exit, start-2-3-end.
  CFG G{0, 1, {{2}, {}, {3, 1}, {2}}, {}};
  PathDAG D = *PathDAG::build(G);
  Numbering Num = *numberPaths(D);
  EXPECT_EQ(Num.numPaths(), 4u);
  std::optional<std::vector<EdgePath>> Paths = enumeratePaths(D, 10);
  ASSERT_TRUE(Paths.has_value());
  std::vector<uint64_t> Ids;
  for (const EdgePath &P : *Paths)
    Ids.push_back(pathSum(Num.Val, P));
  std::sort(Ids.begin(), Ids.end());
  EXPECT_EQ(Ids, (std::vector<uint64_t>{0, 1, 2, 3}));
}

TEST(BallLarus, RegenerationRejectsImpossibleWalks) {
  CFG G = diamondChain(3);
  PathDAG D = *PathDAG::build(G);
  Numbering Num = *numberPaths(D);
  // Allowing only the left arms leaves exactly the id 0.
  std::vector<bool> Allowed(D.numEdges(), true);
  for (unsigned E = 0; E < D.numEdges(); ++E)
    if (D.edge(E).Kind == EdgeKind::Real && D.edge(E).Origin.Index == 1)
      Allowed[E] = false;
  EXPECT_TRUE(regeneratePath(D, Num.Val, 0, Allowed).has_value());
  for (uint64_t Id = 1; Id < 8; ++Id)
    EXPECT_FALSE(regeneratePath(D, Num.Val, Id, Allowed).has_value()) << Id;
  EdgePath Truncated = *regeneratePath(D, Num.Val, 5);
  Truncated.pop_back();
  EXPECT_FALSE(isCompletePath(D, Truncated));
  EXPECT_FALSE(isCompletePath(D, {D.numEdges()}));
}
