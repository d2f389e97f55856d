//===- SlurmStates.h - What Slurm says about a job array's tasks ---------===//
//
// The slurm engine's dealings in Slurm's text: the --array list of the
// copies, and the final state of each array task as scontrol (while
// slurmctld remembers the job) or sacct (from accounting) print it.
//
//===----------------------------------------------------------------------===//

#ifndef P3_RUN_SLURMSTATES_H
#define P3_RUN_SLURMSTATES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace p3 {

/// "0-3" for consecutive copies, else "0,2,5".
std::string arraySpec(llvm::ArrayRef<unsigned> Copies);

/// The final state of one array task.
struct TaskState {
  std::string State;    ///< COMPLETED, FAILED, TIMEOUT, CANCELLED...
  std::string Reason;   ///< Slurm's reason, "None" when none.
  std::string ExitCode; ///< "status:signal"
};

/// By array task id, from "scontrol show job -o JOBID" (KEY=VALUE words,
/// one line per task).
std::map<unsigned, TaskState> parseScontrol(llvm::StringRef Text);

/// By array task id, from "sacct -n -P -X -j JOBID -o
/// JobID,State,ExitCode,Reason" (JOBID_TASK|STATE|EXIT|REASON lines).
std::map<unsigned, TaskState> parseSacct(llvm::StringRef Text);

} // namespace p3

#endif
