//===- Overhead.h - Probe hits of the copies, modelled and simulated -----===//
//
// With the exact merged profile, the overhead model (Graph/OverheadModel.h)
// gives the probe hits of any labelling without running anything:
//  - for the manifest's own copies (--overhead), next to the hits a
//    probe-counting build measured, if the raw profiles carry them;
//  - for every strategy and K (--simulate): the paper's Figures 5-7.
// Ratios are to SBL: Ball-Larus everywhere, one copy.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_OVERHEAD_H
#define P3_PROFILE_OVERHEAD_H

#include "Profile/MergedProfile.h"
#include "Profile/RunRecords.h"

#include <optional>

namespace p3 {

/// Each function's merged counts, indexed like ProgramGraphs::Graphs.
std::vector<PathCounts> profileByGraph(const ProgramGraphs &G,
                                       const MergedProfile &P);

/// A function whose probes, measured by a probe-counting build, differ from
/// the model's in one copy.
struct FunctionProbeDisagreement {
  unsigned Function = 0; ///< Manifest index.
  unsigned Copy = 0;
  uint64_t Model = 0;
  uint64_t Measured = 0;
};

struct CopyOverhead {
  std::vector<uint64_t> ModelHits; ///< Per copy, the manifest's instances.
  /// Per copy, measured by a probe-counting build (summed over processes);
  /// empty when the raw profiles do not all carry probe counts.
  std::vector<uint64_t> MeasuredHits;
  std::vector<bool> Present; ///< Copies with a raw profile.
  /// Per copy, its processes that were forked children: each finished the
  /// paths in progress at its fork, whose earlier probes ran (and were
  /// counted) in the parent, so the copy measures fewer probes than the
  /// model's count of completed paths.
  std::vector<unsigned> ForkedProcesses;
  /// When the raw profiles break the measured probes down per function:
  /// every (function, present copy) where measurement and model differ,
  /// largest difference first.
  std::vector<FunctionProbeDisagreement> Disagreements;
  uint64_t SBLHits = 0;      ///< Ball-Larus everywhere, K = 1.
  /// Per copy, the record of its last run (wall-clock and CPU time), when
  /// DIR/run has one; empty when none has.
  std::vector<std::optional<CopyRecord>> Records;

  uint64_t maxModelHits() const;
  /// Whether every present copy's measurement equals the model.
  bool measuredAgrees() const;
};

llvm::Expected<CopyOverhead> computeOverhead(const Manifest &M,
                                             const ProgramGraphs &G,
                                             const MergedProfile &P,
                                             const ProfileSet &Set);

struct SimulationRow {
  StrategyKind Strategy = StrategyKind::SBL;
  unsigned K = 1;
  /// auto planned with the training profile (--train), not static estimates.
  bool Trained = false;
  /// Not a plan: auto's lower bound on this profile (planned with the profile
  /// itself, no plan of its options has a slowest copy below MaxHits).
  bool Bound = false;
  std::vector<uint64_t> Hits; ///< Per copy (empty for a bound).
  uint64_t MaxHits = 0;
  /// MaxHits / SBL hits (0 when SBL has no hits).
  double Ratio = 0;
};

/// The row's name in reports: the strategy's, "auto+train" for auto with
/// --train, "bound" for a bound.
std::string simulationLabel(const SimulationRow &R);

/// Plans every strategy for every K with the manifest's options otherwise,
/// and runs the model on the merged profile. Rows: strategies in the given
/// order, then K increasing. auto gives rows on static estimates, then, with
/// \p Training, rows planned with it (\p TrainingSummary says how it
/// matched), then its bound per K. Static estimates scale each function to
/// the invocations its call graph gives (ProgramGraphs.h), or to one with
/// \p InvokedOnce.
llvm::Expected<std::vector<SimulationRow>> simulateStrategies(
    const Manifest &M, const ProgramGraphs &G, const MergedProfile &P,
    llvm::ArrayRef<unsigned> Ks, llvm::ArrayRef<StrategyKind> Strategies,
    uint64_t &SBLHits, const ProfileFile *Training = nullptr,
    std::string *TrainingSummary = nullptr, bool InvokedOnce = false);

/// Hits of SBL (K = 1) on the merged profile.
llvm::Expected<uint64_t> sblHits(const ProgramGraphs &G,
                                 llvm::ArrayRef<PathCounts> Profile);

} // namespace p3

#endif
