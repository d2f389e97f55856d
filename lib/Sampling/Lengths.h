//===- Lengths.h - The distribution of sampled subpath lengths -----------===//
//
// choosePathLength of the thesis: a sampled window has length 2^n, n >= 1,
// with probability 2^-n, and the longest length allowed, 2^m, takes what is
// left (2^-(m-1)), so that the probabilities add up to one. The runtime draws
// n by counting trailing zero bits of a random word (p3_osp_draw_class). An
// estimate divides a subpath's sample count by the probability of its length
// and by the probability that a block starts a window.
//
//===----------------------------------------------------------------------===//

#ifndef P3_SAMPLING_LENGTHS_H
#define P3_SAMPLING_LENGTHS_H

#include <cstdint>
#include <optional>

namespace p3 {

/// log2 of \p V when it is a power of two, else nullopt.
std::optional<unsigned> exactLog2(uint64_t V);

/// The probability that a window has \p Length blocks when the longest
/// allowed is \p MaxLength (both powers of two, 2 <= Length <= MaxLength);
/// 0 for any other length.
double lengthProbability(uint64_t Length, uint64_t MaxLength);

} // namespace p3

#endif
