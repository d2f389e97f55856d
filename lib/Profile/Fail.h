//===- Fail.h - Errors that are a message for the user ----------*- C++ -*-===//
//
// Most of p3's errors are one sentence for the user that names the file,
// directory or option at fault; no caller tests their error code. lib/Profile
// is the lowest library that all their makers (lib/Instrument, lib/Run and
// lib/Profile itself) link; lib/Graph, below it, has its own few.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_FAIL_H
#define P3_PROFILE_FAIL_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <system_error>

namespace p3 {

/// An error that is only \p Msg.
inline llvm::Error fail(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// "<What>: <the system's reason>", e.g. "cannot create DIR: Permission
/// denied"; the error keeps \p EC.
inline llvm::Error fail(const llvm::Twine &What, std::error_code EC) {
  return llvm::createStringError(EC, What + ": " + EC.message());
}

} // namespace p3

#endif
