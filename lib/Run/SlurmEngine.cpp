//===- SlurmEngine.cpp - The copies' tasks as one Slurm job array --------===//
//
//   sbatch --parsable --wait --array=0-3[%N] --job-name=NAME
//          --output=LOG/slurm-%A_%a.out --chdir=LOG [-p P] [-t T] [extra]
//          LOG/slurm-task.sh
//
// One array task per copy; the script runs "TOOL --exec-copy=
// $SLURM_ARRAY_TASK_ID --task=FILE", so the nodes must share the output
// directory with this machine and have p3 at the same path. sbatch --wait
// returns when every task has ended; then each task's final state comes from
// scontrol (or sacct, once slurmctld has forgotten the job): anything but
// COMPLETED (FAILED, TIMEOUT, PREEMPTED, NODE_FAIL, CANCELLED,
// OUT_OF_MEMORY...) is a failure with Slurm's state and reason. The task
// exits 0 whatever the program did, so FAILED means the task itself was
// lost.
//
//===----------------------------------------------------------------------===//

#include "Run/Engine.h"
#include "Run/SlurmStates.h"

#include "Profile/AtomicWrite.h"
#include "Profile/Fail.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace p3 {

namespace {

std::string shellQuote(StringRef S) {
  std::string Q = "'";
  for (char C : S)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

class SlurmEngine : public Engine {
public:
  explicit SlurmEngine(const EngineOptions &O) : O(O) {}
  StringRef name() const override { return "slurm"; }

  Expected<EngineFailures>
  run(const EngineRequest &R,
      function_ref<void(unsigned, StringRef)> Ended) override {
    SmallString<256> Script(R.LogDir);
    sys::path::append(Script, "slurm-task.sh");
    std::vector<std::string> Task = R.taskCommand("\"$SLURM_ARRAY_TASK_ID\"");
    std::string Text =
        "#!/bin/sh\n# Written by p3: runs copy $SLURM_ARRAY_TASK_ID's task.\n"
        "exec " +
        shellQuote(Task[0]) + " " + Task[1] + " " + shellQuote(Task[2]) + "\n";
    if (Error E = writeFileAtomically(Script, Text))
      return E;

    SmallString<256> Output(R.LogDir);
    sys::path::append(Output, "slurm-%A_%a.out");
    std::string Array = arraySpec(R.Copies);
    if (O.Jobs)
      Array += "%" + std::to_string(O.Jobs);
    std::vector<std::string> Argv{"sbatch",
                                  "--parsable",
                                  "--wait",
                                  "--array=" + Array,
                                  "--job-name=" + R.JobName,
                                  "--output=" + Output.str().str(),
                                  "--chdir=" + R.LogDir};
    if (!O.Partition.empty())
      Argv.push_back("--partition=" + O.Partition);
    if (!O.TimeLimit.empty())
      Argv.push_back("--time=" + O.TimeLimit);
    Argv.insert(Argv.end(), O.SbatchArgs.begin(), O.SbatchArgs.end());
    Argv.push_back(Script.str().str());

    std::string Out, Err;
    int Status = runHelper(Argv, Out, Err);
    if (Status < 0)
      return fail("cannot run sbatch: " + Err);
    StringRef JobId = StringRef(Out).trim().split('\n').first.split(';').first;
    unsigned Id;
    if (JobId.getAsInteger(10, Id))
      return fail(formatv("sbatch did not submit the job array (exit status "
                          "{0}): {1}",
                          Status, StringRef(Err).trim()));

    std::map<unsigned, TaskState> States = finalStates(JobId);
    EngineFailures Failures;
    for (unsigned Copy : R.Copies) {
      auto It = States.find(Copy);
      if (It == States.end()) {
        if (Status != 0)
          Failures[Copy] =
              formatv("slurm: job {0}_{1}: sbatch exited with "
                      "status {2}, no state known{3}",
                      JobId, Copy, Status,
                      Err.empty() ? "" : ": " + StringRef(Err).trim());
      } else if (It->second.State != "COMPLETED") {
        const TaskState &S = It->second;
        std::string Why = formatv("slurm: job {0}_{1}: {2}", JobId, Copy,
                                  S.State.empty() ? "?" : S.State);
        // A pending job's reason (Resources, Priority) outlives it.
        if (!S.Reason.empty() && S.Reason != "None" &&
            S.Reason != "Resources" && S.Reason != "Priority")
          Why += " (" + S.Reason + ")";
        if (!S.ExitCode.empty() && S.ExitCode != "0:0")
          Why += ", exit code " + S.ExitCode;
        Failures[Copy] = Why;
      }
      Ended(Copy, Failures.count(Copy) ? Failures[Copy] : "");
    }
    return Failures;
  }

private:
  static std::map<unsigned, TaskState> finalStates(StringRef JobId) {
    std::string Out, Err;
    if (runHelper({"scontrol", "show", "job", "-o", JobId.str()}, Out, Err) ==
        0) {
      std::map<unsigned, TaskState> States = parseScontrol(Out);
      if (!States.empty())
        return States;
    }
    if (runHelper({"sacct", "-n", "-P", "-X", "-j", JobId.str(), "-o",
                   "JobID,State,ExitCode,Reason"},
                  Out, Err) == 0)
      return parseSacct(Out);
    return {};
  }

  EngineOptions O;
};

} // namespace

std::unique_ptr<Engine> createSlurmEngine(const EngineOptions &O) {
  return std::make_unique<SlurmEngine>(O);
}

} // namespace p3
