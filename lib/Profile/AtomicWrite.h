//===- AtomicWrite.h - Replace a file all at once ------------------------===//
//
// Reports and manifests are written to a temporary file next to the target
// and renamed over it, so a reader (or a crash half-way) never sees a
// truncated file.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_ATOMICWRITE_H
#define P3_PROFILE_ATOMICWRITE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace p3 {

/// Writes \p Contents to \p Path through a temporary file in the same
/// directory. Errors name \p Path.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents);

} // namespace p3

#endif
