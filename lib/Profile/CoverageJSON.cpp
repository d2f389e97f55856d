//===- CoverageJSON.cpp - A function's coverage in the report's JSON ------===//

#include "Profile/CoverageJSON.h"
#include "Profile/LineCoverage.h"
#include "Profile/PathCoverage.h"
#include "Profile/U64JSON.h"

using namespace llvm;

namespace p3 {

json::Object coverageJSON(const ManifestFunction &MF, const FunctionGraph &G,
                          const PathCounts &Counts, const SourceFile *Src) {
  EdgeFlow Flow = deriveEdgeFlow(MF.Graph, G, Counts);
  FunctionLines FL = deriveLines(MF, G, Flow);
  PathTotals Totals = pathTotals(MF, G, Counts, Src);

  // [line, count] or [line, count, why-inexact], as the lcov export: lines
  // the markers exclude are left out.
  json::Array Lines;
  uint64_t LinesHit = 0;
  for (const LineCount &L : FL.Lines) {
    if (Src && Src->lineExcluded(L.Line))
      continue;
    json::Array Row{L.Line, u64ToJSON(L.Count)};
    if (L.Inexact)
      Row.push_back(L.inexactReason(FL.Approximate));
    Lines.push_back(std::move(Row));
    LinesHit += L.Count > 0;
  }
  // [line, way, count]; count null when the branch itself never ran (lcov's
  // "-").
  json::Array Branches;
  uint64_t BranchesHit = 0;
  for (const BranchWay &B : FL.Branches) {
    if (Src && Src->branchExcluded(B.Line))
      continue;
    bool Ran = Flow.Block[B.Block] > 0;
    json::Value Count = Ran ? u64ToJSON(B.Count) : json::Value(nullptr);
    json::Array Row{B.Line, B.Way, std::move(Count)};
    if (*B.Outcome)
      Row.push_back(B.Outcome);
    Branches.push_back(std::move(Row));
    BranchesHit += B.Count > 0;
  }
  size_t LinesFound = Lines.size(), BranchesFound = Branches.size();
  return json::Object{{"calls", u64ToJSON(FL.Calls)},
                      {"paths_covered", u64ToJSON(Totals.Covered)},
                      {"paths_total", u64ToJSON(Totals.Total)},
                      {"paths_excluded", Totals.Excluding},
                      {"lines", uint64_t(LinesFound)},
                      {"lines_hit", LinesHit},
                      {"branches", uint64_t(BranchesFound)},
                      {"branches_hit", BranchesHit},
                      {"line_counts", std::move(Lines)},
                      {"branch_counts", std::move(Branches)}};
}

} // namespace p3
