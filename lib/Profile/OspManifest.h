//===- OspManifest.h - What p3-rewrite --mode=osp emitted -----------------===//
//
// The manifest of an OSP copy (DIR/manifest.json, "format":
// "p3-osp-manifest"; docs/osp.md documents the JSON). It maps every
// program-wide block id the copy's actions pass to the runtime back to its
// function, its lowered CFG block and its source lines, so that p3-report can
// show sampled subpaths as source-line sequences across functions without the
// sources. It also lists, per function, the blocks that have code but no place
// for an action (inside a macro expansion), and why functions were skipped.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_OSPMANIFEST_H
#define P3_PROFILE_OSPMANIFEST_H

#include "Profile/Manifest.h"
#include "Sampling/Subpath.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace p3 {

struct OspBlock {
  BlockId Id = 0;        ///< 1..N, program-wide.
  unsigned Function = 0; ///< Index into OspManifest::Functions.
  unsigned CfgBlock = 0; ///< The block in the function's lowered CFG.
  unsigned Line = 0, EndLine = 0;
};

/// A block with code that runs no action: its steps are not seen.
struct OspUnobserved {
  unsigned CfgBlock = 0;
  unsigned Line = 0, EndLine = 0;
};

struct OspFunction {
  unsigned Index = 0;
  std::string Id, Name, File;
  unsigned Line = 0, EndLine = 0;
  bool Instrumented = false;
  std::string SkipReason;
  std::vector<BlockId> Blocks; ///< Its block ids, increasing.
  std::vector<OspUnobserved> Unobserved;
  std::vector<std::string> Notes;
};

struct OspManifest {
  static constexpr unsigned FormatVersion = 1;
  static constexpr const char *Format = "p3-osp-manifest";

  std::string Tool, Hash, Root;
  std::vector<std::string> Files; ///< Rewritten files, relative to Root.
  std::vector<OspFunction> Functions;
  std::vector<OspBlock> Blocks; ///< Blocks[I] has id I + 1.

  /// The block with id \p Id, or null.
  const OspBlock *block(BlockId Id) const {
    return Id >= 1 && Id <= Blocks.size() ? &Blocks[Id - 1] : nullptr;
  }

  /// FNV-1a 64 of the JSON form without the hash, as 16 hex digits.
  std::string computeHash() const;
  std::string toJSON() const;
  static llvm::Expected<OspManifest> fromJSON(llvm::StringRef Text);
  llvm::Error writeFile(llvm::StringRef Path) const;
  /// Reads and validates (format, hash, block ids 1..N each once, functions
  /// and blocks consistent); errors name the file.
  static llvm::Expected<OspManifest> readFile(llvm::StringRef Path);
  /// Whether the manifest at \p Path is an OSP manifest (cheap: looks for the
  /// format string near the start).
  static bool isOspManifestFile(llvm::StringRef Path);
};

/// What p3-run needs of an OSP output (one copy, the root): a path
/// manifest with k = 1 and no function, read from the OSP manifest.
llvm::Expected<Manifest> readOspManifestForRun(llvm::StringRef Path);

} // namespace p3

#endif
