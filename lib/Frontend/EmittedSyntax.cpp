//===- EmittedSyntax.cpp - Parse the copies before they are written ------===//

#include "Frontend/EmittedSyntax.h"
#include "Frontend/ParseAsCompiler.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <list>

using namespace clang;
namespace path = llvm::sys::path;

namespace p3 {

namespace {

std::string relativeTo(llvm::StringRef Root, llvm::StringRef File) {
  std::string Prefix = Root.str() + "/";
  return File.starts_with(Prefix) ? File.substr(Prefix.size()).str()
                                  : File.str();
}

/// Keeps the errors (warnings are the compiler's business, not p3's), where
/// the user would see them: the #line-adjusted line of the outermost macro
/// invocation, in the rewritten file.
class ErrorCollector : public DiagnosticConsumer {
public:
  ErrorCollector(llvm::StringRef Root, unsigned Copy,
                 std::vector<EmittedError> &Errors, unsigned Max)
      : Root(Root), Copy(Copy), Errors(Errors), Max(Max) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error || Errors.size() >= Max)
      return;
    EmittedError E;
    E.Copy = Copy;
    llvm::SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    E.Message = Message.str().str();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      SourceManager &SM = Info.getSourceManager();
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Info.getLocation()));
      if (P.isValid()) {
        E.Line = P.getLine();
        llvm::SmallString<256> File(P.getFilename());
        llvm::sys::fs::make_absolute(File);
        path::remove_dots(File, /*remove_dot_dot=*/true);
        E.File = relativeTo(Root, File);
      }
    }
    Errors.push_back(std::move(E));
  }

private:
  std::string Root;
  unsigned Copy;
  std::vector<EmittedError> &Errors;
  unsigned Max;
};

/// Syntax only, the user's files seeing the build compiler's identity.
class SyntaxAsCompiler : public SyntaxOnlyAction {
public:
  explicit SyntaxAsCompiler(std::shared_ptr<const BuildCompiler> C)
      : C(std::move(C)) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef In) override {
    parseAsCompiler(CI.getPreprocessor(), *C);
    return SyntaxOnlyAction::CreateASTConsumer(CI, In);
  }

private:
  std::shared_ptr<const BuildCompiler> C;
};

class SyntaxAsCompilerFactory : public tooling::FrontendActionFactory {
public:
  explicit SyntaxAsCompilerFactory(std::shared_ptr<const BuildCompiler> C)
      : C(std::move(C)) {}
  std::unique_ptr<FrontendAction> create() override {
    if (C)
      return std::make_unique<SyntaxAsCompiler>(C);
    return std::make_unique<SyntaxOnlyAction>();
  }

private:
  std::shared_ptr<const BuildCompiler> C;
};

/// The absolute path of a source as spelled, and its real path.
struct SourcePaths {
  std::string Spelled, Absolute, Real;
};

SourcePaths pathsOf(const std::string &Source) {
  SourcePaths P{Source, Source, Source};
  llvm::SmallString<256> Abs(Source), Real;
  llvm::sys::fs::make_absolute(Abs);
  P.Absolute = Abs.str().str();
  if (!llvm::sys::fs::real_path(Source, Real))
    P.Real = Real.str().str();
  return P;
}

} // namespace

std::vector<EmittedError>
checkEmittedSyntax(const tooling::CompilationDatabase &DB,
                   llvm::ArrayRef<std::string> Sources,
                   const EmittedTree &Tree,
                   llvm::ArrayRef<std::string> ExtraArgs,
                   llvm::ArrayRef<std::shared_ptr<const BuildCompiler>> ParsedAs,
                   unsigned MaxErrors) {
  std::vector<EmittedError> Errors;
  std::vector<SourcePaths> Paths;
  for (const std::string &S : Sources)
    Paths.push_back(pathsOf(S));
  for (unsigned Copy = 0; Copy < Tree.Files->size(); ++Copy) {
    const std::map<std::string, std::string> &Files = (*Tree.Files)[Copy];
    bool HeaderRewritten = false;
    for (const auto &Entry : Files)
      HeaderRewritten |= llvm::none_of(Paths, [&](const SourcePaths &P) {
        return relativeTo(Tree.Root, P.Real) == Entry.first;
      });
    std::vector<unsigned> ToParse;
    for (unsigned I = 0; I < Paths.size(); ++I)
      if (HeaderRewritten || Files.count(relativeTo(Tree.Root, Paths[I].Real)))
        ToParse.push_back(I);
    if (ToParse.empty())
      continue;
    // One file per tool: ClangTool prints a progress line per file otherwise.
    for (unsigned Index : ToParse) {
      const std::string &Source = Paths[Index].Spelled;
      // ClangTool keeps references to the paths and texts: they must outlive
      // its run.
      std::list<std::string> MappedPaths;
      tooling::ClangTool Tool(DB, {Source});
      auto Map = [&](llvm::StringRef Path, llvm::StringRef Text) {
        Tool.mapVirtualFile(MappedPaths.emplace_back(Path.str()), Text);
      };
      for (const auto &[File, Text] : Files) {
        llvm::SmallString<256> Path(Tree.Root);
        path::append(Path, File);
        Map(Path, Text);
      }
      // A source named through a symbolic link is opened by that name.
      for (const SourcePaths &P : Paths)
        if (P.Absolute != P.Real)
          if (auto It = Files.find(relativeTo(Tree.Root, P.Real));
              It != Files.end())
            Map(P.Absolute, It->second);
      llvm::SmallString<256> HeaderPath(Tree.Root);
      path::append(HeaderPath, "p3_runtime.h");
      Map(HeaderPath, Tree.RuntimeHeader);
      Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
          std::vector<std::string>(ExtraArgs.begin(), ExtraArgs.end()),
          tooling::ArgumentInsertPosition::END));
      ErrorCollector Collector(Tree.Root, Copy, Errors, MaxErrors);
      Tool.setDiagnosticConsumer(&Collector);
      Tool.setPrintErrorMessage(false);
      SyntaxAsCompilerFactory Factory(
          Index < ParsedAs.size() ? ParsedAs[Index] : nullptr);
      Tool.run(&Factory);
      if (Errors.size() >= MaxErrors)
        return Errors;
    }
  }
  return Errors;
}

} // namespace p3
