#pragma once
#include "wordstats/histogram.h"

#include <string>

namespace wordstats {

struct Stats {
  Histogram<std::string> Words;
  LengthHistogram Lengths;
  unsigned long Lines = 0, Numbers = 0, Punct = 0;
};

void printReport(const Stats &S, std::size_t TopN);

} // namespace wordstats
