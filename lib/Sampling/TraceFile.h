//===- TraceFile.h - Block traces for the exact counter (*.trace) ---------===//
//
// With P3_OSP_MODE=trace an OSP copy samples nothing and writes every block it
// runs to DIR/p3-<hash>-osp-<pid>.trace instead: a header line
//   P3OSPTRACE 1 <manifest hash> <pid>
// followed by chunks in the machine's byte order (little-endian on x86-64):
//   uint32 thread number, uint32 n, uint32 block id[n]
// Each thread's blocks, in the order of its chunks, are its trace. The exact
// subpath counter reads them; they are large (4 bytes a block), so this is
// for reduced inputs.
//
//===----------------------------------------------------------------------===//

#ifndef P3_SAMPLING_TRACEFILE_H
#define P3_SAMPLING_TRACEFILE_H

#include "Sampling/Subpath.h"

#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace p3 {

struct TraceHeader {
  std::string Hash;
  uint64_t Pid = 0;
};

/// Reads only the header line of \p Path.
llvm::Expected<TraceHeader> readTraceHeader(llvm::StringRef Path);

/// Reads \p Path chunk by chunk, calling \p Chunk(thread, blocks) for each.
llvm::Expected<TraceHeader>
readTrace(llvm::StringRef Path,
          llvm::function_ref<void(unsigned, llvm::ArrayRef<BlockId>)> Chunk);

} // namespace p3

#endif
