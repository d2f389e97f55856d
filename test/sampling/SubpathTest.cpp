//===- SubpathTest.cpp - Rotation-canonical subpaths vs brute force ------===//

#include "RuntimeSampler.h"
#include "Sampling/Subpath.h"

#include "gtest/gtest.h"

#include <random>

using namespace p3;

namespace {

Subpath rotate(const Subpath &S, size_t R) {
  Subpath Out(S.begin() + R, S.end());
  Out.insert(Out.end(), S.begin(), S.begin() + R);
  return Out;
}

/// The oracle: every rotation, the smallest.
Subpath bruteForceCanonical(const Subpath &S) {
  Subpath Best = S;
  for (size_t R = 1; R < S.size(); ++R)
    Best = std::min(Best, rotate(S, R));
  return Best;
}

Subpath randomSubpath(std::mt19937_64 &Rng, size_t Length, unsigned Alphabet) {
  Subpath S(Length);
  for (BlockId &B : S)
    B = BlockId(Rng() % Alphabet) + 1;
  return S;
}

TEST(Subpath, LeastRotationMatchesBruteForce) {
  std::mt19937_64 Rng(1);
  for (int Case = 0; Case < 20000; ++Case) {
    size_t Length = 1 + Rng() % 40;
    // Tiny alphabets make repeats and periodic sequences common.
    unsigned Alphabet = 1 + unsigned(Rng() % (Case % 3 == 0 ? 3 : 50));
    Subpath S = randomSubpath(Rng, Length, Alphabet);
    ASSERT_EQ(canonicalSubpath(S), bruteForceCanonical(S)) << "case " << Case;
  }
}

TEST(Subpath, EveryRotationHasTheSameCanonicalForm) {
  std::mt19937_64 Rng(2);
  for (int Case = 0; Case < 2000; ++Case) {
    Subpath S = randomSubpath(Rng, 1 + Rng() % 24, 1 + Rng() % 4);
    Subpath C = canonicalSubpath(S);
    EXPECT_TRUE(isCanonical(C));
    for (size_t R = 0; R < S.size(); ++R)
      ASSERT_EQ(canonicalSubpath(rotate(S, R)), C);
  }
}

TEST(Subpath, DistinctSequencesStayDistinct) {
  // Rotation is the only identification: a permutation that is not a
  // rotation (the XOR encoding's blind spot: [a b b c] vs [a d d c]) differs.
  EXPECT_NE(canonicalSubpath({1, 2, 2, 3}), canonicalSubpath({1, 4, 4, 3}));
  EXPECT_NE(canonicalSubpath({1, 2, 3, 4}), canonicalSubpath({1, 3, 2, 4}));
  EXPECT_EQ(canonicalSubpath({3, 4, 1, 2}), (Subpath{1, 2, 3, 4}));
  EXPECT_EQ(canonicalSubpath({2, 1, 2, 1}), (Subpath{1, 2, 1, 2}));
}

TEST(Subpath, RuntimeRotationAgreesWithTheLibrary) {
  std::mt19937_64 Rng(3);
  for (int Case = 0; Case < 20000; ++Case) {
    size_t Length = size_t(1) << (1 + Rng() % 7);
    Subpath S = randomSubpath(Rng, Length, 1 + unsigned(Rng() % 5));
    Subpath Runtime = rotate(S, rt::leastRotation(S));
    ASSERT_EQ(Runtime, canonicalSubpath(S)) << "case " << Case;
  }
}

TEST(Subpath, RuntimeCodecRoundTrips) {
  std::mt19937_64 Rng(4);
  for (int Case = 0; Case < 5000; ++Case) {
    size_t Length = size_t(1) << (1 + Rng() % 10);
    Subpath S(Length);
    for (BlockId &B : S) // small deltas, large ids, the extremes
      B = Case % 4 == 0   ? BlockId(Rng())
          : Case % 4 == 1 ? BlockId(Rng() % 100)
          : Case % 4 == 2 ? BlockId(0xffffffffu - Rng() % 3)
                          : BlockId(1000000 + Rng() % 5000);
    unsigned R = unsigned(Rng() % Length);
    std::vector<unsigned char> Bytes = rt::encode(S, R);
    EXPECT_LE(Bytes.size(), Length * 5);
    ASSERT_EQ(rt::decode(Bytes, unsigned(Length)), rotate(S, R));
  }
  // Neighbouring ids (a function's blocks) take one byte each.
  EXPECT_EQ(rt::encode({100, 101, 102, 103}, 0).size(), 4u);
}

// A window of a loop costs its distinct iterations, not its length: the
// differences that repeat are copies of those before (LZ77 on the
// differences), and the encoding is still exact.
TEST(Subpath, RuntimeCodecCopiesRepeats) {
  Subpath Loop(1024);
  for (size_t I = 0; I < Loop.size(); ++I) // 5 blocks an iteration
    Loop[I] = BlockId(700 + (I % 5) * 3);
  std::vector<unsigned char> Bytes = rt::encode(Loop, 0);
  EXPECT_LE(Bytes.size(), 12u);
  EXPECT_EQ(rt::decode(Bytes, 1024), Loop);
  // An iteration that differs breaks the copy only there.
  Subpath Odd = Loop;
  Odd[517] = 9000;
  std::vector<unsigned char> OddBytes = rt::encode(Odd, 0);
  EXPECT_LE(OddBytes.size(), 30u);
  EXPECT_NE(OddBytes, Bytes);
  EXPECT_EQ(rt::decode(OddBytes, 1024), Odd);
  // Mostly repeating sequences with random changes, against the plain
  // encoding's bound: never more than five bytes a block, always exact.
  std::mt19937_64 Rng(7);
  for (int Case = 0; Case < 2000; ++Case) {
    size_t Length = size_t(1) << (1 + Rng() % 10);
    unsigned Period = 1 + unsigned(Rng() % 40);
    Subpath S(Length);
    for (size_t I = 0; I < Length; ++I)
      S[I] = Rng() % 8 == 0 ? BlockId(Rng() % 3000)
                            : BlockId(5000 + (I % Period) * 7 + (I / 97) % 2);
    unsigned R = unsigned(Rng() % Length);
    std::vector<unsigned char> Bytes = rt::encode(S, R);
    EXPECT_LE(Bytes.size(), Length * 5);
    ASSERT_EQ(rt::decode(Bytes, unsigned(Length)), rotate(S, R));
  }
  // The encoder's work area outlives windows (its chains are told apart by
  // a window number that wraps every 65,536 windows): a subpath encodes to
  // the same bytes whatever came before.
  for (int Case = 0; Case < 70000; ++Case)
    rt::encode({1, 2, 3, 1, 2, 3, uint32_t(Case), 2}, 0);
  EXPECT_EQ(rt::encode(Loop, 0), Bytes);
  EXPECT_EQ(rt::encode(Odd, 0), OddBytes);
}

} // namespace
