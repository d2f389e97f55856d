//===- EmittedSyntax.h - Parse the copies before they are written --------===//
//
// p3-rewrite never writes a copy it has not checked: every rewritten source of
// every copy is parsed by Clang with the source's own compile command, the
// copy's rewritten files and runtime header standing in for the originals
// (in memory, at the original paths, so that every include resolves as in
// the copy). An error there is a bug of p3's text, and names the place in
// the original file (the emitted text keeps every line number).
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_EMITTEDSYNTAX_H
#define P3_FRONTEND_EMITTEDSYNTAX_H

#include "Frontend/BuildCompiler.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace p3 {

/// A compile error in a rewritten file of one copy.
struct EmittedError {
  unsigned Copy = 0;
  std::string File; ///< Relative to the root when it is inside it.
  unsigned Line = 0;
  std::string Message;
};

struct EmittedTree {
  std::string Root; ///< Absolute, real path.
  /// Per copy: root-relative path -> rewritten text.
  const std::vector<std::map<std::string, std::string>> *Files = nullptr;
  std::string RuntimeHeader; ///< As written at the root of every copy.
};

/// Parses, for each copy, every source of \p Sources (real absolute paths;
/// those with a rewritten text, or all when a header was rewritten) with
/// its compile command from \p DB plus \p ExtraArgs, and returns the errors,
/// at most \p MaxErrors. \p ParsedAs, when not empty, says for each source
/// the compiler whose identity its parse saw (ParseAsCompiler.h; null:
/// clang's own): the copy is checked the same way, in the branches that
/// compiler takes.
std::vector<EmittedError> checkEmittedSyntax(
    const clang::tooling::CompilationDatabase &DB,
    llvm::ArrayRef<std::string> Sources, const EmittedTree &Tree,
    llvm::ArrayRef<std::string> ExtraArgs,
    llvm::ArrayRef<std::shared_ptr<const BuildCompiler>> ParsedAs = {},
    unsigned MaxErrors = 10);

} // namespace p3

#endif
