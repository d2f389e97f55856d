//===- MirrorExclusions.h - What the copies do not mirror: build trees ---===//
//
// A copy is configured and built like the original, so it must not inherit
// the original's build directories: a CMake cache names the source directory
// it was made for ("CMakeCache.txt directory ... is different"), a Meson build
// directory belongs to one source tree, and a VPATH build directory of
// autotools records its srcdir. Copying them would also cost the copies'
// disk space K times for nothing. This finds them, with the reason each is
// left out:
//
//   - a directory holding CMakeCache.txt (a CMake build directory);
//   - a directory holding meson-private/ (a Meson build directory);
//   - a directory holding a config.status whose srcdir is not "." (the top of
//     an autotools VPATH build; an in-tree build's config.status is part of
//     the tree and stays);
//   - the directory of the compilation database (-p), unless it is the root
//     or holds a file being rewritten;
//   - whatever the user names (--exclude=DIR).
//
// An in-source CMake build (CMakeCache.txt in the root itself) cannot be left
// out whole: its CMakeCache.txt and CMakeFiles/ are, so that each copy
// configures afresh.
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_MIRROREXCLUSIONS_H
#define P3_INSTRUMENT_MIRROREXCLUSIONS_H

#include "Profile/Manifest.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace p3 {

struct ExclusionOptions {
  std::string Root;                      ///< Absolute, real path.
  std::string CompilationDatabaseDir;    ///< The -p directory, or empty.
  std::vector<std::string> UserExcluded; ///< --exclude, as given.
  std::set<std::string> Sources;         ///< Absolute real paths to rewrite.
};

/// Walks the root (without following links, skipping version control and p3
/// output directories) and returns what must not be mirrored, sorted by path.
/// Fails when a --exclude is not a directory inside the root, or when a file
/// to rewrite lies inside a path left out (its rewritten text would have no
/// place in the copies: each copy's build regenerates such files).
llvm::Expected<std::vector<ExcludedPath>>
findMirrorExclusions(const ExclusionOptions &Options);

/// .git, .svn, .hg, .bzr, CVS, _darcs: never mirrored, never reported.
bool isVersionControlDirectory(llvm::StringRef Name);

/// The excluded path that contains the root-relative \p File, or nullptr.
const ExcludedPath *excludedPathOf(llvm::ArrayRef<ExcludedPath> Excluded,
                                   llvm::StringRef File);

} // namespace p3

#endif
