//===- RunTest.cpp - Placeholders, task files, Slurm's text --------------===//

#include "Run/CopyLayout.h"
#include "Run/SlurmStates.h"
#include "Run/Task.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace p3;

namespace {

TEST(Placeholders, CopyAndDirAnywhereInAnArgument) {
  EXPECT_EQ(expandPlaceholders("{dir}/build/prog", 3, "/o/copy-3"),
            "/o/copy-3/build/prog");
  EXPECT_EQ(expandPlaceholders("--out=log-{copy}.txt", 12, "/d"),
            "--out=log-12.txt");
  EXPECT_EQ(expandPlaceholders("{copy}{dir}{copy}", 1, "D"), "1D1");
  EXPECT_EQ(expandPlaceholders("{other} {dir", 1, "D"), "{other} {dir");
  EXPECT_TRUE(hasPlaceholders({"sh", "-c", "cd {dir}"}));
  EXPECT_FALSE(hasPlaceholders({"./prog", "{}", "{copies}"}));
}

TEST(RelativeTo, OnlyWholePathComponents) {
  EXPECT_EQ(relativeTo("/a/b/c", "/a/b"), std::optional<std::string>("c"));
  EXPECT_EQ(relativeTo("/a/b", "/a/b"), std::optional<std::string>(""));
  EXPECT_EQ(relativeTo("/a/bc", "/a/b"), std::nullopt);
  EXPECT_EQ(relativeTo("/x", "/"), std::optional<std::string>("x"));
}

TaskSpec sampleTask() {
  TaskSpec T;
  T.RunId = "123-host-9";
  T.Attempt = 2;
  T.Command = {"{dir}/build/prog", "--copy={copy}", "a b"};
  T.CopyDirs = {"/o/copy-0", "/o/copy-1"};
  T.WorkDirs = {"/o/copy-0/src", "/o/copy-1/src"};
  T.Stdin = "/o/run/stdin";
  T.OutputDir = "/o/run";
  T.ProfileStaging = "/o/run/staging/123-host-9";
  T.TimeoutSeconds = 2.5;
  return T;
}

TEST(TaskSpec, RoundTripsThroughItsFile) {
  TaskSpec T = sampleTask();
  Expected<TaskSpec> Back = TaskSpec::fromJSON(T.toJSON());
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  EXPECT_EQ(Back->RunId, T.RunId);
  EXPECT_EQ(Back->Attempt, 2u);
  EXPECT_EQ(Back->Command, T.Command);
  EXPECT_EQ(Back->CopyDirs, T.CopyDirs);
  EXPECT_EQ(Back->WorkDirs, T.WorkDirs);
  EXPECT_EQ(Back->Stdin, T.Stdin);
  EXPECT_EQ(Back->ProfileStaging, T.ProfileStaging);
  EXPECT_FALSE(Back->CombinedLog);
  EXPECT_DOUBLE_EQ(Back->TimeoutSeconds, 2.5);
  EXPECT_EQ(Back->toJSON(), T.toJSON());
}

TEST(TaskSpec, FilesAndCommandOfACopy) {
  TaskSpec T = sampleTask();
  EXPECT_EQ(T.commandFor(1), (std::vector<std::string>{"/o/copy-1/build/prog",
                                                       "--copy=1", "a b"}));
  EXPECT_EQ(T.stdoutPath(1), "/o/run/copy-1.stdout");
  EXPECT_EQ(T.recordPath(0), "/o/run/copy-0.time");
  EXPECT_EQ(T.logPath(1), "/o/run/copy-1.log");
  EXPECT_EQ(T.stagingDir(1), "/o/run/staging/123-host-9/copy-1.a2");
}

TEST(TaskSpec, BadFilesAreErrors) {
  for (const char *Text :
       {"", "[]", "{\"format\": \"p3-manifest\"}",
        "{\"format\": \"p3-task\", \"version\": 2}",
        "{\"format\": \"p3-task\", \"version\": 1, \"attempt\": 1}",
        "{\"format\": \"p3-task\", \"version\": 1, \"attempt\": 1, "
        "\"command\": [\"x\"], \"copy_dirs\": [\"a\"], \"work_dirs\": []}",
        "{\"format\": \"p3-task\", \"version\": 1, \"attempt\": 0, "
        "\"command\": [\"x\"], \"copy_dirs\": [], \"work_dirs\": []}"}) {
    Expected<TaskSpec> T = TaskSpec::fromJSON(Text);
    EXPECT_FALSE(bool(T)) << Text;
    if (!T) {
      EXPECT_NE(toString(T.takeError()).find("task file"), std::string::npos);
    }
  }
}

TEST(Slurm, ArraySpec) {
  EXPECT_EQ(arraySpec({0, 1, 2, 3}), "0-3");
  EXPECT_EQ(arraySpec({1, 2}), "1-2");
  EXPECT_EQ(arraySpec({2}), "2");
  EXPECT_EQ(arraySpec({0, 2, 5}), "0,2,5");
}

TEST(Slurm, ScontrolStatesOfAnArray) {
  // Shortened lines of Slurm 22.05's scontrol show job -o; the last one is a
  // record of tasks still pending (not a final state of one task).
  std::map<unsigned, TaskState> S = parseScontrol(
      "JobId=1 ArrayJobId=1 ArrayTaskId=3 JobName=p3-run JobState=COMPLETED "
      "Reason=None Dependency=(null) ExitCode=0:0 Comment=a b\n"
      "JobId=4 ArrayJobId=1 ArrayTaskId=2 JobState=FAILED "
      "Reason=JobLaunchFailure ExitCode=0:9\n"
      "JobId=5 ArrayJobId=1 ArrayTaskId=1 JobState=TIMEOUT Reason=TimeLimit "
      "ExitCode=0:15\n"
      "JobId=1 ArrayJobId=1 ArrayTaskId=4-7 JobState=PENDING "
      "Reason=Resources\n");
  ASSERT_EQ(S.size(), 3u);
  EXPECT_EQ(S[3].State, "COMPLETED");
  EXPECT_EQ(S[2].State, "FAILED");
  EXPECT_EQ(S[2].Reason, "JobLaunchFailure");
  EXPECT_EQ(S[2].ExitCode, "0:9");
  EXPECT_EQ(S[1].Reason, "TimeLimit");
}

TEST(Slurm, SacctStatesOfAnArray) {
  std::map<unsigned, TaskState> S =
      parseSacct("12_0|COMPLETED|0:0|None\n"
                 "12_1|CANCELLED by 0|0:15|None\n"
                 "12_2|PREEMPTED|0:0|None\n"
                 "12_[3-5]|PENDING|0:0|Priority\n");
  ASSERT_EQ(S.size(), 3u);
  EXPECT_EQ(S[1].State, "CANCELLED");
  EXPECT_EQ(S[1].ExitCode, "0:15");
  EXPECT_EQ(S[2].State, "PREEMPTED");
}

} // namespace
