//===- UnifiedDiff.h - Unified diffs of rewritten files ------------------===//

#ifndef P3_INSTRUMENT_UNIFIEDDIFF_H
#define P3_INSTRUMENT_UNIFIEDDIFF_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace p3 {

/// A unified diff (3 lines of context) from \p Old to \p New, labelled a/Path
/// and b/Path; empty when they are equal. When the new text has at least as
/// many lines, lines are taken as aligned after the extra ones at the top
/// (how p3 rewrites); otherwise a longest-common-subsequence diff is used.
std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Old,
                        llvm::StringRef New);

/// The diff that adds a new file.
std::string newFileDiff(llvm::StringRef Path, llvm::StringRef Text);

} // namespace p3

#endif
