//===- CFGHash.cpp - A fingerprint of a function's path numbering ---------===//

#include "Graph/CFGHash.h"

#include <cstdio>

namespace p3 {

namespace {

class FNV1a {
public:
  void add(uint32_t X) {
    for (unsigned I = 0; I < 4; ++I) {
      H ^= (X >> (8 * I)) & 0xff;
      H *= 0x100000001b3ULL;
    }
  }
  uint64_t value() const { return H; }

private:
  uint64_t H = 0xcbf29ce484222325ULL;
};

} // namespace

uint64_t cfgHash(const CFG &G, llvm::ArrayRef<CFGEdge> Cuts) {
  FNV1a H;
  H.add(G.Entry);
  H.add(G.Exit);
  H.add(G.numBlocks());
  for (const std::vector<unsigned> &S : G.Succs) {
    H.add(S.size());
    for (unsigned B : S)
      H.add(B);
  }
  H.add(G.ExtraStarts.size());
  for (unsigned B : G.ExtraStarts)
    H.add(B);
  H.add(Cuts.size());
  for (CFGEdge E : Cuts) {
    H.add(E.Block);
    H.add(E.Index);
  }
  return H.value();
}

std::string cfgHashString(const CFG &G, llvm::ArrayRef<CFGEdge> Cuts) {
  char Buf[17];
  std::snprintf(Buf, sizeof(Buf), "%016llx",
                (unsigned long long)cfgHash(G, Cuts));
  return Buf;
}

} // namespace p3
