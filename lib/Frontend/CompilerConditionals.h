//===- CompilerConditionals.h - #if groups that test the compiler --------===//
//
// p3-rewrite sees a file as clang 19 preprocesses it, without the build's
// optimisation flags; the copies are compiled by the build's compiler (gcc,
// clang or tcc). Where a conditional group tests which compiler it is
// (__GNUC__, __clang__, __TINYC__, __has_builtin, __OPTIMIZE__, a macro
// defined from them, ...), gcc can compile a branch that clang skipped:
// probes placed in clang's branch are then missing from the build, and the
// path ids come out wrong, silently (sqlite3's "#if GCC_VERSION>=7000000").
//
// This records every such group (#if ... #endif, with all its #elif and #else
// branches) so that a function overlapping one can be left alone. A condition
// is compiler-dependent when its value, evaluated with the compiler's macros
// unknown (UncertainCondition.h), is unknown. Macros defined or undefined
// inside a compiler-dependent group (in any branch) are unknown too, except
// in system headers, whose groups count only through their macros' values.
//
// Which of the compiler's macros are unknown depends on how the file is
// parsed (KnownCompilerMacros): when the parse sees the build compiler's
// identity (ParseAsCompiler.h), __GNUC__ and __clang__ have their real values
// and only what clang still answers for itself stays unknown.
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_COMPILERCONDITIONALS_H
#define P3_FRONTEND_COMPILERCONDITIONALS_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <vector>

namespace p3 {

/// A conditional group whose branches may differ between compilers.
struct CompilerConditional {
  clang::SourceLocation If;    ///< The #if, #ifdef or #ifndef.
  clang::SourceLocation Endif; ///< Its #endif.
};

/// The compiler's macros whose values in the parse are the build's. By
/// default none: every compiler test is unknown. __has_builtin and the other
/// queries are always unknown: clang answers them for clang 19.
struct KnownCompilerMacros {
  /// Identity macros (isIdentityMacro) the parse gives the build's values.
  llvm::StringSet<> Identity;
  /// __OPTIMIZE__ and friends: known when the parse has the build's flags.
  bool Optimization = false;
};

/// Registers on \p PP a callback that appends every compiler-dependent
/// conditional group to \p Out as the preprocessor leaves it.
void recordCompilerConditionals(clang::Preprocessor &PP,
                                std::vector<CompilerConditional> &Out,
                                KnownCompilerMacros Known = {});

} // namespace p3

#endif
