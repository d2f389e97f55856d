//===- ParseAsCompiler.h - Parse the user's files as the build compiler --===//
//
// Gives the preprocessor the build compiler's identity macros (__GNUC__ 12,
// no __clang__, ...) in the files that are not system headers, so that clang
// takes the branches of a "#if defined(__GNUC__) && !defined(__clang__)" that
// gcc will compile (lua's jump table, sqlite3's GCC_VERSION tests).
//
// Only there: glibc's headers, seen with gcc's identity, declare things clang
// 19 does not parse (_Float128, __malloc__ with arguments), so the flags
// "-fgnuc-version=12.2.0 -U__clang__" would fail every file that includes
// <stdio.h>. System headers keep clang's identity, which they need to be
// parsed at all; what they define counts through the replacement text, as
// the user's files use it (a __GNUC_PREREQ from <sys/cdefs.h> expanded in the
// user's #if reads gcc's __GNUC__ there).
//
// The swap happens at every change of file (entering, leaving, #pragma
// system_header): the macros get the build compiler's definitions on the
// way into a user file and clang's back on the way into a system header.
//
//===----------------------------------------------------------------------===//

#ifndef P3_FRONTEND_PARSEASCOMPILER_H
#define P3_FRONTEND_PARSEASCOMPILER_H

#include "Frontend/BuildCompiler.h"

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"

namespace p3 {

/// Registers on \p PP the callback that gives the user's files \p C's
/// identity macros, and returns the names it controls: those whose value in
/// every user file is \p C's (or the one a user file gave it by #define or
/// #undef, the same for both). Identity macros with a replacement text it
/// cannot reproduce (anything but one number or string) are not controlled.
llvm::StringSet<> parseAsCompiler(clang::Preprocessor &PP,
                                  const BuildCompiler &C);

} // namespace p3

#endif
