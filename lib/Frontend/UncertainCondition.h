//===- UncertainCondition.h - #if conditions with unknown macros ---------===//
//
// Evaluates a preprocessor condition in three-valued logic: some macros'
// definedness and values are unknown (they depend on the compiler), and the
// question is whether the condition's value depends on them. "!defined(STDC)
// && defined(__GNUC__)" does not when STDC is defined: it is false for every
// compiler. Macros are expanded (object-like and function-like, recursively),
// undefined identifiers are 0, as in the preprocessor. Anything the evaluator
// does not understand (# and ## in a macro used by the condition, character
// literals, malformed expressions) makes the condition uncertain.
//
// Clang-free: tokens come in by spelling, macro definitions through
// MacroTable.
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_UNCERTAINCONDITION_H
#define P3_FRONTEND_UNCERTAINCONDITION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace p3 {

/// One preprocessing token of a condition or of a macro's replacement.
struct CondToken {
  enum KindType { Identifier, Number, Punctuator, Other } Kind;
  std::string Text;
};

struct MacroDefinition {
  bool FunctionLike = false;
  bool Variadic = false;
  std::vector<std::string> Params; ///< Without "__VA_ARGS__".
  std::vector<CondToken> Body;
};

/// What the evaluator needs to know about names.
class MacroTable {
public:
  virtual ~MacroTable() = default;
  /// Whether Name's definedness or value depends on the compiler.
  virtual bool isUncertain(llvm::StringRef Name) = 0;
  /// Name's definition as the preprocessor has it now, if defined.
  virtual std::optional<MacroDefinition> lookup(llvm::StringRef Name) = 0;
};

/// True when the value of the condition depends on an uncertain name, or
/// cannot be told.
bool conditionIsUncertain(llvm::ArrayRef<CondToken> Condition,
                          MacroTable &Macros);

} // namespace p3

#endif
