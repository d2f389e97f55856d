//===- HotListTest.cpp - The runtime's hot list: memory bound, uniformity -===//

#include "RuntimeSampler.h"
#include "Sampling/Subpath.h"

#include "gtest/gtest.h"

#include <cmath>
#include <random>

using namespace p3;

namespace {

std::vector<uint32_t> randomCanonical(std::mt19937_64 &Rng, unsigned Length) {
  std::vector<uint32_t> S(Length);
  uint32_t Base = uint32_t(Rng() % 100000);
  for (uint32_t &B : S)
    B = Base + uint32_t(Rng() % (Rng() % 2 ? 10 : 100000));
  return canonicalSubpath(S);
}

TEST(HotList, MemoryBoundIsNeverExceeded) {
  for (uint64_t Memory : {1024ull, 4096ull, 65536ull}) {
    rt::HotList H(Memory, 0, Memory);
    std::mt19937_64 Rng(Memory);
    std::vector<std::vector<uint32_t>> Hot;
    for (int I = 0; I < 20; ++I)
      Hot.push_back(randomCanonical(Rng, 1u << (1 + Rng() % 4)));
    for (int I = 0; I < 100000; ++I) {
      unsigned Length = 1u << (1 + Rng() % 10);
      if (Rng() % 3 == 0)
        H.add(Hot[Rng() % Hot.size()], 0);
      else
        H.add(randomCanonical(Rng, Length), 0);
      ASSERT_LE(H.used(), H.memory()) << "insert " << I;
      ASSERT_LE(H.peak(), H.memory()) << "insert " << I;
      if (I % 997 == 0) {
        ASSERT_TRUE(H.consistent()) << "insert " << I;
      }
    }
    EXPECT_TRUE(H.consistent());
    EXPECT_GT(H.k(), 0u) << "the stream should not fit in " << Memory;
    EXPECT_GT(H.entries(), 0u);
  }
}

TEST(HotList, CountsAreExactUntilMemoryRunsOut) {
  rt::HotList H(1 << 20, 0, 1);
  std::mt19937_64 Rng(11);
  std::vector<std::vector<uint32_t>> Items;
  std::vector<uint64_t> Times;
  for (int I = 0; I < 50; ++I) {
    Items.push_back(randomCanonical(Rng, 1u << (1 + I % 6)));
    Times.push_back(1 + Rng() % 200);
  }
  for (size_t I = 0; I < Items.size(); ++I)
    for (uint64_t T = 0; T < Times[I]; ++T)
      H.add(Items[I], 0);
  EXPECT_EQ(H.k(), 0u);
  EXPECT_EQ(H.entries(), Items.size());
  for (size_t I = 0; I < Items.size(); ++I)
    EXPECT_EQ(H.count(Items[I]), Times[I]);
  EXPECT_TRUE(H.consistent());
}

/// z = (c 2^k - n) / sqrt(n (2^k - 1)): the standardized estimate of an item
/// seen N times, if its final count is Binomial(n, 2^-k).
double zScore(uint64_t Count, unsigned K, uint64_t N) {
  double F = std::ldexp(1, int(K));
  return (double(Count) * F - double(N)) / std::sqrt(double(N) * (F - 1) + 1e-9);
}

TEST(HotList, ResamplingKeepsAUniformSample) {
  // An item seen only at the start (A), one seen only at the end (B) and one
  // seen throughout (C), among many distinct items that force resampling. A
  // uniform sample estimates all three without bias, however many
  // resamplings happened in between: over fixed seeds, the standardized
  // estimates have mean 0 and variance 1.
  const uint64_t N = 2000;
  const int Seeds = 200;
  std::vector<uint32_t> A{1, 2}, B{3, 4, 5, 6}, C{7, 8};
  double Sum[3] = {0, 0, 0}, Sq[3] = {0, 0, 0};
  unsigned MinK = ~0u, MaxK = 0;
  for (int Seed = 0; Seed < Seeds; ++Seed) {
    rt::HotList H(4096, 0, 1000 + Seed);
    std::mt19937_64 Rng(Seed);
    for (uint64_t I = 0; I < N; ++I)
      H.add(A, 0);
    for (int Phase = 0; Phase < 4; ++Phase)
      for (uint64_t I = 0; I < N / 4; ++I) {
        H.add(C, 0);
        for (int J = 0; J < 8; ++J)
          H.add(randomCanonical(Rng, 8), 0);
      }
    for (uint64_t I = 0; I < N; ++I)
      H.add(B, 0);
    ASSERT_TRUE(H.consistent());
    MinK = std::min(MinK, H.k());
    MaxK = std::max(MaxK, H.k());
    double Z[3] = {zScore(H.count(A), H.k(), N), zScore(H.count(B), H.k(), N),
                   zScore(H.count(C), H.k(), N)};
    for (int I = 0; I < 3; ++I) {
      Sum[I] += Z[I];
      Sq[I] += Z[I] * Z[I];
    }
  }
  EXPECT_GE(MinK, 3u) << "the stream must force several resamplings";
  for (int I = 0; I < 3; ++I) {
    double Mean = Sum[I] / Seeds, Var = Sq[I] / Seeds - Mean * Mean;
    EXPECT_NEAR(Mean, 0, 4 / std::sqrt(double(Seeds))) << "item " << I;
    EXPECT_NEAR(Var, 1, 0.35) << "item " << I;
  }
}

TEST(HotList, LateWindowsAreThinnedToTheCurrentRate) {
  // A window that started when k was 0 and completes after k grew to K is
  // kept with probability 2^-K, like every sample already in the list.
  rt::HotList H(2048, 0, 5);
  std::mt19937_64 Rng(5);
  while (H.k() < 4)
    H.add(randomCanonical(Rng, 16), 0);
  std::vector<uint32_t> Late{9, 99};
  const uint64_t N = 4000;
  for (uint64_t I = 0; I < N; ++I)
    H.add(Late, 0);
  unsigned K = H.k(); // a resampling meanwhile halves what was kept
  EXPECT_NEAR(double(H.count(Late)), N * std::ldexp(1, -int(K)),
              5 * std::sqrt(N * std::ldexp(1, -int(K))));
  // Windows that started at the current k are not thinned.
  uint64_t Before = H.count(Late);
  H.add(Late, K);
  EXPECT_EQ(H.count(Late), Before + 1);
}

} // namespace

TEST(HotList, CountsPastTheirFieldThinTheSampleFirst) {
  // A record's count has 16 bits: a count that would pass 65535 makes k grow
  // first, as a full hot list does, so that the sample stays uniform. With
  // the sample size unbounded (P3_OSP_SAMPLES=0), two items seen 300,000
  // and 100,000 times, interleaved: over fixed seeds, unbiased estimates.
  const uint64_t NA = 300000, NB = 100000;
  const int Seeds = 40;
  std::vector<uint32_t> A{11, 12}, B{13, 14, 15, 16};
  double Sum[2] = {0, 0}, Sq[2] = {0, 0};
  for (int Seed = 0; Seed < Seeds; ++Seed) {
    rt::HotList H(4096, 0, 77 + Seed);
    for (uint64_t I = 0; I < NA + NB; ++I)
      H.add(I % 4 == 3 ? B : A, 0);
    ASSERT_TRUE(H.consistent());
    ASSERT_GE(H.k(), 3u);
    ASSERT_LE(H.count(A), 65535u);
    double Z[2] = {zScore(H.count(A), H.k(), NA),
                   zScore(H.count(B), H.k(), NB)};
    for (int I = 0; I < 2; ++I) {
      Sum[I] += Z[I];
      Sq[I] += Z[I] * Z[I];
    }
  }
  for (int I = 0; I < 2; ++I) {
    double Mean = Sum[I] / Seeds, Var = Sq[I] / Seeds - Mean * Mean;
    EXPECT_NEAR(Mean, 0, 4 / std::sqrt(double(Seeds))) << "item " << I;
    EXPECT_NEAR(Var, 1, 0.6) << "item " << I;
  }
}
