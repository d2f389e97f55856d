//===- ExactCounter.h - Every subpath counted: the sampler's oracle ------===//
//
// Counts, at every position of a block trace, the window of each length 2^n
// (2 <= 2^n <= MaxLength) that ends there, under its canonical rotation: the
// exact value of what the OSP sampler estimates. Every window is rotated and
// compared in full (O(trace length x 2 MaxLength) time), so it is for reduced
// inputs; it is written to be obviously right, not fast. Distinct subpaths
// are kept as references into the trace (the stream, the position of their
// first window and its least rotation), so memory grows with the trace and
// the number of distinct subpaths, not with their lengths.
//
//===----------------------------------------------------------------------===//

#ifndef P3_SAMPLING_EXACTCOUNTER_H
#define P3_SAMPLING_EXACTCOUNTER_H

#include "Sampling/Subpath.h"

#include <map>
#include <unordered_set>

namespace p3 {

struct CountedSubpath {
  Subpath Blocks;     ///< Canonical.
  Subpath Shown;      ///< As it ran the first time.
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
  size_t distinct() const { return Seen.size(); }
  unsigned maxLength() const { return MaxLength; }

  /// Count of a (canonical) subpath; 0 if it never ran.
  uint64_t count(const Subpath &S) const;

  /// The hottest subpaths (ties: shorter first, then by blocks): the first
  /// \p Limit, and at least those that ran \p MinCount times or more.
  std::vector<CountedSubpath> top(size_t Limit, uint64_t MinCount = ~0ull) const;
  /// Every subpath, hottest first (for small traces).
  std::vector<CountedSubpath> sorted() const { return top(~size_t(0)); }

private:
  /// A subpath: its first window, and the start of its least rotation.
  struct Entry {
    uint32_t Stream = 0, Length = 0, Rotation = 0;
    uint64_t Start = 0;
    uint64_t Hash = 0;
    mutable uint64_t Count = 0;
  };
  /// A stream index that names Probe, the subpath count() looks up.
  static constexpr uint32_t ProbeStream = ~0u;
  BlockId at(const Entry &E, size_t I) const {
    const std::vector<BlockId> &V =
        E.Stream == ProbeStream ? Probe : Streams[E.Stream];
    return V[E.Start + (E.Rotation + I) % E.Length];
  }
  struct HashOf {
    size_t operator()(const Entry &E) const { return E.Hash; }
  };
  struct Same {
    const ExactCounter *C;
    bool operator()(const Entry &A, const Entry &B) const;
  };
  Subpath canonical(const Entry &E) const;
  uint64_t hashOf(const Entry &E) const {
    SubpathHasher H(E.Length);
    for (size_t I = 0; I < E.Length; ++I)
      H.add(at(E, I));
    return H.value();
  }
  /// Whether A comes before B in top()'s order.
  bool hotter(const Entry &A, const Entry &B) const;

  unsigned MaxLength;
  uint64_t Blocks = 0, Windows = 0;
  std::map<unsigned, uint32_t> StreamOf; ///< Thread -> stream.
  std::vector<std::vector<BlockId>> Streams;
  mutable std::vector<BlockId> Probe;
  std::unordered_set<Entry, HashOf, Same> Seen;
};

} // namespace p3

#endif
