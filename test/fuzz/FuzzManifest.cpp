//===- FuzzManifest.cpp - libFuzzer target for Manifest::fromJSON --------===//
//
// A manifest may be damaged or hand-edited. fromJSON must reject what is
// inconsistent with an error, never crash, and what it accepts must be safe
// to use: every instrumented function's graph rebuilds, its ids decode
// without going out of bounds, and the manifest round-trips through toJSON.
//
//===----------------------------------------------------------------------===//

#include "Profile/Manifest.h"

#include "Graph/Instance.h"

#include <cstdlib>

using namespace llvm;
using namespace p3;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Text(reinterpret_cast<const char *>(Data), Size);
  Expected<Manifest> M = Manifest::fromJSON(Text);
  if (!M) {
    consumeError(M.takeError());
    return 0;
  }
  for (const ManifestFunction &F : M->Functions) {
    if (!F.Instrumented)
      continue;
    Expected<FunctionGraph> G = F.graph();
    if (!G)
      abort(); // fromJSON promised that graph() works
    // Decoding walks the manifest's numbers: it must stay in bounds.
    for (const Instance &I : F.Instances)
      for (uint64_t Id = 0; Id < 8; ++Id)
        (void)decodeRecordedId(G->DAG, I, Id);
  }
  std::string Out = M->toJSON();
  Expected<Manifest> Again = Manifest::fromJSON(Out);
  if (!Again || Again->toJSON() != Out || Again->computeHash() != M->computeHash())
    abort();
  return 0;
}
