//===- JSONObjectReader.h - Typed fields of a JSON object -------*- C++ -*-===//
//
// The manifest's reader takes every field through this class, so that a
// missing, mistyped or out-of-range field is an error that says where it is
// ("function 3 (a.c:f): instances[1]: "inc" is not an array"), never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_JSONOBJECTREADER_H
#define P3_PROFILE_JSONOBJECTREADER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace p3 {

/// Reads typed fields of one JSON object; errors are prefixed with Where.
class JSONObjectReader {
public:
  JSONObjectReader(const llvm::json::Object &O, std::string Where)
      : O(O), Where(std::move(Where)) {}

  llvm::Error error(const llvm::Twine &Msg) const;
  llvm::Error fieldError(llvm::StringRef Key, const llvm::Twine &Msg) const;
  const std::string &where() const { return Where; }
  bool has(llvm::StringRef Key) const { return O.get(Key) != nullptr; }

  /// Missing fields are an error unless a default is given.
  llvm::Error get(llvm::StringRef Key, uint64_t &Out,
                  std::optional<uint64_t> Default = std::nullopt) const;
  llvm::Error get(llvm::StringRef Key, unsigned &Out,
                  std::optional<unsigned> Default = std::nullopt) const;
  llvm::Error get(llvm::StringRef Key, bool &Out,
                  std::optional<bool> Default = std::nullopt) const;
  llvm::Error get(llvm::StringRef Key, std::string &Out,
                  std::optional<llvm::StringRef> Default = std::nullopt) const;

  /// Null when the array is optional and missing.
  llvm::Expected<const llvm::json::Array *> array(llvm::StringRef Key,
                                                  bool Optional = false) const;
  llvm::Expected<const llvm::json::Object *> object(llvm::StringRef Key) const;

  /// An array of u64 (numbers or decimal strings).
  llvm::Error getU64s(llvm::StringRef Key, std::vector<uint64_t> &Out,
                      bool Optional = false) const;
  /// An array of unsigned values, each below \p Limit (\p What names them).
  llvm::Error getIds(llvm::StringRef Key, std::vector<unsigned> &Out,
                     uint64_t Limit, llvm::StringRef What,
                     bool Optional = false) const;

private:
  const llvm::json::Object &O;
  std::string Where;
};

} // namespace p3

#endif
