//===- CompareCopies.h - Did the copies behave like the program? ---------===//
//
// P3's merge assumes that every copy ran exactly like the others: same
// control flow, so the same output and exit status. Each copy that ran is
// compared with the reference copy (copy 0, or the first copy that ran); a
// difference is reported as nondeterminism, naming the copy, the stream and
// the first differing line.
//
//===----------------------------------------------------------------------===//

#ifndef P3_RUN_COMPARECOPIES_H
#define P3_RUN_COMPARECOPIES_H

#include "Run/RunCopies.h"

#include "llvm/Support/raw_ostream.h"

namespace p3 {

/// Reports every difference from copy \p Ref on \p OS ("<Tool>:
/// nondeterminism: ..."); true if there was one.
bool reportNondeterminism(const TaskSpec &Spec,
                          llvm::ArrayRef<CopyOutcome> Outcomes, unsigned Ref,
                          llvm::StringRef Tool, llvm::raw_ostream &OS);

} // namespace p3

#endif
