//===- BlockActions.h - Where each block's OSP entry action runs ----------===//
//
// Online subpath profiling sees a program as the sequence of blocks it runs.
// Every block with code gets one entry action, P3_OSP_BLOCK(id), that must run
// exactly once each time control passes through the block. It goes, in this
// order of preference:
//  1. at the block's first once-per-pass site (before its first statement,
//     the start of a ?: arm, a for increment...; a catch handler: the start
//     of its body), ahead of anything else there;
//  2. in both outcomes of the block's condition, when the block is only a
//     condition (a loop test): it then runs just after the test, once per
//     pass;
//  3. on every edge into the block, through each edge's anchor
//     (EdgeAnchors.h: a branch outcome, the end of the predecessor, or pushed
//     onto the edges into a predecessor without a site).
// A block with code and none of these (a branch inside a macro expansion) has
// no action: its steps are not seen, so the blocks around it form one step,
// as in path profiles. Blocks without statements (clang's empty joins and
// loop-continue blocks, ENTRY, EXIT) have no code and get no action.
//
// Several actions at one place run in control-flow order: a block's own
// action, then the action of the block its edge enters, then those pushed
// through that block.
//
// Fusing: a block entered only from one outcome of a block of kind 2 (a loop
// body from its test) runs its action in that outcome as well, right after
// the test's, emitted as one P3_OSP_BLOCK2(test, block): the same blocks in
// the same order (nothing runs between the outcome and the block's start),
// one counter test instead of two.
//
// Chains: in a C function whose calls are all in its blocks, a block whose
// action is alone at its place takes with it the actions of the blocks that
// always follow it straight (the one successor, entered only from it,
// through blocks without an action; nothing on the way calls), up to four
// in all: P3_OSP_BLOCK3(test, body, increment) runs once an iteration of a
// `for` loop with a straight body. The same blocks, in the same order,
// with nothing between them that runs another block or leaves the run
// (a call, a return); one counter test instead of several.
//
// Register mode, for C functions that call nothing (the frontend's
// LoweredFunction::CallsNothing): the counter
// is copied into a local at entry (P3_OSP_LEAF, first in the body), the
// blocks count down the local (P3_OSP_LBLOCK), which the compiler keeps in a
// register, and every way out of the function copies it back (P3_OSP_LEAVE
// on each edge into EXIT). A tight loop then pays a register decrement per
// block instead of a memory update. When an edge into EXIT has no place (a
// return inside a macro), or an action sits in an operand C leaves unordered
// against another (the local is assigned), the function falls back to the
// shared counter.
//
// Register mode across calls, for C functions whose calls are all calls of
// their blocks (LoweredFunction::CallsOnlyInBlocks): the local is handed over
// around calls by block. An action takes the counter in from the thread when
// a call may have run since the action before (P3_OSP_RBLOCK), hands it out
// when a call may run before the action after or the function may be left
// (P3_OSP_WBLOCK; both: P3_OSP_RWBLOCK). Every call then runs with the
// thread's counter exact,
// and every action counts the exact value. An action in an operand that C
// leaves unordered against a call (the compiler may run the call on either
// side) makes the function use the shared counter.
//
//===----------------------------------------------------------------------===//

#ifndef P3_INSTRUMENT_BLOCKACTIONS_H
#define P3_INSTRUMENT_BLOCKACTIONS_H

#include "Instrument/ProbeCode.h"

namespace p3 {

struct BlockActionPlan {
  /// Register mode: the text that goes first in the body ("" otherwise).
  std::string Enter;
  /// Blocks that get an action, in source order (by line; within a line in
  /// clang's reverse block order, which follows the text).
  std::vector<unsigned> Observed;
  /// Blocks with code but no place for an action.
  std::vector<unsigned> Unobserved;
  /// The text at each site, given the id of each observed block.
  FunctionCode Code;
};

/// Plans the entry actions of \p F's blocks; the i-th observed block (in
/// BlockActionPlan::Observed order) gets id \p FirstId + i. \p Register: try
/// register mode (the caller has checked that F calls nothing, or that its
/// calls are all in its blocks). \p Chaining: emit straight runs of blocks
/// as one action (off only to check that chains record the same blocks).
BlockActionPlan planBlockActions(const LoweredFunction &F, unsigned FirstId,
                                 bool Register = false, bool Chaining = true);

} // namespace p3

#endif
