//===- ProgramRewrite.h - From lowered functions to K copies -------------===//
//
// The Clang-free half of p3-rewrite: anchors every function's probes, plans
// the copies (SBL, PBL or P3), builds the manifest, and produces the text of
// every rewritten file in every copy.
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_PROGRAMREWRITE_H
#define P3_INSTRUMENT_PROGRAMREWRITE_H

#include "Instrument/Site.h"
#include "Profile/Manifest.h"
#include "Profile/TrainingProfile.h"

#include <map>

namespace p3 {

struct RewriteOptions {
  StrategyOptions Strategy;
  /// auto: the merged profile of an earlier run to plan with (--train), and
  /// its path as given; null plans with static estimates.
  const ProfileFile *Training = nullptr;
  std::string TrainingPath;
  /// Functions with more path ids use a hash table (docs/runtime.md,
  /// "Counting: arrays and hash tables": an array is zero-initialised
  /// static storage whose untouched pages cost nothing; a hashed count is a
  /// call).
  uint64_t ArrayLimit = 65536;
  /// Hashed functions count through a cache in front of their table (false:
  /// a call per count, to measure what the cache saves).
  bool HashCache = true;
  bool ThreadSafe = false;
  /// Count the returns of a C function with a return inside a macro by a
  /// cleanup (gcc and clang only); false skips such functions (tcc).
  bool ExitGuards = true;
  /// Count loops' back edges into locals where that is exact
  /// (Instrument/LoopCounters.h).
  bool LoopCounters = true;
  /// Count the paths cut short by exit() or longjmp from a callee (cut
  /// edges, and a frame on the runtime's cut stack; docs/rewriter.md).
  bool CutPaths = true;
  /// Count them eagerly (a count before the call, undone when it returns)
  /// where every such call has a place for that, instead of by a frame
  /// (ProbeCode.h). p3-rewrite turns it on unless the program forks: a
  /// forked child that exits inside a call counted before the fork would
  /// lose that count (the runtime skips the child's undo of such a count).
  bool EagerCuts = false;
  std::string Root;
  std::string Tool;
  std::vector<ExcludedPath> Excluded; ///< Not mirrored (MirrorExclusions.h).
};

/// One line of --stats.
struct FunctionSummary {
  unsigned Index = 0; ///< In the manifest.
  unsigned Vertices = 0, Edges = 0;
  uint64_t Paths = 0;
  std::vector<unsigned> ProbesPerCopy;
  unsigned Tasks = 0;
  // auto only:
  FrequencySource Frequency = FrequencySource::Static;
  std::string FrequencyDetail;
  std::optional<PlanEstimate::Choice> Choice;
};

struct RewritePlan {
  Manifest M;
  /// Per copy: root-relative path -> new text, for files that change.
  std::vector<std::map<std::string, std::string>> Files;
  std::vector<FunctionSummary> Summaries; ///< Instrumented functions.
  std::optional<PlanEstimate> Estimate;   ///< auto only.
  std::string TrainingSummary;            ///< auto with --train only.
  /// When set (OSP mode), written as manifest.json instead of M.
  std::string ManifestText;
};

/// \p Functions in a deterministic order; \p FileText has the original text
/// of every file they are in.
llvm::Expected<RewritePlan>
planRewrite(llvm::ArrayRef<LoweredFunction> Functions,
            const std::map<std::string, std::string> &FileText,
            const RewriteOptions &Opts);

/// The include path of the copy's runtime header from a root-relative file.
std::string runtimeIncludeFor(llvm::StringRef RelativeFile);

} // namespace p3

#endif
