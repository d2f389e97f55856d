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

std::vector<double> estimatedInvocations(const Manifest &M,
                                         ArrayRef<FunctionGraph> Graphs,
                                         ArrayRef<unsigned> FunctionOf) {
  std::vector<unsigned> GraphOf(M.Functions.size(), NoGraph);
  for (unsigned G = 0; G < FunctionOf.size(); ++G)
    GraphOf[FunctionOf[G]] = G;
  std::vector<std::vector<BlockCall>> Calls(Graphs.size());
  std::vector<bool> Root(Graphs.size(), false);
  for (unsigned G = 0; G < FunctionOf.size(); ++G) {
    const ManifestFunction &MF = M.Functions[FunctionOf[G]];
    Root[G] = MF.CallSites == UnknownCallSites;
    for (const BlockCall &C : MF.Calls)
      if (C.Callee < GraphOf.size() && GraphOf[C.Callee] != NoGraph)
        Calls[G].push_back({C.Block, GraphOf[C.Callee]});
  }
  return staticInvocations(Graphs, Calls, Root);
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
