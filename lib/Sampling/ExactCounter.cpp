//===- ExactCounter.cpp - Every subpath counted: the sampler's oracle ----===//

#include "Sampling/ExactCounter.h"

#include <algorithm>
#include <cassert>

namespace p3 {

ExactCounter::ExactCounter(unsigned MaxLength) : MaxLength(MaxLength) {
  assert(MaxLength >= 2 && (MaxLength & (MaxLength - 1)) == 0);
}

void ExactCounter::feed(unsigned Thread, llvm::ArrayRef<BlockId> Input) {
  std::vector<BlockId> &Tail = Tails[Thread];
  for (BlockId B : Input) {
    ++Blocks;
    Tail.push_back(B);
    if (Tail.size() > 2 * size_t(MaxLength)) // amortized trim
      Tail.erase(Tail.begin(), Tail.end() - MaxLength);
    for (size_t L = 2; L <= MaxLength && L <= Tail.size(); L *= 2) {
      llvm::ArrayRef<BlockId> Window(Tail.data() + Tail.size() - L, L);
      unsigned R = leastRotation(Window);
      Scratch.assign(Window.begin() + R, Window.end());
      Scratch.insert(Scratch.end(), Window.begin(), Window.begin() + R);
      ++Counts[Scratch];
      ++Windows;
    }
  }
}

uint64_t ExactCounter::count(const Subpath &S) const {
  auto It = Counts.find(S);
  return It == Counts.end() ? 0 : It->second;
}

std::vector<CountedSubpath> ExactCounter::sorted() const {
  std::vector<CountedSubpath> Out;
  Out.reserve(Counts.size());
  for (const auto &[S, C] : Counts)
    Out.push_back({S, C});
  std::sort(Out.begin(), Out.end(),
            [](const CountedSubpath &A, const CountedSubpath &B) {
              if (A.Count != B.Count)
                return A.Count > B.Count;
              if (A.Blocks.size() != B.Blocks.size())
                return A.Blocks.size() < B.Blocks.size();
              return A.Blocks < B.Blocks;
            });
  return Out;
}

} // namespace p3
