//===- ExactCounter.cpp - Every subpath counted: the sampler's oracle ----===//

#include "Sampling/ExactCounter.h"

#include <algorithm>
#include <cassert>

namespace p3 {

ExactCounter::ExactCounter(unsigned MaxLength)
    : MaxLength(MaxLength), Seen(1024, HashOf(), Same{this}) {
  assert(MaxLength >= 2 && (MaxLength & (MaxLength - 1)) == 0);
}

bool ExactCounter::Same::operator()(const Entry &A, const Entry &B) const {
  if (A.Hash != B.Hash || A.Length != B.Length)
    return false;
  for (size_t I = 0; I < A.Length; ++I)
    if (C->at(A, I) != C->at(B, I))
      return false;
  return true;
}

void ExactCounter::feed(unsigned Thread, llvm::ArrayRef<BlockId> Input) {
  auto [It, New] = StreamOf.insert({Thread, uint32_t(Streams.size())});
  if (New)
    Streams.emplace_back();
  uint32_t S = It->second;
  for (BlockId B : Input) {
    ++Blocks;
    Streams[S].push_back(B);
    uint64_t End = Streams[S].size();
    for (uint64_t L = 2; L <= MaxLength && L <= End; L *= 2) {
      Entry E;
      E.Stream = S;
      E.Length = uint32_t(L);
      E.Start = End - L;
      E.Rotation =
          leastRotation(llvm::ArrayRef<BlockId>(Streams[S]).slice(E.Start, L));
      E.Hash = hashOf(E);
      // (Streams[S] may have moved: entries refer to it by index.)
      ++Seen.insert(E).first->Count;
      ++Windows;
    }
  }
}

Subpath ExactCounter::canonical(const Entry &E) const {
  Subpath Out(E.Length);
  for (size_t I = 0; I < E.Length; ++I)
    Out[I] = at(E, I);
  return Out;
}

uint64_t ExactCounter::count(const Subpath &S) const {
  // Look the subpath up as the window of a stream of its own.
  if (S.size() < 2 || S.size() > MaxLength || (S.size() & (S.size() - 1)))
    return 0;
  Probe = S;
  Entry E;
  E.Stream = ProbeStream;
  E.Length = uint32_t(S.size());
  E.Rotation = leastRotation(S);
  E.Hash = hashOf(E);
  auto It = Seen.find(E);
  return It == Seen.end() ? 0 : It->Count;
}

bool ExactCounter::hotter(const Entry &A, const Entry &B) const {
  if (A.Count != B.Count)
    return A.Count > B.Count;
  if (A.Length != B.Length)
    return A.Length < B.Length;
  for (size_t I = 0; I < A.Length; ++I)
    if (at(A, I) != at(B, I))
      return at(A, I) < at(B, I);
  return false;
}

std::vector<CountedSubpath> ExactCounter::top(size_t Limit,
                                              uint64_t MinCount) const {
  // Order references, materialize only what is asked for: a long trace has
  // millions of distinct (mostly long and cold) subpaths.
  std::vector<const Entry *> Order;
  Order.reserve(Seen.size());
  for (const Entry &E : Seen)
    Order.push_back(&E);
  auto Hotter = [&](const Entry *A, const Entry *B) { return hotter(*A, *B); };
  size_t Want = Limit;
  if (MinCount != ~0ull)
    Want = std::max<size_t>(
        Want, std::count_if(Order.begin(), Order.end(), [&](const Entry *E) {
          return E->Count >= MinCount;
        }));
  Want = std::min(Want, Order.size());
  std::partial_sort(Order.begin(), Order.begin() + Want, Order.end(), Hotter);
  std::vector<CountedSubpath> Out;
  Out.reserve(Want);
  for (size_t I = 0; I < Want; ++I) {
    const Entry &E = *Order[I];
    CountedSubpath C;
    C.Blocks = canonical(E);
    C.Shown.assign(Streams[E.Stream].begin() + E.Start,
                   Streams[E.Stream].begin() + E.Start + E.Length);
    C.Count = E.Count;
    Out.push_back(std::move(C));
  }
  return Out;
}

} // namespace p3
