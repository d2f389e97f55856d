//===- SourceFiles.h - The program's sources, for reports over the code --===//
//
// The HTML report shows the source and the lcov export honours lcov's
// exclusion markers, so both read the files the manifest names (relative to
// its root). A file that cannot be read is reported once and the report goes
// on without its text.
//
// Exclusion markers, as lcov's geninfo reads them: a line containing
// LCOV_EXCL_LINE is excluded; LCOV_EXCL_START excludes its line and those
// after it up to the line before LCOV_EXCL_STOP. LCOV_EXCL_BR_LINE and
// LCOV_EXCL_BR_START/STOP exclude only branches. Excluded lines have no line
// or branch record; a function whose first line is excluded has none at all.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_SOURCEFILES_H
#define P3_PROFILE_SOURCEFILES_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace p3 {

struct SourceFile {
  std::string Path;               ///< As opened: root + relative path.
  std::string Text;
  std::vector<llvm::StringRef> Lines; ///< Lines[0] is line 1, no '\n'.
  std::vector<bool> ExcludedLine;     ///< Index = line number.
  std::vector<bool> ExcludedBranch;   ///< Index = line number.
  /// An LCOV_EXCL_START (or BR_START) without its STOP: line of the start.
  unsigned UnterminatedExclusion = 0;

  bool lineExcluded(unsigned L) const {
    return L < ExcludedLine.size() && ExcludedLine[L];
  }
  bool branchExcluded(unsigned L) const {
    return lineExcluded(L) ||
           (L < ExcludedBranch.size() && ExcludedBranch[L]);
  }
};

/// Splits \p Text into lines and finds the exclusion markers.
void indexSource(SourceFile &F);

class SourceFiles {
public:
  /// \p Root: the manifest's root. \p UseMarkers: honour LCOV_EXCL markers.
  SourceFiles(std::string Root, bool UseMarkers = true)
      : Root(std::move(Root)), UseMarkers(UseMarkers) {}

  /// The file at \p Relative (to the root), or null when it cannot be read
  /// (the reason is added to warnings(), once per file).
  const SourceFile *get(llvm::StringRef Relative);

  const std::vector<std::string> &warnings() const { return Warnings; }

private:
  std::string Root;
  bool UseMarkers;
  std::map<std::string, std::unique_ptr<SourceFile>> Files;
  std::vector<std::string> Warnings;
};

} // namespace p3

#endif
