//===- FilesTest.cpp - Hot-list files: parsing, errors, merging ----------===//

#include "Sampling/Estimates.h"
#include "Sampling/HotListFile.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace p3;

namespace {

const char *Valid = "P3OSP 1 0123456789abcdef 42\n"
                    "dump 3 timer\n"
                    "config mode sample max_length 8 memory 65536 period 4 "
                    "seed 1 max_samples 0\n"
                    "state period_log2 3 blocks 1000 starts 200 windows 190 "
                    "kept 150 samples 13 resamples 1 dropped 0 entries 2 "
                    "memory_used 100 "
                    "memory_peak 120 threads 1\n"
                    "s 10 2 5 7\n"
                    "s 3 8 1 2 3 4 1 2 3 5\n"
                    "end 2\n";

std::string replace(std::string S, const std::string &From,
                    const std::string &To) {
  size_t P = S.find(From);
  EXPECT_NE(P, std::string::npos) << From;
  return S.replace(P, From.size(), To);
}

TEST(HotListFile, ParsesWhatTheRuntimeWrites) {
  llvm::Expected<HotListDump> D = parseHotList(Valid, "x.osp");
  ASSERT_TRUE(bool(D)) << toString(D.takeError());
  EXPECT_EQ(D->Hash, "0123456789abcdef");
  EXPECT_EQ(D->Pid, 42u);
  EXPECT_EQ(D->Sequence, 3u);
  EXPECT_EQ(D->Reason, "timer");
  EXPECT_FALSE(D->isFinal());
  EXPECT_EQ(D->MaxLength, 8u);
  EXPECT_EQ(D->PeriodLog2, 3u);
  EXPECT_EQ(D->Blocks, 1000u);
  ASSERT_EQ(D->Subpaths.size(), 2u);
  EXPECT_EQ(D->Subpaths[1].Blocks, (Subpath{1, 2, 3, 4, 1, 2, 3, 5}));
  // A subpath is shown as it ran, and identified by its least rotation.
  llvm::Expected<HotListDump> R =
      parseHotList(replace(Valid, "s 10 2 5 7", "s 10 2 7 5"), "r.osp");
  ASSERT_TRUE(bool(R)) << toString(R.takeError());
  EXPECT_EQ(R->Subpaths[0].Shown, (Subpath{7, 5}));
  EXPECT_EQ(R->Subpaths[0].Blocks, (Subpath{5, 7}));
}

void expectError(const std::string &Text, const std::string &Message) {
  llvm::Expected<HotListDump> D = parseHotList(Text, "x.osp");
  ASSERT_FALSE(bool(D)) << "accepted: " << Text;
  std::string Got = toString(D.takeError());
  EXPECT_NE(Got.find(Message), std::string::npos) << Got;
  EXPECT_EQ(Got.rfind("x.osp", 0), 0u) << "errors name the file: " << Got;
}

TEST(HotListFile, RejectsDamage) {
  std::string V = Valid;
  expectError("", "not an OSP hot list");
  expectError("hello\n", "not an OSP hot list");
  expectError(replace(V, "P3OSP 1", "P3OSP 2"), "unsupported header");
  expectError(V.substr(0, V.find("end 2")), "truncated");
  expectError(replace(V, "s 10 2 5 7", "s 10 3 5 7 9"), "length 3");
  expectError(replace(V, "s 10 2 5 7", "s 10 2 5"), "length 2 but 1 block");
  expectError(replace(V, "s 10 2 5 7", "s 0 2 5 7"), "no sample");
  expectError(replace(V, "end 2", "end 3"), "'end 3' but 2 subpaths");
  expectError(replace(V, "max_length 8", "max_length 6"), "power of two");
  expectError(replace(V, "blocks 1000 ", ""), "no 'blocks'");
  expectError(replace(V, "dump 3 timer", "dump 3 lunch"), "dump reason");
  expectError(replace(V, "s 3 8 1 2 3 4 1 2 3 5", "s 3 16 1 2 3 4 1 2 3 5 1 "
                                                 "2 3 4 1 2 3 6"),
              "between 2 and max_length 8");
  expectError(V + "s 1 2 1 2\n", "text after the end line");
  expectError(replace(V, "samples 13", "samples 12"), "add up to 13");
}

TEST(Estimates, OneListIsTheThesisEstimator) {
  HotListDump D = *parseHotList(Valid, "x.osp");
  Estimates E = estimateSubpaths({D});
  ASSERT_EQ(E.Subpaths.size(), 2u);
  // 10 samples of a length-2 subpath at period 2^3: 10 * 8 / (1/2).
  EXPECT_EQ(E.Subpaths[0].Blocks, (Subpath{5, 7}));
  EXPECT_DOUBLE_EQ(E.Subpaths[0].Estimate, 160);
  EXPECT_NEAR(E.Subpaths[0].Bound, std::sqrt(2 * std::log(20.0) / 10), 1e-12);
  // Length 8 is the longest (max_length 8): q = 1/4.
  EXPECT_DOUBLE_EQ(E.Subpaths[1].Estimate, 3 * 8 * 4);
  EXPECT_EQ(E.Summary.Blocks, 1000u);
  EXPECT_EQ(E.Summary.Samples, 13u);
}

TEST(Estimates, ListsOfSeveralProcessesAreSummed) {
  HotListDump A = *parseHotList(Valid, "a.osp"), B = A;
  B.PeriodLog2 = 5;
  B.Subpaths.resize(1);
  B.Subpaths[0].Count = 4;
  Estimates E = estimateSubpaths({A, B});
  EXPECT_DOUBLE_EQ(E.Subpaths[0].Estimate, 10 * 16.0 + 4 * 64.0);
  double Var = 10 * 16.0 * 16 + 4 * 64.0 * 64;
  EXPECT_NEAR(E.Subpaths[0].Bound,
              std::sqrt(2 * std::log(20.0) * Var) / (10 * 16.0 + 4 * 64.0),
              1e-12);
  EXPECT_EQ(E.Summary.Lists, 2u);
  // Threshold and top-k selection, on the estimates (416 and 96).
  EXPECT_EQ(selectHottest(E, 1, std::nullopt).size(), 1u);
  EXPECT_EQ(selectHottest(E, 1, 90.0, RankBy::Estimate).size(), 2u);
  EXPECT_EQ(selectHottest(E, 1, 1000.0, RankBy::Estimate).size(), 0u);
  // By default on the estimate less its bound: 416 * (1 - 0.81) is about 79.
  double AtLeast = E.Subpaths[0].atLeast();
  EXPECT_NEAR(AtLeast, 416 * (1 - E.Subpaths[0].Bound), 1e-9);
  EXPECT_LT(AtLeast, 90.0);
  EXPECT_EQ(selectHottest(E, 1, 90.0).size(), 0u);
  EXPECT_EQ(selectHottest(E, 1, AtLeast).front().Blocks,
            E.Subpaths[0].Blocks);
}

} // namespace
