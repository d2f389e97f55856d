//===- RunRecords.h - What a run of the K copies leaves behind -----------===//
//
// Two small files tie a run of the copies (p3-run, on any engine) to the
// profile merged from it:
//
//   DIR/run/copy-<i>.time      one per copy: how the copy's command ended
//                              (exit status, signal, could not start, timed
//                              out), its wall-clock and CPU time, the host.
//                              Written by the task that ran the copy, on
//                              whatever machine that was; p3-report shows
//                              the times next to the model's per-copy hits.
//   DIR/profiles/failed-copies.json
//                              copies whose task did not end normally
//                              (failed, preempted, timed out...) in a run
//                              whose profiles are in DIR/profiles, with the
//                              engine's reason. The merge treats them as
//                              missing even if older raw profiles of theirs
//                              exist, so a profile with a copy missing is
//                              never presented as complete. Cleared with the
//                              raw profiles (p3-run --fresh).
//
// docs/usage.md documents both.
//
//===----------------------------------------------------------------------===//

#ifndef P3_PROFILE_RUNRECORDS_H
#define P3_PROFILE_RUNRECORDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace p3 {

/// How one copy's command ended, and what it cost.
struct CopyRecord {
  enum class Ending { Exited, Signalled, NotStarted, TimedOut };

  unsigned Copy = 0;
  unsigned Attempt = 1;
  std::string RunId; ///< The p3-run invocation (stale records differ).
  std::string Host;
  Ending End = Ending::Exited;
  int ExitCode = 0;          ///< Exited: the status.
  int Signal = 0;            ///< Signalled: the signal.
  std::string Error;         ///< NotStarted: why (strerror of exec).
  int StartErrno = 0;        ///< NotStarted: errno of exec.
  double TimeoutSeconds = 0; ///< TimedOut: the limit.
  double WallSeconds = 0, UserSeconds = 0, SystemSeconds = 0;

  double cpuSeconds() const { return UserSeconds + SystemSeconds; }
  /// The status a shell would report: the exit status, 128+S for signal S,
  /// 127 (not found) or 126 for a command that could not start, 124 for a
  /// timeout (as timeout(1)).
  int statusCode() const;
  /// "exited with status 3", "was killed by signal 11 (Segmentation
  /// fault)", "could not start (No such file or directory)", "timed out
  /// after 10 s".
  std::string describe() const;
};

/// DIR/run/copy-<i>.time
std::string copyRecordPath(llvm::StringRef RunDir, unsigned Copy);
llvm::Error writeCopyRecord(llvm::StringRef Path, const CopyRecord &R);
llvm::Expected<CopyRecord> readCopyRecord(llvm::StringRef Path);

/// The records of copies 0..K-1 in \p RunDir that can be read (others are
/// nullopt).
std::vector<std::optional<CopyRecord>> readCopyRecords(llvm::StringRef RunDir,
                                                       unsigned K);

/// A copy missing from the profiles of DIR/profiles, and why.
struct FailedCopy {
  unsigned Copy = 0;
  std::string Reason;
};

/// DIR/profiles/failed-copies.json
std::string failedCopiesPath(llvm::StringRef ProfileDir);
/// An absent file is no failed copy; a damaged one is an error.
llvm::Expected<std::vector<FailedCopy>> readFailedCopies(llvm::StringRef Path);
/// Writes \p Copies (sorted by copy), or removes the file when empty.
llvm::Error writeFailedCopies(llvm::StringRef Path,
                              llvm::ArrayRef<FailedCopy> Copies);

} // namespace p3

#endif
