//===- OspRewrite.h - p3-rewrite --mode=osp: one copy with block actions --===//
//
// The Clang-free half of p3-rewrite in OSP mode: numbers the blocks of every
// function program-wide (manifest order, then source order within a
// function), places each block's entry action (BlockActions.h), builds the
// OSP manifest and the text of every rewritten file of the single copy.
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_OSPREWRITE_H
#define P3_INSTRUMENT_OSPREWRITE_H

#include "Instrument/ProgramRewrite.h"
#include "Profile/OspManifest.h"

namespace p3 {

struct OspRewriteOptions {
  std::string Root;
  std::string Tool;
};

/// One line of --stats.
struct OspFunctionSummary {
  unsigned Index = 0;
  unsigned Blocks = 0;     ///< Lowered blocks with code.
  unsigned Observed = 0;   ///< Blocks with an action.
};

struct OspRewritePlan {
  OspManifest M;
  /// Root-relative path -> new text, for files that change.
  std::map<std::string, std::string> Files;
  std::vector<OspFunctionSummary> Summaries; ///< Instrumented functions.
};

llvm::Expected<OspRewritePlan>
planOspRewrite(llvm::ArrayRef<LoweredFunction> Functions,
               const std::map<std::string, std::string> &FileText,
               const OspRewriteOptions &Opts);

/// The prologue of a rewritten file: the runtime in OSP mode and the unit
/// that starts the sampler.
std::string ospPrologue(llvm::StringRef RuntimeInclude, unsigned FileIndex,
                        llvm::StringRef ManifestHash);

} // namespace p3

#endif
