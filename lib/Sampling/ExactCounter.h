//===- ExactCounter.h - Every subpath counted: the sampler's oracle ------===//
//
// Counts, at every position of a block trace, the window of each length 2^n
// (2 <= 2^n <= MaxLength) that ends there, under its canonical rotation: the
// exact value of what the OSP sampler estimates. Slow (every window is
// rotated and hashed: O(trace length x 2 MaxLength)) and memory-hungry
// (every distinct subpath is kept), so it is for reduced inputs; it is
// written to be obviously right, not fast.
//
//===----------------------------------------------------------------------===//

#ifndef P3_SAMPLING_EXACTCOUNTER_H
#define P3_SAMPLING_EXACTCOUNTER_H

#include "Sampling/Subpath.h"

#include <map>
#include <unordered_map>

namespace p3 {

struct CountedSubpath {
  Subpath Blocks;
  uint64_t Count = 0;
};

class ExactCounter {
public:
  /// \p MaxLength: a power of two, at least 2.
  explicit ExactCounter(unsigned MaxLength);

  /// Appends blocks to the trace of \p Thread (traces of different threads
  /// never form a window together).
  void feed(unsigned Thread, llvm::ArrayRef<BlockId> Blocks);

  uint64_t blocks() const { return Blocks; }
  uint64_t windows() const { return Windows; }
  size_t distinct() const { return Counts.size(); }
  unsigned maxLength() const { return MaxLength; }

  /// Count of a (canonical) subpath; 0 if it never ran.
  uint64_t count(const Subpath &S) const;

  /// Every subpath, hottest first (ties: shorter first, then by blocks).
  std::vector<CountedSubpath> sorted() const;

private:
  unsigned MaxLength;
  uint64_t Blocks = 0, Windows = 0;
  /// The last MaxLength blocks of each thread, oldest first.
  std::map<unsigned, std::vector<BlockId>> Tails;
  std::unordered_map<Subpath, uint64_t, SubpathHash> Counts;
  Subpath Scratch;
};

} // namespace p3

#endif
