//===- PlacementOptions.h - The ways the auto strategy may place a function -===//
//
// A function is placed whole in one copy, or split: its paths shared by a
// partition (the paper's find_partition, or partitionByEnds), the shares
// grouped into n <= K groups, each group one task in its own copy (the copy
// instruments the union of the group's shares). Delta, the number of shares
// asked of the partition, is a search range rather than a constant:
//  - paper: Delta in 2..K and the paper's max(outdeg(ENTRY), K) times 1, 2
//    and 4 (find_partition gives one share while Delta < outdeg(ENTRY));
//  - ends: Delta large enough for one share per back edge, and the paper's
//    default;
// all capped at MaxShares. Shares are grouped by LPT on their own costs into
// every n from 2 to min(K, shares) (above 8, powers of two and K only). Equal
// options are listed once. Every cost is the cost model's (Graph/CostModel.h)
// for the group's instance under the function's flow.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_PLACEMENTOPTIONS_H
#define P3_GRAPH_PLACEMENTOPTIONS_H

#include "Graph/Instance.h"

#include "llvm/ADT/StringRef.h"

namespace p3 {

enum class SplitKind : uint8_t { Whole, Paper, Ends };

llvm::StringRef splitKindName(SplitKind K);

/// Shares asked of a partition at most.
constexpr unsigned MaxShares = 64;

struct PlacementOption {
  SplitKind Kind = SplitKind::Whole;
  unsigned Delta = 0;  ///< Shares asked of the partition (0: whole).
  unsigned Shares = 1; ///< Shares it gave, before grouping.
  std::vector<std::vector<bool>> Groups; ///< Edge sets, one task each.
  std::vector<double> Cost;              ///< Per group.
};

/// What a function's options are costed with: the flow its probes are
/// weighed by, and whether it was measured. Only a measured flow also places
/// increments (makeInstance's flow): a static estimate ranks options, but on
/// real code it is too rough to move probes off the edges static weights
/// keep them off.
struct CostBasis {
  llvm::ArrayRef<double> Flow;
  bool Measured = false;

  llvm::ArrayRef<double> placementFlow() const {
    return Measured ? Flow : llvm::ArrayRef<double>();
  }
};

/// The instance auto builds for \p Edges, and its cost.
llvm::Expected<Instance> autoInstance(const FunctionGraph &F,
                                      const std::vector<bool> &Edges,
                                      const CostBasis &Basis);

/// The function whole: one Ball-Larus task. Fails like makeBallLarusInstance.
llvm::Expected<PlacementOption> wholeOption(const FunctionGraph &F,
                                            const CostBasis &Basis);

/// The splits of \p F into 2..K groups described above. A group whose
/// instance cannot be placed (makeInstance fails) drops its option.
std::vector<PlacementOption> splitOptions(const FunctionGraph &F,
                                          const CostBasis &Basis, unsigned K);

} // namespace p3

#endif
