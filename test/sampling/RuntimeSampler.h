//===- RuntimeSampler.h - The runtime's OSP sampler, callable from tests --===//
//
// RuntimeSampler.cpp is the one translation unit that compiles
// runtime/p3_runtime.h with P3_OSP; these wrappers give the tests its
// internals (the C code that runs in instrumented programs, not a copy).
//
//===----------------------------------------------------------------------===//

#ifndef P3_TEST_SAMPLING_RUNTIMESAMPLER_H
#define P3_TEST_SAMPLING_RUNTIMESAMPLER_H

#include "Sampling/HotListFile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rt {

unsigned leastRotation(const std::vector<uint32_t> &S);
std::vector<unsigned char> encode(const std::vector<uint32_t> &S,
                                  unsigned Rotation);
std::vector<uint32_t> decode(const std::vector<unsigned char> &Bytes,
                             unsigned N);
double ln(double X);

/// A sampler thread state with its own random stream.
struct Stream {
  explicit Stream(uint64_t Seed);
  ~Stream();
  uint64_t skip(unsigned K);
  unsigned lengthClass(unsigned MaxClass);
  uint64_t halve(uint64_t N);
  void *T;
};

/// A standalone hot list of \p Memory bytes (the runtime's data structure).
class HotList {
public:
  HotList(uint64_t Memory, unsigned K0, uint64_t Seed);
  ~HotList();
  /// Adds one sample of \p S (already canonical), a window started at KSeen.
  void add(const std::vector<uint32_t> &S, unsigned KSeen);
  unsigned k() const;
  uint64_t used() const;  ///< Records plus index, now.
  uint64_t peak() const;
  uint64_t memory() const;
  uint64_t entries() const;
  uint64_t count(const std::vector<uint32_t> &S) const;
  /// Every record can be found through the index, and sizes add up.
  bool consistent() const;

private:
  void *R;
  unsigned long long Rng;
};

/// Resets the process's sampler (the global registry) with this
/// configuration, as if the program had just started with these variables
/// in its environment; dumps go to \p Dir.
void freshSampler(uint64_t Memory, unsigned MaxLength, uint64_t Period,
                  uint64_t Seed, const std::string &Dir,
                  const char *Mode = "sample", uint64_t MaxSamples = 0);
/// Runs P3_OSP_BLOCK(Id), as an instrumented block does.
void enterBlock(uint32_t Id);
/// Runs the blocks \p Ids as the rewriter's actions do, a run of
/// Run[I] blocks (1 to 4: P3_OSP_BLOCK, P3_OSP_BLOCK2, 3, 4) starting at
/// Ids[I]; \p Register: in register mode (P3_OSP_LEAF, P3_OSP_LBLOCK,
/// P3_OSP_LBLOCK2, 3, 4, P3_OSP_LEAVE), as in a function that calls nothing.
void enterBlocks(const std::vector<uint32_t> &Ids,
                 const std::vector<unsigned> &Run, bool Register);
/// Writes the hot list as the exit handler does and returns its path.
std::string dumpNow(const char *Why = "exit");

} // namespace rt

#endif
