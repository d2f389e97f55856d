//===- AtomicWrite.cpp - Replace a file all at once ----------------------===//

#include "Profile/AtomicWrite.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace p3 {

Error writeFileAtomically(StringRef Path, StringRef Contents) {
  auto Fail = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             Twine("cannot write " + Path + ": " + Why).str());
  };
  // A device or a pipe (-o /dev/null, /dev/stdout, a FIFO) is written to,
  // never replaced: renaming over /dev/null would replace the device with a
  // regular file for every process on the machine.
  sys::fs::file_status Status;
  if (!sys::fs::status(Path, Status) && sys::fs::exists(Status) &&
      !sys::fs::is_regular_file(Status) && !sys::fs::is_directory(Status)) {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
    if (EC)
      return Fail(EC.message());
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      std::string Msg = OS.error().message();
      OS.clear_error();
      return Fail(Msg);
    }
    return Error::success();
  }
  // Same directory as the target: rename() is atomic only within a file
  // system.
  Expected<sys::fs::TempFile> Temp =
      sys::fs::TempFile::create(Path + ".tmp-%%%%%%");
  if (!Temp)
    return Fail(toString(Temp.takeError()));
  {
    raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
    OS << Contents;
    OS.flush();
    if (OS.has_error()) {
      std::string Msg = OS.error().message();
      OS.clear_error();
      consumeError(Temp->discard());
      return Fail(Msg);
    }
  }
  // TempFile creates the file 0600; a report is as readable as any file the
  // user creates.
  sys::fs::setPermissions(
      Temp->TmpName, static_cast<sys::fs::perms>(0666 & ~sys::fs::getUmask()));
  if (Error E = Temp->keep(Path))
    return Fail(toString(std::move(E)));
  return Error::success();
}

} // namespace p3
