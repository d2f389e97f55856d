//===- OverheadModel.cpp - Probe hits per copy ---------------------------===//

#include "Graph/OverheadModel.h"

#include "Graph/Regeneration.h"

namespace p3 {

llvm::Expected<std::vector<uint64_t>>
functionProbeHits(const FunctionGraph &G, llvm::ArrayRef<Instance> Copies,
                  const PathCounts &Profile) {
  std::vector<uint64_t> Hits(Copies.size(), 0);
  for (auto [SBLId, Count] : Profile) {
    std::optional<EdgePath> Path = regeneratePath(G.DAG, G.SBL.Val, SBLId);
    if (!Path)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "has no path with SBL id %llu",
                                     (unsigned long long)SBLId);
    for (unsigned C = 0; C < Copies.size(); ++C)
      Hits[C] += Count * probesOnPath(G.DAG, Copies[C], *Path);
  }
  return Hits;
}

llvm::Expected<std::vector<uint64_t>>
probeHits(llvm::ArrayRef<FunctionGraph> Functions, const ProgramPlan &Plan,
          llvm::ArrayRef<PathCounts> Profile) {
  std::vector<uint64_t> Hits(Plan.Options.K, 0);
  for (unsigned F = 0; F < Functions.size() && F < Profile.size(); ++F) {
    llvm::Expected<std::vector<uint64_t>> Of =
        functionProbeHits(Functions[F], Plan.Instances[F], Profile[F]);
    if (!Of)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "function %u %s", F,
                                     llvm::toString(Of.takeError()).c_str());
    for (unsigned C = 0; C < Hits.size() && C < Of->size(); ++C)
      Hits[C] += (*Of)[C];
  }
  return Hits;
}

} // namespace p3
