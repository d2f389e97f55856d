//===- RunRecordsTest.cpp - Copy records, failed copies, excluded paths --===//

#include "Profile/RunRecords.h"
#include "Profile/Manifest.h"
#include "Profile/ProfileSet.h"

#include "SimulatedProgram.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cerrno>
#include <csignal>
#include <random>

using namespace llvm;
using namespace p3;
using namespace p3::test;

namespace {

std::string tempDir() {
  SmallString<128> Dir;
  EXPECT_FALSE(sys::fs::createUniqueDirectory("p3-run-records", Dir));
  return Dir.str().str();
}

TEST(Manifest, ExcludedPathsRoundTripAndOnlyWhenPresent) {
  std::mt19937_64 Rng(11);
  SimulatedProgram P = makeProgram(Rng, 2, StrategyOptions());
  // Without exclusions the field is absent: earlier manifests keep their
  // text, hence their hash.
  EXPECT_EQ(P.M.toJSON().find("\"excluded\""), std::string::npos);

  Manifest M = P.M;
  M.Excluded = {{"build", "CMake build directory (CMakeCache.txt)"},
                {"data/big", "--exclude"}};
  M.Hash = M.computeHash();
  EXPECT_NE(M.Hash, P.M.Hash);
  std::string Text = M.toJSON();
  EXPECT_NE(Text.find("\"excluded\": [{\"path\":\"build\",\"reason\":\"CMake "
                      "build directory (CMakeCache.txt)\"},"),
            std::string::npos)
      << Text.substr(0, 600);
  Expected<Manifest> Back = Manifest::fromJSON(Text);
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  ASSERT_EQ(Back->Excluded.size(), 2u);
  EXPECT_EQ(Back->Excluded[1].Path, "data/big");
  EXPECT_EQ(Back->Excluded[1].Reason, "--exclude");
  EXPECT_EQ(Back->computeHash(), M.Hash);
  EXPECT_EQ(Back->toJSON(), Text);
}

TEST(Manifest, ExcludedMustBeObjectsWithAPath) {
  std::mt19937_64 Rng(12);
  SimulatedProgram P = makeProgram(Rng, 1, StrategyOptions());
  std::string Text = P.M.toJSON();
  size_t At = Text.find("\n  \"functions\"");
  ASSERT_NE(At, std::string::npos);
  std::string Bad = Text;
  Bad.insert(At, "\n  \"excluded\": [\"build\"],");
  Expected<Manifest> M = Manifest::fromJSON(Bad);
  ASSERT_FALSE(bool(M));
  EXPECT_NE(toString(M.takeError()).find("excluded[0] is not an object"),
            std::string::npos);
  Bad = Text;
  Bad.insert(At, "\n  \"excluded\": [{\"reason\": \"x\"}],");
  M = Manifest::fromJSON(Bad);
  ASSERT_FALSE(bool(M));
  EXPECT_NE(toString(M.takeError()).find("excluded[0]: \"path\" is missing"),
            std::string::npos);
}

TEST(CopyRecord, EveryEndingRoundTripsWithItsStatus) {
  std::string Dir = tempDir();
  struct Case {
    CopyRecord R;
    int Status;
    std::string Says;
  };
  std::vector<Case> Cases(4);
  Cases[0].R.ExitCode = 3;
  Cases[0].Status = 3;
  Cases[0].Says = "exited with status 3";
  Cases[1].R.End = CopyRecord::Ending::Signalled;
  Cases[1].R.Signal = SIGSEGV;
  Cases[1].Status = 128 + SIGSEGV;
  Cases[1].Says = "was killed by signal 11 (Segmentation fault)";
  Cases[2].R.End = CopyRecord::Ending::NotStarted;
  Cases[2].R.StartErrno = ENOENT;
  Cases[2].R.Error = "No such file or directory";
  Cases[2].Status = 127;
  Cases[2].Says = "could not start (No such file or directory)";
  Cases[3].R.End = CopyRecord::Ending::TimedOut;
  Cases[3].R.TimeoutSeconds = 0.5;
  Cases[3].Status = 124;
  Cases[3].Says = "timed out after 0.5 s";
  for (unsigned I = 0; I < Cases.size(); ++I) {
    CopyRecord &R = Cases[I].R;
    R.Copy = I;
    R.Attempt = 2;
    R.RunId = "run-7";
    R.Host = "node3";
    R.WallSeconds = 1.25;
    R.UserSeconds = 1.0;
    R.SystemSeconds = 0.125;
    std::string Path = copyRecordPath(Dir, I);
    EXPECT_EQ(sys::path::filename(Path), "copy-" + std::to_string(I) + ".time");
    ASSERT_FALSE(bool(writeCopyRecord(Path, R)));
    Expected<CopyRecord> Back = readCopyRecord(Path);
    ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
    EXPECT_EQ(Back->Copy, I);
    EXPECT_EQ(Back->Attempt, 2u);
    EXPECT_EQ(Back->RunId, "run-7");
    EXPECT_EQ(Back->Host, "node3");
    EXPECT_EQ(int(Back->End), int(R.End));
    EXPECT_DOUBLE_EQ(Back->cpuSeconds(), 1.125);
    EXPECT_EQ(Back->statusCode(), Cases[I].Status);
    EXPECT_EQ(Back->describe(), Cases[I].Says);
  }
  std::vector<std::optional<CopyRecord>> All = readCopyRecords(Dir, 6);
  ASSERT_EQ(All.size(), 6u);
  EXPECT_TRUE(All[3].has_value());
  EXPECT_FALSE(All[4].has_value()); // no file
  sys::fs::remove_directories(Dir);
}

TEST(CopyRecord, DamagedFilesAreErrorsNamingThem) {
  std::string Dir = tempDir();
  std::string Path = copyRecordPath(Dir, 0);
  for (const char *Text : {"not json", "{\"format\": \"other\"}",
                           "{\"format\": \"p3-copy-record\", \"copy\": 0}"}) {
    std::error_code EC;
    {
      raw_fd_ostream OS(Path, EC);
      OS << Text;
    }
    Expected<CopyRecord> R = readCopyRecord(Path);
    ASSERT_FALSE(bool(R)) << Text;
    EXPECT_NE(toString(R.takeError()).find(Path), std::string::npos);
  }
  EXPECT_FALSE(readCopyRecords(Dir, 1)[0].has_value());
  sys::fs::remove_directories(Dir);
}

TEST(FailedCopies, WrittenSortedReadBackRemovedWhenEmpty) {
  std::string Dir = tempDir();
  std::string Path = failedCopiesPath(Dir);
  Expected<std::vector<FailedCopy>> None = readFailedCopies(Path);
  ASSERT_TRUE(bool(None));
  EXPECT_TRUE(None->empty());
  ASSERT_FALSE(bool(writeFailedCopies(
      Path, {{3, "slurm: job 9_3: TIMEOUT"}, {1, "local: killed"}})));
  Expected<std::vector<FailedCopy>> Back = readFailedCopies(Path);
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  ASSERT_EQ(Back->size(), 2u);
  EXPECT_EQ((*Back)[0].Copy, 1u);
  EXPECT_EQ((*Back)[1].Reason, "slurm: job 9_3: TIMEOUT");
  ASSERT_FALSE(bool(writeFailedCopies(Path, {})));
  EXPECT_FALSE(sys::fs::exists(Path));
  sys::fs::remove_directories(Dir);
}

TEST(ProfileSet, AFailedCopyIsNotPresentEvenWithProfiles) {
  ProfileSet Set;
  Set.K = 3;
  Set.Processes = {1, 2, 0};
  Set.Idle = {false, false, true};
  EXPECT_TRUE(Set.present(1));
  Set.FailedReason = {"", "slurm: PREEMPTED", "local: killed"};
  EXPECT_TRUE(Set.present(0));
  EXPECT_FALSE(Set.present(1)); // older profiles do not make it complete
  EXPECT_TRUE(Set.present(2));  // an idle copy profiles nothing: not missing
  EXPECT_TRUE(Set.failed(2));
}

} // namespace
