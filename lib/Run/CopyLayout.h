//===- CopyLayout.h - Where the copies are and where a command runs ------===//
//
// A p3 output directory DIR holds DIR/copy-0 ... DIR/copy-<K-1>, mirrors of
// the source root recorded in DIR/manifest.json. A command given once is run
// in every copy, in the directory of that copy which corresponds to the
// caller's working directory (inside the root or inside one of the copies),
// so that "./prog" runs each copy's own build. {copy} and {dir} in its
// arguments become the copy's number and its absolute top directory, so
// that commands can also name a copy's files from anywhere
// ("cmake -S {dir} -B {dir}/build").
//
//===----------------------------------------------------------------------===//

#ifndef P3_RUN_COPYLAYOUT_H
#define P3_RUN_COPYLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace p3 {

class CopyLayout {
public:
  /// Reads and checks DIR/manifest.json.
  static llvm::Expected<CopyLayout> open(llvm::StringRef Dir);

  unsigned numCopies() const { return CopyDirs.size(); }
  /// DIR, absolute and real.
  const std::string &dir() const { return Dir; }
  /// The manifest's source root, absolute and real ("" if it records none).
  const std::string &root() const { return Root; }
  const std::string &manifestHash() const { return Hash; }
  const std::string &copyDir(unsigned Copy) const { return CopyDirs[Copy]; }
  /// DIR/<Name>, e.g. "run", "profiles", "build".
  std::string subdirectory(llvm::StringRef Name) const;

  /// The working directory relative to the tree it lies in (a copy or the
  /// root), or nullopt when it lies in neither.
  std::optional<std::string> relativeWorkingDirectory() const;

  /// Each copy's image of \p Relative (a relativeWorkingDirectory()), which
  /// must exist in every copy.
  llvm::Expected<std::vector<std::string>>
  workingDirectories(llvm::StringRef Relative) const;

private:
  std::string Dir, Root, Hash;
  std::vector<std::string> CopyDirs;
};

/// \p Arg with "{copy}" replaced by \p Copy and "{dir}" by \p CopyDir.
std::string expandPlaceholders(llvm::StringRef Arg, unsigned Copy,
                               llvm::StringRef CopyDir);

/// Whether any argument holds a placeholder.
bool hasPlaceholders(llvm::ArrayRef<std::string> Args);

/// \p Path made absolute and real when it exists (made absolute, with dots
/// removed, otherwise).
std::string realOrAbsolute(llvm::StringRef Path);

/// The part of \p Path below \p Base ("" for Base itself), or nullopt.
std::optional<std::string> relativeTo(llvm::StringRef Path,
                                      llvm::StringRef Base);

} // namespace p3

#endif
