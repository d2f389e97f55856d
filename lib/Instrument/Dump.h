//===- Dump.h - Human-readable dumps of a lowered function ---------------===//

#ifndef P3_INSTRUMENT_DUMP_H
#define P3_INSTRUMENT_DUMP_H

#include "Instrument/Site.h"

#include "llvm/Support/raw_ostream.h"

namespace p3 {

/// Blocks with their lines, successors, sites and anchors; then what anchoring
/// did (repairs, contraction) or why it failed. Used by p3-rewrite
/// --dump-function and by tests.
void dumpFunction(const LoweredFunction &F, llvm::raw_ostream &OS);

} // namespace p3

#endif
