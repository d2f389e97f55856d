//===- Strategy.h - SBL, PBL and P3: which copy profiles which paths -----===//
//
//  - SBL: every function is Ball-Larus instrumented, in every copy (with K > 1
//    the copies are identical: each profiles everything).
//  - PBL: every function is one task, costed by its Ball-Larus probes; tasks
//    are distributed over the K copies (LPT); a function is instrumented
//    (Ball-Larus) in the copy of its task only.
//  - auto: the cost-aware planner (Graph/Planner.h): every function placed
//    whole or split (Graph/PlacementOptions.h) so as to minimise the slowest
//    copy's cost under the functions' frequencies (Graph/Frequencies.h:
//    a training profile's, or static estimates), by the overhead model's
//    count of the probes that run (Graph/CostModel.h). Chord placement uses
//    the same frequencies. Not in the paper.
//  - P3: functions with at most MaxCallSitesToSplit call sites are split by
//    findPartition (P3Ends: partitionByEnds); each share is a task costed by
//    its PSPP probes. Other
//    functions are one Ball-Larus task. Tasks are distributed (LPT); in each
//    copy a function profiles the union of its tasks' edges there: all edges
//    gives Ball-Larus, some gives PSPP, none leaves it uninstrumented.
// A function split into more than one task is "profitable".
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_STRATEGY_H
#define P3_GRAPH_STRATEGY_H

#include "Graph/Frequencies.h"
#include "Graph/Instance.h"
#include "Graph/PlacementOptions.h"

#include "llvm/ADT/StringRef.h"

namespace p3 {

enum class StrategyKind : uint8_t {
  SBL,
  PBL,
  P3,
  /// P3 with the loop-aware partition (partitionByEnds, Graph/Partition.h)
  /// instead of the paper's find_partition. Not in the paper.
  P3Ends,
  /// Cost-aware planning (Graph/Planner.h). Not in the paper.
  Auto,
};

llvm::StringRef strategyName(StrategyKind S);
std::optional<StrategyKind> parseStrategy(llvm::StringRef Name);

struct StrategyOptions {
  StrategyKind Kind = StrategyKind::P3;
  unsigned K = 4;
  /// Split only functions with at most this many call sites (paper: 1).
  unsigned MaxCallSitesToSplit = 1;
  /// Maximum shares per split function; 0 means the paper's
  /// max(outdeg(ENTRY), K).
  unsigned Delta = 0;
  /// auto with no measured function (no training profile, or one that
  /// matched nothing): plan on the static estimates anyway. Off by default,
  /// when auto keeps pbl's plan instead (AutoStrategy.h says why). Not part
  /// of the manifest: p3-report --simulate --plan-static-estimates sets it.
  bool PlanOnStaticEstimates = false;
};

struct Task {
  unsigned Function = 0;
  std::vector<bool> Edges; ///< One flag per DAG edge of the function.
  uint64_t Cost = 0;       ///< Static probes of the task alone.
  unsigned Copy = 0;
};

/// What the auto strategy chose and expects, in the cost model's unit (probes
/// run, under the frequencies it planned with).
struct PlanEstimate {
  struct Choice {
    SplitKind Kind = SplitKind::Whole;
    unsigned Delta = 0, Shares = 1, Groups = 1;
    double Cost = 0;      ///< Sum over the function's groups.
    double WholeCost = 0; ///< The function whole.
  };
  std::vector<Choice> Functions;
  std::vector<double> Load; ///< Per copy.
  double LowerBound = 0;    ///< No plan of these options does better.
  double LPTMax = 0;        ///< LPT of whole functions on the same costs.
  unsigned Moves = 0;       ///< Improving moves after LPT.
  /// The hedge (Graph/Hedge.h; trained plans only): groups moved, and the
  /// slowest copy under the hedge scenario before and after the moves.
  unsigned HedgeMoves = 0;
  double HedgedMaxBefore = 0, HedgedMax = 0;
  /// No function was measured, so auto kept pbl's plan (the loads above are
  /// that plan's under the static estimates).
  bool KeptPBLPlan = false;

  double maxLoad() const;
};

struct ProgramPlan {
  StrategyOptions Options;
  std::vector<Task> Tasks;                     ///< SBL has none.
  std::vector<std::vector<unsigned>> TasksOf;  ///< Per function.
  std::vector<std::vector<Instance>> Instances; ///< [function][copy]
  std::vector<uint64_t> Load;                  ///< Static probes per copy.
  std::optional<PlanEstimate> Estimate;        ///< auto only.

  bool isProfitable(unsigned F) const { return TasksOf[F].size() > 1; }
};

/// Plans the copies for \p Functions. Fails if an instance cannot be placed
/// (see makeInstance); callers check Ball-Larus placement per function first.
/// \p Frequencies (auto only; one per function, or empty for static
/// estimates everywhere) say how often each function's paths run.
llvm::Expected<ProgramPlan>
planProgram(llvm::ArrayRef<FunctionGraph> Functions,
            const StrategyOptions &Options,
            llvm::ArrayRef<FunctionFrequency> Frequencies = {});

} // namespace p3

#endif
