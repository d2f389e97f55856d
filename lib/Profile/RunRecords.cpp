//===- RunRecords.cpp - What a run of the K copies leaves behind ---------===//

#include "Profile/RunRecords.h"
#include "Profile/AtomicWrite.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

using namespace llvm;

namespace p3 {

namespace {

Error recordError(StringRef Path, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Path + ": " + Msg);
}

StringRef endingName(CopyRecord::Ending E) {
  switch (E) {
  case CopyRecord::Ending::Exited:
    return "exited";
  case CopyRecord::Ending::Signalled:
    return "signalled";
  case CopyRecord::Ending::NotStarted:
    return "not-started";
  case CopyRecord::Ending::TimedOut:
    return "timed-out";
  }
  return "?";
}

std::optional<CopyRecord::Ending> parseEnding(StringRef S) {
  for (auto E : {CopyRecord::Ending::Exited, CopyRecord::Ending::Signalled,
                 CopyRecord::Ending::NotStarted, CopyRecord::Ending::TimedOut})
    if (endingName(E) == S)
      return E;
  return std::nullopt;
}

Expected<json::Value> readJSONFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return recordError(Path, "cannot read: " + Buf.getError().message());
  Expected<json::Value> V = json::parse((*Buf)->getBuffer());
  if (!V)
    return recordError(Path, "not valid JSON: " + toString(V.takeError()));
  return V;
}

/// 1, 0.5, 90: as the user typed it, not 1.000000.
std::string formatSeconds(double S) {
  char Buf[32];
  snprintf(Buf, sizeof Buf, "%g", S);
  return Buf;
}

} // namespace

int CopyRecord::statusCode() const {
  switch (End) {
  case Ending::Exited:
    return ExitCode;
  case Ending::Signalled:
    return 128 + Signal;
  case Ending::NotStarted:
    return StartErrno == ENOENT ? 127 : 126;
  case Ending::TimedOut:
    return 124;
  }
  return 1;
}

std::string CopyRecord::describe() const {
  switch (End) {
  case Ending::Exited:
    return formatv("exited with status {0}", ExitCode).str();
  case Ending::Signalled:
    return formatv("was killed by signal {0} ({1})", Signal, strsignal(Signal))
        .str();
  case Ending::NotStarted:
    return "could not start (" + Error + ")";
  case Ending::TimedOut:
    return ("timed out after " + Twine(formatSeconds(TimeoutSeconds)) + " s")
        .str();
  }
  return "?";
}

std::string copyRecordPath(StringRef RunDir, unsigned Copy) {
  SmallString<256> P(RunDir);
  sys::path::append(P, formatv("copy-{0}.time", Copy).str());
  return P.str().str();
}

Error writeCopyRecord(StringRef Path, const CopyRecord &R) {
  json::Object O{{"format", "p3-copy-record"},
                 {"version", 1},
                 {"copy", R.Copy},
                 {"attempt", R.Attempt},
                 {"run", R.RunId},
                 {"host", R.Host},
                 {"ending", endingName(R.End)},
                 {"wall_seconds", R.WallSeconds},
                 {"user_seconds", R.UserSeconds},
                 {"system_seconds", R.SystemSeconds}};
  switch (R.End) {
  case CopyRecord::Ending::Exited:
    O["exit_code"] = R.ExitCode;
    break;
  case CopyRecord::Ending::Signalled:
    O["signal"] = R.Signal;
    break;
  case CopyRecord::Ending::NotStarted:
    O["error"] = R.Error;
    O["errno"] = R.StartErrno;
    break;
  case CopyRecord::Ending::TimedOut:
    O["timeout_seconds"] = R.TimeoutSeconds;
    break;
  }
  return writeFileAtomically(
      Path, formatv("{0:2}\n", json::Value(std::move(O))).str());
}

Expected<CopyRecord> readCopyRecord(StringRef Path) {
  Expected<json::Value> V = readJSONFile(Path);
  if (!V)
    return V.takeError();
  const json::Object *O = V->getAsObject();
  if (!O || O->getString("format") != "p3-copy-record")
    return recordError(Path, "not a p3 copy record");
  CopyRecord R;
  std::optional<int64_t> Copy = O->getInteger("copy");
  std::optional<int64_t> Attempt = O->getInteger("attempt");
  std::optional<StringRef> Ending = O->getString("ending");
  std::optional<CopyRecord::Ending> E =
      Ending ? parseEnding(*Ending) : std::nullopt;
  if (!Copy || *Copy < 0 || !Attempt || *Attempt < 1 || !E)
    return recordError(Path, "\"copy\", \"attempt\" or \"ending\" is missing "
                             "or invalid");
  R.Copy = *Copy;
  R.Attempt = *Attempt;
  R.End = *E;
  R.RunId = O->getString("run").value_or("").str();
  R.Host = O->getString("host").value_or("").str();
  R.WallSeconds = O->getNumber("wall_seconds").value_or(0);
  R.UserSeconds = O->getNumber("user_seconds").value_or(0);
  R.SystemSeconds = O->getNumber("system_seconds").value_or(0);
  R.ExitCode = O->getInteger("exit_code").value_or(0);
  R.Signal = O->getInteger("signal").value_or(0);
  R.Error = O->getString("error").value_or("").str();
  R.StartErrno = O->getInteger("errno").value_or(0);
  R.TimeoutSeconds = O->getNumber("timeout_seconds").value_or(0);
  return R;
}

std::vector<std::optional<CopyRecord>> readCopyRecords(StringRef RunDir,
                                                       unsigned K) {
  std::vector<std::optional<CopyRecord>> Records(K);
  for (unsigned C = 0; C < K; ++C) {
    std::string Path = copyRecordPath(RunDir, C);
    if (!sys::fs::exists(Path))
      continue;
    Expected<CopyRecord> R = readCopyRecord(Path);
    if (R && R->Copy == C)
      Records[C] = std::move(*R);
    else if (!R)
      consumeError(R.takeError());
  }
  return Records;
}

std::string failedCopiesPath(StringRef ProfileDir) {
  SmallString<256> P(ProfileDir);
  sys::path::append(P, "failed-copies.json");
  return P.str().str();
}

Expected<std::vector<FailedCopy>> readFailedCopies(StringRef Path) {
  std::vector<FailedCopy> Copies;
  if (!sys::fs::exists(Path))
    return Copies;
  Expected<json::Value> V = readJSONFile(Path);
  if (!V)
    return V.takeError();
  const json::Object *O = V->getAsObject();
  const json::Array *A = O ? O->getArray("copies") : nullptr;
  if (!O || O->getString("format") != "p3-failed-copies" || !A)
    return recordError(Path, "not a p3 list of failed copies");
  for (const json::Value &E : *A) {
    const json::Object *C = E.getAsObject();
    std::optional<int64_t> Copy = C ? C->getInteger("copy") : std::nullopt;
    if (!Copy || *Copy < 0)
      return recordError(Path, "an entry has no valid \"copy\"");
    Copies.push_back(
        {unsigned(*Copy), C->getString("reason").value_or("").str()});
  }
  return Copies;
}

Error writeFailedCopies(StringRef Path, ArrayRef<FailedCopy> Copies) {
  if (Copies.empty()) {
    std::error_code EC = sys::fs::remove(Path);
    if (EC && EC != std::errc::no_such_file_or_directory)
      return recordError(Path, "cannot remove: " + EC.message());
    return Error::success();
  }
  std::vector<FailedCopy> Sorted(Copies.begin(), Copies.end());
  std::stable_sort(
      Sorted.begin(), Sorted.end(),
      [](const FailedCopy &A, const FailedCopy &B) { return A.Copy < B.Copy; });
  json::Array A;
  for (const FailedCopy &C : Sorted)
    A.push_back(json::Object{{"copy", C.Copy}, {"reason", C.Reason}});
  json::Object O{
      {"format", "p3-failed-copies"}, {"version", 1}, {"copies", std::move(A)}};
  return writeFileAtomically(
      Path, formatv("{0:2}\n", json::Value(std::move(O))).str());
}

} // namespace p3
