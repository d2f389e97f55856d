//===- Estimates.h - Hot lists turned into estimated subpath counts -------===//
//
// A subpath of length L sampled c times in a hot list whose final period is
// 2^k ran about c * 2^k / q(L) times (q: Lengths.h), with the one-sided
// Chernoff bound of Bounds.h. Hot lists of several processes (a forked
// child, a program run twice) are summed: each sample of a list stands for
// w = 2^k / q(L) windows, the estimate is the sum of c w over the lists, and
// the bound treats the samples as independent Poisson counts:
//   eps = sqrt(2 ln(1/delta) sum c w^2) / sum c w,
// which is the single-list bound when there is one list (or all w agree).
//
//===----------------------------------------------------------------------===//

#ifndef P3_SAMPLING_ESTIMATES_H
#define P3_SAMPLING_ESTIMATES_H

#include "Sampling/ExactCounter.h"
#include "Sampling/HotListFile.h"

#include <optional>

namespace p3 {

struct EstimatedSubpath {
  Subpath Blocks;       ///< Canonical: the identity.
  Subpath Shown;        ///< As it ran (when first sampled, or first counted).
  uint64_t Samples = 0; ///< Sample count (the exact count for exact runs).
  double Estimate = 0;  ///< Estimated executions.
  double Bound = 0;     ///< Relative error bound (0: exact).

  /// The estimate less its bound (at least 0): how often the subpath surely
  /// ran, up to the bound's confidence.
  double atLeast() const {
    return Estimate * (1 - Bound) > 0 ? Estimate * (1 - Bound) : 0;
  }
};

/// How "hottest" is decided.
enum class RankBy : uint8_t {
  /// The estimate less its bound (default): a subpath sampled once or twice,
  /// whose estimate is large only because its length is rarely sampled,
  /// does not push well-sampled hot subpaths out of the top.
  AtLeast,
  /// The estimate, as in the thesis's tables.
  Estimate,
};

struct EstimateSummary {
  unsigned Lists = 0;     ///< Hot lists (processes) merged.
  uint64_t Blocks = 0;    ///< Blocks the processes ran.
  uint64_t Windows = 0;   ///< Windows completed (sampled or not).
  uint64_t Samples = 0;   ///< Samples left in the hot lists.
  uint64_t Dropped = 0;   ///< Windows larger than a whole hot list.
  double Confidence = 0.95;
};

struct Estimates {
  EstimateSummary Summary;
  /// Hottest first: by estimate, then shorter, then by blocks.
  std::vector<EstimatedSubpath> Subpaths;
};

/// Merges \p Dumps (sample mode; skip-mode dumps contribute blocks only).
Estimates estimateSubpaths(llvm::ArrayRef<HotListDump> Dumps,
                           double Confidence = 0.95);

/// The exact counts as estimates with bound 0 (for reports of traces): the
/// first \p Limit, and all that ran at least \p MinCount times.
Estimates exactEstimates(const ExactCounter &Counter, size_t Limit,
                         uint64_t MinCount = ~0ull);

/// The hottest \p K of \p E by \p Rank, or, when \p Threshold is set, all
/// whose rank key is at least \p Threshold, hottest first.
std::vector<EstimatedSubpath> selectHottest(const Estimates &E, size_t K,
                                            std::optional<double> Threshold,
                                            RankBy Rank = RankBy::AtLeast);

} // namespace p3

#endif
