//===- Lengths.cpp - The distribution of sampled subpath lengths ---------===//

#include "Sampling/Lengths.h"

#include <cmath>

namespace p3 {

std::optional<unsigned> exactLog2(uint64_t V) {
  if (V == 0 || (V & (V - 1)) != 0)
    return std::nullopt;
  unsigned N = 0;
  while ((uint64_t(1) << N) != V)
    ++N;
  return N;
}

double lengthProbability(uint64_t Length, uint64_t MaxLength) {
  std::optional<unsigned> N = exactLog2(Length), M = exactLog2(MaxLength);
  if (!N || !M || *N < 1 || *N > *M)
    return 0;
  return std::ldexp(1.0, -int(*N == *M ? *M - 1 : *N));
}

} // namespace p3
