//===- ProgramGraphs.h - The manifest's functions as the graph library sees them
//
// Decoding, merging and the overhead model work on FunctionGraphs. Only
// instrumented functions have one; this keeps them in a dense vector (what
// planProgram and probeHits take) with the mapping to manifest indices.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_PROGRAMGRAPHS_H
#define P3_PROFILE_PROGRAMGRAPHS_H

#include "Profile/Manifest.h"

namespace p3 {

constexpr unsigned NoGraph = ~0u;

struct ProgramGraphs {
  std::vector<FunctionGraph> Graphs; ///< One per instrumented function.
  std::vector<unsigned> FunctionOf;  ///< Graph index -> manifest index.
  std::vector<unsigned> GraphOf;     ///< Manifest index -> graph or NoGraph.

  const FunctionGraph *graphOf(unsigned Function) const {
    return Function < GraphOf.size() && GraphOf[Function] != NoGraph
               ? &Graphs[GraphOf[Function]]
               : nullptr;
  }

  /// The plan the manifest's copies actually carry: its strategy options and
  /// its instances, indexed like Graphs. Tasks are left out (probeHits does
  /// not need them).
  ProgramPlan actualPlan(const Manifest &M) const;
};

/// Per graph (\p FunctionOf: graph -> manifest index), the invocations the
/// call graph of the manifest's calls gives it (Graph/CallFrequencies.h): a
/// function whose callers cannot all be seen (UnknownCallSites: its address
/// is taken) or that no instrumented function calls starts with one.
std::vector<double> estimatedInvocations(const Manifest &M,
                                         llvm::ArrayRef<FunctionGraph> Graphs,
                                         llvm::ArrayRef<unsigned> FunctionOf);

/// Rebuilds the graph of every instrumented function. Errors name the
/// function.
llvm::Expected<ProgramGraphs> buildProgramGraphs(const Manifest &M);

} // namespace p3

#endif
