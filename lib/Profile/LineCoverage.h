//===- LineCoverage.h - Line and branch counts derived from paths --------===//
//
// What gcov reports, computed from the path profile instead of arc counters:
//  - a line's count is how often control entered the line's code: the edges
//    into the blocks whose code ends on the line from other blocks (and the
//    calls, for the entry block), plus the turns of loops entirely on the
//    line (found as gcov finds them: elementary cycles, each taking the
//    smallest count on it). A line on which no block's code ends counts the
//    executions of the blocks that have code on it (gcov.cc's rule). A line
//    that is one block's only line thus counts exactly the paths through that
//    block;
//  - a branch is a block with two or more successors that lead to different
//    code (successors without code of their own are looked through, so
//    "case 1: case 2:" is one branch, as for gcc); each way's count is its
//    edges' count.
// Which lines a block's code runs on comes from the manifest (gcc's
// attribution, Frontend/CodeLines.h). Lines of contracted blocks (branches
// inside a macro expansion counted as one step) and lines that depend on a
// back edge whose count is ambiguous are marked inexact.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_LINECOVERAGE_H
#define P3_PROFILE_LINECOVERAGE_H

#include "Profile/EdgeFlow.h"
#include "Profile/Manifest.h"

namespace p3 {

struct LineCount {
  unsigned Line = 0;
  uint64_t Count = 0;
  /// The count is not exact: the line is in a contracted block (branches
  /// inside a macro expansion), or on an edge whose count is ambiguous.
  bool Inexact = false;
  bool Contracted = false; ///< Inexact because of a contracted block.
  /// Inexact because code on the line is on no profiled path: a block no
  /// path reaches (dead code, or the edges into a noreturn call inside a
  /// macro, which p3-rewrite could not count and dropped).
  bool Unprofiled = false;

  /// Why the count is not exact ("contracted", "unprofiled", "ambiguous",
  /// "approximate"), or null.
  const char *inexactReason(bool Approximate) const;
};

/// One way out of a branch.
struct BranchWay {
  unsigned Line = 0;   ///< The branch's line.
  unsigned Block = 0;  ///< The branching CFG block.
  unsigned Way = 0;    ///< Position among the block's ways out.
  unsigned Target = 0; ///< The CFG block this way leads to (looked through).
  uint64_t Count = 0;
  bool Inexact = false;
  /// "true" or "false" for a block that tests a condition, else empty.
  const char *Outcome = "";
};

struct FunctionLines {
  unsigned EntryLine = 0; ///< The line gcc gives the function (its name's).
  uint64_t Calls = 0;
  uint64_t Returns = 0;            ///< Executions that reached EXIT normally.
  std::vector<LineCount> Lines;    ///< Increasing line.
  std::vector<BranchWay> Branches; ///< By line, then block, then way.
  /// The manifest has no per-block code lines (an older p3-rewrite): lines
  /// are its blocks' [line, end_line] spans, and all are inexact.
  bool Approximate = false;
};

/// The lines a block's code runs on: the manifest's code lines, or (for an
/// older manifest) its span.
std::vector<unsigned> blockCodeLines(const ManifestFunction &MF, unsigned B);

/// The same in the parts gcc makes separate blocks (split after calls); at
/// least one part, maybe empty.
std::vector<std::vector<unsigned>> blockCodeParts(const ManifestFunction &MF,
                                                  unsigned B);

/// The lines of code that runs when the edge to successor \p I of block
/// \p B is taken (the manifest's edge_lines).
std::vector<unsigned> edgeCodeLines(const ManifestFunction &MF, unsigned B,
                                    unsigned I);

/// Line and branch counts of one instrumented function.
FunctionLines deriveLines(const ManifestFunction &MF, const FunctionGraph &G,
                          const EdgeFlow &Flow);

/// An edge between blocks with code, as the line counts see the CFG: blocks
/// without code of their own and a single successor (joins, loop heads of
/// "while (1)", case labels followed by another) are looked through, as gcc
/// has no block there.
struct CodeArc {
  unsigned Src = 0, Dst = 0;
  uint64_t Count = 0;
  bool Ambiguous = false;
};

/// gcov's count of the cycles entirely inside \p Blocks (sorted): elementary
/// cycles over \p Arcs in block order, each adding the smallest remaining
/// count on it and subtracting it from its arcs (gcov.cc: get_cycles_count).
/// Exposed for the unit tests. Stops (with \p Complete false) after
/// \p MaxCycles cycles.
uint64_t countLineCycles(llvm::ArrayRef<CodeArc> Arcs,
                         llvm::ArrayRef<unsigned> Blocks, bool &Complete,
                         unsigned MaxCycles = 100000);

} // namespace p3

#endif
