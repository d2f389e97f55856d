//===- Subpath.h - Subpaths as block sequences, canonical under rotation -===//
//
// A subpath is a sequence of program-wide block ids (p3-rewrite --mode=osp
// numbers every block of the program, so a sequence may cross calls and
// returns). Following Oren's thesis, a subpath and its rotations are one
// subpath: a loop of n blocks sampled at a random iteration offset shows up as
// any of its n rotations, and counting them apart would split one hot loop
// into n lukewarm entries. The canonical form is the lexicographically least
// rotation; it starts at the smallest block id, which is the block closest to
// the start of its function's body (ids are assigned in source order), as the
// thesis proposes. The runtime computes the same form (p3_osp_least_rotation).
//
//===----------------------------------------------------------------------===//

#ifndef P3_SAMPLING_SUBPATH_H
#define P3_SAMPLING_SUBPATH_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace p3 {

using BlockId = uint32_t;
using Subpath = std::vector<BlockId>;

/// Start of the least rotation of \p S (0 for an empty or one-block S), in
/// linear time.
unsigned leastRotation(llvm::ArrayRef<BlockId> S);

/// \p S rotated to its least rotation.
Subpath canonicalSubpath(llvm::ArrayRef<BlockId> S);

/// Whether \p S is its own least rotation.
bool isCanonical(llvm::ArrayRef<BlockId> S);

/// A hash of a block sequence, block by block (for sequences that are not
/// stored contiguously).
class SubpathHasher {
public:
  explicit SubpathHasher(size_t Length)
      : H(0xcbf29ce484222325ULL ^ Length) {}
  void add(BlockId B) {
    H ^= B;
    H *= 0x100000001b3ULL;
    H ^= H >> 29;
  }
  uint64_t value() const { return H; }

private:
  uint64_t H;
};

/// A hash of a block sequence, for hash maps keyed by subpaths.
uint64_t hashSubpath(llvm::ArrayRef<BlockId> S);

struct SubpathHash {
  size_t operator()(const Subpath &S) const { return hashSubpath(S); }
};

} // namespace p3

#endif
