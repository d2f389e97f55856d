//===- JSONObjectReader.cpp - Typed fields of a JSON object ---------------===//

#include "Profile/JSONObjectReader.h"
#include "Profile/Fail.h"
#include "Profile/U64JSON.h"

#include <climits>

using namespace llvm;

namespace p3 {

namespace {

/// One field: \p Default when it is missing (an error without one), else
/// \p Parse's value, an error saying \p NotThat when there is none.
template <typename T, typename D, typename ParseFn>
Error getField(const JSONObjectReader &R, const json::Object &O, StringRef Key,
               T &Out, const std::optional<D> &Default, ParseFn Parse,
               StringRef NotThat) {
  const json::Value *V = O.get(Key);
  if (!V) {
    if (!Default)
      return R.fieldError(Key, "is missing");
    Out = T(*Default);
    return Error::success();
  }
  auto Value = Parse(*V);
  if (!Value)
    return R.fieldError(Key, NotThat);
  Out = std::move(*Value);
  return Error::success();
}

} // namespace

Error JSONObjectReader::error(const Twine &Msg) const {
  return fail((Where.empty() ? "" : Where + ": ") + Msg);
}

Error JSONObjectReader::fieldError(StringRef Key, const Twine &Msg) const {
  return error("\"" + Key + "\" " + Msg);
}

Error JSONObjectReader::get(StringRef Key, uint64_t &Out,
                            std::optional<uint64_t> Default) const {
  return getField(*this, O, Key, Out, Default, u64FromJSON,
                  "is not an unsigned 64-bit integer");
}

Error JSONObjectReader::get(StringRef Key, unsigned &Out,
                            std::optional<unsigned> Default) const {
  uint64_t N;
  if (Error E = get(Key, N,
                    Default ? std::optional<uint64_t>(*Default) : std::nullopt))
    return E;
  if (N > UINT_MAX)
    return fieldError(Key, "is too large (" + Twine(N) + ")");
  Out = N;
  return Error::success();
}

Error JSONObjectReader::get(StringRef Key, bool &Out,
                            std::optional<bool> Default) const {
  return getField(
      *this, O, Key, Out, Default,
      [](const json::Value &V) { return V.getAsBoolean(); },
      "is not true or false");
}

Error JSONObjectReader::get(StringRef Key, std::string &Out,
                            std::optional<StringRef> Default) const {
  return getField(
      *this, O, Key, Out, Default,
      [](const json::Value &V) -> std::optional<std::string> {
        if (std::optional<StringRef> S = V.getAsString())
          return S->str();
        return std::nullopt;
      },
      "is not a string");
}

Expected<const json::Array *> JSONObjectReader::array(StringRef Key,
                                                      bool Optional) const {
  const json::Value *V = O.get(Key);
  if (!V) {
    if (Optional)
      return nullptr;
    return fieldError(Key, "is missing");
  }
  const json::Array *A = V->getAsArray();
  if (!A)
    return fieldError(Key, "is not an array");
  return A;
}

Expected<const json::Object *> JSONObjectReader::object(StringRef Key) const {
  const json::Value *V = O.get(Key);
  if (!V)
    return fieldError(Key, "is missing");
  const json::Object *Obj = V->getAsObject();
  if (!Obj)
    return fieldError(Key, "is not an object");
  return Obj;
}

Error JSONObjectReader::getU64s(StringRef Key, std::vector<uint64_t> &Out,
                                bool Optional) const {
  Expected<const json::Array *> A = array(Key, Optional);
  if (!A)
    return A.takeError();
  Out.clear();
  if (!*A)
    return Error::success();
  Out.reserve((*A)->size());
  for (unsigned I = 0; I < (*A)->size(); ++I) {
    std::optional<uint64_t> N = u64FromJSON((**A)[I]);
    if (!N)
      return error(Key + "[" + Twine(I) +
                   "] is not an unsigned 64-bit integer");
    Out.push_back(*N);
  }
  return Error::success();
}

Error JSONObjectReader::getIds(StringRef Key, std::vector<unsigned> &Out,
                               uint64_t Limit, StringRef What,
                               bool Optional) const {
  std::vector<uint64_t> Values;
  if (Error E = getU64s(Key, Values, Optional))
    return E;
  Out.clear();
  for (unsigned I = 0; I < Values.size(); ++I) {
    if (Values[I] >= Limit)
      return error(Key + "[" + Twine(I) + "] = " + Twine(Values[I]) +
                   " is not a valid " + What + " (there are " + Twine(Limit) +
                   ")");
    Out.push_back(Values[I]);
  }
  return Error::success();
}

} // namespace p3
