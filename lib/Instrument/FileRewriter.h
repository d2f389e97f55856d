//===- FileRewriter.h - Apply one copy's probes to one source file -------===//
//
// Every edit is an insertion at a byte offset of the original text, and no
// inserted text contains a newline. The prologue (runtime include and this
// file's counter table) goes before the first line and ends with "#line 1",
// so every original line keeps its number (__LINE__, diagnostics, debug
// info).
//
// Insertions at one offset are ordered like brackets: text that closes a range
// (after a statement, a wrapper's tail) before text that opens one; among
// closers the innermost range first, among openers the outermost first.
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_FILEREWRITER_H
#define P3_INSTRUMENT_FILEREWRITER_H

#include "Instrument/ProbeCode.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace p3 {

struct CounterTableEntry {
  unsigned FunctionIndex = 0; ///< In the manifest.
  uint64_t NumIds = 0;
  bool Hashed = false;
  /// Hashed: counts go through a cache in front of the table (p3_runtime.h,
  /// "Hashed functions: a cache"); false calls the table for every count.
  bool Cached = true;
};

struct FileInstrumentation {
  std::string RuntimeInclude; ///< e.g. "../p3_runtime.h"
  unsigned FileIndex = 0;     ///< Names the table: p3_functions_<index>.
  unsigned Copy = 0;
  std::string ManifestHash;
  std::vector<CounterTableEntry> Table;

  struct Function {
    const LoweredFunction *Lowered = nullptr;
    const FunctionCode *Code = nullptr;
    unsigned TableSlot = 0;
    bool Guarded = false; ///< P3_ENTER_GUARDED: returns counted by a cleanup.
    /// OSP copies: inserted first in the body instead of P3_ENTER (may be
    /// empty).
    std::string OspEnter;
  };
  std::vector<Function> Functions; ///< Instrumented in this copy.

  /// One text that is several functions (a file included several times with
  /// the function's name defined differently): each instance's probes are
  /// chosen by the preprocessor, from the identifier the name as spelled
  /// (NameText) expands to there. Code is null for an instance that is not
  /// instrumented in this copy.
  struct SharedText {
    std::string NameText;
    std::vector<std::pair<std::string, Function>> Instances; ///< identifier
  };
  std::vector<SharedText> SharedTexts;
  /// OSP copies (OspRewrite.h): this prologue instead of the counter table,
  /// and no P3_ENTER (block actions need no per-function state).
  std::optional<std::string> OspPrologue;
};

/// The rewritten text; the original when nothing is instrumented.
std::string rewriteFile(llvm::StringRef Original,
                        const FileInstrumentation &Plan);

} // namespace p3

#endif
