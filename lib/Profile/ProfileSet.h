//===- ProfileSet.h - Raw profiles loaded and checked against a manifest --===//
//
// Every record of every raw profile is checked before anything is merged: the
// manifest hash, the copy, the function (it must be instrumented in that
// copy) and, for a Ball-Larus instance, that the id names a path. A PSPP id
// that does not decode is not an error: it was produced by a path that
// another copy profiles (design 4.4); the merge counts it as dropped, and so
// are the runtime's "dropped" lines (ids at or above the instance's number
// of ids, which the runtime counts together).
// Processes of the same copy are summed.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_PROFILESET_H
#define P3_PROFILE_PROFILESET_H

#include "Profile/Diagnostics.h"
#include "Profile/ProgramGraphs.h"

#include "Graph/Merge.h"

namespace p3 {

struct LoadOptions {
  /// Skip sections written for another manifest (with a warning) instead of
  /// failing.
  bool IgnoreForeign = false;
  /// At most this many bad records are reported per file.
  unsigned MaxProblemsPerFile = 10;
};

struct ProfileSet {
  unsigned K = 0;
  std::vector<std::string> Files;  ///< The files that contributed.
  std::vector<unsigned> Processes; ///< Sections per copy.
  /// [manifest function index][copy]: recorded id -> count, all processes.
  std::vector<std::vector<PathCounts>> Counts;
  /// Per copy: measured probe hits summed over the sections that carry a
  /// "probes" line (probe-counting builds), and how many sections did.
  std::vector<uint64_t> ProbeHits;
  std::vector<unsigned> ProbeSections;
  /// [manifest function index][copy]: the measured probe hits per function
  /// ("function-probes" lines), and per copy how many of its sections
  /// carried them (older runtimes write only the total).
  std::vector<std::vector<uint64_t>> FunctionProbeHits;
  std::vector<unsigned> FunctionProbeSections;
  /// Per copy: sections written by forked children ("forked" lines).
  std::vector<unsigned> ForkedProcesses;
  /// [manifest function index][copy]: executions the runtime could not
  /// record ("lost" lines: no memory for its hash table).
  std::vector<std::vector<uint64_t>> Lost;
  /// [manifest function index][copy]: executions with ids at or above the
  /// instance's number of ids ("dropped" lines; PSPP instances only).
  std::vector<std::vector<uint64_t>> Dropped;

  /// Per copy: it instruments no function (PBL or P3 with fewer tasks than
  /// copies), so it writes no raw profile and misses nothing.
  std::vector<bool> Idle;

  /// Per copy: why its task failed in a run whose raw profiles are here
  /// (DIR/profiles/failed-copies.json), "" if it did not. Such a copy is
  /// missing even if older raw profiles of its exist.
  std::vector<std::string> FailedReason;

  bool failed(unsigned Copy) const {
    return Copy < FailedReason.size() && !FailedReason[Copy].empty();
  }
  bool present(unsigned Copy) const {
    return (Processes[Copy] > 0 && !failed(Copy)) || Idle[Copy];
  }
  std::vector<bool> presentCopies() const;
  /// Whether every section of every present copy reported its probes.
  bool hasMeasuredProbes() const;
  /// Whether, in addition, every such section broke them down per function.
  bool hasMeasuredFunctionProbes() const;
};

/// The raw profiles under \p Dir (recursively: every "*.raw"), sorted.
std::vector<std::string> findRawProfiles(llvm::StringRef Dir);

/// Loads and checks \p Files. Problems go to \p Diags (errors make the set
/// unusable: the caller must not write a profile).
ProfileSet loadProfiles(const Manifest &M, const ProgramGraphs &G,
                        llvm::ArrayRef<std::string> Files,
                        const LoadOptions &Options, Diagnostics &Diags);

} // namespace p3

#endif
