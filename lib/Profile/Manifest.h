//===- Manifest.h - The contract between p3-rewrite and p3-report --------===//
//
// p3-rewrite writes DIR/manifest.json; p3-report reads it to decode raw
// profiles without the sources. It holds, per function, the CFG the frontend
// lowered (the DAG is rebuilt from it deterministically), the source lines of
// each block, the chord-placement inputs, the tasks and, per copy, the
// instance: what was emitted and how its ids decode. docs/manifest.md
// documents the JSON form.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_MANIFEST_H
#define P3_PROFILE_MANIFEST_H

#include "Graph/CallFrequencies.h"
#include "Graph/FunctionGraph.h"
#include "Graph/Instance.h"
#include "Graph/Strategy.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace p3 {

/// Source lines of one CFG block (0 when the block has no statement).
struct BlockSpan {
  unsigned Line = 0;
  unsigned EndLine = 0;
};

struct ManifestTask {
  std::vector<unsigned> Edges; ///< DAG edge ids, increasing.
  uint64_t Cost = 0;
  unsigned Copy = 0;
};

struct ManifestFunction {
  unsigned Index = 0;  ///< Position in Manifest::Functions; raw profiles use it.
  std::string Id;      ///< Stable identity: "<file>:<mangled name>".
  std::string Name;    ///< Human-readable qualified name.
  std::string File;    ///< Relative to the root.
  unsigned Line = 0, EndLine = 0;
  bool Instrumented = false;
  std::string SkipReason; ///< Why not, when not instrumented.

  // The rest is present only for instrumented functions.
  CFG Graph;
  std::vector<CFGEdge> Cuts;
  /// Cut edges (FunctionGraph::CutExit): edges of Graph into EXIT for the
  /// paths cut short in their block by a call that did not return.
  std::vector<CFGEdge> CutExits;
  std::vector<BlockSpan> Blocks;  ///< Per CFG block.
  /// Per CFG block, the lines its code runs on as gcc attributes that code,
  /// in execution order, the line of its branch last, 0 ending a part that
  /// gcc makes a block of its own (for line and branch counts;
  /// docs/manifest.md). Empty when the manifest predates them.
  std::vector<std::vector<unsigned>> CodeLines;
  /// Blocks that stand for a contracted set of several lowered blocks
  /// (branches inside a macro expansion): their lines' counts are not exact.
  std::vector<unsigned> Contracted;
  /// Blocks that test a condition: successor 0 when true, 1 when false.
  std::vector<unsigned> Conditions;
  /// Lines whose code runs when an edge is taken: [block, successor, line].
  struct EdgeLine {
    unsigned Block = 0, Index = 0, Line = 0;
  };
  std::vector<EdgeLine> EdgeLines;
  std::vector<uint64_t> Weight;   ///< Per DAG edge.
  std::vector<bool> NeverProbe;   ///< Per DAG edge.
  unsigned CallSites = 0;
  /// Direct calls of functions of this manifest: the CFG block of the call
  /// and the callee's index (the call graph of the auto strategy's static
  /// estimates, Graph/CallFrequencies.h). Empty in manifests that predate it.
  std::vector<BlockCall> Calls;
  /// The function must stay whole (a return counted by a cleanup).
  bool NeverSplit = false;
  std::vector<ManifestTask> Tasks;
  std::vector<Instance> Instances; ///< One per copy.
  /// What the rewriter had to give up on in this function, for users (e.g.
  /// "paths into the noreturn call on line 40 ... are not profiled").
  std::vector<std::string> Notes;

  /// Whether successor \p I of block \p B is a cut edge.
  bool isCutExit(unsigned B, unsigned I) const;
  /// The successors of \p B that control can take (not its cut edge).
  unsigned numWays(unsigned B) const;

  /// Rebuilds the DAG from Graph and Cuts and numbers it. Fails if the result
  /// does not match the recorded per-edge data (a corrupt manifest).
  llvm::Expected<FunctionGraph> graph() const;
};

/// A part of the root that the copies do not mirror: a build directory (the
/// copies are configured and built like the original, each in its own), or
/// what --exclude named.
struct ExcludedPath {
  std::string Path;   ///< Relative to the root.
  std::string Reason; ///< Why, for users ("CMake build directory ...").
};

struct Manifest {
  static constexpr unsigned FormatVersion = 1;

  std::string Tool;  ///< "p3-rewrite <version>"
  std::string Hash;  ///< 16 hex digits; raw profiles carry it.
  StrategyOptions Strategy;
  /// The training profile auto planned with (--train), as given; empty when
  /// none.
  std::string TrainingProfile;
  bool ThreadSafe = false;
  uint64_t ArrayLimit = 0; ///< Functions with more ids use a hash table.
  std::string Root;        ///< Absolute path of the mirrored source tree.
  std::vector<std::string> Files; ///< Rewritten files, relative to Root.
  std::vector<ExcludedPath> Excluded; ///< Not mirrored into the copies.
  std::vector<ManifestFunction> Functions;

  /// FNV-1a 64 of the JSON form without the hash, as 16 hex digits.
  std::string computeHash() const;

  /// The JSON text (Hash included as it is).
  std::string toJSON() const;
  static llvm::Expected<Manifest> fromJSON(llvm::StringRef Text);

  llvm::Error writeFile(llvm::StringRef Path) const;
  /// Reads and validates: format version, hash, array sizes against the
  /// rebuilt DAGs. Errors name the file and what is wrong.
  static llvm::Expected<Manifest> readFile(llvm::StringRef Path);
};

} // namespace p3

#endif
