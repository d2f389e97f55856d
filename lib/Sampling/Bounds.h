//===- Bounds.h - Accuracy of an estimate from a sample count ------------===//
//
// A subpath that ran N times is sampled x ~ Binomial(N, p) times (p: the
// probability that one of its windows is sampled), so x has mean mu = N p.
// The Chernoff bounds of the thesis (section 2.3.6, after Gibbons and Matias)
// bound its relative deviation with confidence 1 - delta:
//   two-sided  Pr(|x - mu| >= eps mu) <= exp(-eps^2 mu / 6)
//   one-sided  Pr(x <= (1 - eps) mu)  <= exp(-eps^2 mu / 2)
// so eps = sqrt(6 ln(1/delta) / mu) or sqrt(2 ln(1/delta) / mu), with mu
// estimated by the observed count. The one-sided bound is what the report
// shows: a subpath reported hot is, with that confidence, not much colder
// than its estimate says.
//
//===----------------------------------------------------------------------===//

#ifndef P3_SAMPLING_BOUNDS_H
#define P3_SAMPLING_BOUNDS_H

namespace p3 {

/// Relative error bound eps of an estimate built on \p SampleCount samples,
/// one-sided, at \p Confidence (0 < Confidence < 1). Infinite for no samples.
double chernoffOneSided(double SampleCount, double Confidence = 0.95);

/// The thesis's two-sided bound at the same confidence.
double chernoffTwoSided(double SampleCount, double Confidence = 0.95);

} // namespace p3

#endif
