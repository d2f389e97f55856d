//===- BuildCompiler.cpp - The compiler that will build the copies -------===//

#include "Frontend/BuildCompiler.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <mutex>

namespace p3 {

PredefinedMacros parsePredefinedMacros(llvm::StringRef Text) {
  PredefinedMacros Macros;
  llvm::SmallVector<llvm::StringRef, 256> Lines;
  Text.split(Lines, '\n', -1, false);
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("define") || Line.empty() ||
        !std::isspace(static_cast<unsigned char>(Line.front())))
      continue;
    Line = Line.ltrim();
    size_t End = Line.find_first_not_of(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$");
    llvm::StringRef Name = Line.substr(0, End);
    llvm::StringRef Rest = Line.substr(Name.size());
    if (Name.empty() || Rest.starts_with("("))
      continue; // Function-like: not an identity macro.
    Macros[Name.str()] = Rest.trim().str();
  }
  return Macros;
}

CompilerKind compilerKind(const PredefinedMacros &Macros) {
  auto Has = [&](const char *Name) { return Macros.count(Name) != 0; };
  if (Has("__TINYC__"))
    return CompilerKind::TCC;
  // Compilers that define __GNUC__ or __clang__ without being either: their
  // branches are their own.
  for (const char *Fork :
       {"__INTEL_COMPILER", "__INTEL_LLVM_COMPILER", "__NVCOMPILER",
        "__PGI", "__ibmxl__", "__xlC__", "__SUNPRO_C", "__CC_ARM", "__EMSCRIPTEN__",
        "__apple_build_version__"})
    if (Has(Fork))
      return CompilerKind::Other;
  if (Has("__clang__"))
    return CompilerKind::Clang;
  if (Has("__GNUC__"))
    return CompilerKind::GCC;
  return CompilerKind::Other;
}

std::string BuildCompiler::describe() const {
  auto Get = [&](const char *Name) {
    auto It = Macros.find(Name);
    return It == Macros.end() ? std::string("?") : It->second;
  };
  switch (Kind) {
  case CompilerKind::GCC:
    return llvm::formatv("gcc {0}.{1}.{2}", Get("__GNUC__"),
                         Get("__GNUC_MINOR__"), Get("__GNUC_PATCHLEVEL__"));
  case CompilerKind::Clang:
    return llvm::formatv("clang {0}.{1}.{2}", Get("__clang_major__"),
                         Get("__clang_minor__"), Get("__clang_patchlevel__"));
  case CompilerKind::TCC:
    return "tcc";
  case CompilerKind::Other:
    break;
  }
  return Program + " (neither gcc nor clang)";
}

namespace {

bool isWrapper(llvm::StringRef Program) {
  llvm::StringRef Base = llvm::sys::path::filename(Program);
  return Base == "ccache" || Base == "sccache" || Base == "distcc" ||
         Base == "icecc";
}

} // namespace

std::optional<std::string> findCompilerProgram(llvm::StringRef Name,
                                               llvm::StringRef Directory) {
  if (Name.empty())
    return std::nullopt;
  llvm::SmallString<256> Path;
  if (Name.contains('/')) {
    Path = Name;
    if (!llvm::sys::path::is_absolute(Path) && !Directory.empty()) {
      llvm::SmallString<256> Abs(Directory);
      llvm::sys::path::append(Abs, Name);
      Path = Abs;
    }
  } else {
    llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Name);
    if (!Found)
      return std::nullopt;
    Path = *Found;
  }
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real) ||
      !llvm::sys::fs::can_execute(Real) || llvm::sys::fs::is_directory(Real))
    return std::nullopt;
  // A wrapper's masquerading link (/usr/lib/ccache/gcc -> ccache): the link
  // is the compiler, which the wrapper finds by the link's name; the wrapper
  // itself would take "-dM" for a compiler.
  if (isWrapper(Real))
    return std::string(Path);
  return std::string(Real);
}

namespace {

/// The first word of a command (argv or CC's value) that is not a wrapper.
std::optional<std::string> compilerWord(llvm::ArrayRef<std::string> Words) {
  for (const std::string &W : Words) {
    if (isWrapper(W))
      continue;
    if (W.empty() || W[0] == '-' || llvm::StringRef(W).contains('='))
      return std::nullopt;
    return W;
  }
  return std::nullopt;
}

} // namespace

bool isBuildCommand(llvm::ArrayRef<std::string> CommandLine) {
  return !CommandLine.empty() &&
         llvm::sys::path::filename(CommandLine.front()) != "clang-tool";
}

std::optional<std::string>
buildCompilerName(llvm::StringRef Explicit,
                  llvm::ArrayRef<std::string> CommandLine, bool CPlusPlus) {
  if (!Explicit.empty())
    return Explicit.str();
  if (isBuildCommand(CommandLine))
    if (std::optional<std::string> W = compilerWord(CommandLine))
      return W;
  std::optional<std::string> Env =
      llvm::sys::Process::GetEnv(CPlusPlus ? "CXX" : "CC");
  if (!Env)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  llvm::StringRef(*Env).split(Parts, ' ', -1, false);
  std::vector<std::string> Words(Parts.begin(), Parts.end());
  return compilerWord(Words);
}

llvm::Expected<std::shared_ptr<const BuildCompiler>>
queryBuildCompiler(llvm::StringRef Program, bool CPlusPlus) {
  static std::mutex Lock;
  static std::map<std::pair<std::string, bool>,
                  std::shared_ptr<const BuildCompiler>>
      Cache;
  // Held while the compiler runs: the threads that parse the other units
  // of the same build wait for this answer rather than ask again.
  std::lock_guard<std::mutex> G(Lock);
  auto Key = std::make_pair(Program.str(), CPlusPlus);
  if (auto It = Cache.find(Key); It != Cache.end())
    return It->second;

  llvm::SmallString<128> OutPath;
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("p3-predefined", "txt", OutPath))
    return llvm::createStringError(EC, "cannot create a temporary file");
  llvm::FileRemover Remove(OutPath);
  llvm::StringRef Args[] = {Program, "-dM", "-E", "-x",
                            CPlusPlus ? "c++" : "c", "/dev/null"};
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""),
                                                llvm::StringRef(OutPath),
                                                llvm::StringRef("")};
  std::string Err;
  int RC = llvm::sys::ExecuteAndWait(Program, Args, std::nullopt, Redirects,
                                     /*SecondsToWait=*/60, 0, &Err);
  if (RC != 0)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(), "%s -dM -E -x %s /dev/null failed%s",
        Program.str().c_str(), CPlusPlus ? "c++" : "c",
        Err.empty() ? "" : (": " + Err).c_str());
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Out =
      llvm::MemoryBuffer::getFile(OutPath);
  if (!Out)
    return llvm::createStringError(Out.getError(), "cannot read %s",
                                   OutPath.c_str());
  auto C = std::make_shared<BuildCompiler>();
  C->Program = Program.str();
  C->CPlusPlus = CPlusPlus;
  C->Macros = parsePredefinedMacros((*Out)->getBuffer());
  C->Kind = compilerKind(C->Macros);
  Cache[Key] = C;
  return C;
}

bool isIdentityMacro(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "__GNUC__",          "__GNUC_MINOR__",
      "__GNUC_PATCHLEVEL__", "__GNUG__",
      "__VERSION__",       "__clang__",
      "__clang_major__",   "__clang_minor__",
      "__clang_patchlevel__", "__clang_version__",
      "__clang_literal_encoding__", "__clang_wide_literal_encoding__",
      "__llvm__",          "__TINYC__"};
  return Names.contains(Name);
}

bool isFeatureQuery(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "__has_builtin",         "__has_attribute",
      "__has_c_attribute",     "__has_cpp_attribute",
      "__has_declspec_attribute", "__has_feature",
      "__has_extension",       "__has_warning",
      "__is_identifier"};
  return Names.contains(Name);
}

bool isOptimizationMacro(llvm::StringRef Name) {
  return Name == "__OPTIMIZE__" || Name == "__OPTIMIZE_SIZE__" ||
         Name == "__NO_INLINE__";
}

} // namespace p3
