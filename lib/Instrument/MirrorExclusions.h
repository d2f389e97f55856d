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
//   - the directory of the compilation database (-p), unless it is the root;
//   - whatever the user names (--exclude=DIR).
//
// A build directory that holds a file being rewritten (a generated source,
// such as sqlite3's amalgamation made in a VPATH build directory) is where
// the copies must be built: it is mirrored, and said so.
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

struct MirrorExclusions {
  /// What must not be mirrored, sorted by path.
  std::vector<ExcludedPath> Excluded;
  /// Build directories mirrored all the same because they hold a file to
  /// rewrite (a generated source: the copies are built there).
  std::vector<ExcludedPath> KeptBuildDirectories;
};

/// Walks the root (without following links, skipping version control and p3
/// output directories). Fails when a --exclude is not a directory inside the
/// root, or holds a file to rewrite (its rewritten text would have no place
/// in the copies).
llvm::Expected<MirrorExclusions>
findMirrorExclusions(const ExclusionOptions &Options);

/// .git, .svn, .hg, .bzr, CVS, _darcs: never mirrored, never reported.
bool isVersionControlDirectory(llvm::StringRef Name);

/// The excluded path that contains the root-relative \p File, or nullptr.
const ExcludedPath *excludedPathOf(llvm::ArrayRef<ExcludedPath> Excluded,
                                   llvm::StringRef File);

} // namespace p3

#endif
