//===- CallgrindExport.h - The path profile in callgrind's format --------===//
//
// For KCachegrind and callgrind_annotate: per function and source line two
// events, LineExec (how often the line ran, as gcov counts it: LineCoverage.h)
// and PathExec (path executions that run through the line: the sum of the
// counts of the paths whose blocks include it), and per branch its ways as
// conditional jumps ("jcnd=taken/executed TARGET"). Positions are lines.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_CALLGRINDEXPORT_H
#define P3_PROFILE_CALLGRINDEXPORT_H

#include "Profile/ReportData.h"

#include "llvm/Support/raw_ostream.h"

namespace p3 {

void writeCallgrind(llvm::raw_ostream &OS, const ReportData &R);

} // namespace p3

#endif
