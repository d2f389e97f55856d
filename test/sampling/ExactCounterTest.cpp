//===- ExactCounterTest.cpp - The oracle against an even simpler one -----===//

#include "Sampling/ExactCounter.h"

#include "gtest/gtest.h"

#include <map>
#include <random>

using namespace p3;

namespace {

/// Every window of every length, every rotation compared: the definition.
std::map<Subpath, uint64_t> bruteForce(const std::vector<BlockId> &T,
                                       unsigned MaxLength) {
  std::map<Subpath, uint64_t> Counts;
  for (size_t L = 2; L <= MaxLength; L *= 2)
    for (size_t I = 0; I + L <= T.size(); ++I) {
      Subpath W(T.begin() + I, T.begin() + I + L), Best = W;
      for (size_t R = 1; R < L; ++R) {
        Subpath Rot(W.begin() + R, W.end());
        Rot.insert(Rot.end(), W.begin(), W.begin() + R);
        Best = std::min(Best, Rot);
      }
      ++Counts[Best];
    }
  return Counts;
}

TEST(ExactCounter, CountsEveryWindowOfEveryLength) {
  std::mt19937_64 Rng(1);
  for (int Case = 0; Case < 200; ++Case) {
    std::vector<BlockId> T(1 + Rng() % 300);
    unsigned Alphabet = 1 + unsigned(Rng() % 6);
    for (BlockId &B : T)
      B = BlockId(Rng() % Alphabet);
    unsigned MaxLength = 2u << (Rng() % 5);
    ExactCounter C(MaxLength);
    // Fed in pieces, as chunks of a trace file arrive.
    for (size_t I = 0; I < T.size();) {
      size_t N = std::min(T.size() - I, size_t(1 + Rng() % 50));
      C.feed(7, llvm::ArrayRef<BlockId>(T).slice(I, N));
      I += N;
    }
    std::map<Subpath, uint64_t> Want = bruteForce(T, MaxLength);
    ASSERT_EQ(C.distinct(), Want.size()) << "case " << Case;
    uint64_t Windows = 0;
    for (const auto &[S, N] : Want) {
      ASSERT_EQ(C.count(S), N) << "case " << Case;
      Windows += N;
    }
    EXPECT_EQ(C.windows(), Windows);
    EXPECT_EQ(C.blocks(), T.size());
  }
}

TEST(ExactCounter, ThreadsAreSeparateTraces) {
  ExactCounter C(4);
  C.feed(0, {1, 2});
  C.feed(1, {3, 4});
  C.feed(0, {3});
  EXPECT_EQ(C.count({1, 2}), 1u);
  EXPECT_EQ(C.count({2, 3}), 1u);
  EXPECT_EQ(C.count({3, 4}), 1u);
  EXPECT_EQ(C.count({2, 3, 3, 4}), 0u); // would cross threads
  std::vector<CountedSubpath> S = C.sorted();
  ASSERT_EQ(S.size(), 3u);
  EXPECT_EQ(S[0].Blocks, (Subpath{1, 2})); // ties: by blocks
}

TEST(ExactCounter, RotationsOfALoopAreOneSubpath) {
  ExactCounter C(4);
  C.feed(0, {1, 2, 3, 1, 2, 3, 1, 2, 3});
  // Length 2: [1 2] x3, [2 3] x3, [3 1] -> [1 3] x2.
  EXPECT_EQ(C.count({1, 2}), 3u);
  EXPECT_EQ(C.count({1, 3}), 2u);
  // Length 4: six windows, 1231 2312 3123 ... rotations of [1 1 2 3] etc.
  EXPECT_EQ(C.count({1, 1, 2, 3}) + C.count({1, 2, 2, 3}) +
                C.count({1, 2, 3, 3}),
            6u);
}

} // namespace
