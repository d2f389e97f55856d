//===- RawProfile.h - Raw profiles written by the runtime ----------------===//
//
// One file per process, written at exit by runtime/p3_runtime.h into
// $P3_PROFILE_DIR (default: the working directory), named
//   p3-<manifest hash>-c<copy>-<pid>.raw
// Text, one or more sections (one per (manifest, copy) the process's units
// belong to; a reused pid appends another section):
//   P3RAW 1 <manifest-hash> <copy> <pid>
//   forked                                  (the process is a forked child)
//   <function-index> <path-id> <count>      (any number of lines)
//   dropped <function-index> <count>        (ids at or above its num_ids)
//   lost <function-index> <count>           (counts the runtime dropped)
//   function-probes <function-index> <n>    (only in P3_COUNT_PROBES builds)
//   probes <n>                              (only in P3_COUNT_PROBES builds)
//   end <number of record lines>
// All numbers are unsigned 64-bit decimals. docs/raw-profile.md has the
// details.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_RAWPROFILE_H
#define P3_PROFILE_RAWPROFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace p3 {

struct RawRecord {
  unsigned Function = 0; ///< Manifest function index.
  uint64_t Id = 0;       ///< Path id under the copy's instance.
  uint64_t Count = 0;
};

/// One line of a section's per-function summary, '<keyword> <function>
/// <count>' ("dropped", "lost", "function-probes"): a nonzero count for one
/// function, at most one line per function and keyword.
struct RawFunctionCount {
  unsigned Function = 0; ///< Manifest function index.
  uint64_t Count = 0;
};

struct RawSection {
  std::string ManifestHash;
  unsigned Copy = 0;
  uint64_t Pid = 0;
  /// Written by a forked child: it counts only what ran after the fork, but
  /// finishes the paths that were in progress at the fork.
  bool Forked = false;
  std::optional<uint64_t> ProbeHits;
  std::vector<RawRecord> Records;
  /// Executions of a function whose path id is at or above the instance's
  /// number of ids: no interesting path has such an id (in a PSPP copy, paths
  /// another copy profiles), so the runtime counts them together.
  std::vector<RawFunctionCount> Dropped;
  /// Counts the runtime could not record for a function (no memory for its
  /// hash table): the function's profile is incomplete.
  std::vector<RawFunctionCount> Lost;
  /// Probes that ran in one function (probe-counting builds): with the
  /// model's figure per function, a disagreement can be traced to where it
  /// is. When present, they add up to ProbeHits; empty in profiles of older
  /// runtimes.
  std::vector<RawFunctionCount> FunctionProbes;
};

struct RawProfile {
  std::string Path;
  std::vector<RawSection> Sections;
};

/// Parses raw profile text. Errors say which line is wrong and why (bad
/// header, malformed record, missing or wrong "end", trailing garbage, a count
/// or number that does not fit 64 bits). \p Name is used in messages.
llvm::Expected<RawProfile> parseRawProfile(llvm::StringRef Text,
                                           llvm::StringRef Name);

/// Reads and parses a file.
llvm::Expected<RawProfile> readRawProfile(llvm::StringRef Path);

/// The text form (what the runtime writes), for tests and tools.
std::string printRawProfile(const RawProfile &P);

} // namespace p3

#endif
