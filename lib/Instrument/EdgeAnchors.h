//===- EdgeAnchors.h - Which site runs the probe of each CFG edge --------===//
//
// A probe on a CFG edge must run exactly when control takes that edge. Each
// edge B->T gets one anchor, tried in this order:
//  1. Branch: B's condition can be wrapped; the probe runs in the outcome.
//     Or the frontend found a site for this very edge (BlockSites::EdgeSites,
//     the end of a braced statement the edge is the only normal way out of).
//  2. Exit slot: B has one successor and a once-per-pass site; its last one.
//  3. Entry slot: T has exactly one in-edge and a once-per-pass site; its
//     first one.
//  4. Pushed: B has one successor but no site; the probe runs after the probe
//     of each edge into B (or after the reset at a catch handler's start).
//  5. None: the edge cannot carry a probe; chord placement keeps it in the
//     spanning tree.
// A back edge or an edge into EXIT left without an anchor is pulled to a site
// before it when every way from that site leads to it with no probe in
// between (AnchorKind::Pulled).
// Edges into EXIT (they carry the path counter) and back edges (counter and
// register reset) must be anchored. Real code needs three repairs, all
// recorded as notes for users:
//  - a return whose path counter has no place (inside a macro, such as
//    "#define CHECK(x) if (!(x)) return -1"): in C, every return of the
//    function is then counted by a cleanup that runs when the frame is left
//    (P3_ENTER_GUARDED, GNU C's cleanup attribute), with increment 0; such a
//    function is never split between copies;
//  - a noreturn call (abort, exit, a throw) whose path counter has no place
//    (inside a macro, such as assert's __assert_fail): the unanchored edges
//    into its block are dropped, and the paths it ends are not profiled;
//  - edges without anchors that form a cycle (branches and loops inside a
//    macro expansion): no run-time probe can tell some ways through them
//    apart, since none of them adds anything to the path register. Loops of
//    such edges are contracted into one block, an edge with a twin route is
//    dropped, blocks around a join or fork of the cycle are merged
//    (Graph/ProbelessEdges.h), so paths are distinguished up to what happens
//    inside macros, and no loop is invented. Every other edge keeps its
//    anchor: a site that ran exactly when an edge was taken still does.
// The DAG is built from the contracted CFG; the anchors and sites refer to the
// lowered one.
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_EDGEANCHORS_H
#define P3_INSTRUMENT_EDGEANCHORS_H

#include "Graph/FunctionGraph.h"
#include "Instrument/Site.h"

#include "llvm/Support/Error.h"

namespace p3 {

enum class AnchorKind : uint8_t {
  None,
  Branch,
  ExitSlot,
  EntrySlot,
  Pushed,
  /// A return of a guarded function: counted by the frame's cleanup when the
  /// function returns, with increment 0 (the edge stays in the tree).
  Guard,
  /// A back edge or exit without a site of its own: its probe runs at the
  /// last once-per-pass site of a block before it, from which every way leads
  /// to the edge through blocks without probes that only that block leads
  /// into (Site is that site).
  Pulled,
};

struct EdgeAnchor {
  AnchorKind Kind = AnchorKind::None;
  unsigned Site = NoSite; ///< Branch, ExitSlot, EntrySlot, Pulled.
  bool Outcome = false;   ///< Branch: the condition's value on this edge.
};

/// A cut edge: an edge of AnchoredFunction::Graph into EXIT, for the paths
/// cut short in its block by a call that does not return (docs/rewriter.md,
/// "Paths cut short"). It is never taken: the id of the path cut there is
/// noted before each such call (P3_CUT) and counted when the process exits
/// or a longjmp is caught.
struct CutExit {
  CFGEdge Edge;
  /// Expression sites around the block's calls: those that may not return,
  /// and the others too (so that a call wrongly believed to return never
  /// finds the id noted for an earlier block).
  std::vector<unsigned> Sites;
  unsigned Line = 0; ///< The first call's that may not return.
};

struct AnchoredFunction {
  /// The lowered CFG after repairs; Blocks and Anchors describe it.
  CFG Lowered;
  std::vector<BlockSites> Blocks;
  std::vector<std::vector<EdgeAnchor>> Anchors; ///< [block][successor index]
  /// The contracted CFG the DAG is built from (the manifest's CFG): block ids
  /// are those of Lowered; a contracted set of blocks is represented by one
  /// of them and the others have no edges.
  CFG Graph;
  std::vector<unsigned> Representative; ///< Per block of Lowered.
  /// Per edge of Lowered: its edge in Graph, or none when it was inside a
  /// contracted set (Block == NoVertex).
  std::vector<std::vector<CFGEdge>> GraphEdge;
  /// Numbered DAG of Graph, with weights and NeverProbe from the anchors.
  FunctionGraph Graphs;
  /// Source lines per block of Graph (a contracted set spans its members').
  std::vector<std::pair<unsigned, unsigned>> GraphLines;
  /// Per block of Graph, the lines its code runs on (LoweredFunction::
  /// BlockCodeLines; a contracted set has its members'), whether its counts
  /// stand for several ways (a contracted set of blocks, or a block of a
  /// macro expansion where a twin route was dropped), and whether it tests a condition
  /// (successor 0 when true).
  std::vector<std::vector<unsigned>> GraphCodeLines;
  std::vector<bool> GraphContracted;
  std::vector<bool> GraphTestsCondition;
  /// Lines on edges of Graph (LoweredFunction::EdgeCodeLines, mapped).
  std::vector<EdgeLine> GraphEdgeLines;
  /// What was repaired, for users.
  std::vector<std::string> Notes;
  /// Returns are counted by a cleanup (P3_ENTER_GUARDED): some return has
  /// no place for the path counter.
  bool Guarded = false;
  /// Cut edges, at the end of their blocks' successors in Graph.
  std::vector<CutExit> Cuts;
  /// Expression sites around the calls of blocks without a cut edge: they
  /// note that no path is cut there (P3_CUT_NONE), so that a call believed
  /// to return that does not never counts the id noted in an earlier block.
  std::vector<unsigned> QuietSites;
  /// Blocks of Lowered where paths start again after setjmp returns
  /// (LoweredFunction::SetjmpRestarts).
  std::vector<unsigned> SetjmpRestarts;

  /// Whether a block of Lowered is on some path.
  bool hasBlock(unsigned B) const {
    return Graphs.DAG.vertexOfBlock(Representative[B]) != NoVertex;
  }
};

/// The anchors of the edges of \p F before any repair ([block][index]); for
/// dumps.
std::vector<std::vector<EdgeAnchor>> firstAnchors(const LoweredFunction &F);

/// Anchors every edge of \p F, repairing as described above. Fails with a
/// user-facing reason when the function cannot be instrumented safely.
/// \p ExitGuards: allow counting returns with a cleanup (C only, and only
/// when F.AllowExitGuard); otherwise such functions are skipped.
/// \p CutPaths: give blocks with calls that may not return cut edges.
llvm::Expected<AnchoredFunction> planAnchors(const LoweredFunction &F,
                                             uint64_t MaxPaths = UINT64_MAX,
                                             bool ExitGuards = true,
                                             bool CutPaths = true);

/// The Graph edges of A.Cuts.
std::vector<CFGEdge> cutGraphEdges(const AnchoredFunction &A);

} // namespace p3

#endif
