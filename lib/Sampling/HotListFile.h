//===- HotListFile.h - The runtime's hot-list dump (*.osp) ----------------===//
//
// An OSP copy writes DIR/p3-<hash>-osp-<pid>.osp at exit, and while it runs
// on a signal or a timer (docs/osp.md): a text file, replaced atomically at
// each dump, holding the configuration, counters and the concise sample:
//
//   P3OSP 1 <manifest hash> <pid>
//   dump <sequence number> <exit|signal|timer>
//   config mode <sample|skip> max_length <L> memory <bytes> period <f0>
//          seed <s> max_samples <n>                      (one line)
//   state period_log2 <k> blocks <n> starts <n> windows <n> kept <n>
//         samples <n> resamples <n> dropped <n> entries <n>
//         memory_used <bytes> memory_peak <bytes> threads <n>  (one line)
//   s <sample count> <length> <block id> ...    (one line per subpath: the
//                        blocks as they ran when it was first sampled; any
//                        rotation of them is the same subpath)
//   end <number of s lines>
//
// The parser checks everything a reader relies on and names the file and
// line of the first problem.
//
//===----------------------------------------------------------------------===//

#ifndef P3_SAMPLING_HOTLISTFILE_H
#define P3_SAMPLING_HOTLISTFILE_H

#include "Sampling/Subpath.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace p3 {

struct SampledSubpath {
  uint64_t Count = 0; ///< Samples in the hot list.
  Subpath Blocks;     ///< Canonical (least rotation): the identity.
  Subpath Shown;      ///< As it ran when first sampled (as in the file).
};

struct HotListDump {
  std::string File;
  std::string Hash;
  uint64_t Pid = 0;
  uint64_t Sequence = 0; ///< Dumps written by this process so far.
  std::string Reason;    ///< exit, signal or timer.
  // Configuration.
  std::string Mode; ///< sample, or skip (skipping only: no samples).
  uint64_t MaxLength = 0, Memory = 0, Period = 0, Seed = 0;
  uint64_t MaxSamples = 0; ///< Sample-size bound (0: memory only).
  // State at the dump.
  unsigned PeriodLog2 = 0; ///< k: a block starts a window with prob. 2^-k.
  uint64_t Samples = 0; ///< Sum of the counts.
  uint64_t Blocks = 0, Starts = 0, Windows = 0, Kept = 0, Resamples = 0,
           Dropped = 0, Entries = 0, MemoryUsed = 0, MemoryPeak = 0,
           Threads = 0;
  std::vector<SampledSubpath> Subpaths;

  bool isFinal() const { return Reason == "exit"; }
};

llvm::Expected<HotListDump> parseHotList(llvm::StringRef Text,
                                         llvm::StringRef Name);
llvm::Expected<HotListDump> readHotList(llvm::StringRef Path);

} // namespace p3

#endif
