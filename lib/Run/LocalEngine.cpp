//===- LocalEngine.cpp - The copies' tasks as processes on this machine --===//
//
// At most Jobs tasks at a time (all by default), started in copy order, so
// that -j 1 runs the copies one after the other in order. Like system(),
// while tasks run the terminal's SIGINT and SIGQUIT reach them (same process
// group; each passes them on to its command) and this process waits to
// report what they did; SIGTERM and SIGHUP sent to this process alone are
// passed on, so that a p3 tool killed by a timeout or a closed session
// leaves no orphans.
//
//===----------------------------------------------------------------------===//

#include "Run/Engine.h"

#include "llvm/Support/FormatVariadic.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace p3 {

namespace {

constexpr unsigned MaxChildren = 4096;
pid_t Children[MaxChildren];
volatile sig_atomic_t NumChildren = 0;

extern "C" void forwardSignal(int Sig) {
  for (sig_atomic_t I = 0; I < NumChildren; ++I)
    if (Children[I] > 0)
      kill(Children[I], Sig);
}

void handleSignalsWhileRunning() {
  signal(SIGINT, SIG_IGN);
  signal(SIGQUIT, SIG_IGN);
  struct sigaction SA = {};
  SA.sa_handler = forwardSignal;
  sigemptyset(&SA.sa_mask);
  sigaction(SIGTERM, &SA, nullptr);
  sigaction(SIGHUP, &SA, nullptr);
}

void restoreSignals() {
  for (int Sig : {SIGINT, SIGQUIT, SIGTERM, SIGHUP})
    signal(Sig, SIG_DFL);
}

std::string describeStatus(int Status) {
  if (WIFSIGNALED(Status))
    return formatv("local: the task was killed by signal {0} ({1})",
                   WTERMSIG(Status), strsignal(WTERMSIG(Status)))
        .str();
  return formatv("local: the task exited with status {0}",
                 WIFEXITED(Status) ? WEXITSTATUS(Status) : -1)
      .str();
}

class LocalEngine : public Engine {
public:
  explicit LocalEngine(const EngineOptions &O) : Jobs(O.Jobs) {}
  StringRef name() const override { return "local"; }

  Expected<EngineFailures>
  run(const EngineRequest &R,
      function_ref<void(unsigned, StringRef)> Ended) override {
    handleSignalsWhileRunning();
    Expected<EngineFailures> Failures = runAll(R, Ended);
    restoreSignals();
    return Failures;
  }

private:
  Expected<EngineFailures>
  runAll(const EngineRequest &R,
         function_ref<void(unsigned, StringRef)> Ended) {
    EngineFailures Failures;
    std::map<pid_t, unsigned> Running;
    unsigned Limit = Jobs ? Jobs : R.Copies.size();
    NumChildren = 0;
    auto WaitOne = [&]() -> Error {
      int Status;
      pid_t Pid;
      do
        Pid = waitpid(-1, &Status, 0);
      while (Pid < 0 && errno == EINTR);
      if (Pid < 0)
        return createStringError(inconvertibleErrorCode(),
                                 Twine("waitpid: ") + strerror(errno));
      for (sig_atomic_t I = 0; I < NumChildren; ++I)
        if (Children[I] == Pid)
          Children[I] = 0; // the pid may be reused
      auto It = Running.find(Pid);
      if (It == Running.end())
        return Error::success(); // not ours
      unsigned Copy = It->second;
      Running.erase(It);
      if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0)
        Failures[Copy] = describeStatus(Status);
      Ended(Copy, Failures.count(Copy) ? Failures[Copy] : "");
      return Error::success();
    };
    for (unsigned Copy : R.Copies) {
      while (Running.size() >= Limit)
        if (Error E = WaitOne())
          return E;
      pid_t Pid = start(R.taskCommand(std::to_string(Copy)));
      if (Pid < 0) {
        Failures[Copy] =
            std::string("local: cannot start the task: ") + strerror(errno);
        Ended(Copy, Failures[Copy]);
        continue;
      }
      Running[Pid] = Copy;
      if (NumChildren < sig_atomic_t(MaxChildren)) {
        Children[NumChildren] = Pid;
        NumChildren = NumChildren + 1;
      }
    }
    while (!Running.empty())
      if (Error E = WaitOne())
        return E;
    return Failures;
  }

  static pid_t start(const std::vector<std::string> &Argv) {
    std::vector<char *> CArgv;
    for (const std::string &A : Argv)
      CArgv.push_back(const_cast<char *>(A.c_str()));
    CArgv.push_back(nullptr);
    pid_t Pid = fork();
    if (Pid == 0) {
      restoreSignals();
      execv(CArgv[0], CArgv.data());
      _exit(3);
    }
    return Pid;
  }

  unsigned Jobs;
};

} // namespace

std::unique_ptr<Engine> createLocalEngine(const EngineOptions &O) {
  return std::make_unique<LocalEngine>(O);
}

} // namespace p3
