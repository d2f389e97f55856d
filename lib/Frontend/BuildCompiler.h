//===- BuildCompiler.h - The compiler that will build the copies ---------===//
//
// p3-rewrite parses with clang 19, but the copies are compiled by the build's
// compiler. Where a #if tests which compiler it is (__GNUC__, __clang__...),
// the parse must take the branches that compiler takes, or the probes land in
// code the build never compiles. This finds that compiler (--compiler, the
// compile command's argv[0], CC/CXX), asks it for its predefined macros once
// per (compiler, language) with "CC -dM -E -x c /dev/null", and names the
// macros that tell compilers apart.
//
// Clang-free: the parse's side is in ParseAsCompiler.h.
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_BUILDCOMPILER_H
#define P3_FRONTEND_BUILDCOMPILER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace p3 {

/// Object-like macros by name, with their replacement text ("12", "\"12.2.0\"",
/// "" for "#define X").
using PredefinedMacros = std::map<std::string, std::string>;

/// Reads the output of "cc -dM -E": one "#define NAME BODY" a line.
/// Function-like macros and other lines are ignored.
PredefinedMacros parsePredefinedMacros(llvm::StringRef Text);

enum class CompilerKind {
  GCC,   ///< Defines __GNUC__ and none of the others below.
  Clang, ///< Defines __clang__ (and is not a vendor's fork, icx).
  TCC,   ///< Defines __TINYC__.
  Other, ///< Anything else: its branches cannot be told.
};

CompilerKind compilerKind(const PredefinedMacros &Macros);

struct BuildCompiler {
  std::string Program; ///< Absolute path, symbolic links resolved.
  bool CPlusPlus = false;
  CompilerKind Kind = CompilerKind::Other;
  PredefinedMacros Macros;

  /// "gcc 12.2.0", "clang 19.1.7", "tcc", "/opt/xcc (not gcc or clang)".
  std::string describe() const;
};

/// The compiler named by \p Name ("gcc", "cc", "../bin/gcc", an absolute
/// path): looked up in PATH when it has no slash, taken relative to
/// \p Directory otherwise, symbolic links resolved (/usr/bin/cc is gcc).
/// std::nullopt when there is no such program.
std::optional<std::string> findCompilerProgram(llvm::StringRef Name,
                                               llvm::StringRef Directory);

/// Which compiler builds a unit, by name as the user gave it: \p Explicit
/// (--compiler) when set; else the compile command's argv[0] (past a ccache,
/// sccache or distcc wrapper; "clang-tool", which a command given after "--"
/// starts with, names none); else CXX for C++ or CC for C, from the
/// environment. std::nullopt when nothing names one.
std::optional<std::string>
buildCompilerName(llvm::StringRef Explicit,
                  llvm::ArrayRef<std::string> CommandLine, bool CPlusPlus);

/// Whether \p CommandLine is a build's own compile command (from a compilation
/// database) rather than flags given after "--", which clang's tooling starts
/// with a made-up "clang-tool" (sometimes given a directory).
bool isBuildCommand(llvm::ArrayRef<std::string> CommandLine);

/// Runs "Program -dM -E -x c /dev/null" (-x c++ for C++) without a shell,
/// once per (program, language) for the whole process (thread-safe), and
/// classifies the compiler.
llvm::Expected<std::shared_ptr<const BuildCompiler>>
queryBuildCompiler(llvm::StringRef Program, bool CPlusPlus);

/// Macros that name the compiler and its version (__GNUC__, __clang__,
/// __clang_major__, __llvm__, __TINYC__, __VERSION__...): the parse can be
/// given the build compiler's values of these.
bool isIdentityMacro(llvm::StringRef Name);
/// __has_builtin, __has_attribute and the other __has_* queries: clang
/// answers them for clang, whatever the build's compiler.
bool isFeatureQuery(llvm::StringRef Name);
/// __OPTIMIZE__, __OPTIMIZE_SIZE__, __NO_INLINE__: they follow the -O flags.
bool isOptimizationMacro(llvm::StringRef Name);

} // namespace p3

#endif
