//===- Instance.h - One function as instrumented in one copy -------------===//
//
// An instance profiles the paths all of whose edges are interesting:
//  - all edges interesting: Ball-Larus numbering;
//  - some: PSPP (Graph/PSPP.h);
//  - none: the function is not instrumented in that copy.
// The numbering is then placed on spanning-tree chords, unless the numbering
// as it is needs fewer probes (PSPP often leaves most edges at zero).
//
// Probes, the unit of the overhead model (and what the probe-counting runtime
// counts), are the instrumentation actions that run:
//  - the register set at function entry (one per path that starts there);
//  - the register reset on a start edge (one per path that starts there:
//    after a back edge, a cut, or at a catch handler);
//  - an increment on a real edge that does not enter EXIT, when nonzero;
//  - the counter update at the end of a path (an edge into EXIT), when that
//    edge is interesting: an uninteresting exit edge ends only uninteresting
//    paths, so it is not counted at all. Its increment folds into the update,
//    except in a function counted on frame exit (FunctionGraph::
//    CountsOnFrameExit), where a nonzero one is an addition of its own.
//    A cut edge (FunctionGraph::CutExit) is counted like any exit edge, by
//    the runtime when the frame's path is cut short; its increment always
//    folds into the id noted before the call.
//
//===----------------------------------------------------------------------===//

#ifndef P3_GRAPH_INSTANCE_H
#define P3_GRAPH_INSTANCE_H

#include "Graph/FunctionGraph.h"
#include "Graph/Regeneration.h"

#include "llvm/Support/Error.h"

namespace p3 {

enum class InstanceKind : uint8_t { None, BallLarus, PSPP };

struct Instance {
  InstanceKind Kind = InstanceKind::None;
  std::vector<bool> Interesting; ///< Per edge; empty for None.
  EdgeValues DecodeVal;          ///< Numbering ids decode with.
  EdgeValues Inc;                ///< What the probes add, per edge.
  uint64_t NumIds = 0;           ///< Interesting ids are below this.
  bool Placed = false;           ///< Inc comes from chord placement.
  unsigned StaticProbes = 0;     ///< Probe sites, the cost P3 balances.
  /// FunctionGraph::CountsOnFrameExit of the function.
  bool CountsOnFrameExit = false;
  /// FunctionGraph::CutExit of the function.
  std::vector<bool> CutExit;

  bool isInstrumented() const { return Kind != InstanceKind::None; }
  /// Whether a path ending on edge E (into EXIT) is counted.
  bool counts(unsigned E) const { return isInstrumented() && Interesting[E]; }
};

/// The instance profiling the paths over \p InterestingEdges (one flag per
/// edge). Fails only if chord placement is impossible and the numbering puts a
/// nonzero value on an edge that cannot take a probe.
///
/// Of the numbering as it is and its placement on the chords of the
/// spanning tree under F.Weight, the one with fewer probe sites (placement on
/// a tie). Given a \p Flow (Graph/Frequencies.h, one value per edge), the
/// placement under weights from the flow is a third candidate, and the one
/// whose probes run least often under the flow wins (then fewer sites, then
/// that order): never more than either of the other two.
llvm::Expected<Instance> makeInstance(const FunctionGraph &F,
                                      const std::vector<bool> &InterestingEdges,
                                      llvm::ArrayRef<double> Flow = {});

/// makeInstance with every edge interesting.
llvm::Expected<Instance> makeBallLarusInstance(const FunctionGraph &F,
                                               llvm::ArrayRef<double> Flow = {});

/// Probe sites of an instance: the entry set, nonzero increments on real
/// edges not entering EXIT, counted exit edges and start-edge resets.
unsigned staticProbeCount(const PathDAG &D, const Instance &I);

/// Probes that run along \p Path under \p I (see the file comment):
/// pathStartProbes plus edgeProbes of every edge of the path.
unsigned probesOnPath(const PathDAG &D, const Instance &I,
                      const EdgePath &Path);

/// The probes every path runs once under \p I, wherever it starts: the
/// register set at function entry or the reset on a start edge.
unsigned pathStartProbes(const Instance &I);

/// The probes that run when a path of \p I takes edge \p E: a nonzero
/// increment, or the counter update of a counted exit edge. A path's probes
/// are its start's plus these over its edges, so the overhead model is linear
/// in edge frequencies (Graph/CostModel.h relies on this).
unsigned edgeProbes(const PathDAG &D, const Instance &I, unsigned E);

/// The id the runtime records for \p Path under \p I (the sum of increments).
uint64_t recordedId(const Instance &I, const EdgePath &Path);

/// The interesting path recorded as \p Id, or nullopt if no interesting path
/// has that id (the id came from a path profiled elsewhere).
std::optional<EdgePath> decodeRecordedId(const PathDAG &D, const Instance &I,
                                         uint64_t Id);

} // namespace p3

#endif
