//===- ProbeCode.h - The probe text of one function in one copy ----------===//
//
// Turns an instance (which edge adds what, which exits count) into the text
// that runs at each site, using the runtime's macros (runtime/p3_runtime.h):
//   P3_ADD(c)       the path register += c            (one probe)
//   P3_COUNT(c)     count the path id register + c   (one probe)
//   P3_RESET(d)     register = d: a path starts       (one probe)
//   P3_BACK(c, d)   P3_COUNT(c), then P3_RESET(d)     (two probes: a back edge)
//   P3_LBACKn(c, d, s1..sn)  P3_BACK, counting into the locals of slots
//                   s1..sn when the id is one of them
//                   (Instrument/LoopCounters.h)
//   P3_LFBACKn(c, d, s1..sn)  P3_LBACKn of a loop entered with the
//                   register at d (P3_LFIRST, Instrument/LoopCounters.h)
//   P3_LRBACK(c, d, s)  P3_BACK of a loop whose iterations all count slot s
//   P3_CUT(c)       before a call that may not return: the path cut short
//                   there would be register + c (a store, not a probe; the
//                   runtime counts it, one probe, if the call does not
//                   return); P3_CUT_NONE: a path cut there is not counted
//   P3_CUT_SYNC     after setjmp returns: count the paths of the frames a
//                   longjmp skipped now
//   P3_CUT_COUNT(c), P3_CUT_UNDO(c)  instead of P3_CUT, where every call
//                   that may not return has a place for both: count the
//                   path cut there (one probe) before the call, take the
//                   count and the probe back after it returns; no frame
// The actions of one edge are never folded into another edge's, so the probes
// that run are exactly those of the overhead model (Graph/Instance.h).
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_PROBECODE_H
#define P3_INSTRUMENT_PROBECODE_H

#include "Graph/Instance.h"
#include "Instrument/EdgeAnchors.h"
#include "Instrument/LoopCounters.h"

#include <map>

namespace p3 {

/// Actions at one site, in execution order. Entry actions belong to an edge
/// into the site's block and run before Exit actions (edges out of it).
struct SiteCode {
  std::vector<std::string> Entry, Exit;
  std::vector<std::string> IfTrue, IfFalse; ///< Condition sites.
  /// Expression sites around a call (EagerCuts): what runs when the call
  /// returns, "P3_CUT_UNDO(c)" (Site::CallValue says how).
  std::string Undo;

  bool empty() const {
    return Entry.empty() && Exit.empty() && IfTrue.empty() && IfFalse.empty() &&
           Undo.empty();
  }
};

struct FunctionCode {
  bool Instrumented = false;
  /// The function keeps an entry on the runtime's cut stack (P3_FRAME): it
  /// counts a cut edge in this copy, or calls setjmp.
  bool Framed = false;
  /// Paths cut short are counted before each call that may not return and
  /// the count undone after it (P3_CUT_COUNT, P3_CUT_UNDO), with no frame.
  bool EagerCuts = false;
  std::map<unsigned, SiteCode> Sites; ///< By site id; empty sites omitted.
  /// Loops (LoweredFunction::Loops index) whose block declares locals, and
  /// the slots; loops whose block counts runs.
  std::map<unsigned, std::vector<uint64_t>> LoopSlots;
  std::map<unsigned, LoopRun> LoopRuns;
  /// Loops of LoopSlots entered at their back edge's reset value
  /// (P3_LFIRST), with that value.
  std::map<unsigned, uint64_t> LoopFirsts;
};

/// The probe text of \p A under \p I, with back edges counting into locals
/// as \p Loops plans (none by default). With \p EagerSites (the function's
/// sites, in an array-mode C function of its own text), paths cut short are
/// counted eagerly where every counted cut has a place for it
/// (FunctionCode::EagerCuts), else by a frame. Fails only on an internal
/// inconsistency (an edge that cannot take a probe was given one).
llvm::Expected<FunctionCode>
generateProbeCode(const AnchoredFunction &A, const Instance &I,
                  const LoopCounters &Loops = {},
                  const std::vector<Site> *EagerSites = nullptr);

/// An increment as C source: decimal, negative when above 2^63.
std::string formatIncrement(uint64_t V);

} // namespace p3

#endif
