//===- OutputTree.h - Write the K copies, their diffs and the manifest ---===//
//
// DIR/copy-<i> is a complete mirror of the root (minus version-control
// folders, p3 output directories, recognised by their .p3-output marker, and
// the paths of the manifest's "excluded" list: build directories,
// MirrorExclusions.h)
// with the rewritten files replaced and the runtime header at its root;
// DIR/copy-<i>.diff is the unified diff against the original; DIR/manifest.json
// the manifest. Files are copied, never hard-linked, and symbolic links that
// point into the root are recreated inside the copy, so that nothing a build
// does in a copy can touch the original tree. Everything is written to a
// temporary directory next to DIR and renamed into place at the end: a
// failure leaves no half-written output.
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_OUTPUTTREE_H
#define P3_INSTRUMENT_OUTPUTTREE_H

#include "Instrument/ProgramRewrite.h"

namespace p3 {

/// Marker file that identifies a p3 output directory.
constexpr const char *OutputMarker = ".p3-output";

/// Checks that \p OutDir can be written (absent, or \p Force).
llvm::Error checkOutputDirectory(llvm::StringRef OutDir, bool Force);

/// The runtime header as written at the root of every copy.
std::string copyRuntimeHeader(const RewritePlan &Plan,
                              llvm::StringRef RuntimeHeader);

llvm::Error writeOutputTree(llvm::StringRef Root, llvm::StringRef OutDir,
                            bool Force, const RewritePlan &Plan,
                            llvm::StringRef RuntimeHeader);

} // namespace p3

#endif
