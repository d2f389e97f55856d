//===- DistributionsTest.cpp - Skips, lengths, halving, bounds -----------===//
//
// The sampler's estimates are unbiased only if every block starts a window
// with probability 2^-k independently (geometric skips), lengths follow q(n),
// and resampling keeps each sample with probability 1/2. Fixed seeds: these
// tests are deterministic; the tolerances are 4 to 5 standard errors.
//
//===----------------------------------------------------------------------===//

#include "RuntimeSampler.h"
#include "Sampling/Bounds.h"
#include "Sampling/Lengths.h"

#include "gtest/gtest.h"

#include <cmath>
#include <map>

using namespace p3;

namespace {

TEST(Distributions, LogarithmWithoutLibm) {
  for (double X = 1e-300; X < 1; X *= 1.37)
    ASSERT_NEAR(rt::ln(X), std::log(X), 1e-12 * std::max(1.0, -std::log(X)))
        << X;
  EXPECT_EQ(rt::ln(1), 0);
  EXPECT_NEAR(rt::ln(1 - std::ldexp(1, -40)), std::log1p(-std::ldexp(1, -40)),
              1e-27);
}

TEST(Distributions, SkipsHaveMeanTwoToTheK) {
  rt::Stream S(7);
  for (unsigned K : {0u, 1u, 2u, 3u, 5u, 8u, 10u, 16u, 24u, 40u}) {
    const int N = 100000;
    double P = std::ldexp(1, -int(K)), Sum = 0;
    for (int I = 0; I < N; ++I) {
      uint64_t G = S.skip(K);
      ASSERT_GE(G, 1u);
      Sum += double(G);
    }
    double Mean = Sum / N, SE = std::sqrt((1 - P) / (P * P) / N);
    EXPECT_NEAR(Mean, 1 / P, 5 * SE + 1e-9) << "k = " << K;
  }
}

TEST(Distributions, SkipsAreGeometric) {
  // Chi-square against Pr(G = g) = (1-p)^(g-1) p: every block is a start with
  // probability p, independently of the blocks before it.
  rt::Stream S(8);
  for (unsigned K : {1u, 2u, 4u}) {
    const int N = 200000;
    double P = std::ldexp(1, -int(K));
    std::map<uint64_t, int> Seen;
    for (int I = 0; I < N; ++I)
      ++Seen[S.skip(K)];
    double Chi2 = 0, Tail = 1;
    int Cells = 0;
    for (uint64_t G = 1;; ++G) {
      double Pr = std::pow(1 - P, double(G - 1)) * P;
      if (Tail * N < 50) { // lump the rest into one cell
        int Rest = 0;
        for (auto &[V, C] : Seen)
          if (V >= G)
            Rest += C;
        Chi2 += std::pow(Rest - Tail * N, 2) / (Tail * N);
        ++Cells;
        break;
      }
      double Expected = Pr * N;
      Chi2 += std::pow(Seen[G] - Expected, 2) / Expected;
      Tail -= Pr;
      ++Cells;
    }
    // 99.99% quantile of chi-square is below dof + 6 sqrt(2 dof) + 10.
    int Dof = Cells - 1;
    EXPECT_LT(Chi2, Dof + 6 * std::sqrt(2.0 * Dof) + 10) << "k = " << K;
  }
}

TEST(Distributions, LengthsFollowTheThesis) {
  rt::Stream S(9);
  for (unsigned MaxClass : {1u, 3u, 10u}) {
    const int N = 400000;
    std::map<unsigned, int> Seen;
    for (int I = 0; I < N; ++I) {
      unsigned C = S.lengthClass(MaxClass);
      ASSERT_GE(C, 1u);
      ASSERT_LE(C, MaxClass);
      ++Seen[C];
    }
    double Total = 0;
    for (unsigned C = 1; C <= MaxClass; ++C) {
      double Q = lengthProbability(uint64_t(1) << C, uint64_t(1) << MaxClass);
      Total += Q;
      double SE = std::sqrt(Q * (1 - Q) / N);
      EXPECT_NEAR(double(Seen[C]) / N, Q, 5 * SE + 1e-12)
          << "class " << C << " of " << MaxClass;
    }
    EXPECT_DOUBLE_EQ(Total, 1);
  }
  EXPECT_EQ(lengthProbability(3, 8), 0);
  EXPECT_EQ(lengthProbability(16, 8), 0);
  EXPECT_EQ(lengthProbability(2, 2), 1);
  EXPECT_EQ(lengthProbability(8, 8), 0.25); // the longest takes the rest
}

TEST(Distributions, HalvingIsBinomial) {
  rt::Stream S(10);
  for (uint64_t N : {1ull, 7ull, 63ull, 64ull, 65ull, 1000ull, 100000ull}) {
    const int Reps = 20000;
    double Sum = 0, Sq = 0;
    for (int I = 0; I < Reps; ++I) {
      uint64_t K = S.halve(N);
      ASSERT_LE(K, N);
      Sum += double(K);
      Sq += double(K) * double(K);
    }
    double Mean = Sum / Reps, Var = Sq / Reps - Mean * Mean;
    EXPECT_NEAR(Mean, N / 2.0, 5 * std::sqrt(N / 4.0 / Reps)) << N;
    EXPECT_NEAR(Var, N / 4.0, 0.1 * N / 4.0 + 0.02) << N;
  }
}

TEST(Distributions, ChernoffBoundsOfTheThesis) {
  // Table 4.8 and 4.9 of the thesis: FFT's hottest subpath, sampled 27,006
  // times, has a 2.58% two-sided and a 1.49% one-sided bound at 95%.
  EXPECT_NEAR(chernoffTwoSided(27006), 0.0258, 0.00005);
  EXPECT_NEAR(chernoffOneSided(27006), 0.0149, 0.00005);
  // javac (table 4.10): 8 samples, 150% and 86.60% (the thesis rounds
  // ln(1/0.05) = 2.996 to 3).
  EXPECT_NEAR(chernoffTwoSided(8), 1.50, 0.002);
  EXPECT_NEAR(chernoffOneSided(8), 0.866, 0.001);
  EXPECT_TRUE(std::isinf(chernoffOneSided(0)));
}

} // namespace
