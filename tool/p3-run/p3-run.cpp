//===- p3-run.cpp - Run the K instrumented copies on the same input ------===//
//
// Each copy runs CMD in its own tree, in the directory that corresponds to
// the caller's working directory, with the same standard input (read once),
// through an engine: local processes, GNU parallel or a Slurm job array
// (lib/Run). Copy 0 stands for the program: its output and exit status are
// passed through. The other copies must behave identically (P3's merge
// assumes it); any difference is reported as nondeterminism. A copy whose
// task was lost (failed, preempted, timed out) is missing, with its engine's
// reason, and is recorded as such, so that the merged profile never passes
// for complete. Then the raw profiles are merged (lib/Profile/ReportDriver,
// the same code as p3-report).
//
//===----------------------------------------------------------------------===//

#include "Run/CompareCopies.h"
#include "Run/CopyLayout.h"
#include "Run/CopyTask.h"
#include "Run/RunCopies.h"

#include "Profile/OspManifest.h"
#include "Profile/ProfileSet.h"
#include "Profile/ReportDriver.h"
#include "Profile/RunRecords.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

using namespace llvm;
using namespace p3;

namespace {

cl::OptionCategory Category("p3-run options");
cl::OptionCategory EngineCategory("engine options");

cl::opt<std::string> Dir(cl::Positional, cl::Required,
                         cl::desc("DIR -- CMD [ARGS...]"), cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::init(0), cl::value_desc("N"),
                       cl::desc("Run at most N copies at a time (default: all "
                                "at once; parallel: per host; slurm: the "
                                "array's throttle)"),
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
cl::opt<std::string>
    EngineName("engine", cl::init("local"), cl::value_desc("ENGINE"),
               cl::desc("local (default: processes on this machine), "
                        "parallel (GNU parallel) or slurm (a job array)"),
               cl::cat(EngineCategory));
cl::opt<unsigned> Retry("retry", cl::init(0), cl::value_desc("N"),
                        cl::desc("Run a copy whose task failed, was preempted "
                                 "or timed out again, up to N times"),
                        cl::cat(EngineCategory));
cl::opt<double> Timeout("timeout", cl::init(0), cl::value_desc("SECONDS"),
                        cl::desc("Kill a copy's command after SECONDS (the "
                                 "copy is then missing)"),
                        cl::cat(EngineCategory));
cl::opt<std::string> SSHLoginFile(
    "sshloginfile", cl::value_desc("FILE"),
    cl::desc("parallel: run on the hosts of FILE (parallel's format)"),
    cl::cat(EngineCategory));
cl::list<std::string> SSHLogin(
    "sshlogin", cl::value_desc("LOGIN"),
    cl::desc("parallel: a host to run on (parallel's -S; ':' is this one)"),
    cl::cat(EngineCategory));
cl::list<std::string>
    ParallelArgs("parallel-arg", cl::value_desc("ARG"),
                 cl::desc("parallel: pass ARG to GNU parallel (repeatable)"),
                 cl::cat(EngineCategory));
cl::opt<std::string> Partition("slurm-partition", cl::value_desc("NAME"),
                               cl::desc("slurm: the partition (sbatch -p)"),
                               cl::cat(EngineCategory));
cl::opt<std::string>
    TimeLimit("slurm-time", cl::value_desc("TIME"),
              cl::desc("slurm: each task's time limit (sbatch -t, e.g. 10:00)"),
              cl::cat(EngineCategory));
cl::list<std::string>
    SbatchArgs("sbatch-arg", cl::value_desc("ARG"),
               cl::desc("slurm: pass ARG to sbatch (repeatable)"),
               cl::cat(EngineCategory));

const char *Overview =
    R"(run p3's K instrumented copies on the same input, then merge their profiles

Usage: p3-run [options] DIR -- CMD [ARGS...]

Every copy DIR/copy-<i> runs CMD at once (or -j N at a time) in the directory
of its own tree that corresponds to the current directory: run p3-run from
inside the original source tree (or from inside one of the copies), as you
would run CMD itself. A relative CMD (./prog) therefore runs each copy's own
build; a bare name is looked up in PATH. In CMD and its arguments, {copy}
stands for the copy's number and {dir} for its top directory
(p3-run p3-out -- {dir}/build/prog input); from outside the source tree, a
command with {dir} or {copy} runs in the current directory itself.

Standard input is read once, to end of file, and given to every copy. The
environment is yours plus P3_COPY=<i>, P3_COPY_DIR=<DIR>/copy-<i> and
P3_PROFILE_DIR, where the instrumented programs write their raw profiles
(moved to DIR/profiles when the copy's command has ended).

Copy 0's standard output, standard error and exit status become p3-run's
(a copy killed by signal S exits 128+S). The other copies' are compared with
copy 0's: a difference is reported as nondeterminism, since the merged
profile assumes identical runs. Each copy's output is kept in
DIR/run/copy-<i>.stdout and .stderr, its times in DIR/run/copy-<i>.time.

Engines: local (default), parallel (GNU parallel, here or on ssh hosts) and
slurm (one job array, sbatch --wait); the hosts or nodes must share DIR and
have p3 at the same path. A copy whose task fails, is preempted or times out
is missing, with the engine's reason (--retry N runs it again); the merged
profile then says it is incomplete. If no copy ran at all, p3-run exits 125.

Finally the raw profiles are merged into DIR/profile.json and DIR/report.txt
(see p3-report, which can redo this with more options), with one summary
line on standard error.

Examples:
  cd src && p3-run ../p3-out -- ./prog input.txt      run ./prog in each copy
  p3-run p3-out -- ./prog < input.txt                 same input for every copy
  p3-run p3-out -- {dir}/build/prog input.txt         an out-of-tree build
  p3-run -j 1 p3-out -- make check                    one copy at a time
  p3-run --fresh p3-out -- ./prog                     forget earlier runs
  p3-run --engine=parallel --sshloginfile=hosts p3-out -- ./prog
  p3-run --engine=slurm --slurm-partition=batch --slurm-time=30:00 --retry 1 \
         p3-out -- ./prog < input.txt
  p3-run --no-merge p3-out -- ./prog && p3-report --overhead p3-out
)";

/// p3-run's own exit status when no copy ran at all.
constexpr int NoCopyRan = 125;

[[noreturn]] void fatal(const Twine &Msg) {
  errs() << "p3-run: error: " << Msg << "\n";
  exit(2);
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

void passThrough(StringRef Path, int FD) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(
      Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return;
  raw_fd_ostream OS(FD, /*shouldClose=*/false, /*unbuffered=*/true);
  OS << (*Buf)->getBuffer();
}

/// DIR/profiles as this run starts: raw profiles deleted with --fresh, and
/// the copies recorded as failed forgotten when no raw profile is left.
std::vector<FailedCopy> prepareProfiles(StringRef ProfileDir) {
  if (Fresh) {
    std::error_code EC;
    for (sys::fs::directory_iterator It(ProfileDir, EC), End; It != End && !EC;
         It.increment(EC))
      if (sys::path::extension(It->path()) == ".raw" ||
          sys::path::extension(It->path()) == ".osp" ||
          sys::path::extension(It->path()) == ".trace")
        sys::fs::remove(It->path());
  }
  std::string Path = failedCopiesPath(ProfileDir);
  if (findRawProfiles(ProfileDir).empty()) {
    sys::fs::remove(Path);
    return {};
  }
  Expected<std::vector<FailedCopy>> Earlier = readFailedCopies(Path);
  if (!Earlier)
    fatal(toString(Earlier.takeError()) + " (delete it with the raw profiles, "
                                          "or use --fresh)");
  return *Earlier;
}

/// The copies missing from this run join those of earlier runs whose
/// profiles DIR/profiles still holds.
void recordFailedCopies(StringRef ProfileDir, std::vector<FailedCopy> Failed,
                        ArrayRef<CopyOutcome> Outcomes) {
  for (unsigned C = 0; C < Outcomes.size(); ++C)
    if (!Outcomes[C].ran())
      Failed.push_back({C, Outcomes[C].MissingReason});
  if (Error E = writeFailedCopies(failedCopiesPath(ProfileDir), Failed))
    fatal(toString(std::move(E)));
}

/// Where each copy runs: its image of the working directory; or, from
/// outside the source tree and the copies, the working directory itself when
/// the command names the copies' files with {dir} or {copy}.
std::vector<std::string> workingDirectories(const CopyLayout &Layout,
                                            ArrayRef<std::string> Command) {
  if (std::optional<std::string> Rel = Layout.relativeWorkingDirectory()) {
    Expected<std::vector<std::string>> Dirs = Layout.workingDirectories(*Rel);
    if (!Dirs)
      fatal(toString(Dirs.takeError()));
    return *Dirs;
  }
  SmallString<256> Cwd;
  if (std::error_code EC = sys::fs::current_path(Cwd))
    fatal("cannot get the working directory: " + EC.message());
  if (hasPlaceholders(Command))
    return std::vector<std::string>(Layout.numCopies(), Cwd.str().str());
  if (Layout.root().empty())
    fatal(Dir + "/manifest.json records no source root; run p3-run from "
                "inside one of the copies");
  fatal("the working directory " + realOrAbsolute(Cwd) +
        " is outside the source root " + Layout.root() + " recorded in " + Dir +
        "/manifest.json (and outside its copies): cd into the source "
        "tree, where CMD's relative paths mean what they mean for the "
        "original program, or name each copy's files with {dir} "
        "({dir}/build/prog)");
}

EngineOptions engineOptions() {
  EngineOptions O;
  O.Name = EngineName;
  O.Jobs = Jobs;
  O.SSHLoginFile = SSHLoginFile;
  O.SSHLogins.assign(SSHLogin.begin(), SSHLogin.end());
  O.ParallelArgs.assign(ParallelArgs.begin(), ParallelArgs.end());
  O.Partition = Partition;
  O.TimeLimit = TimeLimit;
  O.SbatchArgs.assign(SbatchArgs.begin(), SbatchArgs.end());
  return O;
}

} // namespace

int main(int Argc, char **Argv) {
  if (isCopyTaskInvocation(Argc, Argv))
    return runCopyTaskMain(Argc, Argv, "p3-run");
  InitLLVM X(Argc, Argv);
  // Everything after "--" is the command, untouched by option parsing.
  int Split = 1;
  while (Split < Argc && StringRef(Argv[Split]) != "--")
    ++Split;
  cl::HideUnrelatedOptions({&Category, &EngineCategory});
  if (!cl::ParseCommandLineOptions(Split, Argv, Overview, &errs()))
    return 2;
  if (Split >= Argc - 1)
    fatal("no command: usage is p3-run [options] DIR -- CMD [ARGS...]");

  Expected<CopyLayout> Layout = CopyLayout::open(Dir);
  if (!Layout)
    fatal(toString(Layout.takeError()));
  unsigned K = Layout->numCopies();
  std::vector<std::string> Command(Argv + Split + 1, Argv + Argc);
  std::vector<std::string> WorkDirs = workingDirectories(*Layout, Command);
  Expected<std::unique_ptr<Engine>> E = createEngine(engineOptions());
  if (!E)
    fatal(toString(E.takeError()));

  StringRef Cmd = Command[0];
  if (sys::path::is_absolute(Cmd) &&
      (relativeTo(Cmd, Layout->root()) || relativeTo(Cmd, Layout->dir())))
    errs() << "p3-run: warning: " << Cmd
           << " is an absolute path into one tree, so every copy runs that "
              "same program; give it relative to the working directory "
              "(./prog) or as {dir}/... to run each copy's own build\n";

  std::string RunDir = Layout->subdirectory("run");
  std::string ProfileDir = Layout->subdirectory("profiles");
  for (StringRef D : {StringRef(RunDir), StringRef(ProfileDir)})
    if (std::error_code EC = sys::fs::create_directories(D))
      fatal("cannot create " + D + ": " + EC.message());
  std::vector<FailedCopy> EarlierFailures = prepareProfiles(ProfileDir);

  TaskSpec Spec;
  Spec.RunId = newRunId();
  Spec.Command = Command;
  for (unsigned C = 0; C < K; ++C)
    Spec.CopyDirs.push_back(Layout->copyDir(C));
  Spec.WorkDirs = WorkDirs;
  Spec.OutputDir = RunDir;
  SmallString<256> Staging(RunDir), StdinPath(RunDir), TaskFile(RunDir);
  sys::path::append(Staging, "staging");
  sys::path::append(StdinPath, "stdin");
  sys::path::append(TaskFile, "task.json");
  Spec.ProfileStaging = Staging.str().str();
  Spec.Stdin = StdinPath.str().str();
  Spec.TimeoutSeconds = Timeout;
  saveStdin(StdinPath);

  RunCopiesOptions O;
  O.Tool = sys::fs::getMainExecutable(Argv[0], (void *)&fatal);
  O.TaskFile = TaskFile.str().str();
  O.LogDir = RunDir;
  O.JobName = "p3-run";
  O.Retry = Retry;
  O.ProfileDir = ProfileDir;
  if ((*E)->name() != "local")
    errs() << "p3-run: running " << K << " copies through " << (*E)->name()
           << "\n";
  Expected<std::vector<CopyOutcome>> Outcomes =
      runCopies(Spec, **E, O, errs(),
                [](unsigned, const std::optional<CopyRecord> &, StringRef) {});
  if (!Outcomes)
    fatal((*E)->name() + ": " + toString(Outcomes.takeError()));
  recordFailedCopies(ProfileDir, EarlierFailures, *Outcomes);

  // The first copy that ran stands for the program (copy 0 unless missing).
  std::optional<unsigned> Ref;
  for (unsigned C = 0; C < K; ++C) {
    const CopyOutcome &Out = (*Outcomes)[C];
    if (!Out.ran()) {
      errs() << "p3-run: copy " << C << " is missing: " << Out.MissingReason
             << "\n";
      continue;
    }
    if (!Ref)
      Ref = C;
  }
  if (!Ref) {
    errs() << "p3-run: no copy ran; nothing to merge\n";
    return NoCopyRan;
  }
  const CopyRecord &First = *(*Outcomes)[*Ref].Record;
  if (*Ref != 0)
    errs() << "p3-run: copy " << *Ref << "'s output and status stand for the "
           << "program's, copy 0 being missing\n";
  passThrough(Spec.stdoutPath(*Ref), 1);
  passThrough(Spec.stderrPath(*Ref), 2);
  if (First.End == CopyRecord::Ending::NotStarted)
    errs() << "p3-run: cannot run " << Command[0] << " in "
           << Spec.WorkDirs[*Ref] << ": " << First.Error << "\n";
  else if (First.End == CopyRecord::Ending::Signalled)
    errs() << "p3-run: copy " << *Ref << " " << First.describe()
           << "; exiting with " << First.statusCode() << "\n";

  if (reportNondeterminism(Spec, *Outcomes, *Ref, "p3-run", errs()))
    errs() << "p3-run: the copies did not behave identically, so the merged "
              "profile may be inexact (their outputs are in "
           << RunDir << ")\n";

  if (!NoMerge) {
    ReportOptions R;
    R.Dir = Layout->dir();
    R.IgnoreForeign = IgnoreForeign;
    R.Top = Top;
    R.PrintReport = false;
    R.ReportFile = Layout->subdirectory("report.txt");
    R.ToolName = "p3-run";
    std::string Sink;
    raw_string_ostream Out(Sink);
    ReportResult Result = runReport(R, Out, errs());
    errs() << Result.Summary << "\n";
  }
  return First.statusCode();
}
