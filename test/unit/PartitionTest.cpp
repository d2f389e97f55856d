//===- PartitionTest.cpp - P3's find_partition ---------------------------===//
//
// Oracle: enumerate every path and ask which shares' edge sets admit it. Every
// path must be admitted by exactly one share (the shares partition the paths,
// as Partition.h promises); every edge of a share must be on a path the share
// admits (no dead edges, so PSPP never sees an interesting edge without an
// interesting path); when Delta allows one share per reduced path there must
// be exactly that many shares.
//
//===----------------------------------------------------------------------===//

#include "Graph/Partition.h"
#include "Graph/BallLarus.h"
#include "Graph/ReducedDAG.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

using namespace p3;
using namespace p3::test;

namespace {

/// How many shares admit each path; fails on a dead edge in a share.
std::vector<unsigned>
sharesPerPath(const PathDAG &D, const std::vector<std::vector<bool>> &Shares,
              const std::vector<EdgePath> &Paths) {
  std::vector<unsigned> Count(Paths.size(), 0);
  for (const std::vector<bool> &Share : Shares) {
    std::vector<bool> Used(D.numEdges(), false);
    for (size_t I = 0; I < Paths.size(); ++I) {
      if (!allInteresting(Share, Paths[I]))
        continue;
      ++Count[I];
      for (unsigned E : Paths[I])
        Used[E] = true;
    }
    EXPECT_EQ(Used, Share) << "a share has an edge on none of its paths";
  }
  return Count;
}

} // namespace

TEST(Partition, CoverageAndNoDeadEdges) {
  Summary Sum("Partition.CoverageAndNoDeadEdges (Delta 1, 2, random, "
              "default K=4, 64)");
  std::mt19937_64 Rng(0x9a27);
  uint64_t Paths = 0;
  unsigned Split = 0, Exact = 0;
  for (unsigned I = 0; I < 2500 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    SCOPED_TRACE(cfgLiteral(S.G));
    PathDAG D = *PathDAG::build(S.G);
    std::optional<std::vector<EdgePath>> All = smallPathSet(D);
    Sum.add(S.ShapeName, *countPaths(D), All.has_value());
    uint64_t Reduced = reducedPaths(ReducedDAG(D));
    for (unsigned Delta :
         {1u, 2u, unsigned(2 + Rng() % 9), defaultDelta(D, 4), 64u}) {
      SCOPED_TRACE("Delta " + std::to_string(Delta));
      std::vector<std::vector<bool>> Shares = findPartition(D, Delta);
      ASSERT_GE(Shares.size(), 1u);
      ASSERT_LE(Shares.size(), std::max(Delta, 1u));
      for (const std::vector<bool> &Share : Shares)
        ASSERT_EQ(Share.size(), D.numEdges());
      if (Shares.size() == 1) {
        EXPECT_EQ(Shares[0], std::vector<bool>(D.numEdges(), true));
      } else {
        ++Split;
      }
      // Room for every reduced path: one share each.
      bool OnePerReducedPath = Reduced <= Delta;
      if (OnePerReducedPath) {
        EXPECT_EQ(Shares.size(), Reduced);
      }
      if (!All) {
        // Coverage on random paths only.
        for (unsigned J = 0; J < 100; ++J) {
          EdgePath P = randomPath(Rng, D);
          bool Covered = false;
          for (const std::vector<bool> &Share : Shares)
            Covered |= allInteresting(Share, P);
          ASSERT_TRUE(Covered);
        }
        continue;
      }
      std::vector<unsigned> Count = sharesPerPath(D, Shares, *All);
      for (size_t P = 0; P < All->size(); ++P) {
        // Each path extends exactly one final prefix, and a share's edges
        // before its prefix's end are only the prefix's: exactly one share.
        ASSERT_EQ(Count[P], 1u) << "path " << P;
      }
      Paths += All->size();
      Exact += OnePerReducedPath && Reduced > 1;
    }
  }
  Sum.note(std::to_string(Split) + " partitions with >1 share, " +
           std::to_string(Exact) + " with one share per reduced path; " +
           std::to_string(Paths) + " path checks, each in exactly one share.");
  EXPECT_GT(Split, 1000u);
}

TEST(Partition, PaperFigure3Shape) {
  // ENTRY fans out four ways: two straight blocks, a chain of two diamonds
  // and a chain of three, all ending at EXIT (the shape of the paper's
  // Figure 3). Each way is one reduced path, so Delta = 4 gives four shares
  // that share no path.
  CFG G;
  G.Entry = 0;
  G.Exit = 1;
  G.Succs.resize(2);
  auto Block = [&] {
    G.Succs.emplace_back();
    return unsigned(G.numBlocks() - 1);
  };
  auto Chain = [&](unsigned Diamonds) {
    unsigned Head = Block(), First = Head;
    for (unsigned I = 0; I < Diamonds; ++I) {
      unsigned L = Block(), R = Block(), J = Block();
      G.Succs[Head] = {L, R};
      G.Succs[L] = {J};
      G.Succs[R] = {J};
      Head = J;
    }
    G.Succs[Head] = {G.Exit};
    return First;
  };
  for (unsigned Diamonds : {0u, 0u, 2u, 3u}) {
    unsigned First = Chain(Diamonds); // grows G.Succs
    G.Succs[0].push_back(First);
  }
  PathDAG D = *PathDAG::build(G);
  EXPECT_EQ(defaultDelta(D, 2), 4u);
  std::vector<std::vector<bool>> Shares = findPartition(D, defaultDelta(D, 2));
  ASSERT_EQ(Shares.size(), 4u);
  std::vector<EdgePath> Paths = *enumeratePaths(D, 100);
  EXPECT_EQ(Paths.size(), 1u + 1 + 4 + 8);
  std::vector<unsigned> Count = sharesPerPath(D, Shares, Paths);
  EXPECT_EQ(Count, std::vector<unsigned>(Paths.size(), 1));
  std::vector<size_t> PerShare;
  for (const std::vector<bool> &Share : Shares) {
    size_t N = 0;
    for (const EdgePath &P : Paths)
      N += allInteresting(Share, P);
    PerShare.push_back(N);
  }
  std::sort(PerShare.begin(), PerShare.end());
  EXPECT_EQ(PerShare, (std::vector<size_t>{1, 1, 4, 8}));
}

TEST(Partition, StopsBeforeSplittingAVertexsOutEdges) {
  // ENTRY -> 2; 2 fans out three ways (not straight: one way has a nested
  // diamond). With Delta = 2 the paper's loop would stop after two of the
  // three out-edges of 2, with a half-processed vertex to repair; we take all
  // of a vertex's out-edges or none, so this function stays one share, and
  // with Delta = 3 it is three shares that partition its paths.
  //   2 -> {3, 4, 5}; 3 -> 1; 4 -> 1; 5 -> {6, 7}; 6 -> 8; 7 -> 8; 8 -> 1
  CFG G{0, 1, {{2}, {}, {3, 4, 5}, {1}, {1}, {6, 7}, {8}, {8}, {1}}, {}};
  PathDAG D = *PathDAG::build(G);
  std::vector<std::vector<bool>> Two = findPartition(D, 2);
  ASSERT_EQ(Two.size(), 1u);
  EXPECT_EQ(Two[0], std::vector<bool>(D.numEdges(), true));
  std::vector<std::vector<bool>> Three = findPartition(D, 3);
  ASSERT_EQ(Three.size(), 3u);
  std::vector<EdgePath> Paths = *enumeratePaths(D, 100);
  EXPECT_EQ(sharesPerPath(D, Three, Paths),
            std::vector<unsigned>(Paths.size(), 1));
}

// The loop-aware alternative (p3-ends): every path is in the share of the
// edge it ends on (so in at least one share); a back edge's share holds no
// edge that cannot lead to that back edge; at most Delta shares.
TEST(Partition, ByEndsCoversEveryPath) {
  Summary Sum("Partition.ByEndsCoversEveryPath (Delta 1, 2, 8, 64)");
  std::mt19937_64 Rng(0xe4d5);
  unsigned Split = 0;
  uint64_t Checked = 0;
  for (unsigned I = 0; I < 2500 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    SCOPED_TRACE(cfgLiteral(S.G));
    PathDAG D = *PathDAG::build(S.G);
    std::optional<std::vector<EdgePath>> All = smallPathSet(D);
    Sum.add(S.ShapeName, *countPaths(D), All.has_value());
    for (unsigned Delta : {1u, 2u, 8u, 64u}) {
      std::vector<std::vector<bool>> Shares = partitionByEnds(D, Delta);
      ASSERT_GE(Shares.size(), 1u);
      ASSERT_LE(Shares.size(), std::max(Delta, 1u));
      if (Shares.size() == 1) {
        EXPECT_EQ(Shares[0], std::vector<bool>(D.numEdges(), true));
        continue;
      }
      ++Split;
      std::vector<EdgePath> Paths;
      if (All)
        Paths = *All;
      else
        for (unsigned J = 0; J < 100; ++J)
          Paths.push_back(randomPath(Rng, D));
      for (const EdgePath &P : Paths) {
        bool Covered = false;
        for (const std::vector<bool> &Share : Shares)
          Covered |= allInteresting(Share, P);
        ASSERT_TRUE(Covered);
        ++Checked;
      }
      // With room for every end, each back edge's share is exactly the edges
      // of the paths that end on it.
      if (Delta != 64 || !All)
        continue;
      for (const std::vector<bool> &Share : Shares) {
        std::vector<bool> OnPaths(D.numEdges(), false);
        unsigned EndEdge = NoEdge;
        for (unsigned E : D.inEdges(D.exit()))
          if (Share[E] && D.edge(E).Kind == EdgeKind::End)
            EndEdge = E;
        if (EndEdge == NoEdge)
          continue; // the share of the paths that leave the function
        for (const EdgePath &P : *All)
          if (P.back() == EndEdge)
            for (unsigned E : P)
              OnPaths[E] = true;
        EXPECT_EQ(Share, OnPaths);
      }
    }
  }
  Sum.note(std::to_string(Split) + " partitions with >1 share; " +
           std::to_string(Checked) + " paths each covered.");
  EXPECT_GT(Split, 500u);
}
