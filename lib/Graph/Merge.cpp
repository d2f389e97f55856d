//===- Merge.cpp - Decode the copies' partial profiles -------------------===//

#include "Graph/Merge.h"
#include "Graph/PSPP.h"

#include <algorithm>

namespace p3 {

FunctionMerge mergeFunction(const FunctionGraph &F,
                            llvm::ArrayRef<Instance> Instances,
                            llvm::ArrayRef<PathCounts> Recorded,
                            const std::vector<bool> &Present) {
  FunctionMerge M;
  unsigned K = Instances.size();
  std::vector<PathCounts> Decoded(K);
  std::map<uint64_t, EdgePath> PathOf;
  for (unsigned C = 0; C < K; ++C) {
    for (auto [Id, Count] : Recorded[C]) {
      const Instance &I = Instances[C];
      std::optional<EdgePath> Path = decodeRecordedId(F.DAG, I, Id);
      if (!Path) {
        if (I.Kind == InstanceKind::PSPP)
          M.Dropped += Count;
        else
          M.BadIds.push_back({C, Id});
        continue;
      }
      uint64_t SBLId = pathSum(F.SBL.Val, *Path);
      Decoded[C][SBLId] += Count;
      PathOf.emplace(SBLId, std::move(*Path));
    }
  }

  for (auto &[SBLId, Path] : PathOf) {
    CopyDisagreement Seen{SBLId, {}};
    for (unsigned C = 0; C < K; ++C) {
      if (!Present[C] || !Instances[C].isInstrumented() ||
          !isInterestingPath(Instances[C].Interesting, Path))
        continue;
      auto It = Decoded[C].find(SBLId);
      Seen.CountByCopy.push_back({C, It == Decoded[C].end() ? 0 : It->second});
    }
    uint64_t Max = 0;
    bool Agree = true;
    for (auto [C, Count] : Seen.CountByCopy) {
      Agree &= Count == Seen.CountByCopy.front().second;
      Max = std::max(Max, Count);
    }
    M.Counts[SBLId] = Max;
    if (!Agree)
      M.Disagreements.push_back(std::move(Seen));
  }
  return M;
}

} // namespace p3
