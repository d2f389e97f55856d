//===- TextReport.h - The human-readable path profile report -------------===//
//
// What a performance engineer reads first: the hottest paths as source lines,
// coverage per function, and everything that makes the profile less than
// exact (missing copies, nondeterminism). docs/reading-reports.md explains
// each section.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_TEXTREPORT_H
#define P3_PROFILE_TEXTREPORT_H

#include "Profile/MergedProfile.h"
#include "Profile/Overhead.h"

#include "llvm/Support/raw_ostream.h"

namespace p3 {

struct TextReportOptions {
  unsigned Top = 10;           ///< Hottest paths overall.
  unsigned TopPerFunction = 3; ///< Hottest paths shown per function.
  unsigned MaxDisagreements = 20;
  std::string Dir; ///< Shown in the title.
  /// The report is of this profile.json (--profile), not of raw profiles.
  std::string ProfileSource;
  unsigned Runs = 1; ///< Runs merged into it.
};

/// A path of one function, for ranking.
struct RankedPath {
  unsigned Function = 0; ///< Manifest index.
  uint64_t SBLId = 0;
  uint64_t Count = 0;
};

/// All executed paths, hottest first (ties: function index, then SBL id).
std::vector<RankedPath> rankPaths(const MergedProfile &P);

/// Percentage of \p Total, for display.
double share(uint64_t Count, long double Total);

void writeTextReport(llvm::raw_ostream &OS, const Manifest &M,
                     const ProgramGraphs &G, const ProfileSet &Set,
                     const MergedProfile &P, const TextReportOptions &O);

/// The model's probe hits per copy, next to the measured ones (and the
/// functions where they differ) when the copies counted their probes.
void writeOverheadReport(llvm::raw_ostream &OS, const Manifest &M,
                         const CopyOverhead &O);

void writeSimulationReport(llvm::raw_ostream &OS,
                           llvm::ArrayRef<SimulationRow> Rows,
                           uint64_t SBLHits);

/// The first \p Max differences and the total.
void writeDifferences(llvm::raw_ostream &OS,
                      llvm::ArrayRef<ProfileDifference> Diffs,
                      llvm::StringRef Other, unsigned Max = 20);

} // namespace p3

#endif
