//===- ProgramGraphs.cpp - The manifest's functions as graphs ------------===//

#include "Profile/ProgramGraphs.h"

using namespace llvm;

namespace p3 {

ProgramPlan ProgramGraphs::actualPlan(const Manifest &M) const {
  ProgramPlan Plan;
  Plan.Options = M.Strategy;
  Plan.TasksOf.resize(Graphs.size());
  for (unsigned F : FunctionOf)
    Plan.Instances.push_back(M.Functions[F].Instances);
  Plan.Load.assign(M.Strategy.K, 0);
  return Plan;
}

Expected<ProgramGraphs> buildProgramGraphs(const Manifest &M) {
  ProgramGraphs P;
  P.GraphOf.assign(M.Functions.size(), NoGraph);
  for (unsigned F = 0; F < M.Functions.size(); ++F) {
    const ManifestFunction &MF = M.Functions[F];
    if (!MF.Instrumented)
      continue;
    if (MF.Instances.size() != M.Strategy.K)
      return createStringError(
          inconvertibleErrorCode(),
          "function %u (%s): %zu instances, but the manifest has k = %u", F,
          MF.Id.c_str(), MF.Instances.size(), M.Strategy.K);
    Expected<FunctionGraph> G = MF.graph();
    if (!G)
      return createStringError(inconvertibleErrorCode(),
                               "function %u (%s): %s", F, MF.Id.c_str(),
                               toString(G.takeError()).c_str());
    P.GraphOf[F] = P.Graphs.size();
    P.FunctionOf.push_back(F);
    P.Graphs.push_back(std::move(*G));
  }
  return P;
}

} // namespace p3
