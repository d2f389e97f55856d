//===- p3-run.cpp - Run the K instrumented copies on the same input ------===//
//
// Each copy runs CMD in its own tree, in the directory that corresponds to
// the caller's working directory, with the same standard input (read once)
// and P3_PROFILE_DIR pointing at DIR/profiles. Copy 0 stands for the program:
// its output and exit status are passed through. The other copies must
// behave identically (P3's merge assumes it); any difference is reported as
// nondeterminism. Then the raw profiles are merged (lib/Profile/ReportDriver,
// the same code as p3-report).
//
//===----------------------------------------------------------------------===//

#include "Profile/Manifest.h"
#include "Profile/OspManifest.h"
#include "Profile/ReportDriver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace p3;

namespace {

cl::OptionCategory Category("p3-run options");

cl::opt<std::string> Dir(cl::Positional, cl::Required,
                         cl::desc("DIR -- CMD [ARGS...]"),
                         cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::init(0), cl::value_desc("N"),
                       cl::desc("Run at most N copies at a time (default: all "
                                "at once)"),
                       cl::cat(Category));
cl::opt<bool> NoMerge("no-merge",
                      cl::desc("Only run the copies; do not merge profiles"),
                      cl::cat(Category));
cl::opt<bool> Fresh("fresh",
                    cl::desc("Delete DIR/profiles/*.raw (OSP: *.osp, *.trace) "
                             "first, so that the profile covers this run only"),
                    cl::cat(Category));
cl::opt<unsigned> Top("top", cl::init(10), cl::value_desc("N"),
                      cl::desc("Hottest paths in DIR/report.txt (default 10)"),
                      cl::cat(Category));
cl::opt<bool> IgnoreForeign(
    "ignore-foreign",
    cl::desc("When merging, skip raw profiles of another manifest"),
    cl::cat(Category));

const char *Overview = R"(run p3's K instrumented copies on the same input, then merge their profiles

Usage: p3-run [options] DIR -- CMD [ARGS...]

Every copy DIR/copy-<i> runs CMD at once (or -j N at a time) in the directory
of its own tree that corresponds to the current directory: run p3-run from
inside the original source tree (or from inside one of the copies), as you
would run CMD itself. A relative CMD (./prog) therefore runs each copy's own
build; a bare name is looked up in PATH.

Standard input is read once, to end of file, and given to every copy.
The environment is yours plus P3_PROFILE_DIR=<DIR>/profiles, where the
instrumented programs write their raw profiles.

Copy 0's standard output, standard error and exit status become p3-run's
(a copy killed by signal S exits 128+S). The other copies' are compared with
copy 0's: a difference is reported as nondeterminism, since the merged
profile assumes identical runs. Each copy's output is kept in
DIR/run/copy-<i>.stdout and .stderr.

Finally the raw profiles are merged into DIR/profile.json and DIR/report.txt
(see p3-report, which can redo this with more options), with one summary
line on standard error.

Examples:
  cd src && p3-run ../p3-out -- ./prog input.txt      run ./prog in each copy
  p3-run p3-out -- ./prog < input.txt                 same input for every copy
  p3-run -j 1 p3-out -- make check                    one copy at a time
  p3-run --fresh p3-out -- ./prog                     forget earlier runs
  p3-run --no-merge p3-out -- ./prog && p3-report --overhead p3-out
)";

struct Copy {
  unsigned Index = 0;
  std::string WorkDir;
  std::string StdoutPath, StderrPath;
  pid_t Pid = -1;
  int Status = 0;          ///< waitpid status.
  int ExecErrno = 0;       ///< Nonzero when CMD could not be started.
  bool Done = false;

  bool signalled() const { return !ExecErrno && WIFSIGNALED(Status); }
  int exitCode() const {
    if (ExecErrno)
      return ExecErrno == ENOENT ? 127 : 126;
    if (WIFEXITED(Status))
      return WEXITSTATUS(Status);
    if (WIFSIGNALED(Status))
      return 128 + WTERMSIG(Status);
    return 1;
  }
  std::string describe() const {
    if (ExecErrno)
      return formatv("could not start ({0})", strerror(ExecErrno)).str();
    if (WIFSIGNALED(Status))
      return formatv("was killed by signal {0} ({1})", WTERMSIG(Status),
                     strsignal(WTERMSIG(Status)))
          .str();
    return formatv("exited with status {0}", exitCode()).str();
  }
};

/// The running copies, for forwarding termination signals: a p3-run killed
/// by a timeout or a closed terminal must not leave K orphans behind.
constexpr unsigned MaxChildren = 4096;
pid_t Children[MaxChildren];
volatile sig_atomic_t NumChildren = 0;

extern "C" void forwardSignal(int Sig) {
  for (sig_atomic_t I = 0; I < NumChildren; ++I)
    if (Children[I] > 0)
      kill(Children[I], Sig);
}

/// Like system(): while the copies run, the terminal's SIGINT and SIGQUIT go
/// to them (same process group) and p3-run waits to report what they did;
/// SIGTERM and SIGHUP sent to p3-run alone are passed on.
void handleSignalsWhileRunning() {
  signal(SIGINT, SIG_IGN);
  signal(SIGQUIT, SIG_IGN);
  struct sigaction SA = {};
  SA.sa_handler = forwardSignal;
  sigemptyset(&SA.sa_mask);
  sigaction(SIGTERM, &SA, nullptr);
  sigaction(SIGHUP, &SA, nullptr);
}

[[noreturn]] void fatal(const Twine &Msg) {
  errs() << "p3-run: error: " << Msg << "\n";
  exit(2);
}

std::string realOrAbsolute(StringRef Path) {
  SmallString<256> Real;
  if (!sys::fs::real_path(Path, Real))
    return Real.str().str();
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

/// The part of \p Path below \p Base ("" for Base itself), or nullopt.
std::optional<std::string> relativeTo(StringRef Path, StringRef Base) {
  if (Path == Base)
    return std::string();
  if (Path.starts_with(Base) && Path.size() > Base.size() &&
      (Base.ends_with("/") || Path[Base.size()] == '/'))
    return Path.substr(Base.size()).ltrim('/').str();
  return std::nullopt;
}

/// The working directory relative to the tree it mirrors: a copy of DIR, or
/// the manifest's root.
std::string mappedWorkingDir(const Manifest &M, StringRef DirReal) {
  SmallString<256> Cwd;
  if (std::error_code EC = sys::fs::current_path(Cwd))
    fatal("cannot get the working directory: " + EC.message());
  std::string CwdReal = realOrAbsolute(Cwd);
  for (unsigned C = 0; C < M.Strategy.K; ++C) {
    SmallString<256> CopyDir(DirReal);
    sys::path::append(CopyDir, "copy-" + Twine(C));
    if (std::optional<std::string> Rel = relativeTo(CwdReal, CopyDir))
      return *Rel;
  }
  if (M.Root.empty())
    fatal(Dir + "/manifest.json records no source root; run p3-run from "
                "inside one of the copies");
  std::string RootReal = realOrAbsolute(M.Root);
  if (std::optional<std::string> Rel = relativeTo(CwdReal, RootReal))
    return *Rel;
  fatal("the working directory " + CwdReal +
        " is outside the source root " + RootReal + " recorded in " + Dir +
        "/manifest.json (and outside its copies): cd into the source tree, "
        "where CMD's relative paths mean what they mean for the original "
        "program");
}

/// Reads all of standard input into \p Path.
void saveStdin(StringRef Path) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    fatal("cannot create " + Path + ": " + EC.message());
  if (isatty(0))
    errs() << "p3-run: reading standard input to give it to every copy "
              "(end it with Ctrl-D; use < /dev/null for none)\n";
  char Buf[65536];
  while (true) {
    ssize_t N = read(0, Buf, sizeof Buf);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0 && errno == EBADF)
      break; // no standard input at all: the copies get an empty one
    if (N < 0)
      fatal(Twine("cannot read standard input: ") + strerror(errno));
    if (N == 0)
      break;
    OS.write(Buf, N);
  }
  OS.close();
  if (OS.has_error())
    fatal("cannot write " + Path + ": " + OS.error().message());
}

/// Starts one copy. Exec failures come back through a close-on-exec pipe, so
/// that "command not found" is reported as such rather than as exit 127.
void start(Copy &C, StringRef StdinPath, const std::vector<char *> &Argv) {
  int Pipe[2];
  if (pipe2(Pipe, O_CLOEXEC))
    fatal(Twine("pipe: ") + strerror(errno));
  pid_t Pid = fork();
  if (Pid < 0)
    fatal(Twine("fork: ") + strerror(errno));
  if (Pid == 0) {
    for (int Sig : {SIGINT, SIGQUIT, SIGTERM, SIGHUP})
      signal(Sig, SIG_DFL);
    close(Pipe[0]);
    auto Redirect = [&](const std::string &Path, int Flags, int To) {
      int FD = open(Path.c_str(), Flags | O_CLOEXEC, 0666);
      if (FD < 0 || dup2(FD, To) < 0)
        return false;
      return true;
    };
    int Err = 0;
    if (!Redirect(StdinPath.str(), O_RDONLY, 0) ||
        !Redirect(C.StdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 1) ||
        !Redirect(C.StderrPath, O_WRONLY | O_CREAT | O_TRUNC, 2) ||
        chdir(C.WorkDir.c_str()) != 0)
      Err = errno;
    else {
      execvp(Argv[0], Argv.data());
      Err = errno;
    }
    (void)!write(Pipe[1], &Err, sizeof Err);
    _exit(127);
  }
  close(Pipe[1]);
  int Err = 0;
  ssize_t N;
  do
    N = read(Pipe[0], &Err, sizeof Err);
  while (N < 0 && errno == EINTR);
  close(Pipe[0]);
  C.Pid = Pid;
  if (NumChildren < sig_atomic_t(MaxChildren)) {
    Children[NumChildren] = Pid;
    NumChildren = NumChildren + 1;
  }
  C.ExecErrno = N == sizeof Err ? Err : 0;
}

/// Waits for one running copy.
void waitOne(std::vector<Copy> &Copies) {
  int Status;
  pid_t Pid;
  do
    Pid = waitpid(-1, &Status, 0);
  while (Pid < 0 && errno == EINTR);
  if (Pid < 0)
    fatal(Twine("waitpid: ") + strerror(errno));
  for (Copy &C : Copies)
    if (C.Pid == Pid) {
      C.Status = Status;
      C.Done = true;
    }
  // The pid may be reused: stop forwarding signals to it.
  for (sig_atomic_t I = 0; I < NumChildren; ++I)
    if (Children[I] == Pid)
      Children[I] = 0;
}

void passThrough(StringRef Path, int FD) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return;
  raw_fd_ostream OS(FD, /*shouldClose=*/false, /*unbuffered=*/true);
  OS << (*Buf)->getBuffer();
}

/// The line of \p Text around \p Offset, shortened and escaped for display.
std::string lineAt(StringRef Text, size_t Offset) {
  size_t Begin = Text.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Begin = Begin == StringRef::npos || Offset == 0 ? 0 : Begin + 1;
  if (Offset > 0 && Text[Offset - 1] == '\n')
    Begin = Offset;
  size_t End = Text.find('\n', Begin);
  StringRef Line = Text.slice(Begin, End == StringRef::npos ? Text.size() : End);
  std::string Out;
  raw_string_ostream OS(Out);
  OS << '"';
  printEscapedString(Line.take_front(80), OS);
  OS << (Line.size() > 80 ? "...\"" : "\"");
  return OS.str();
}

/// Reports how copy \p C's stream differs from copy 0's; false if equal.
bool compareStream(StringRef Name, unsigned C, StringRef Path0,
                   StringRef PathC) {
  // Mapped, not copied: a program's output can be large.
  auto Read = [](StringRef P) -> std::unique_ptr<MemoryBuffer> {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(
        P, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    return B ? std::move(*B) : MemoryBuffer::getMemBuffer("");
  };
  std::unique_ptr<MemoryBuffer> BufA = Read(Path0), BufB = Read(PathC);
  StringRef A = BufA->getBuffer(), B = BufB->getBuffer();
  if (A == B)
    return false;
  size_t Offset = 0;
  while (Offset < A.size() && Offset < B.size() && A[Offset] == B[Offset])
    ++Offset;
  size_t Line = 1 + A.take_front(Offset).count('\n');
  errs() << formatv("p3-run: nondeterminism: copy {0} {1} differs from copy 0 "
                    "at line {2}, byte {3}: ",
                    C, Name, Line, Offset + 1);
  if (Offset == A.size())
    errs() << "copy 0's ends there, copy " << C << " has "
           << lineAt(B, Offset) << "\n";
  else if (Offset == B.size())
    errs() << "copy " << C << "'s ends there, copy 0 has "
           << lineAt(A, Offset) << "\n";
  else
    errs() << "copy 0 has " << lineAt(A, Offset) << ", copy " << C << " has "
           << lineAt(B, Offset) << "\n";
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  // Everything after "--" is the command, untouched by option parsing.
  int Split = 1;
  while (Split < Argc && StringRef(Argv[Split]) != "--")
    ++Split;
  cl::HideUnrelatedOptions(Category);
  if (!cl::ParseCommandLineOptions(Split, Argv, Overview, &errs()))
    return 2;
  if (Split >= Argc - 1)
    fatal("no command: usage is p3-run [options] DIR -- CMD [ARGS...]");
  std::vector<char *> CmdArgv(Argv + Split + 1, Argv + Argc);
  CmdArgv.push_back(nullptr);

  SmallString<256> ManifestPath(Dir);
  sys::path::append(ManifestPath, "manifest.json");
  if (!sys::fs::exists(ManifestPath))
    fatal(ManifestPath + ": no such file (is " + Dir +
          " a directory written by p3-rewrite?)");
  // An OSP output (p3-rewrite --mode=osp) is one copy; its report is OSP's.
  Expected<Manifest> M = OspManifest::isOspManifestFile(ManifestPath)
                             ? readOspManifestForRun(ManifestPath)
                             : Manifest::readFile(ManifestPath);
  if (!M)
    fatal(toString(M.takeError()));
  unsigned K = M->Strategy.K;
  std::string DirReal = realOrAbsolute(Dir);
  std::string Rel = mappedWorkingDir(*M, DirReal);

  StringRef Cmd = CmdArgv[0];
  if (sys::path::is_absolute(Cmd) &&
      (relativeTo(Cmd, realOrAbsolute(M->Root)) || relativeTo(Cmd, DirReal)))
    errs() << "p3-run: warning: " << Cmd
           << " is an absolute path into one tree, so every copy runs that "
              "same program; give it relative to the working directory "
              "(./prog) to run each copy's own build\n";

  std::vector<Copy> Copies(K);
  for (unsigned C = 0; C < K; ++C) {
    SmallString<256> Work(DirReal);
    sys::path::append(Work, "copy-" + Twine(C));
    if (!Rel.empty())
      sys::path::append(Work, Rel);
    if (!sys::fs::is_directory(Work))
      fatal("copy " + Twine(C) + " has no directory " + Work +
            " (the copies must mirror the source tree; did p3-rewrite "
            "finish, and was the copy built?)");
    Copies[C].Index = C;
    Copies[C].WorkDir = Work.str().str();
  }

  SmallString<256> RunDir(DirReal), ProfileDir(DirReal);
  sys::path::append(RunDir, "run");
  sys::path::append(ProfileDir, "profiles");
  for (StringRef D : {StringRef(RunDir), StringRef(ProfileDir)})
    if (std::error_code EC = sys::fs::create_directories(D))
      fatal("cannot create " + D + ": " + EC.message());
  if (Fresh) {
    std::error_code EC;
    for (sys::fs::directory_iterator It(ProfileDir, EC), End; It != End && !EC;
         It.increment(EC))
      if (sys::path::extension(It->path()) == ".raw" ||
          sys::path::extension(It->path()) == ".osp" ||
          sys::path::extension(It->path()) == ".trace")
        sys::fs::remove(It->path());
  }
  for (Copy &C : Copies) {
    SmallString<256> Base(RunDir);
    sys::path::append(Base, "copy-" + Twine(C.Index));
    C.StdoutPath = (Base + ".stdout").str();
    C.StderrPath = (Base + ".stderr").str();
  }
  SmallString<256> StdinPath(RunDir);
  sys::path::append(StdinPath, "stdin");
  saveStdin(StdinPath);
  if (setenv("P3_PROFILE_DIR", ProfileDir.c_str(), 1))
    fatal(Twine("setenv: ") + strerror(errno));

  handleSignalsWhileRunning();
  unsigned Limit = Jobs ? Jobs : K;
  unsigned Running = 0;
  for (Copy &C : Copies) {
    while (Running >= Limit) {
      waitOne(Copies);
      --Running;
    }
    start(C, StdinPath, CmdArgv);
    if (C.ExecErrno) {
      waitpid(C.Pid, &C.Status, 0);
      C.Done = true;
    } else {
      ++Running;
    }
  }
  while (Running) {
    waitOne(Copies);
    --Running;
  }

  const Copy &First = Copies[0];
  passThrough(First.StdoutPath, 1);
  passThrough(First.StderrPath, 2);
  if (First.ExecErrno)
    errs() << "p3-run: cannot run " << CmdArgv[0] << " in " << First.WorkDir
           << ": " << strerror(First.ExecErrno) << "\n";
  else if (First.signalled())
    errs() << "p3-run: copy 0 " << First.describe() << "; exiting with "
           << First.exitCode() << "\n";

  bool Nondeterministic = false;
  for (unsigned C = 1; C < K; ++C) {
    const Copy &Other = Copies[C];
    if (Other.exitCode() != First.exitCode() ||
        Other.ExecErrno != First.ExecErrno) {
      errs() << "p3-run: nondeterminism: copy " << C << " "
             << Other.describe() << ", copy 0 " << First.describe() << "\n";
      Nondeterministic = true;
    }
    Nondeterministic |=
        compareStream("stdout", C, First.StdoutPath, Other.StdoutPath);
    Nondeterministic |=
        compareStream("stderr", C, First.StderrPath, Other.StderrPath);
  }
  if (Nondeterministic)
    errs() << "p3-run: the copies did not behave identically, so the merged "
              "profile may be inexact (their outputs are in "
           << RunDir << ")\n";

  if (!NoMerge) {
    ReportOptions O;
    O.Dir = DirReal;
    O.IgnoreForeign = IgnoreForeign;
    O.Top = Top;
    O.PrintReport = false;
    SmallString<256> ReportPath(DirReal);
    sys::path::append(ReportPath, "report.txt");
    O.ReportFile = ReportPath.str().str();
    O.ToolName = "p3-run";
    std::string Sink;
    raw_string_ostream Out(Sink);
    ReportResult R = runReport(O, Out, errs());
    errs() << R.Summary << "\n";
  }
  return First.exitCode();
}
