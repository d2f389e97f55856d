//===- Engine.cpp - How the K copies' tasks get run ----------------------===//

#include "Run/Engine.h"
#include "Run/CopyTask.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace p3 {

Engine::~Engine() = default;

std::vector<std::string> EngineRequest::taskCommand(StringRef Copy) const {
  return {Tool, (ExecCopyOption + Copy).str(),
          (Twine(TaskFileOption) + TaskFile).str()};
}

Expected<std::unique_ptr<Engine>> createEngine(const EngineOptions &O) {
  if (O.Name == "local")
    return createLocalEngine(O);
  if (O.Name == "parallel")
    return createParallelEngine(O);
  if (O.Name == "slurm")
    return createSlurmEngine(O);
  return createStringError(inconvertibleErrorCode(),
                           "unknown engine '" + O.Name +
                               "' (use local, parallel or slurm)");
}

int runHelper(ArrayRef<std::string> Argv, std::string &Out, std::string &Err) {
  ErrorOr<std::string> Program = sys::findProgramByName(Argv[0]);
  if (!Program) {
    Err = Argv[0] + ": not found in PATH";
    return -1;
  }
  SmallString<128> OutFile, ErrFile;
  sys::fs::createTemporaryFile("p3-helper", "out", OutFile);
  sys::fs::createTemporaryFile("p3-helper", "err", ErrFile);
  auto Remove = make_scope_exit([&] {
    sys::fs::remove(OutFile);
    sys::fs::remove(ErrFile);
  });
  std::vector<StringRef> Args(Argv.begin(), Argv.end());
  std::optional<StringRef> Redirects[] = {
      StringRef("/dev/null"), StringRef(OutFile), StringRef(ErrFile)};
  std::string Why;
  int Status =
      sys::ExecuteAndWait(*Program, Args, std::nullopt, Redirects,
                          /*SecondsToWait=*/0, /*MemoryLimit=*/0, &Why);
  auto Slurp = [](StringRef Path) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
    return B ? (*B)->getBuffer().str() : std::string();
  };
  Out = Slurp(OutFile);
  Err = Slurp(ErrFile);
  if (Status < 0) {
    Err = Argv[0] + ": " + Why + (Err.empty() ? "" : ": " + Err);
    return -1;
  }
  return Status;
}

} // namespace p3
