#pragma once
#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace wordstats {

/// Counts of keys, with the most frequent first on demand.
template <typename Key> class Histogram {
public:
  void add(const Key &K, unsigned N = 1) {
    auto &C = Counts[K];
    if (C == 0)
      ++Distinct;
    C += N;
    Total += N;
  }
  unsigned count(const Key &K) const {
    auto It = Counts.find(K);
    return It == Counts.end() ? 0 : It->second;
  }
  std::size_t distinct() const { return Distinct; }
  unsigned long total() const { return Total; }
  /// The N most frequent keys; ties by key order.
  std::vector<std::pair<Key, unsigned>> top(std::size_t N) const;

private:
  std::unordered_map<Key, unsigned> Counts;
  std::size_t Distinct = 0;
  unsigned long Total = 0;
};

/// Length histogram: how many words of each length (longer ones clamp).
class LengthHistogram {
public:
  void add(std::size_t Length);
  unsigned at(std::size_t Length) const;
  std::size_t longest() const { return Longest; }
  double mean() const;

private:
  std::vector<unsigned> Buckets;
  std::size_t Longest = 0;
  unsigned long Sum = 0, N = 0;
};

extern template class Histogram<std::string>;

} // namespace wordstats
