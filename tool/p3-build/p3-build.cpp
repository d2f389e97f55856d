//===- p3-build.cpp - Build (or configure) every copy with one command ---===//
//
//   p3-build p3-out -- cmake -S {dir} -B {dir}/build -G Ninja
//   p3-build -j 2 p3-out -- cmake --build {dir}/build
//   cd src && p3-build ../p3-out -- make
//
// Runs CMD once per copy, -j N copies at a time, with {copy} and {dir}
// expanded and P3_COPY, P3_COPY_DIR in the environment, in the copy's image
// of the working directory (or the copy's top directory when the working
// directory is outside the source tree and the copies). Each copy's output
// goes to DIR/build/copy-<i>.log; a line per finished copy, then one summary
// of the copies that failed, with the end of their logs. The copies run
// through the same task and local engine as p3-run's (lib/Run).
//
//===----------------------------------------------------------------------===//

#include "Run/CopyLayout.h"
#include "Run/CopyTask.h"
#include "Run/RunCopies.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace p3;

namespace {

cl::OptionCategory Category("p3-build options");

cl::opt<std::string> Dir(cl::Positional, cl::Required,
                         cl::desc("DIR -- CMD [ARGS...]"), cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::init(0), cl::value_desc("N"),
                       cl::desc("Build at most N copies at a time (default: "
                                "one per core, at most K)"),
                       cl::cat(Category));
cl::opt<unsigned> LogLines("log-lines", cl::init(10), cl::value_desc("N"),
                           cl::desc("Lines of a failed copy's log shown in "
                                    "the summary (default 10)"),
                           cl::cat(Category));

const char *Overview =
    R"(build (or configure, or test) every copy of a p3 output directory

Usage: p3-build [options] DIR -- CMD [ARGS...]

Runs CMD once in each copy DIR/copy-<i>, -j N copies at a time. In CMD and
its arguments, {copy} stands for the copy's number and {dir} for its top
directory; the environment has P3_COPY=<i> and P3_COPY_DIR=<DIR>/copy-<i>.
CMD runs in the copy's image of the current directory when you are inside
the source tree (or a copy), else in the copy's top directory. Standard input
is empty. Each copy's output (stdout and stderr) is kept in
DIR/build/copy-<i>.log.

A line per finished copy, then a summary; the exit status is 0 when every
copy's CMD exited 0, else 1 (the summary names the copies that failed and
shows the end of their logs).

Examples:
  p3-build p3-out -- cmake -S {dir} -B {dir}/build -G Ninja
  p3-build p3-out -- cmake --build {dir}/build
  p3-build p3-out -- meson setup {dir}/build {dir}
  p3-build p3-out -- ninja -C {dir}/build
  p3-build p3-out -- sh -c 'mkdir -p {dir}/build && cd {dir}/build && ../configure'
  cd src && p3-build ../p3-out -- make -j2
)";

[[noreturn]] void fatal(const Twine &Msg) {
  errs() << "p3-build: error: " << Msg << "\n";
  exit(2);
}

/// The last \p N lines of \p Path, indented.
std::string tail(StringRef Path, unsigned N) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf || N == 0)
    return "";
  StringRef Text = (*Buf)->getBuffer().rtrim('\n');
  size_t Begin = Text.size();
  for (unsigned I = 0; I < N && Begin != StringRef::npos && Begin > 0; ++I)
    Begin = Text.rfind('\n', Begin - 1);
  Text = Begin == StringRef::npos ? Text : Text.drop_front(Begin + 1);
  std::string Out;
  SmallVector<StringRef> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines)
    Out += "    " + L.str() + "\n";
  return Out;
}

/// Why a copy's build failed, or "" if it did not.
std::string failure(const CopyOutcome &Out) {
  if (!Out.ran())
    return Out.MissingReason;
  const CopyRecord &R = *Out.Record;
  return R.End == CopyRecord::Ending::Exited && R.ExitCode == 0 ? ""
                                                                : R.describe();
}

} // namespace

int main(int Argc, char **Argv) {
  if (isCopyTaskInvocation(Argc, Argv))
    return runCopyTaskMain(Argc, Argv, "p3-build");
  InitLLVM X(Argc, Argv);
  int Split = 1;
  while (Split < Argc && StringRef(Argv[Split]) != "--")
    ++Split;
  cl::HideUnrelatedOptions(Category);
  if (!cl::ParseCommandLineOptions(Split, Argv, Overview, &errs()))
    return 2;
  if (Split >= Argc - 1)
    fatal("no command: usage is p3-build [options] DIR -- CMD [ARGS...]");

  Expected<CopyLayout> Layout = CopyLayout::open(Dir);
  if (!Layout)
    fatal(toString(Layout.takeError()));
  unsigned K = Layout->numCopies();
  Expected<std::vector<std::string>> WorkDirs = Layout->workingDirectories(
      Layout->relativeWorkingDirectory().value_or(""));
  if (!WorkDirs)
    fatal(toString(WorkDirs.takeError()));

  std::string LogDir = Layout->subdirectory("build");
  if (std::error_code EC = sys::fs::create_directories(LogDir))
    fatal("cannot create " + LogDir + ": " + EC.message());
  TaskSpec Spec;
  Spec.RunId = newRunId();
  Spec.Command.assign(Argv + Split + 1, Argv + Argc);
  for (unsigned C = 0; C < K; ++C)
    Spec.CopyDirs.push_back(Layout->copyDir(C));
  Spec.WorkDirs = *WorkDirs;
  Spec.OutputDir = LogDir;
  Spec.CombinedLog = true;

  EngineOptions EO;
  EO.Jobs = Jobs ? unsigned(Jobs)
                 : std::min(K, hardware_concurrency().compute_thread_count());
  std::unique_ptr<Engine> E = createLocalEngine(EO);
  RunCopiesOptions O;
  O.Tool = sys::fs::getMainExecutable(Argv[0], (void *)&fatal);
  SmallString<256> TaskFile(LogDir);
  sys::path::append(TaskFile, "task.json");
  O.TaskFile = TaskFile.str().str();
  O.LogDir = LogDir;
  O.ToolName = "p3-build";

  unsigned Finished = 0;
  Expected<std::vector<CopyOutcome>> Outcomes = runCopies(
      Spec, *E, O, errs(),
      [&](unsigned Copy, const std::optional<CopyRecord> &R,
          StringRef EngineFailure) {
        ++Finished;
        std::string Head =
            formatv("p3-build: [{0}/{1}] copy {2}", Finished, K, Copy);
        if (R && R->End == CopyRecord::Ending::Exited && R->ExitCode == 0)
          outs() << formatv("{0}: ok ({1:F1} s)\n", Head, R->WallSeconds);
        else
          outs() << Head
                 << ": FAILED: " << (R ? R->describe() : EngineFailure.str())
                 << " (log: " << Spec.logPath(Copy) << ")\n";
        outs().flush();
      });
  if (!Outcomes)
    fatal(toString(Outcomes.takeError()));

  std::vector<unsigned> Failed;
  for (unsigned C = 0; C < K; ++C)
    if (!failure((*Outcomes)[C]).empty())
      Failed.push_back(C);
  if (Failed.empty()) {
    outs() << "p3-build: all " << K << " copies ok (logs in " << LogDir
           << ")\n";
    return 0;
  }
  outs() << "p3-build: " << Failed.size() << " of " << K << " copies failed:";
  for (unsigned C : Failed)
    outs() << " copy " << C << " (" << failure((*Outcomes)[C]) << ")"
           << (C == Failed.back() ? "" : ",");
  outs() << "\n";
  for (unsigned C : Failed)
    outs() << "  " << Spec.logPath(C) << ":\n"
           << tail(Spec.logPath(C), LogLines);
  return 1;
}
