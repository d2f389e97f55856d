//===- ParallelEngine.cpp - The copies' tasks through GNU parallel -------===//
//
//   parallel --will-cite -q --joblog LOG -j N [--sshloginfile FILE | -S ...]
//            [extra arguments] TOOL --exec-copy={} --task=FILE ::: COPIES
//
// One job per copy; on this machine by default (parallel's ":"), or on the
// hosts of an ssh login file, which must see the output directory at the same
// path (shared storage) and have p3 installed at the same path. Remote jobs
// get their login environment, not this one (pass --env through
// --parallel-arg to add variables). The job log says, per job, the host and
// how the task ended: a task that exited non-zero or was killed (ssh lost, a
// host down, --timeout of parallel) is a failure with that reason.
//
//===----------------------------------------------------------------------===//

#include "Run/Engine.h"

#include "Profile/Fail.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace llvm;

namespace p3 {

namespace {

class ParallelEngine : public Engine {
public:
  explicit ParallelEngine(const EngineOptions &O) : O(O) {}
  StringRef name() const override { return "parallel"; }

  Expected<EngineFailures>
  run(const EngineRequest &R,
      function_ref<void(unsigned, StringRef)> Ended) override {
    SmallString<256> JobLog(R.LogDir);
    sys::path::append(JobLog, formatv("parallel-a{0}.joblog", R.Attempt).str());
    sys::fs::remove(JobLog);
    std::vector<std::string> Argv{"parallel", "--will-cite", "-q", "--joblog",
                                  JobLog.str().str()};
    unsigned Jobs = O.Jobs ? O.Jobs : R.Copies.size();
    Argv.insert(Argv.end(), {"-j", std::to_string(Jobs)});
    if (!O.SSHLoginFile.empty())
      Argv.insert(Argv.end(), {"--sshloginfile", O.SSHLoginFile});
    for (const std::string &S : O.SSHLogins)
      Argv.insert(Argv.end(), {"-S", S});
    Argv.insert(Argv.end(), O.ParallelArgs.begin(), O.ParallelArgs.end());
    std::vector<std::string> Task = R.taskCommand("{}");
    Argv.insert(Argv.end(), Task.begin(), Task.end());
    Argv.push_back(":::");
    for (unsigned Copy : R.Copies)
      Argv.push_back(std::to_string(Copy));

    std::string Out, Err;
    int Status = runHelper(Argv, Out, Err);
    if (Status < 0)
      return fail("cannot run GNU parallel: " + Err);
    ErrorOr<std::unique_ptr<MemoryBuffer>> Log = MemoryBuffer::getFile(JobLog);
    if (!Log)
      return fail(formatv("GNU parallel exited with status {0} and wrote no "
                          "job log: {1}",
                          Status, StringRef(Err).trim()));
    EngineFailures Failures = readJobLog((*Log)->getBuffer(), R.Copies);
    for (unsigned Copy : R.Copies) {
      if (!Seen.count(Copy))
        Failures[Copy] =
            "parallel: the job never ran" +
            (Err.empty()
                 ? std::string()
                 : " (parallel said: " + StringRef(Err).trim().str() + ")");
      Ended(Copy, Failures.count(Copy) ? Failures[Copy] : "");
    }
    return Failures;
  }

private:
  /// Seq Host Starttime JobRuntime Send Receive Exitval Signal Command; Seq
  /// is the position of the copy in the ::: list, from 1.
  EngineFailures readJobLog(StringRef Text, ArrayRef<unsigned> Copies) {
    EngineFailures Failures;
    Seen.clear();
    SmallVector<StringRef> Lines, Fields;
    Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef Line : drop_begin(Lines)) {
      Fields.clear();
      Line.split(Fields, '\t');
      unsigned Seq, Exit, Signal;
      if (Fields.size() < 9 || Fields[0].getAsInteger(10, Seq) || Seq < 1 ||
          Seq > Copies.size() || Fields[6].trim().getAsInteger(10, Exit) ||
          Fields[7].trim().getAsInteger(10, Signal))
        continue;
      unsigned Copy = Copies[Seq - 1];
      Seen.insert(Copy);
      StringRef Host = Fields[1] == ":" ? "this machine" : Fields[1];
      if (Signal)
        Failures[Copy] = formatv("parallel: on {0}, the task was killed by "
                                 "signal {1}",
                                 Host, Signal);
      else if (Exit)
        Failures[Copy] = formatv(
            "parallel: on {0}, the task exited with status {1}{2}", Host, Exit,
            Exit == 255 ? " (ssh could not reach the host, or p3 is "
                          "not at the same path there)"
                        : "");
      else
        Failures.erase(Copy);
    }
    return Failures;
  }

  EngineOptions O;
  std::set<unsigned> Seen;
};

} // namespace

std::unique_ptr<Engine> createParallelEngine(const EngineOptions &O) {
  return std::make_unique<ParallelEngine>(O);
}

} // namespace p3
