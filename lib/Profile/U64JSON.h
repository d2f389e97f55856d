//===- U64JSON.h - 64-bit unsigned numbers in JSON -----------------------===//
//
// JSON readers in other languages (JavaScript, jq) hold numbers as doubles, so
// a u64 above 2^53 would silently lose its low bits there. p3 writes such
// values as decimal strings and accepts both forms when reading.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_U64JSON_H
#define P3_PROFILE_U64JSON_H

#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>

namespace p3 {

/// Largest integer every double represents exactly, and its neighbours.
constexpr uint64_t MaxExactDouble = uint64_t(1) << 53;

/// A number when it fits a double exactly, otherwise a decimal string.
llvm::json::Value u64ToJSON(uint64_t V);

/// Writes \p V like u64ToJSON.
void writeU64(llvm::json::OStream &J, uint64_t V);

/// Reads a non-negative integer or a string of decimal digits that fits in 64
/// bits; nullopt for anything else (fractions, signs, spaces, overflow).
std::optional<uint64_t> u64FromJSON(const llvm::json::Value &V);

} // namespace p3

#endif
