//===- EdgeAnchors.h - Which site runs the probe of each CFG edge --------===//
//
// A probe on a CFG edge must run exactly when control takes that edge. Each
// edge B->T gets one anchor, tried in this order:
//  1. Branch: B's condition can be wrapped; the probe runs in the outcome.
//  2. Exit slot: B has one successor and a once-per-pass site; its last one.
//  3. Entry slot: T has exactly one in-edge and a once-per-pass site; its
//     first one.
//  4. Pushed: B has one successor but no site; the probe runs after the probe
//     of each edge into B (or after the reset at a catch handler's start).
//  5. None: the edge cannot carry a probe; chord placement keeps it in the
//     spanning tree.
// Edges into EXIT (they carry the path counter) and back edges (counter and
// register reset) must be anchored. planAnchors also repairs what real code
// needs repaired:
//  - a branch inside a macro expansion whose two sides are straight chains of
//    edges without sites cannot be told apart: one side is merged into the
//    other (its first edge is dropped from the lowered CFG); paths are then
//    distinguished up to that branch, and the merge is recorded;
//  - a noreturn call (abort, exit, a throw) whose path counter has no place
//    (inside a macro, such as assert's __assert_fail) is made unreachable: the
//    edges into its block are dropped and the paths it ends are not profiled;
//    this is recorded too.
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_EDGEANCHORS_H
#define P3_INSTRUMENT_EDGEANCHORS_H

#include "Graph/FunctionGraph.h"
#include "Instrument/Site.h"

#include "llvm/Support/Error.h"

namespace p3 {

enum class AnchorKind : uint8_t { None, Branch, ExitSlot, EntrySlot, Pushed };

struct EdgeAnchor {
  AnchorKind Kind = AnchorKind::None;
  unsigned Site = NoSite; ///< Branch, ExitSlot, EntrySlot.
  bool Outcome = false;   ///< Branch: the condition's value on this edge.
};

struct AnchoredFunction {
  /// The lowered CFG after repairs (edges may have been dropped).
  CFG Graph;
  std::vector<BlockSites> Blocks;
  /// [block][successor index], for the repaired CFG.
  std::vector<std::vector<EdgeAnchor>> Anchors;
  /// Numbered DAG with weights and NeverProbe set from the anchors.
  FunctionGraph Graphs;
  /// What was repaired, for users ("merged a branch inside a macro at line
  /// 12", "paths ending at the noreturn call at line 40 are not profiled").
  std::vector<std::string> Notes;

  bool hasBlock(unsigned B) const { return Graphs.DAG.vertexOfBlock(B) != NoVertex; }
};

/// Anchors every edge of \p F, repairing as described above. Fails with a
/// user-facing reason when the function cannot be instrumented safely.
llvm::Expected<AnchoredFunction> planAnchors(const LoweredFunction &F,
                                             uint64_t MaxPaths = UINT64_MAX);

} // namespace p3

#endif
