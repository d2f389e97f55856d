//===- ChordPlacementTest.cpp - Spanning tree and chord increments -------===//
//
// Oracles: every ENTRY->EXIT sum is compared before and after placement (all
// paths, or random ones on big graphs); the tree is compared with an
// independent Kruskal that follows the documented rule (EXIT->ENTRY, then the
// forced edges, then by decreasing weight, ties by lower edge id).
//
//===----------------------------------------------------------------------===//

#include "Graph/ChordPlacement.h"
#include "Graph/BallLarus.h"
#include "Graph/StaticWeights.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <numeric>

using namespace p3;
using namespace p3::test;

namespace {

struct UnionFind {
  std::vector<unsigned> Parent;
  explicit UnionFind(unsigned N) : Parent(N) {
    std::iota(Parent.begin(), Parent.end(), 0u);
  }
  unsigned find(unsigned X) {
    while (Parent[X] != X)
      X = Parent[X];
    return X;
  }
  bool join(unsigned A, unsigned B) {
    A = find(A);
    B = find(B);
    if (A == B)
      return false;
    Parent[A] = B;
    return true;
  }
};

/// The tree the documented rule gives, or nullopt if the forced edges close a
/// cycle.
std::optional<std::vector<bool>>
expectedTree(const PathDAG &D, const std::vector<uint64_t> &Weight,
             const std::vector<bool> &Forced) {
  UnionFind UF(D.numVertices());
  UF.join(D.exit(), D.entry());
  std::vector<bool> Tree(D.numEdges(), false);
  for (unsigned E = 0; E < D.numEdges(); ++E)
    if (Forced[E]) {
      if (!UF.join(D.edge(E).Src, D.edge(E).Dst))
        return std::nullopt;
      Tree[E] = true;
    }
  std::vector<unsigned> Order;
  for (unsigned E = 0; E < D.numEdges(); ++E)
    if (!Forced[E])
      Order.push_back(E);
  std::sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
    return Weight[A] != Weight[B] ? Weight[A] > Weight[B] : A < B;
  });
  for (unsigned E : Order)
    if (UF.join(D.edge(E).Src, D.edge(E).Dst))
      Tree[E] = true;
  return Tree;
}

/// A random set of edges that closes no cycle (with EXIT->ENTRY).
std::vector<bool> randomForest(std::mt19937_64 &Rng, const PathDAG &D,
                               unsigned Percent) {
  UnionFind UF(D.numVertices());
  UF.join(D.exit(), D.entry());
  std::vector<bool> Set(D.numEdges(), false);
  for (unsigned E = 0; E < D.numEdges(); ++E)
    if (Rng() % 100 < Percent && UF.join(D.edge(E).Src, D.edge(E).Dst))
      Set[E] = true;
  return Set;
}

/// Checks that Inc preserves the sum of Val along every path (all of them on
/// small graphs, random ones otherwise).
void checkSumsPreserved(std::mt19937_64 &Rng, const PathDAG &D,
                        const EdgeValues &Val, const EdgeValues &Inc,
                        const std::optional<std::vector<EdgePath>> &Paths) {
  if (Paths) {
    for (const EdgePath &P : *Paths)
      ASSERT_EQ(sumAlong(Inc, P), sumAlong(Val, P));
    return;
  }
  for (unsigned I = 0; I < 300; ++I) {
    EdgePath P = randomPath(Rng, D);
    ASSERT_EQ(sumAlong(Inc, P), sumAlong(Val, P));
  }
}

} // namespace

TEST(ChordPlacement, PreservesEveryPathSum) {
  Summary Sum("ChordPlacement.PreservesEveryPathSum (BL and random labels, "
              "random NeverProbe forests)");
  std::mt19937_64 Rng(0xc40d);
  unsigned Forced = 0, ForcedCarryingValue = 0;
  for (unsigned I = 0; I < 2500 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    SCOPED_TRACE(cfgLiteral(S.G));
    PathDAG D = *PathDAG::build(S.G);
    Numbering Num = *numberPaths(D);
    std::optional<std::vector<EdgePath>> Paths = smallPathSet(D);
    Sum.add(S.ShapeName, Num.numPaths(), Paths.has_value());

    // Two labellings: Ball-Larus, and arbitrary values (wrapping mod 2^64).
    EdgeValues Random(D.numEdges());
    for (uint64_t &V : Random)
      V = Rng() % 3 == 0 ? Rng() : Rng() % 10;
    std::vector<uint64_t> Weight = staticEdgeWeights(D);
    std::vector<uint64_t> Flat(D.numEdges(), 1); // every tie broken by id
    std::vector<bool> None(D.numEdges(), false);
    std::vector<bool> Forest = randomForest(Rng, D, 30);

    for (const EdgeValues *Val : {&Num.Val, &Random}) {
      for (const std::vector<uint64_t> *W : {&Weight, &Flat}) {
        for (const std::vector<bool> *Never : {&None, &Forest}) {
          llvm::Expected<Placement> P = placeChords(D, *Val, *W, *Never);
          ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
          std::optional<std::vector<bool>> Tree = expectedTree(D, *W, *Never);
          ASSERT_TRUE(Tree.has_value());
          ASSERT_EQ(P->InTree, *Tree);
          // With EXIT->ENTRY, a spanning tree has V-2 DAG edges.
          EXPECT_EQ(std::count(Tree->begin(), Tree->end(), true),
                    long(D.numVertices() - 2));
          for (unsigned E = 0; E < D.numEdges(); ++E) {
            if (P->InTree[E]) {
              EXPECT_EQ(P->Inc[E], 0u) << "tree edge " << E;
            }
            if ((*Never)[E]) {
              EXPECT_EQ(P->Inc[E], 0u) << "NeverProbe edge " << E;
              ++Forced;
              ForcedCarryingValue += (*Val)[E] != 0;
            }
          }
          checkSumsPreserved(Rng, D, *Val, P->Inc, Paths);
          // placeOnChords alone, on the same tree, gives the same increments.
          EXPECT_EQ(placeOnChords(D, *Val, P->InTree), P->Inc);
        }
      }
    }
  }
  // The NeverProbe check is only meaningful if forced edges had values.
  EXPECT_GT(ForcedCarryingValue, 1000u);
  Sum.note(std::to_string(Forced) + " NeverProbe edge checks, " +
           std::to_string(ForcedCarryingValue) + " of them moved a value.");
}

TEST(ChordPlacement, NeverProbeCycleIsAnError) {
  Summary Sum("ChordPlacement.NeverProbeCycleIsAnError (random forced sets)");
  std::mt19937_64 Rng(0xc1c1e);
  unsigned Errors = 0;
  for (unsigned I = 0; I < 1500 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    SCOPED_TRACE(cfgLiteral(S.G));
    PathDAG D = *PathDAG::build(S.G);
    Numbering Num = *numberPaths(D);
    Sum.add(S.ShapeName, Num.numPaths(), false);
    std::vector<uint64_t> Weight = staticEdgeWeights(D);

    // Any random set: success exactly when the set is a forest.
    std::vector<bool> Never(D.numEdges(), false);
    unsigned Percent = 10 + Rng() % 60;
    for (unsigned E = 0; E < D.numEdges(); ++E)
      Never[E] = Rng() % 100 < Percent;
    bool IsForest = expectedTree(D, Weight, Never).has_value();
    llvm::Expected<Placement> P = placeChords(D, Num.Val, Weight, Never);
    ASSERT_EQ(bool(P), IsForest);
    if (!P) {
      ++Errors;
      EXPECT_NE(llvm::toString(P.takeError()).find("form a cycle"),
                std::string::npos);
    }

    // All edges of one path close a cycle through EXIT->ENTRY.
    std::vector<bool> OnPath(D.numEdges(), false);
    for (unsigned E : randomPath(Rng, D))
      OnPath[E] = true;
    llvm::Expected<std::vector<bool>> T = chooseSpanningTree(D, Weight, OnPath);
    ASSERT_FALSE(bool(T));
    EXPECT_NE(llvm::toString(T.takeError()).find("form a cycle"),
              std::string::npos);
    ++Errors;
  }
  Sum.note(std::to_string(Errors) + " placements refused.");
}

TEST(ChordPlacement, ParallelEdgesAndDiamonds) {
  // Two case values on one label: the two parallel edges form a cycle.
  CFG G{0, 1, {{2}, {}, {3, 3}, {1}}, {}};
  PathDAG D = *PathDAG::build(G);
  Numbering Num = *numberPaths(D);
  std::vector<bool> Never(D.numEdges(), false);
  Never[D.edgeOf({2, 0})] = Never[D.edgeOf({2, 1})] = true;
  llvm::Expected<Placement> P =
      placeChords(D, Num.Val, staticEdgeWeights(D), Never);
  ASSERT_FALSE(bool(P));
  std::string Msg = llvm::toString(P.takeError());
  EXPECT_NE(Msg.find(std::to_string(D.edgeOf({2, 1}))), std::string::npos)
      << Msg;

  // Only one of them forced: the other carries the value 1.
  Never[D.edgeOf({2, 1})] = false;
  llvm::Expected<Placement> Q =
      placeChords(D, Num.Val, staticEdgeWeights(D), Never);
  ASSERT_TRUE(bool(Q));
  EXPECT_EQ(Q->Inc[D.edgeOf({2, 0})], 0u);
  EXPECT_EQ(Q->Inc[D.edgeOf({2, 1})], 1u);
}
