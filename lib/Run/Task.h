//===- Task.h - What every copy's task runs: the contract of the engines -===//
//
// p3-run and p3-build run one command in each of the K copies through an
// engine (local processes, GNU parallel, a Slurm job array). Whatever the
// engine, every copy is run by the same task: "<p3 tool> --exec-copy=<i>
// --task=<file>" (CopyTask.h), started by the engine wherever it runs (this
// machine, an ssh host, a cluster node sharing the file system). The task file
// is the whole contract: the command with its {copy}/{dir} placeholders, each
// copy's working directory, the standard input saved once, where outputs,
// records and raw profiles go, the time limit. So an engine only has to start
// K tasks and say why one did not end; everything else (outputs, exit
// statuses, times, profiles) comes back through files in the shared output
// directory.
//
// Files of copy i, in OutputDir:
//   copy-<i>.stdout, copy-<i>.stderr  (or copy-<i>.log for both)
//   copy-<i>.time                      the CopyRecord (Profile/RunRecords.h)
// and its raw profiles in ProfileStaging/copy-<i>.a<attempt>/ until the run
// accepts them (Attempts.h).
//
//===----------------------------------------------------------------------===//

#ifndef P3_RUN_TASK_H
#define P3_RUN_TASK_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace p3 {

struct TaskSpec {
  std::string RunId;    ///< Unique per run; records carry it.
  unsigned Attempt = 1; ///< 1, then 2... for retries.
  /// argv, with {copy} and {dir} still in it.
  std::vector<std::string> Command;
  std::vector<std::string> CopyDirs; ///< Per copy: what {dir} stands for.
  std::vector<std::string> WorkDirs; ///< Per copy: where the command runs.
  std::string Stdin;        ///< A file every copy reads; "" for /dev/null.
  std::string OutputDir;    ///< Outputs and records.
  bool CombinedLog = false; ///< copy-<i>.log instead of .stdout/.stderr.
  /// Where raw profiles are staged (P3_PROFILE_DIR); "" leaves it alone.
  /// (p3-run: DIR/run/staging/<run id>.)
  std::string ProfileStaging;
  double TimeoutSeconds = 0; ///< 0: no limit.

  unsigned numCopies() const { return CopyDirs.size(); }
  std::string stdoutPath(unsigned Copy) const;
  std::string stderrPath(unsigned Copy) const;
  std::string logPath(unsigned Copy) const;
  std::string recordPath(unsigned Copy) const;
  /// ProfileStaging/copy-<i>.a<attempt>
  std::string stagingDir(unsigned Copy) const;
  /// The command of one copy, placeholders expanded.
  std::vector<std::string> commandFor(unsigned Copy) const;

  std::string toJSON() const;
  static llvm::Expected<TaskSpec> fromJSON(llvm::StringRef Text);
  llvm::Error writeFile(llvm::StringRef Path) const;
  static llvm::Expected<TaskSpec> readFile(llvm::StringRef Path);
};

/// A run id unlikely to repeat: time, host and process.
std::string newRunId();

} // namespace p3

#endif
