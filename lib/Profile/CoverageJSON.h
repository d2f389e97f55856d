//===- CoverageJSON.h - A function's coverage in the report's JSON --------===//
//
// What p3-report --json adds to each function besides its path counts: the
// path coverage ("paths covered k of N", markers honoured), and the line and
// branch counts derived from the paths, as the lcov export writes them
// (docs/profile-format.md, "The report's JSON").
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_COVERAGEJSON_H
#define P3_PROFILE_COVERAGEJSON_H

#include "Profile/Manifest.h"
#include "Profile/MergedProfile.h"
#include "Profile/ProgramGraphs.h"
#include "Profile/SourceFiles.h"

#include "llvm/Support/JSON.h"

namespace p3 {

/// {"calls", "paths_covered", "paths_total", "paths_excluded", "lines",
/// "lines_hit", "branches", "branches_hit", "line_counts", "branch_counts"}
/// of one instrumented function. \p Src (may be null) supplies the
/// LCOV_EXCL markers.
llvm::json::Object coverageJSON(const ManifestFunction &MF,
                                const FunctionGraph &G,
                                const PathCounts &Counts,
                                const SourceFile *Src);

} // namespace p3

#endif
