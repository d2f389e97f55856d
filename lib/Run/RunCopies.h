//===- RunCopies.h - The K copies through an engine, with retries --------===//
//
// The caller's side of the contract (Task.h, Engine.h): writes the task file,
// has the engine run every copy's task, and reads back each copy's record. A
// copy whose task left no record for this attempt (the task failed,
// was preempted or cancelled, its node died) or whose command hit the time
// limit is missing, with the engine's reason; with --retry N, the missing
// copies run again, up to N more times. Raw profiles are written to a
// staging directory per copy and attempt, and only the accepted attempt's
// are moved into DIR/profiles: a killed attempt's partial profiles (a
// forked child's, say) are never merged, and a retried copy is never counted
// twice.
//
//===----------------------------------------------------------------------===//

#ifndef P3_RUN_RUNCOPIES_H
#define P3_RUN_RUNCOPIES_H

#include "Run/Engine.h"
#include "Run/Task.h"

#include "Profile/RunRecords.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace p3 {

struct CopyOutcome {
  /// The accepted record: the command ran to its end (whatever its status).
  std::optional<CopyRecord> Record;
  /// Why the copy is missing, when it is.
  std::string MissingReason;
  unsigned Attempts = 0;

  bool ran() const { return Record.has_value(); }
};

struct RunCopiesOptions {
  std::string Tool;     ///< Absolute path of the tool that runs tasks.
  std::string TaskFile; ///< Where to write the task file.
  std::string LogDir;   ///< The engine's own files.
  std::string JobName = "p3";
  unsigned Retry = 0;
  /// Where accepted raw profiles go; "" when the spec stages none.
  std::string ProfileDir;
  std::string ToolName = "p3-run"; ///< Prefix of messages.
};

/// Called as each copy's task ends, with its record when it left one.
using CopyEnded = llvm::function_ref<void(
    unsigned Copy, const std::optional<CopyRecord> &Record,
    llvm::StringRef Failure)>;

/// Runs every copy of \p Spec; messages (retries, profiles set aside) go to
/// \p Log. An Error when the engine cannot run at all.
llvm::Expected<std::vector<CopyOutcome>>
runCopies(TaskSpec Spec, Engine &E, const RunCopiesOptions &Options,
          llvm::raw_ostream &Log, CopyEnded Ended);

} // namespace p3

#endif
