//===- PathCoverage.h - "Paths covered k of N", gcov-style path listings --===//
//
// The path-coverage metric of a function is "paths covered k of N": N
// Ball-Larus paths of its DAG (a loop body's paths count once however often
// the loop turns: a path ends on a back edge), k of them executed. Lines that
// lcov's markers exclude leave the totals too: a path that branches into
// excluded code (takes an edge from a branch to a block whose lines are all
// excluded) is counted neither in k nor in N.
//
// Paths are printed as gcov prints paths, by their lines, each branch's line
// with the way taken: "lines 8 8(false) 11(true) 13 17"; a switch's way names
// the line it jumps to ("12(→15)"); "…" marks a path that begins or ends on a
// loop's back edge.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_PATHCOVERAGE_H
#define P3_PROFILE_PATHCOVERAGE_H

#include "Profile/Manifest.h"
#include "Profile/MergedProfile.h"
#include "Profile/ProgramGraphs.h"
#include "Profile/SourceFiles.h"

#include "llvm/Support/raw_ostream.h"

namespace p3 {

struct PathTotals {
  uint64_t Covered = 0; ///< k: executed paths not excluded.
  uint64_t Total = 0;   ///< N: paths not excluded (saturates at 2^64-1).
  bool Excluding = false; ///< Some paths were left out by markers.
};

/// Per DAG edge, whether it branches into excluded code (\p Src may be null:
/// nothing is excluded).
std::vector<bool> excludedEdges(const ManifestFunction &MF,
                                const FunctionGraph &G, const SourceFile *Src);

PathTotals pathTotals(const ManifestFunction &MF, const FunctionGraph &G,
                      const PathCounts &Counts, const SourceFile *Src);

/// "lines 8 8(false) 11(true) 13 17" for the path with SBL id \p SBLId.
std::string gcovPathLines(const ManifestFunction &MF, const FunctionGraph &G,
                          uint64_t SBLId);

enum class PathSelection { Covered, Uncovered, Both };
std::optional<PathSelection> parsePathSelection(llvm::StringRef S);

struct PathListingOptions {
  PathSelection Select = PathSelection::Both;
  /// Function names or ids to list (all instrumented functions if empty).
  std::vector<std::string> Functions;
  /// Paths listed per function and kind (covered, uncovered).
  unsigned Max = 50;
};

/// Per function (source order): "NAME (FILE:LINE): paths covered k of N",
/// then the selected paths, covered ones hottest first, uncovered ones by id.
/// Fails on a function name that is not in the manifest.
llvm::Error writePathListing(llvm::raw_ostream &OS, const Manifest &M,
                             const ProgramGraphs &G, const MergedProfile &P,
                             SourceFiles &Sources,
                             const PathListingOptions &O);

/// The instrumented functions named \p NameOrId (a name may name several, an
/// id one), or an error listing near matches.
llvm::Expected<std::vector<unsigned>>
findFunctions(const Manifest &M, llvm::StringRef NameOrId);

} // namespace p3

#endif
