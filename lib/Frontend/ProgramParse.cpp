//===- ProgramParse.cpp - Parse every translation unit, N at a time ------===//

#include "Frontend/ProgramParse.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/Stack.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <mutex>
#include <optional>

using namespace clang;
using namespace clang::tooling;

namespace p3 {

ParseObserver::~ParseObserver() = default;

namespace {

/// The compile commands of one file, looked up once on the calling thread:
/// the threads then share no compilation database (some cache lookups).
class FileCommands : public CompilationDatabase {
public:
  explicit FileCommands(std::vector<CompileCommand> Commands)
      : Commands(std::move(Commands)) {}
  std::vector<CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return Commands;
  }

private:
  std::vector<CompileCommand> Commands;
};

struct Unit {
  std::string Source;
  std::unique_ptr<FileCommands> Commands;
  std::optional<ProgramModel> Model; ///< Set when parsed, until merged.
  bool Done = false;
  bool Parsed = false;
  UnitCompiler Compiler;
};

/// The first error of clang's diagnostics, without colors or location.
std::string firstError(llvm::StringRef Diagnostics) {
  std::string Plain;
  for (size_t I = 0; I < Diagnostics.size(); ++I) {
    if (Diagnostics[I] == '\033') {
      while (I < Diagnostics.size() && Diagnostics[I] != 'm')
        ++I;
      continue;
    }
    Plain += Diagnostics[I];
  }
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  llvm::StringRef(Plain).split(Lines, '\n');
  for (llvm::StringRef Line : Lines)
    if (size_t At = Line.find("error: "); At != llvm::StringRef::npos)
      return (Line.substr(0, At).rtrim(" :") + ": " +
              Line.substr(At + 7).trim())
          .str();
  return "errors that the parse as clang does not have";
}

/// Parses one unit with its own tool, file system and diagnostics, as the
/// build compiler when UnitCompiler says so.
void parseUnitOnce(Unit &U, const CollectorOptions &Collect,
                   const ParseOptions &Options, std::string &Diagnostics) {
  // Lets clang move deep recursion to a thread with a larger stack, as the
  // compiler driver does, on this thread too (the mark is per thread).
  noteBottomOfStack();
  // A physical file system of its own: ClangTool sets its working directory
  // to the compile command's. The shared real file system would change the
  // process's, under the other threads' feet.
  ClangTool Tool(*U.Commands, {U.Source},
                 std::make_shared<PCHContainerOperations>(),
                 llvm::vfs::createPhysicalFileSystem());
  Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
      Options.ExtraArgs, ArgumentInsertPosition::END));
  llvm::raw_string_ostream OS(Diagnostics);
  auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = Options.Colors;
  TextDiagnosticPrinter Printer(OS, DiagOpts.get());
  Tool.setDiagnosticConsumer(&Printer);
  Tool.setPrintErrorMessage(false);
  ProgramModel Model;
  std::unique_ptr<FrontendActionFactory> Factory =
      newCollectorActionFactory(Model, Collect, &U.Compiler);
  U.Parsed = Tool.run(Factory.get()) == 0;
  OS.flush();
  U.Model = std::move(Model);
}

void parseUnit(Unit &U, const CollectorOptions &Collect,
               const ParseOptions &Options, std::string &Diagnostics) {
  std::vector<CompileCommand> Commands =
      U.Commands->getCompileCommands(U.Source);
  if (!Commands.empty()) {
    U.Compiler.CommandLine = Commands.front().CommandLine;
    U.Compiler.Directory = Commands.front().Directory;
  }
  parseUnitOnce(U, Collect, Options, Diagnostics);
  if (U.Parsed || !U.Compiler.ParsedAs)
    return;
  // Errors the build compiler's identity brought (its branches use what
  // clang lacks): today's parse, with the functions that depend on it left
  // alone. A unit that fails as clang too reports clang's errors.
  U.Compiler.AsClangBecause = firstError(Diagnostics);
  U.Compiler.ParsedAs.reset();
  Diagnostics.clear();
  parseUnitOnce(U, Collect, Options, Diagnostics);
}

} // namespace

ParsedProgram parseProgram(const CompilationDatabase &DB,
                           llvm::ArrayRef<std::string> Sources,
                           const CollectorOptions &Collect,
                           const ParseOptions &Options,
                           ParseObserver &Observer) {
  std::vector<Unit> Units(Sources.size());
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      llvm::vfs::createPhysicalFileSystem();
  for (unsigned I = 0; I < Sources.size(); ++I) {
    Units[I].Source = Sources[I];
    // The key ClangTool looks the file up with.
    llvm::Expected<std::string> Abs = getAbsolutePath(*FS, Sources[I]);
    std::string Key = Abs ? *Abs : Sources[I];
    if (!Abs)
      llvm::consumeError(Abs.takeError());
    Units[I].Commands =
        std::make_unique<FileCommands>(DB.getCompileCommands(Key));
  }

  ParsedProgram Result;
  Result.ParsedAs.resize(Units.size());
  std::mutex Lock;     // Guards Units' flags and models, Result and Observer.
  unsigned Merged = 0; // Units [0, Merged) are in Result.Model.
  auto Run = [&](unsigned I) {
    {
      std::lock_guard<std::mutex> G(Lock);
      Observer.started(I, Units[I].Source);
    }
    std::string Diagnostics;
    parseUnit(Units[I], Collect, Options, Diagnostics);
    std::lock_guard<std::mutex> G(Lock);
    Units[I].Done = true;
    Observer.finished(I, Units[I].Source, Units[I].Parsed, Diagnostics);
    // Merge the longest finished prefix, in source order.
    for (; Merged < Units.size() && Units[Merged].Done; ++Merged) {
      Unit &U = Units[Merged];
      Result.ParsedAs[Merged] = U.Compiler.ParsedAs;
      if (U.Parsed && U.Compiler.AsClangBecause)
        Result.AsClang.emplace_back(Merged, *U.Compiler.AsClangBecause);
      if (U.Parsed)
        Result.Model.merge(std::move(*U.Model));
      else
        Result.Failed.push_back(Merged);
      U.Model.reset();
    }
  };

  if (Options.Jobs <= 1 || Units.size() <= 1) {
    for (unsigned I = 0; I < Units.size(); ++I)
      Run(I);
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(
        std::min<unsigned>(Options.Jobs, Units.size())));
    for (unsigned I = 0; I < Units.size(); ++I)
      Pool.async([&Run, I] { Run(I); });
    Pool.wait();
  }
  return Result;
}

} // namespace p3
