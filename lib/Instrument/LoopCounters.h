//===- LoopCounters.h - Back edges that count into locals ----------------===//
//
// The count at a loop's back edge is a read-modify-write of the counter
// array on every iteration, and most iterations increment the same few
// counters: a chain through memory that the compiler cannot break, since the
// array escapes. Where a loop allows it (Frontend/LoopFacts.h: nothing in it
// can leave the frame without running cleanups, nothing enters it but its
// start), the counters its back edges hit most can live in locals declared
// in a block around the loop and added to the array when the block is left:
//
//   { P3_LSLOT(p3_counts_0_3, 3); P3_LSLOT(p3_counts_0_3, 4);
//     for (i = 0; i < n; P3_SEQ(P3_LBACK2(0, 3, 3, 4), i++)) ...
//   }
//
// P3_LBACK2(c, d, 3, 4) counts id p3_r + c into the local of slot 3 or 4 when
// it is one of them, into the array otherwise, then resets the register to d
// like P3_BACK (runtime/p3_runtime.h). The slots cached are those of the
// paths that start at the loop's head after the back edge's reset and end on
// the back edge: the ids of the loop's iterations after the first. Counting
// is exact by construction: a local is one counter's pending increments.
//
// A loop whose iterations all take the same path (one id, one back edge, no
// other path starting inside it) needs no test at all: it counts its
// iterations, and the block's exit adds one to the first iteration's id
// (the register on entering the loop plus what one iteration adds) and the
// rest to the other's:
//
//   { P3_LRUN(p3_counts_0_3, 4, 2); while (...) { ...; P3_LRBACK(2, 2, 4); } }
//
// The compiler can then compute the count from the trip count, as it does
// for gcov's counters.
//
// A loop with locals and one back edge, whose paths all start at its head
// and none of whose probes inside its text counts anything but that back
// edge, is entered with the register at the back edge's reset value, and
// the difference is held in a local until the block is left (P3_LFIRST,
// P3_LFBACKn): every iteration then starts from the same value, so gcc
// knows the register on each branch of the body and keeps no reset and no
// compare against a slot per iteration; only the first iteration, whose
// path started before the loop, is told apart (by the difference being
// nonzero) and counts its own id in the array:
//
//   { P3_LSLOT(p3_counts_0_3, 3); P3_LSLOT(p3_counts_0_3, 4); P3_LFIRST(5);
//     for (i = 0; i < n; P3_SEQ(P3_LFBACK2(0, 5, 3, 4), i++)) ...
//   }
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_LOOPCOUNTERS_H
#define P3_INSTRUMENT_LOOPCOUNTERS_H

#include "Graph/Instance.h"
#include "Instrument/EdgeAnchors.h"

#include <map>

namespace p3 {

/// At most this many counters per loop live in locals (registers).
constexpr unsigned MaxLoopSlots = 4;

/// A loop whose iterations all count one id.
struct LoopRun {
  uint64_t Slot = 0;  ///< Where the iterations after the first count.
  uint64_t Delta = 0; ///< First iteration's id = register on entry + Delta.
};

struct LoopCounters {
  /// Per lowered CFG edge that counts into locals, (block, successor index):
  /// the slots it may hit, in the order they are tried.
  std::map<std::pair<unsigned, unsigned>, std::vector<uint64_t>> EdgeSlots;
  /// Per loop (index into LoweredFunction::Loops) with locals: their slots.
  std::map<unsigned, std::vector<uint64_t>> LoopSlots;
  /// Loops (and their one back edge) that count runs instead.
  std::map<unsigned, LoopRun> Runs;
  std::map<std::pair<unsigned, unsigned>, unsigned> RunEdges; ///< -> loop
  /// Loops with locals entered at their back edge's reset value
  /// (P3_LFIRST): the reset value; and their one back edge (-> loop).
  std::map<unsigned, uint64_t> Firsts;
  std::map<std::pair<unsigned, unsigned>, unsigned> FirstEdges;
};

/// The locals of \p F's loops under instance \p I, which counts in an array
/// of I.NumIds counters and the dropped slot. Nothing for loops that
/// LoopFacts refused, back edges this copy does not count, back edges with
/// more than MaxLoopSlots slots or whose probe is placed outside the loop's
/// text, and loops whose back edges together hit more slots than that.
LoopCounters planLoopCounters(const AnchoredFunction &A,
                              const LoweredFunction &F, const Instance &I);

} // namespace p3

#endif
