//===- BoundedJSON.cpp - JSON parsing that cannot overflow the stack -----===//

#include "Profile/BoundedJSON.h"

using namespace llvm;

namespace p3 {

Expected<json::Value> parseBoundedJSON(StringRef Text, unsigned MaxDepth) {
  unsigned Depth = 0;
  bool InString = false, Escaped = false;
  for (char C : Text) {
    if (InString) {
      if (Escaped)
        Escaped = false;
      else if (C == '\\')
        Escaped = true;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxDepth)
        return createStringError(inconvertibleErrorCode(),
                                 "arrays and objects nest more than %u levels "
                                 "deep",
                                 MaxDepth);
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return json::parse(Text);
}

} // namespace p3
