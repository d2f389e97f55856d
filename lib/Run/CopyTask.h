//===- CopyTask.h - Run one copy's command, wherever an engine put us ----===//
//
// "<p3 tool> --exec-copy=<i> --task=<file>" (Task.h): what every engine
// starts once per copy. It runs the copy's command in its own process group,
// in the copy's working directory, with the saved standard input, stdout and
// stderr to files, P3_COPY=<i>, P3_COPY_DIR=<copy's top directory> and
// P3_PROFILE_DIR=<its staging directory> in the environment; passes SIGINT,
// SIGTERM, SIGHUP and SIGQUIT on to it; kills it (SIGTERM, then SIGKILL 5 s
// later) at the time limit; and writes the copy's record (how it ended, wall
// and CPU time, host) atomically.
//
// The task exits 0 once the record is written, whatever the command did: an
// engine that sees a task fail (exit status, signal, Slurm state) knows that
// the task itself was lost, not that the program failed.
//
//===----------------------------------------------------------------------===//

#ifndef P3_RUN_COPYTASK_H
#define P3_RUN_COPYTASK_H

#include "llvm/ADT/StringRef.h"

namespace p3 {

/// The option that starts a task, and the one naming its file.
constexpr const char *ExecCopyOption = "--exec-copy=";
constexpr const char *TaskFileOption = "--task=";

/// Whether argv asks for a task (to be checked before any option parsing).
bool isCopyTaskInvocation(int Argc, char **Argv);

/// Runs the task argv asks for; returns the process's exit status (0 once
/// the record is written, 3 when the task could not do its job).
int runCopyTaskMain(int Argc, char **Argv, llvm::StringRef Tool);

} // namespace p3

#endif
