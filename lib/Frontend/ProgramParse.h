//===- ProgramParse.h - Parse every translation unit, N at a time --------===//
//
// p3-rewrite's first phase: every source is parsed by its own ClangTool (its
// own CompilerInstance, file manager and file system, whose working directory
// is the compile command's and never the process's), on N threads, into its
// own ProgramModel. The per-unit models are merged in the sources' order as
// soon as a prefix of them is done, so the result is the model one thread
// would collect, byte for byte, and the plan, which needs the whole program
// (call sites), is made only after every unit is in.
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_PROGRAMPARSE_H
#define P3_FRONTEND_PROGRAMPARSE_H

#include "Frontend/ProgramCollector.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace p3 {

/// Told about each unit as it starts and ends. Calls are serialized (never
/// two at once), in the order things happen.
class ParseObserver {
public:
  virtual ~ParseObserver();
  virtual void started(unsigned Index, llvm::StringRef Source) {}
  /// \p Diagnostics: what clang said about the unit (errors only under -w).
  virtual void finished(unsigned Index, llvm::StringRef Source, bool Parsed,
                        llvm::StringRef Diagnostics) {}
};

struct ParseOptions {
  /// Threads; 0 or 1 parses on the calling thread, one unit after the other.
  unsigned Jobs = 1;
  /// Appended to every compile command (-resource-dir, -w...).
  std::vector<std::string> ExtraArgs;
  /// Diagnostics in color (for a terminal).
  bool Colors = false;
};

struct ParsedProgram {
  ProgramModel Model;
  std::vector<unsigned> Failed; ///< Indices of the units that did not parse.
  /// Per unit, the compiler whose identity its parse saw (null: clang's own);
  /// the copies are checked the same way.
  std::vector<std::shared_ptr<const BuildCompiler>> ParsedAs;
  /// Units whose parse as the build compiler failed and were parsed as clang
  /// instead: (index, why).
  std::vector<std::pair<unsigned, std::string>> AsClang;
};

/// Parses \p Sources (as given on the command line; looked up in \p DB) and
/// collects them with \p Collect into one model. A unit parsed as the build
/// compiler (ProgramCollector.h, UnitCompiler) that fails is parsed again as
/// clang: its compiler-dependent functions are then left alone, saying why.
ParsedProgram parseProgram(const clang::tooling::CompilationDatabase &DB,
                           llvm::ArrayRef<std::string> Sources,
                           const CollectorOptions &Collect,
                           const ParseOptions &Options,
                           ParseObserver &Observer);

} // namespace p3

#endif
