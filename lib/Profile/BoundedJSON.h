//===- BoundedJSON.h - JSON parsing that cannot overflow the stack -------===//
//
// llvm::json::parse recurses once per nesting level, so a damaged or hostile
// file of a few megabytes of '[' crashes it by stack overflow. p3's formats
// nest a handful of levels; deeper input is rejected before parsing.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_BOUNDEDJSON_H
#define P3_PROFILE_BOUNDEDJSON_H

#include "llvm/Support/JSON.h"

namespace p3 {

/// json::parse, after checking that arrays and objects nest at most
/// \p MaxDepth levels.
llvm::Expected<llvm::json::Value> parseBoundedJSON(llvm::StringRef Text,
                                                   unsigned MaxDepth = 64);

} // namespace p3

#endif
