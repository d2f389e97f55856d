//===- CopyTask.cpp - Run one copy's command, wherever an engine put us --===//

#include "Run/CopyTask.h"
#include "Run/Task.h"

#include "Profile/RunRecords.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace p3 {

namespace {

/// The command's process group, for the signal handlers.
volatile sig_atomic_t Group = 0;
volatile sig_atomic_t TimedOut = 0;
/// A termination signal that came before the command started.
volatile sig_atomic_t Pending = 0;
constexpr unsigned KillGraceSeconds = 5;

extern "C" void forwardToGroup(int Sig) {
  if (Group > 0)
    kill(-Group, Sig);
  else
    Pending = Sig;
}

/// At the limit: SIGTERM to the group, then SIGKILL after the grace period.
extern "C" void onTimer(int) {
  if (Group <= 0)
    return;
  if (!TimedOut) {
    TimedOut = 1;
    kill(-Group, SIGTERM);
    struct itimerval Grace = {};
    Grace.it_value.tv_sec = KillGraceSeconds;
    setitimer(ITIMER_REAL, &Grace, nullptr);
  } else {
    kill(-Group, SIGKILL);
  }
}

void installHandlers() {
  struct sigaction SA = {};
  sigemptyset(&SA.sa_mask);
  SA.sa_handler = forwardToGroup;
  for (int Sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
    sigaction(Sig, &SA, nullptr);
  SA.sa_handler = onTimer;
  sigaction(SIGALRM, &SA, nullptr);
}

void startTimer(double Seconds) {
  struct itimerval T = {};
  T.it_value.tv_sec = time_t(Seconds);
  T.it_value.tv_usec = suseconds_t((Seconds - double(time_t(Seconds))) * 1e6);
  if (T.it_value.tv_sec == 0 && T.it_value.tv_usec == 0)
    T.it_value.tv_usec = 1;
  setitimer(ITIMER_REAL, &T, nullptr);
}

void stopTimer() {
  struct itimerval Off = {};
  setitimer(ITIMER_REAL, &Off, nullptr);
}

/// In the child: redirect, move, set the environment, exec. Returns errno.
int execCommand(const TaskSpec &T, unsigned Copy,
                const std::vector<std::string> &Argv) {
  for (int Sig : {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGALRM})
    signal(Sig, SIG_DFL);
  setpgid(0, 0);
  // A command whose task is lost (killed by its engine) must not live on
  // and write outputs or profiles into a later run's files.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  auto Redirect = [](const std::string &Path, int Flags, int To) {
    int FD = open(Path.c_str(), Flags | O_CLOEXEC, 0666);
    return FD >= 0 && dup2(FD, To) >= 0;
  };
  constexpr int Write = O_WRONLY | O_CREAT | O_TRUNC;
  std::string In = T.Stdin.empty() ? "/dev/null" : T.Stdin;
  bool Ok = Redirect(In, O_RDONLY, 0);
  if (T.CombinedLog)
    Ok = Ok && Redirect(T.logPath(Copy), Write, 1) && dup2(1, 2) >= 0;
  else
    Ok = Ok && Redirect(T.stdoutPath(Copy), Write, 1) &&
         Redirect(T.stderrPath(Copy), Write, 2);
  if (!Ok || chdir(T.WorkDirs[Copy].c_str()) != 0)
    return errno;
  setenv("P3_COPY", std::to_string(Copy).c_str(), 1);
  setenv("P3_COPY_DIR", T.CopyDirs[Copy].c_str(), 1);
  if (!T.ProfileStaging.empty())
    setenv("P3_PROFILE_DIR", T.stagingDir(Copy).c_str(), 1);
  std::vector<char *> CArgv;
  for (const std::string &A : Argv)
    CArgv.push_back(const_cast<char *>(A.c_str()));
  CArgv.push_back(nullptr);
  execvp(CArgv[0], CArgv.data());
  return errno;
}

double seconds(const struct timeval &TV) {
  return double(TV.tv_sec) + double(TV.tv_usec) / 1e6;
}

class CopyTaskRun {
public:
  CopyTaskRun(const TaskSpec &T, unsigned Copy, StringRef Tool)
      : T(T), Copy(Copy), Tool(Tool) {}

  int run() {
    std::string RecordPath = T.recordPath(Copy);
    sys::fs::remove(RecordPath);
    if (!T.ProfileStaging.empty()) {
      std::string Staging = T.stagingDir(Copy);
      sys::fs::remove_directories(Staging);
      if (std::error_code EC = sys::fs::create_directories(Staging))
        return fail("cannot create " + Staging + ": " + EC.message());
    }
    CopyRecord R;
    R.Copy = Copy;
    R.Attempt = T.Attempt;
    R.RunId = T.RunId;
    char Host[256] = "";
    gethostname(Host, sizeof Host - 1);
    R.Host = Host;
    if (!execute(R))
      return 3;
    if (Error E = writeCopyRecord(RecordPath, R))
      return fail(toString(std::move(E)));
    return 0;
  }

private:
  int fail(const Twine &Msg) {
    report(Msg);
    return 3;
  }
  bool report(const Twine &Msg) {
    errs() << Tool << ": copy " << Copy << " task: error: " << Msg << "\n";
    return false;
  }

  /// Runs the command to its end; fills R.
  bool execute(CopyRecord &R) {
    std::vector<std::string> Argv = T.commandFor(Copy);
    int Pipe[2];
    if (pipe2(Pipe, O_CLOEXEC))
      return report(Twine("pipe: ") + strerror(errno));
    installHandlers();
    auto Start = std::chrono::steady_clock::now();
    pid_t Pid = fork();
    if (Pid < 0)
      return report(Twine("fork: ") + strerror(errno));
    if (Pid == 0) {
      close(Pipe[0]);
      int Err = execCommand(T, Copy, Argv);
      (void)!write(Pipe[1], &Err, sizeof Err);
      _exit(127);
    }
    setpgid(Pid, Pid); // also in the child: whichever runs first
    Group = Pid;
    if (Pending)
      kill(-Group, Pending);
    close(Pipe[1]);
    int Err = 0;
    ssize_t N;
    do
      N = read(Pipe[0], &Err, sizeof Err);
    while (N < 0 && errno == EINTR);
    close(Pipe[0]);
    if (N == sizeof Err)
      R.StartErrno = Err;
    else if (T.TimeoutSeconds > 0)
      startTimer(T.TimeoutSeconds);

    int Status = 0;
    struct rusage Usage = {};
    pid_t Done;
    do
      Done = wait4(Pid, &Status, 0, &Usage);
    while (Done < 0 && errno == EINTR);
    stopTimer();
    Group = 0;
    R.WallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    R.UserSeconds = seconds(Usage.ru_utime);
    R.SystemSeconds = seconds(Usage.ru_stime);
    if (Done < 0)
      return report(Twine("wait: ") + strerror(errno));
    if (R.StartErrno) {
      R.End = CopyRecord::Ending::NotStarted;
      R.Error = strerror(R.StartErrno);
    } else if (TimedOut) {
      R.End = CopyRecord::Ending::TimedOut;
      R.TimeoutSeconds = T.TimeoutSeconds;
    } else if (WIFSIGNALED(Status)) {
      R.End = CopyRecord::Ending::Signalled;
      R.Signal = WTERMSIG(Status);
    } else {
      R.End = CopyRecord::Ending::Exited;
      R.ExitCode = WIFEXITED(Status) ? WEXITSTATUS(Status) : 1;
    }
    return true;
  }

  const TaskSpec &T;
  unsigned Copy;
  std::string Tool;
};

} // namespace

bool isCopyTaskInvocation(int Argc, char **Argv) {
  return Argc >= 2 && StringRef(Argv[1]).starts_with(ExecCopyOption);
}

int runCopyTaskMain(int Argc, char **Argv, StringRef Tool) {
  StringRef CopyArg = StringRef(Argv[1]).drop_front(strlen(ExecCopyOption));
  StringRef TaskArg = Argc >= 3 ? StringRef(Argv[2]) : StringRef();
  unsigned Copy;
  if (Argc != 3 || CopyArg.getAsInteger(10, Copy) ||
      !TaskArg.consume_front(TaskFileOption)) {
    errs() << Tool << ": error: usage: " << Tool << " " << ExecCopyOption
           << "<copy> " << TaskFileOption << "<file> (started by p3's "
           << "engines, not by hand)\n";
    return 3;
  }
  Expected<TaskSpec> T = TaskSpec::readFile(TaskArg);
  if (!T) {
    errs() << Tool << ": copy " << Copy
           << " task: error: " << toString(T.takeError()) << "\n";
    return 3;
  }
  if (Copy >= T->numCopies()) {
    errs() << Tool << ": error: copy " << Copy << " is not in " << TaskArg
           << " (" << T->numCopies() << " copies)\n";
    return 3;
  }
  return CopyTaskRun(*T, Copy, Tool).run();
}

} // namespace p3
