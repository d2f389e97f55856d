//===- SamplerTest.cpp - The whole runtime sampler vs the exact counter ---===//
//
// Synthetic block traces (a skewed random walk over a small "program" with a
// hot loop that calls a function) go through P3_OSP_BLOCK exactly as an
// instrumented program's blocks do; the hot list the runtime writes is read
// back with the report's parser and compared with ExactCounter on the same
// trace.
//
//===----------------------------------------------------------------------===//

#include "RuntimeSampler.h"
#include "Sampling/Estimates.h"
#include "Sampling/ExactCounter.h"
#include "Sampling/TraceFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <random>

using namespace p3;

namespace {

std::string tempDir(const char *Name) {
  llvm::SmallString<128> Dir;
  llvm::sys::fs::createUniqueDirectory(Name, Dir);
  return std::string(Dir);
}

/// A program-like trace: a loop (blocks 10..13) whose body calls a function
/// (20..22) on odd iterations, entered from cold code that wanders among
/// blocks 100..199 with a skewed distribution.
std::vector<BlockId> programTrace(uint64_t Seed, size_t Length) {
  std::mt19937_64 Rng(Seed);
  std::vector<BlockId> T;
  while (T.size() < Length) {
    unsigned Iterations = 5 + unsigned(Rng() % 40);
    for (unsigned I = 0; I < Iterations; ++I) {
      T.insert(T.end(), {10, 11});
      if (I % 2)
        T.insert(T.end(), {20, 21, 22});
      T.push_back(Rng() % 8 ? 12 : 13);
    }
    unsigned Cold = 1 + unsigned(Rng() % 30);
    for (unsigned I = 0; I < Cold; ++I) {
      double U = std::uniform_real_distribution<>(0, 1)(Rng);
      T.push_back(100 + BlockId(100 * U * U * U));
    }
  }
  T.resize(Length);
  return T;
}

HotListDump sample(const std::vector<BlockId> &Trace, uint64_t Memory,
                   unsigned MaxLength, uint64_t Period, uint64_t Seed,
                   uint64_t MaxSamples = 0) {
  std::string Dir = tempDir("p3-osp-sampler");
  rt::freshSampler(Memory, MaxLength, Period, Seed, Dir, "sample", MaxSamples);
  for (BlockId B : Trace)
    rt::enterBlock(B);
  llvm::Expected<HotListDump> D = readHotList(rt::dumpNow());
  EXPECT_TRUE(bool(D)) << toString(D.takeError());
  llvm::sys::fs::remove_directories(Dir);
  return D ? std::move(*D) : HotListDump();
}

TEST(Sampler, EstimatesAreWithinTheirBounds) {
  std::vector<BlockId> Trace = programTrace(1, 400000);
  ExactCounter Exact(64);
  Exact.feed(0, Trace);
  HotListDump D = sample(Trace, 65536, 64, 4, 42);
  EXPECT_EQ(D.Blocks, Trace.size());
  EXPECT_LE(D.MemoryPeak, D.Memory);
  Estimates E = estimateSubpaths({D});
  ASSERT_GE(E.Subpaths.size(), 20u);
  unsigned Within = 0;
  for (size_t I = 0; I < 20; ++I) {
    const EstimatedSubpath &S = E.Subpaths[I];
    double Truth = double(Exact.count(S.Blocks));
    ASSERT_GT(Truth, 0) << "a sampled subpath that never ran";
    // It is shown as it ran: a window of the trace.
    EXPECT_NE(std::search(Trace.begin(), Trace.end(), S.Shown.begin(),
                          S.Shown.end()),
              Trace.end());
    Within += std::abs(S.Estimate - Truth) <= S.Bound * Truth;
  }
  EXPECT_GE(Within, 18u) << "estimates outside their 95% bound";
  // The sampler's top 5 are the exact top 5: each has at least the exact
  // fifth count (ties are common: a loop's blocks all run equally often).
  std::vector<CountedSubpath> Top = Exact.sorted();
  for (size_t I = 0; I < 5; ++I)
    EXPECT_GE(Exact.count(E.Subpaths[I].Blocks), Top[4].Count)
        << "sampled rank " << I + 1;
  EXPECT_EQ(E.Subpaths[0].Blocks, Top[0].Blocks);
}

TEST(Sampler, EstimatesAreUnbiasedAcrossSeeds) {
  std::vector<BlockId> Trace = programTrace(2, 100000);
  ExactCounter Exact(32);
  Exact.feed(0, Trace);
  std::vector<CountedSubpath> Top = Exact.sorted();
  // A length-2, a length-8 and a length-32 subpath among the hottest.
  std::vector<Subpath> Probes;
  for (size_t Want : {2, 8, 32})
    for (const CountedSubpath &C : Top)
      if (C.Blocks.size() == Want) {
        Probes.push_back(C.Blocks);
        break;
      }
  ASSERT_EQ(Probes.size(), 3u);
  const int Seeds = 40;
  std::vector<double> Sum(3, 0), Sq(3, 0);
  for (int Seed = 0; Seed < Seeds; ++Seed) {
    // Small memory: resampling happens during the run.
    Estimates E = estimateSubpaths({sample(Trace, 4096, 32, 4, 100 + Seed)});
    for (size_t P = 0; P < Probes.size(); ++P) {
      double Est = 0;
      for (const EstimatedSubpath &S : E.Subpaths)
        if (S.Blocks == Probes[P])
          Est = S.Estimate;
      double Ratio = Est / double(Exact.count(Probes[P]));
      Sum[P] += Ratio;
      Sq[P] += Ratio * Ratio;
    }
  }
  for (size_t P = 0; P < Probes.size(); ++P) {
    double Mean = Sum[P] / Seeds,
           SD = std::sqrt(std::max(0.0, Sq[P] / Seeds - Mean * Mean));
    EXPECT_NEAR(Mean, 1, 4 * SD / std::sqrt(double(Seeds)) + 0.01)
        << "length " << Probes[P].size();
  }
}

TEST(Sampler, SampleSizeBoundRaisesThePeriod) {
  // P3_OSP_SAMPLES: the sample never holds more than this many samples; the
  // period grows with the run instead, and the estimates stay unbiased.
  std::vector<BlockId> Trace = programTrace(5, 400000);
  ExactCounter Exact(16);
  Exact.feed(0, Trace);
  HotListDump D = sample(Trace, 1 << 20, 16, 1, 9, 3000);
  EXPECT_LE(D.Samples, 3000u);
  EXPECT_GE(D.PeriodLog2, 5u);
  EXPECT_GE(D.Resamples, 5u);
  Estimates E = estimateSubpaths({D});
  unsigned Within = 0;
  for (size_t I = 0; I < 10; ++I) {
    double Truth = double(Exact.count(E.Subpaths[I].Blocks));
    Within += std::abs(E.Subpaths[I].Estimate - Truth) <=
              E.Subpaths[I].Bound * Truth;
  }
  EXPECT_GE(Within, 9u);
  EXPECT_EQ(E.Subpaths[0].Blocks, Exact.sorted()[0].Blocks);
}

TEST(Sampler, MemoryBoundHoldsForTheWholeSampler) {
  // Every block distinct: nothing is concise, resampling never stops.
  std::vector<BlockId> Trace(300000);
  for (size_t I = 0; I < Trace.size(); ++I)
    Trace[I] = BlockId(I * 2654435761u % 1000003);
  HotListDump D = sample(Trace, 2048, 1024, 1, 3);
  EXPECT_LE(D.MemoryPeak, 2048u);
  EXPECT_LE(D.MemoryUsed, 2048u);
  EXPECT_GT(D.Resamples, 5u);
  EXPECT_EQ(D.Blocks, Trace.size());
}

TEST(Sampler, TraceModeRecordsEveryBlock) {
  std::vector<BlockId> Trace = programTrace(3, 50000);
  std::string Dir = tempDir("p3-osp-trace");
  rt::freshSampler(65536, 64, 16, 1, Dir, "trace");
  for (BlockId B : Trace)
    rt::enterBlock(B);
  std::string Path = rt::dumpNow();
  std::vector<BlockId> Read;
  llvm::Expected<TraceHeader> H =
      readTrace(Path, [&](unsigned Thread, llvm::ArrayRef<BlockId> Ids) {
        EXPECT_EQ(Thread, 0u);
        Read.insert(Read.end(), Ids.begin(), Ids.end());
      });
  ASSERT_TRUE(bool(H)) << toString(H.takeError());
  EXPECT_EQ(H->Hash, "0123456789abcdef");
  EXPECT_EQ(Read, Trace);
  llvm::sys::fs::remove_directories(Dir);
}

std::string readAll(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : "(unreadable)";
}

/// The hot list (or trace) that \p Trace leaves, run with Run's runs of
/// blocks as one action each, in shared or register mode.
std::string runFused(const std::vector<BlockId> &Trace,
                     const std::vector<unsigned> &Run, bool Register,
                     const char *Mode, uint64_t Period) {
  std::string Dir = tempDir("p3-osp-fused");
  rt::freshSampler(4096, 16, Period, 7, Dir, Mode);
  // In pieces, as a program enters and leaves functions.
  for (size_t I = 0; I < Trace.size(); I += 997) {
    size_t End = std::min(Trace.size(), I + 997);
    rt::enterBlocks(std::vector<BlockId>(Trace.begin() + I, Trace.begin() + End),
                    std::vector<unsigned>(Run.begin() + I, Run.begin() + End),
                    Register);
  }
  std::string Text = readAll(rt::dumpNow());
  llvm::sys::fs::remove_directories(Dir);
  return Text;
}

// P3_OSP_BLOCK2(a, b) must be exactly P3_OSP_BLOCK(a); P3_OSP_BLOCK(b), and
// P3_OSP_BLOCK3 and BLOCK4 (the rewriter's runs of blocks) the same with three
// and four: the same slow-path calls at the same blocks, so the same hot
// list bit for bit (the sampler is deterministic given its seed) and the
// same trace. Checked at period 1 (every block takes the slow path; windows
// overlap), 2 and 3 (the counter runs out inside runs, at every offset) and
// 64, with random runs of 1 to 4 blocks, in shared and register mode.
TEST(Sampler, FusedActionsAreTwoActions) {
  std::vector<BlockId> Trace = programTrace(5, 60000);
  std::mt19937_64 Rng(11);
  std::vector<unsigned> None(Trace.size(), 1), Some(Trace.size(), 1);
  for (size_t I = 0; I < Trace.size(); ++I)
    Some[I] = 1 + Rng() % 4;
  for (const char *Mode : {"sample", "skip", "trace"})
    for (uint64_t Period : {1, 2, 3, 64}) {
      std::string Plain = runFused(Trace, None, false, Mode, Period);
      ASSERT_NE(Plain, "(unreadable)");
      EXPECT_EQ(runFused(Trace, Some, false, Mode, Period), Plain)
          << Mode << " period " << Period;
      EXPECT_EQ(runFused(Trace, None, true, Mode, Period), Plain)
          << Mode << " period " << Period << ", register mode";
      EXPECT_EQ(runFused(Trace, Some, true, Mode, Period), Plain)
          << Mode << " period " << Period << ", register mode, fused";
    }
}

TEST(Sampler, SkipModeSamplesNothing) {
  std::vector<BlockId> Trace = programTrace(4, 50000);
  HotListDump D;
  {
    std::string Dir = tempDir("p3-osp-skip");
    rt::freshSampler(65536, 64, 16, 1, Dir, "skip");
    for (BlockId B : Trace)
      rt::enterBlock(B);
    llvm::Expected<HotListDump> R = readHotList(rt::dumpNow());
    ASSERT_TRUE(bool(R)) << toString(R.takeError());
    D = std::move(*R);
    llvm::sys::fs::remove_directories(Dir);
  }
  EXPECT_EQ(D.Mode, "skip");
  EXPECT_EQ(D.Blocks, Trace.size());
  EXPECT_EQ(D.Entries, 0u);
  EXPECT_EQ(D.Starts, 0u);
}

} // namespace
