//===- SimulatedProgram.h - Manifests and runs without a compiler --------===//
//
// Builds what p3-rewrite would write (a manifest from random CFGs and
// planProgram) and what the instrumented copies would write when run (raw
// profiles from random path frequencies), so that the report side can be
// tested end to end against the SBL profile it must reproduce.
//
// The raw-profile writer here follows the runtime's rules directly: for each
// executed path whose last edge the copy's instance counts, the recorded id
// is the sum of the instance's increments along the path; equal ids are
// summed. It shares no code with the decoder.
//
//===----------------------------------------------------------------------===//

#ifndef P3_TEST_SIMULATEDPROGRAM_H
#define P3_TEST_SIMULATEDPROGRAM_H

#include "Profile/Manifest.h"

#include "Graph/Merge.h"

#include <random>

namespace p3::test {

struct SimulatedProgram {
  Manifest M;
  std::vector<FunctionGraph> Graphs; ///< Per instrumented function.
  std::vector<unsigned> FunctionOf;  ///< Graph index -> manifest index.
  /// The truth: per graph, SBL id -> count (nonzero only).
  std::vector<PathCounts> Truth;
};

/// A program of \p NumFunctions random functions (plus one skipped function)
/// planned with \p Options.
SimulatedProgram makeProgram(std::mt19937_64 &Rng, unsigned NumFunctions,
                             const StrategyOptions &Options);

/// Draws random path frequencies into Truth (some functions never run).
void runProgram(std::mt19937_64 &Rng, SimulatedProgram &P);

/// The raw-profile text copy \p Copy would write, split over \p Processes
/// sections (processes), with "probes" lines when \p WithProbes.
std::string rawProfileOf(const SimulatedProgram &P, unsigned Copy,
                         unsigned Processes, bool WithProbes,
                         std::mt19937_64 &Rng);

/// Probe hits of copy \p Copy counted path by path, as the probe-counting
/// runtime would.
uint64_t directProbeCount(const SimulatedProgram &P, unsigned Copy);

} // namespace p3::test

#endif
