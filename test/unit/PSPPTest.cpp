//===- PSPPTest.cpp - Precise selective path profiling -------------------===//
//
// Oracle: enumerate every path, compute each one's id under the final labels
// and check the paper's validity (section 2.1): (a) interesting ids are
// distinct, (b) no uninteresting path has an interesting id. Decoding must
// return each interesting path from its id and reject every other id.
//
//===----------------------------------------------------------------------===//

#include "Graph/PSPP.h"
#include "Graph/BallLarus.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <set>

using namespace p3;
using namespace p3::test;

namespace {

/// The first violation of validity, or "" if the labelling is valid.
std::string validityViolation(const PathDAG &D, const EdgeValues &Final,
                              const std::vector<bool> &EI,
                              const std::vector<EdgePath> &Paths) {
  std::map<uint64_t, size_t> InterestingId;
  for (size_t I = 0; I < Paths.size(); ++I) {
    if (!allInteresting(EI, Paths[I]))
      continue;
    auto [It, New] = InterestingId.emplace(sumAlong(Final, Paths[I]), I);
    if (!New)
      return "interesting paths " + std::to_string(It->second) + " and " +
             std::to_string(I) + " share id " + std::to_string(It->first);
  }
  for (size_t I = 0; I < Paths.size(); ++I) {
    if (allInteresting(EI, Paths[I]))
      continue;
    auto It = InterestingId.find(sumAlong(Final, Paths[I]));
    if (It != InterestingId.end())
      return "uninteresting path " + std::to_string(I) +
             " has the id of interesting path " + std::to_string(It->second) +
             ": " + std::to_string(It->first);
  }
  return "";
}

/// Every property of one PSPP labelling over all paths.
void checkSelective(const PathDAG &D, const std::vector<bool> &EI,
                    const std::vector<EdgePath> &Paths, uint64_t NumPaths) {
  SelectiveLabelling L = computePSPP(D, EI);
  ASSERT_EQ(L.Initial.size(), D.numEdges());
  ASSERT_EQ(L.Final.size(), D.numEdges());
  for (unsigned E = 0; E < D.numEdges(); ++E)
    if (!EI[E]) {
      ASSERT_EQ(L.Final[E], 0u)
          << "uninteresting edge " << E << " not absorbed";
    }
  ASSERT_EQ(validityViolation(D, L.Final, EI, Paths), "");

  std::set<uint64_t> InterestingIds;
  for (const EdgePath &P : Paths) {
    bool Interesting = allInteresting(EI, P);
    ASSERT_EQ(isInterestingPath(EI, P), Interesting);
    uint64_t Id = sumAlong(L.Final, P);
    std::optional<EdgePath> Decoded = decodeSelectiveId(D, L, EI, Id);
    if (Interesting) {
      // Steps 2 and 3 keep the id of every interesting path.
      ASSERT_EQ(sumAlong(L.Initial, P), Id);
      ASSERT_LT(Id, NumPaths);
      ASSERT_TRUE(Decoded.has_value()) << "interesting id " << Id;
      ASSERT_EQ(*Decoded, P);
      InterestingIds.insert(Id);
    } else {
      ASSERT_FALSE(Decoded.has_value())
          << "uninteresting path's id " << Id << " decoded";
    }
  }
  // No other id below N decodes either.
  for (uint64_t Id = 0; Id < NumPaths; ++Id)
    if (!InterestingIds.count(Id)) {
      ASSERT_FALSE(decodeSelectiveId(D, L, EI, Id).has_value()) << Id;
    }
}

std::vector<bool> randomSubset(std::mt19937_64 &Rng, const PathDAG &D) {
  unsigned Percent = 20 + Rng() % 75;
  std::vector<bool> EI(D.numEdges(), false);
  for (unsigned E = 0; E < D.numEdges(); ++E)
    EI[E] = Rng() % 100 < Percent;
  return EI;
}

/// The edges of a few random paths: every interesting edge is then on an
/// interesting path, as in P3's tasks.
std::vector<bool> unionOfPaths(std::mt19937_64 &Rng, const PathDAG &D) {
  std::vector<bool> EI(D.numEdges(), false);
  unsigned R = 1 + Rng() % 6;
  for (unsigned I = 0; I < R; ++I)
    for (unsigned E : randomPath(Rng, D))
      EI[E] = true;
  return EI;
}

bool isValid(const PathDAG &D, const EdgeValues &Final,
             const std::vector<bool> &EI) {
  return validityViolation(D, Final, EI, *enumeratePaths(D, 1000)).empty();
}

} // namespace

TEST(PSPP, ValidAndDecodable) {
  Summary Sum("PSPP.ValidAndDecodable (random subsets + unions of paths; "
              "validity, decode, rejection)");
  std::mt19937_64 Rng(0x9599);
  unsigned Sets = 0, SPPInvalid = 0, SPPInvalidOnUnions = 0;
  for (unsigned I = 0; I < 3000 && !HasFailure(); ++I) {
    Sample S = sampleCFG(Rng, I);
    SCOPED_TRACE(cfgLiteral(S.G));
    PathDAG D = *PathDAG::build(S.G);
    uint64_t NumPaths = *countPaths(D);
    std::optional<std::vector<EdgePath>> Paths = smallPathSet(D);
    Sum.add(S.ShapeName, NumPaths, Paths.has_value());
    if (!Paths) {
      // Too many to enumerate: interesting random paths keep their ids and
      // decode to themselves.
      std::vector<bool> EI = unionOfPaths(Rng, D);
      SelectiveLabelling L = computePSPP(D, EI);
      for (unsigned J = 0; J < 100; ++J) {
        EdgePath P = randomPath(Rng, D);
        uint64_t Id = sumAlong(L.Final, P);
        if (allInteresting(EI, P)) {
          ASSERT_EQ(Id, sumAlong(L.Initial, P));
          ASSERT_EQ(decodeSelectiveId(D, L, EI, Id), P);
        } else {
          std::optional<EdgePath> Q = decodeSelectiveId(D, L, EI, Id);
          ASSERT_FALSE(Q.has_value());
        }
      }
      continue;
    }
    for (int Kind = 0; Kind < 4; ++Kind) {
      std::vector<bool> EI = Kind == 0   ? randomSubset(Rng, D)
                             : Kind == 1 ? unionOfPaths(Rng, D)
                             : Kind == 2
                                 ? std::vector<bool>(D.numEdges(), true)
                                 : std::vector<bool>(D.numEdges(), false);
      SCOPED_TRACE("interesting set kind " + std::to_string(Kind));
      checkSelective(D, EI, *Paths, NumPaths);
      ++Sets;
      if (Kind < 2 &&
          !validityViolation(D, computeSPP(D, EI).Final, EI, *Paths).empty()) {
        ++SPPInvalid;
        SPPInvalidOnUnions += Kind == 1;
      }
    }
  }
  // SPP is the baseline PSPP fixes: it must fail somewhere, also on the kind
  // of interesting sets P3 produces.
  EXPECT_GT(SPPInvalid, 0u);
  EXPECT_GT(SPPInvalidOnUnions, 0u);
  Sum.note(std::to_string(Sets) + " interesting sets; SPP invalid on " +
           std::to_string(SPPInvalid) + " (" +
           std::to_string(SPPInvalidOnUnions) + " unions of paths).");
}

// Found by random search, frozen by hand. `if (a) return; if (b) c(); else
// d(); return;` with both branches returning directly:
//   ENTRY(0) -> {EXIT(1), B(2)}; B -> {C(3), D(4)}; C -> EXIT; D -> EXIT.
// Interesting: the paths ENTRY-EXIT and ENTRY-B-C-EXIT (so D's edges are not).
// SPP takes ENTRY's interesting edges in edge order: ENTRY->EXIT = 0, then
// ENTRY->B = 1 (after the two paths through B, one interesting, min(B) = 1).
// Propagation pushes the 1 from ENTRY->B through B onto B->C->EXIT (= 2) and
// B->D->EXIT (= 1); absorption zeroes D->EXIT. So ENTRY-B-D-EXIT gets id 0,
// the id of the interesting ENTRY-EXIT: SPP counts it as that path.
// PSPP orders ENTRY's edges by decreasing min: min(B) = 1 > min(EXIT) = 0, so
// ENTRY->B = 0 and ENTRY->EXIT = 2: ids 2, 1 (ENTRY-B-C-EXIT) and 0 (the
// uninteresting one): valid.
TEST(PSPP, RegressionSPPInvalidPSPPValid) {
  CFG G{/*Entry=*/0, /*Exit=*/1, {{1, 2}, {}, {3, 4}, {1}, {1}}, {}};
  PathDAG D = *PathDAG::build(G);
  std::vector<bool> EI(D.numEdges(), false);
  for (CFGEdge E : {CFGEdge{0, 0}, CFGEdge{0, 1}, CFGEdge{2, 0}, CFGEdge{3, 0}})
    EI[D.edgeOf(E)] = true;
  EdgePath Short{D.edgeOf({0, 0})};
  EdgePath ViaC{D.edgeOf({0, 1}), D.edgeOf({2, 0}), D.edgeOf({3, 0})};
  EdgePath ViaD{D.edgeOf({0, 1}), D.edgeOf({2, 1}), D.edgeOf({4, 0})};

  SelectiveLabelling SPP = computeSPP(D, EI);
  EXPECT_EQ(sumAlong(SPP.Final, Short), 0u);
  EXPECT_EQ(sumAlong(SPP.Final, ViaD), 0u); // the collision
  EXPECT_FALSE(isValid(D, SPP.Final, EI));

  SelectiveLabelling PSPP = computePSPP(D, EI);
  EXPECT_EQ(sumAlong(PSPP.Final, Short), 2u);
  EXPECT_EQ(sumAlong(PSPP.Final, ViaC), 1u);
  EXPECT_EQ(sumAlong(PSPP.Final, ViaD), 0u);
  EXPECT_TRUE(isValid(D, PSPP.Final, EI));
  EXPECT_EQ(decodeSelectiveId(D, PSPP, EI, 2), Short);
  EXPECT_EQ(decodeSelectiveId(D, PSPP, EI, 1), ViaC);
  EXPECT_FALSE(decodeSelectiveId(D, PSPP, EI, 0).has_value());
}

// An interesting edge whose target has no interesting path (min = infinity,
// so it comes first among the interesting edges and does not lower min):
//   ENTRY(0) -> {EXIT(1), B(2)}; B -> EXIT. Interesting: ENTRY->EXIT and
// ENTRY->B, not B->EXIT. SPP gives both paths id 0; PSPP does not.
TEST(PSPP, RegressionInterestingEdgeWithoutInterestingPath) {
  CFG G{/*Entry=*/0, /*Exit=*/1, {{1, 2}, {}, {1}}, {}};
  PathDAG D = *PathDAG::build(G);
  std::vector<bool> EI(D.numEdges(), false);
  EI[D.edgeOf({0, 0})] = EI[D.edgeOf({0, 1})] = true;
  EXPECT_FALSE(isValid(D, computeSPP(D, EI).Final, EI));
  SelectiveLabelling L = computePSPP(D, EI);
  EXPECT_TRUE(isValid(D, L.Final, EI));
  EdgePath Short{D.edgeOf({0, 0})};
  EXPECT_EQ(decodeSelectiveId(D, L, EI, sumAlong(L.Final, Short)), Short);
  EdgePath Long{D.edgeOf({0, 1}), D.edgeOf({2, 0})};
  EXPECT_FALSE(decodeSelectiveId(D, L, EI, sumAlong(L.Final, Long)));
}
