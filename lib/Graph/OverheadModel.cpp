//===- OverheadModel.cpp - Probe hits per copy ---------------------------===//

#include "Graph/OverheadModel.h"

namespace p3 {

llvm::Expected<std::vector<uint64_t>> probeHits(llvm::ArrayRef<FunctionGraph> Functions,
                                const ProgramPlan &Plan,
                                llvm::ArrayRef<PathCounts> Profile) {
  std::vector<uint64_t> Hits(Plan.Options.K, 0);
  for (unsigned F = 0; F < Functions.size() && F < Profile.size(); ++F) {
    const FunctionGraph &G = Functions[F];
    for (auto [SBLId, Count] : Profile[F]) {
      std::optional<EdgePath> Path = regeneratePath(G.DAG, G.SBL.Val, SBLId);
      if (!Path)
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            "function %u has no path with SBL id %llu", F,
            (unsigned long long)SBLId);
      for (unsigned C = 0; C < Plan.Options.K; ++C)
        Hits[C] += Count * probesOnPath(G.DAG, Plan.Instances[F][C], *Path);
    }
  }
  return Hits;
}

} // namespace p3
