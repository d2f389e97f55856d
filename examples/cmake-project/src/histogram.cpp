#include "wordstats/histogram.h"
#include "wordstats_config.h"

#include <algorithm>

namespace wordstats {

template <typename Key>
std::vector<std::pair<Key, unsigned>> Histogram<Key>::top(std::size_t N) const {
  std::vector<std::pair<Key, unsigned>> All(Counts.begin(), Counts.end());
  std::sort(All.begin(), All.end(), [](const auto &A, const auto &B) {
    if (A.second != B.second)
      return A.second > B.second;
    return A.first < B.first;
  });
  if (All.size() > N)
    All.resize(N);
  return All;
}

template class Histogram<std::string>;

void LengthHistogram::add(std::size_t Length) {
  std::size_t L = static_cast<std::size_t>(wordstats_clamp(static_cast<int>(Length)));
  if (Buckets.size() <= L)
    Buckets.resize(L + 1, 0);
  ++Buckets[L];
  Longest = std::max(Longest, Length);
  Sum += Length;
  ++N;
}

unsigned LengthHistogram::at(std::size_t Length) const {
  return Length < Buckets.size() ? Buckets[Length] : 0;
}

double LengthHistogram::mean() const { return N ? double(Sum) / N : 0.0; }

} // namespace wordstats
