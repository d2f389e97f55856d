//===- Bounds.cpp - Accuracy of an estimate from a sample count ----------===//

#include "Sampling/Bounds.h"

#include <cmath>
#include <limits>

namespace p3 {

static double bound(double Factor, double SampleCount, double Confidence) {
  if (!(SampleCount > 0) || !(Confidence > 0 && Confidence < 1))
    return std::numeric_limits<double>::infinity();
  return std::sqrt(Factor * std::log(1 / (1 - Confidence)) / SampleCount);
}

double chernoffOneSided(double SampleCount, double Confidence) {
  return bound(2, SampleCount, Confidence);
}

double chernoffTwoSided(double SampleCount, double Confidence) {
  return bound(6, SampleCount, Confidence);
}

} // namespace p3
