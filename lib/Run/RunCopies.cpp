//===- RunCopies.cpp - The K copies through an engine, with retries ------===//

#include "Run/RunCopies.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace llvm;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace p3 {

namespace {

/// The record copy \p Copy left for this run and attempt, if any.
std::optional<CopyRecord> recordOf(const TaskSpec &Spec, unsigned Copy) {
  std::string Path = Spec.recordPath(Copy);
  if (!fs::exists(Path))
    return std::nullopt;
  Expected<CopyRecord> R = readCopyRecord(Path);
  if (!R) {
    consumeError(R.takeError());
    return std::nullopt;
  }
  if (R->Copy != Copy || R->RunId != Spec.RunId || R->Attempt != Spec.Attempt)
    return std::nullopt;
  return std::move(*R);
}

/// A name in \p Dir for \p Name that no file has: p3-H-c0-123.raw, then
/// p3-H-c0-123.2.raw... (so that "p3-*-c0-*.raw" still matches).
std::string freeName(StringRef Dir, StringRef Name) {
  SmallString<256> Target(Dir);
  path::append(Target, Name);
  StringRef Stem = path::stem(Name), Ext = path::extension(Name);
  for (unsigned N = 2; fs::exists(Target); ++N) {
    Target = Dir;
    path::append(Target, formatv("{0}.{1}{2}", Stem, N, Ext).str());
  }
  return Target.str().str();
}

/// Moves the files of a copy's staging directory into \p ProfileDir.
Error acceptProfiles(StringRef Staging, StringRef ProfileDir) {
  std::error_code EC;
  std::vector<std::string> Files;
  for (fs::directory_iterator It(Staging, EC), End; It != End && !EC;
       It.increment(EC))
    if (It->type() == fs::file_type::regular_file)
      Files.push_back(It->path());
  if (EC)
    return createStringError(EC,
                             "cannot list " + Staging + ": " + EC.message());
  std::sort(Files.begin(), Files.end());
  for (const std::string &F : Files) {
    std::string Target = freeName(ProfileDir, path::filename(F));
    if (std::error_code EC = fs::rename(F, Target)) {
      // Another file system: copy, then remove.
      if (std::error_code EC2 = fs::copy_file(F, Target))
        return createStringError(EC2, "cannot move " + F + " to " + Target +
                                          ": " + EC2.message());
      fs::remove(F);
    }
  }
  fs::remove(Staging);
  return Error::success();
}

bool isEmptyDirectory(StringRef Dir) {
  std::error_code EC;
  fs::directory_iterator It(Dir, EC);
  return EC || It == fs::directory_iterator();
}

std::string listCopies(ArrayRef<unsigned> Copies) {
  std::string S;
  for (unsigned C : Copies)
    S += (S.empty() ? "" : ", ") + std::to_string(C);
  return S;
}

} // namespace

Expected<std::vector<CopyOutcome>> runCopies(TaskSpec Spec, Engine &E,
                                             const RunCopiesOptions &O,
                                             raw_ostream &Log,
                                             CopyEnded Ended) {
  unsigned K = Spec.numCopies();
  std::vector<CopyOutcome> Outcomes(K);
  std::vector<unsigned> Pending;
  for (unsigned C = 0; C < K; ++C)
    Pending.push_back(C);
  if (!Spec.ProfileStaging.empty()) {
    // Leftovers of earlier runs are never merged. This run stages in a
    // directory of its own: a process orphaned by an earlier run's lost task
    // may still write into that run's staging directory.
    fs::remove_directories(Spec.ProfileStaging);
    SmallString<256> Mine(Spec.ProfileStaging);
    path::append(Mine, Spec.RunId);
    Spec.ProfileStaging = Mine.str().str();
    if (std::error_code EC = fs::create_directories(Spec.ProfileStaging))
      return createStringError(EC, "cannot create " + Spec.ProfileStaging +
                                       ": " + EC.message());
  }

  for (unsigned Attempt = 1;; ++Attempt) {
    Spec.Attempt = Attempt;
    if (Error Err = Spec.writeFile(O.TaskFile))
      return Err;
    for (unsigned C : Pending)
      fs::remove(Spec.recordPath(C));
    EngineRequest R;
    R.TaskFile = O.TaskFile;
    R.Tool = O.Tool;
    R.Copies = Pending;
    R.LogDir = O.LogDir;
    R.Attempt = Attempt;
    R.JobName = O.JobName;
    Expected<EngineFailures> Failures =
        E.run(R, [&](unsigned Copy, StringRef Failure) {
          Ended(Copy, recordOf(Spec, Copy), Failure);
        });
    if (!Failures)
      return Failures.takeError();

    std::vector<unsigned> Missing;
    for (unsigned C : Pending) {
      CopyOutcome &Out = Outcomes[C];
      Out.Attempts = Attempt;
      std::optional<CopyRecord> Rec = recordOf(Spec, C);
      auto Failure = Failures->find(C);
      // The engine's verdict first: a task it cancelled or preempted may
      // still have recorded its command's death by the signal it sent.
      if (Rec && Rec->End != CopyRecord::Ending::TimedOut &&
          Failure == Failures->end()) {
        Out.Record = std::move(Rec);
        Out.MissingReason.clear();
        if (!Spec.ProfileStaging.empty())
          if (Error Err = acceptProfiles(Spec.stagingDir(C), O.ProfileDir))
            return Err;
        continue;
      }
      if (Failure != Failures->end())
        Out.MissingReason =
            Failure->second +
            (Rec ? " (its command " + Rec->describe() + ")" : std::string());
      else if (Rec)
        Out.MissingReason = "its command " + Rec->describe() + " (--timeout)";
      else
        Out.MissingReason = formatv("{0}: the task ended but left no record "
                                    "{1} (is the output directory on storage "
                                    "the task's machine shares?)",
                                    E.name(), Spec.recordPath(C));
      Missing.push_back(C);
    }
    if (Missing.empty())
      break;
    if (Attempt > O.Retry) {
      for (unsigned C : Missing)
        if (!Spec.ProfileStaging.empty() &&
            !isEmptyDirectory(Spec.stagingDir(C)))
          Log << O.ToolName << ": copy " << C << "'s last attempt left raw "
              << "profiles in " << Spec.stagingDir(C) << ": not merged\n";
      break;
    }
    Log << O.ToolName << ": retrying cop"
        << (Missing.size() == 1 ? "y " : "ies ") << listCopies(Missing)
        << " (attempt " << Attempt + 1 << " of " << O.Retry + 1 << "):";
    for (unsigned C : Missing)
      Log << (Missing.size() == 1 ? " "
                                  : "\n  copy " + std::to_string(C) + ": ")
          << Outcomes[C].MissingReason;
    Log << "\n";
    Pending = std::move(Missing);
  }
  return Outcomes;
}

} // namespace p3
