//===- MergedProfile.h - The whole-program path profile and profile.json --===//
//
// The copies' counts, decoded with each copy's instance and merged
// (Graph/Merge.h), keyed by SBL id. docs/profile-format.md documents
// profile.json.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_MERGEDPROFILE_H
#define P3_PROFILE_MERGEDPROFILE_H

#include "Profile/Diagnostics.h"
#include "Profile/ProfileSet.h"

#include <map>

namespace p3 {

struct MergedFunction {
  unsigned Index = 0; ///< Manifest function index.
  PathCounts Counts;  ///< SBL id -> count; executed paths only.
  /// Executions recorded under ids that belong to paths profiled by another
  /// copy (PSPP), summed over copies.
  uint64_t Dropped = 0;
  /// Executions the runtime could not record, summed over copies: when
  /// nonzero, Counts are too low.
  uint64_t Lost = 0;
  std::vector<CopyDisagreement> Disagreements;
};

struct MergedProfile {
  std::string ManifestHash;
  std::vector<unsigned> CopiesPresent;
  /// One per instrumented function, in manifest order.
  std::vector<MergedFunction> Functions;

  /// Sum of all counts (may exceed 64 bits, hence long double).
  long double totalExecutions() const;
  uint64_t totalDropped() const;
};

/// Decodes and merges. A Ball-Larus id that does not decode, or a count for a
/// function not instrumented in that copy, is an error (loadProfiles catches
/// them first, with the file name). Disagreements are kept, not reported.
MergedProfile mergeProfiles(const Manifest &M, const ProgramGraphs &G,
                            const ProfileSet &Set, Diagnostics &Diags);

/// Source line spans of the blocks along the path with SBL id \p SBLId, in
/// path order, blocks without lines left out and consecutive repeats merged.
std::vector<BlockSpan> pathLines(const ManifestFunction &MF,
                                 const FunctionGraph &G, uint64_t SBLId);

/// Whether the path starts after a back edge or cut (rather than at function
/// entry), and whether it ends on one (rather than at a return).
struct PathEnds {
  bool StartsInLoop = false;
  bool EndsInLoop = false;
  /// It ends on a cut edge: a call in its last block did not return
  /// (exit, longjmp).
  bool Cut = false;
};
PathEnds pathEnds(const FunctionGraph &G, uint64_t SBLId);

/// "src/a.c:12-14 → 17 → 20-21"; "…" marks a path that starts or ends on a
/// back edge, " ✂ cut" one cut short (a call in its last block did not
/// return).
std::string formatPath(const ManifestFunction &MF, const FunctionGraph &G,
                       uint64_t SBLId);

/// profile.json text.
std::string profileToJSON(const Manifest &M, const ProgramGraphs &G,
                          const MergedProfile &P);

/// A profile as read back from profile.json, keyed by function id (stable
/// across rewrites, so that a P3 profile can be checked against an SBL one).
struct ProfileFile {
  std::string ManifestHash;
  std::vector<unsigned> CopiesPresent;
  /// The runs of a profile merged from several (p3-report --merge); empty
  /// for the profile of one run.
  struct Run {
    std::string Name;
    std::string Source; ///< The file it came from.
    std::vector<unsigned> CopiesPresent;
  };
  std::vector<Run> Runs;
  struct Function {
    std::string Id;
    std::string Name;
    std::string CFGHash; ///< Empty in profiles written before p3 had it.
    PathCounts Paths;
    /// Per path, each run's count (run index, count): only with Runs.
    std::map<uint64_t, std::vector<std::pair<unsigned, uint64_t>>> ByRun;
    uint64_t Lost = 0;
  };
  std::map<std::string, Function> Functions;
};

llvm::Expected<ProfileFile> parseProfileJSON(llvm::StringRef Text);
llvm::Expected<ProfileFile> readProfileFile(llvm::StringRef Path);
ProfileFile toProfileFile(const Manifest &M, const MergedProfile &P);

struct ProfileDifference {
  std::string Function; ///< Id.
  uint64_t SBLId = 0;
  uint64_t Ours = 0, Theirs = 0; ///< 0 when the path is absent.
};

/// Every (function, path) whose count differs, in function id and SBL id
/// order.
std::vector<ProfileDifference> compareProfiles(const ProfileFile &Ours,
                                               const ProfileFile &Theirs);

} // namespace p3

#endif
