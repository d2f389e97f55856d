//===- Engine.h - How the K copies' tasks get run: the shared contract ---===//
//
// An engine starts the task of each requested copy (Task.h: "<tool>
// --exec-copy=<i> --task=<file>") somewhere, waits until all have ended, and
// says, for each task that did not end normally, why, in its own words
// ("slurm: TIMEOUT", "parallel: host n2: exit status 255"). It does not look
// at what the command did: the tasks write that to files in the shared
// output directory, which the caller reads (Attempts.h).
//
//   local     processes on this machine, -j N at a time (LocalEngine.cpp)
//   parallel  GNU parallel, on this machine (":") or ssh hosts
//             (--sshloginfile), which must share the output directory and
//             have p3 at the same path (ParallelEngine.cpp)
//   slurm     one Slurm job array of the copies, sbatch --wait, on nodes
//             that share the output directory (SlurmEngine.cpp)
//
//===----------------------------------------------------------------------===//

#ifndef P3_RUN_ENGINE_H
#define P3_RUN_ENGINE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace p3 {

/// What the command line says about the engine.
struct EngineOptions {
  std::string Name = "local";
  /// Tasks at a time (0: all). parallel: per host; slurm: the array's
  /// throttle (%N).
  unsigned Jobs = 0;
  // parallel
  std::string SSHLoginFile;           ///< --sshloginfile
  std::vector<std::string> SSHLogins; ///< -S
  std::vector<std::string> ParallelArgs;
  // slurm
  std::string Partition; ///< -p
  std::string TimeLimit; ///< -t
  std::vector<std::string> SbatchArgs;
};

struct EngineRequest {
  std::string TaskFile; ///< Absolute.
  std::string Tool;     ///< Absolute path of the p3 tool that runs tasks.
  std::vector<unsigned> Copies;
  std::string LogDir; ///< For the engine's own files (absolute).
  unsigned Attempt = 1;
  std::string JobName = "p3";

  /// The task's argv for \p Copy ("$SLURM_ARRAY_TASK_ID", "{}"...).
  std::vector<std::string> taskCommand(llvm::StringRef Copy) const;
};

/// Why a copy's task did not end normally, by copy.
using EngineFailures = std::map<unsigned, std::string>;

class Engine {
public:
  virtual ~Engine();
  virtual llvm::StringRef name() const = 0;

  /// Runs the tasks of R.Copies and waits for all of them. \p Ended is
  /// called once per copy as its task ends (for progress), with its failure
  /// ("" when it ended normally), in the order they end when the engine knows
  /// it, else at the end. Returns the failures;
  /// an Error when the engine cannot run at all (not installed, submission
  /// refused), with the engine's message.
  virtual llvm::Expected<EngineFailures>
  run(const EngineRequest &R,
      llvm::function_ref<void(unsigned, llvm::StringRef)> Ended) = 0;
};

/// "local", "parallel" or "slurm"; an error names the choices.
llvm::Expected<std::unique_ptr<Engine>>
createEngine(const EngineOptions &Options);

std::unique_ptr<Engine> createLocalEngine(const EngineOptions &Options);
std::unique_ptr<Engine> createParallelEngine(const EngineOptions &Options);
std::unique_ptr<Engine> createSlurmEngine(const EngineOptions &Options);

/// Runs a helper program (sbatch, parallel, scontrol) to its end with
/// \p Stdin ("" for /dev/null), capturing stdout and stderr. Returns its exit
/// status (-1 when it could not be started; \p Err then says why).
int runHelper(llvm::ArrayRef<std::string> Argv, std::string &Out,
              std::string &Err);

} // namespace p3

#endif
