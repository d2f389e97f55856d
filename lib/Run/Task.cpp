//===- Task.cpp - What every copy's task runs ----------------------------===//

#include "Run/Task.h"
#include "Run/CopyLayout.h"

#include "Profile/AtomicWrite.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <chrono>
#include <unistd.h>

using namespace llvm;

namespace p3 {

namespace {

std::string inDir(StringRef Dir, const Twine &Name) {
  SmallString<256> P(Dir);
  sys::path::append(P, Name);
  return P.str().str();
}

json::Array strings(const std::vector<std::string> &V) {
  json::Array A;
  for (const std::string &S : V)
    A.push_back(S);
  return A;
}

Error taskError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "task file: " + Msg);
}

Error readStrings(const json::Object &O, StringRef Key,
                  std::vector<std::string> &Out) {
  const json::Array *A = O.getArray(Key);
  if (!A)
    return taskError("\"" + Key + "\" is missing");
  for (const json::Value &V : *A) {
    std::optional<StringRef> S = V.getAsString();
    if (!S)
      return taskError("\"" + Key + "\" holds a non-string");
    Out.push_back(S->str());
  }
  return Error::success();
}

} // namespace

std::string TaskSpec::stdoutPath(unsigned Copy) const {
  return inDir(OutputDir, "copy-" + Twine(Copy) + ".stdout");
}
std::string TaskSpec::stderrPath(unsigned Copy) const {
  return inDir(OutputDir, "copy-" + Twine(Copy) + ".stderr");
}
std::string TaskSpec::logPath(unsigned Copy) const {
  return inDir(OutputDir, "copy-" + Twine(Copy) + ".log");
}
std::string TaskSpec::recordPath(unsigned Copy) const {
  return inDir(OutputDir, "copy-" + Twine(Copy) + ".time");
}
std::string TaskSpec::stagingDir(unsigned Copy) const {
  return inDir(ProfileStaging, formatv("copy-{0}.a{1}", Copy, Attempt));
}

std::vector<std::string> TaskSpec::commandFor(unsigned Copy) const {
  std::vector<std::string> Argv;
  for (const std::string &A : Command)
    Argv.push_back(expandPlaceholders(A, Copy, CopyDirs[Copy]));
  return Argv;
}

std::string TaskSpec::toJSON() const {
  json::Object O{{"format", "p3-task"},
                 {"version", 1},
                 {"run", RunId},
                 {"attempt", Attempt},
                 {"command", strings(Command)},
                 {"copy_dirs", strings(CopyDirs)},
                 {"work_dirs", strings(WorkDirs)},
                 {"stdin", Stdin},
                 {"output_dir", OutputDir},
                 {"combined_log", CombinedLog},
                 {"profile_staging", ProfileStaging},
                 {"timeout_seconds", TimeoutSeconds}};
  return formatv("{0:2}\n", json::Value(std::move(O))).str();
}

Expected<TaskSpec> TaskSpec::fromJSON(StringRef Text) {
  Expected<json::Value> V = json::parse(Text);
  if (!V)
    return taskError("not valid JSON: " + toString(V.takeError()));
  const json::Object *O = V->getAsObject();
  if (!O || O->getString("format") != "p3-task")
    return taskError("not a p3 task file");
  if (O->getInteger("version") != 1)
    return taskError("unsupported version (written by another p3?)");
  TaskSpec T;
  T.RunId = O->getString("run").value_or("").str();
  std::optional<int64_t> Attempt = O->getInteger("attempt");
  if (!Attempt || *Attempt < 1)
    return taskError("\"attempt\" is missing or invalid");
  T.Attempt = *Attempt;
  for (auto [Key, Out] :
       {std::pair{"command", &T.Command}, std::pair{"copy_dirs", &T.CopyDirs},
        std::pair{"work_dirs", &T.WorkDirs}})
    if (Error E = readStrings(*O, Key, *Out))
      return E;
  if (T.Command.empty() || T.CopyDirs.size() != T.WorkDirs.size())
    return taskError("no command, or copy and work directories differ in "
                     "number");
  T.Stdin = O->getString("stdin").value_or("").str();
  std::optional<StringRef> Out = O->getString("output_dir");
  if (!Out || Out->empty())
    return taskError("\"output_dir\" is missing");
  T.OutputDir = Out->str();
  T.CombinedLog = O->getBoolean("combined_log").value_or(false);
  T.ProfileStaging = O->getString("profile_staging").value_or("").str();
  T.TimeoutSeconds = O->getNumber("timeout_seconds").value_or(0);
  return T;
}

Error TaskSpec::writeFile(StringRef Path) const {
  return writeFileAtomically(Path, toJSON());
}

Expected<TaskSpec> TaskSpec::readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read the task file " +
                                                 Path + ": " +
                                                 Buf.getError().message());
  return fromJSON((*Buf)->getBuffer());
}

std::string newRunId() {
  char Host[256] = "";
  gethostname(Host, sizeof Host - 1);
  auto Now = std::chrono::system_clock::now().time_since_epoch();
  return formatv(
             "{0}-{1}-{2}",
             std::chrono::duration_cast<std::chrono::microseconds>(Now).count(),
             Host, sys::Process::getProcessId())
      .str();
}

} // namespace p3
