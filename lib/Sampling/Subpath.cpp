//===- Subpath.cpp - Subpaths as block sequences, canonical under rotation ===//

#include "Sampling/Subpath.h"

namespace p3 {

unsigned leastRotation(llvm::ArrayRef<BlockId> S) {
  // Two candidate starts I < J (or J < I) and the length K of their common
  // prefix; a mismatch rules out the larger candidate and the K positions
  // after it, so each step advances I + J + K.
  size_t N = S.size(), I = 0, J = 1, K = 0;
  while (I < N && J < N && K < N) {
    BlockId A = S[(I + K) % N], B = S[(J + K) % N];
    if (A == B) {
      ++K;
      continue;
    }
    if (A > B)
      I += K + 1;
    else
      J += K + 1;
    if (I == J)
      ++J;
    K = 0;
  }
  return N == 0 ? 0 : unsigned(std::min(I, J));
}

Subpath canonicalSubpath(llvm::ArrayRef<BlockId> S) {
  unsigned R = leastRotation(S);
  Subpath Out(S.begin() + R, S.end());
  Out.insert(Out.end(), S.begin(), S.begin() + R);
  return Out;
}

bool isCanonical(llvm::ArrayRef<BlockId> S) {
  Subpath C = canonicalSubpath(S);
  return std::equal(C.begin(), C.end(), S.begin(), S.end());
}

uint64_t hashSubpath(llvm::ArrayRef<BlockId> S) {
  SubpathHasher H(S.size());
  for (BlockId B : S)
    H.add(B);
  return H.value();
}

} // namespace p3
