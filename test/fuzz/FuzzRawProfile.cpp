//===- FuzzRawProfile.cpp - libFuzzer target for the raw-profile parser --===//
//
// Raw profiles come from processes that may crash half-way, from disks that
// fill up, and from users' copy-and-paste: parseRawProfile must reject
// anything malformed with an error, never crash. What it accepts must print
// (printRawProfile) to text that parses to the same profile.
//
//===----------------------------------------------------------------------===//

#include "Profile/RawProfile.h"

#include <cstdlib>

using namespace llvm;
using namespace p3;

static bool sameProfile(const RawProfile &A, const RawProfile &B) {
  if (A.Sections.size() != B.Sections.size())
    return false;
  for (size_t I = 0; I < A.Sections.size(); ++I) {
    const RawSection &X = A.Sections[I], &Y = B.Sections[I];
    if (X.ManifestHash != Y.ManifestHash || X.Copy != Y.Copy ||
        X.Pid != Y.Pid || X.ProbeHits != Y.ProbeHits ||
        X.Records.size() != Y.Records.size())
      return false;
    for (size_t J = 0; J < X.Records.size(); ++J)
      if (X.Records[J].Function != Y.Records[J].Function ||
          X.Records[J].Id != Y.Records[J].Id ||
          X.Records[J].Count != Y.Records[J].Count)
        return false;
  }
  return true;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Text(reinterpret_cast<const char *>(Data), Size);
  Expected<RawProfile> P = parseRawProfile(Text, "fuzz.raw");
  if (!P) {
    consumeError(P.takeError());
    return 0;
  }
  Expected<RawProfile> Again = parseRawProfile(printRawProfile(*P), "printed");
  if (!Again || !sameProfile(*P, *Again))
    abort();
  return 0;
}
