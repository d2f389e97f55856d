#include "report.h"

#include <cstdio>

namespace wordstats {

void printReport(const Stats &S, std::size_t TopN) {
  std::printf("lines %lu, words %lu (%zu distinct), numbers %lu, punctuation %lu\n",
              S.Lines, S.Words.total(), S.Words.distinct(), S.Numbers,
              S.Punct);
  if (S.Words.total() == 0) {
    std::printf("no words\n");
    return;
  }
  std::printf("mean word length %.2f, longest %zu\n", S.Lengths.mean(),
              S.Lengths.longest());
  for (const auto &[Word, Count] : S.Words.top(TopN))
    std::printf("%6u  %s\n", Count, Word.c_str());
  for (std::size_t L = 1; L <= S.Lengths.longest() && L < 16; ++L) {
    unsigned N = S.Lengths.at(L);
    if (N == 0)
      continue;
    std::printf("len %2zu %5u ", L, N);
    for (unsigned I = 0; I < N && I < 40; I += 2)
      std::putchar('#');
    std::putchar('\n');
  }
}

} // namespace wordstats
