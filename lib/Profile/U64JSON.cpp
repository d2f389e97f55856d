//===- U64JSON.cpp - 64-bit unsigned numbers in JSON ---------------------===//

#include "Profile/U64JSON.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace p3 {

json::Value u64ToJSON(uint64_t V) {
  if (V <= MaxExactDouble)
    return json::Value(V);
  return json::Value(utostr(V));
}

void writeU64(json::OStream &J, uint64_t V) { J.value(u64ToJSON(V)); }

std::optional<uint64_t> u64FromJSON(const json::Value &V) {
  if (std::optional<uint64_t> N = V.getAsUINT64())
    return N;
  std::optional<StringRef> S = V.getAsString();
  if (!S || S->empty() || S->size() > 20 || !all_of(*S, isDigit))
    return std::nullopt;
  uint64_t N;
  // getAsInteger fails on overflow.
  if (S->getAsInteger(10, N))
    return std::nullopt;
  return N;
}

} // namespace p3
