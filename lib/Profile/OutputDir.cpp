//===- OutputDir.cpp - Write a directory of files all at once ------------===//

#include "Profile/OutputDir.h"
#include "Profile/Fail.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace p3 {

namespace {

constexpr StringLiteral Marker = ".p3-report";

bool isEmptyDirectory(StringRef Path) {
  std::error_code EC;
  sys::fs::directory_iterator It(Path, EC);
  return !EC && It == sys::fs::directory_iterator();
}

/// Whether \p Path may be replaced: a report p3 wrote, or an empty directory.
bool isReplaceable(StringRef Path) {
  SmallString<256> M(Path);
  sys::path::append(M, Marker);
  return sys::fs::exists(M) || isEmptyDirectory(Path);
}

} // namespace

Expected<OutputDir> OutputDir::create(StringRef Dest, StringRef What) {
  if (Dest.empty())
    return fail("no output directory given for the " + What);
  SmallString<256> Abs(Dest);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  while (Abs.size() > 1 && sys::path::is_separator(Abs.back()))
    Abs.pop_back();
  if (sys::fs::exists(Abs)) {
    if (!sys::fs::is_directory(Abs))
      return fail(Dest + ": exists and is not a directory; not writing the " +
                  What + " there");
    if (!isReplaceable(Abs))
      return fail(Dest + ": exists and is not a report p3 wrote (no " + Marker +
                  " in it); not replacing it with the " + What);
  }
  StringRef Parent = sys::path::parent_path(Abs);
  if (Parent.empty())
    Parent = ".";
  if (!sys::fs::is_directory(Parent))
    return fail(Dest + ": cannot write the " + What + ": " + Parent +
                " is not a directory");
  // A sibling, so that the final rename stays within one file system.
  for (unsigned Try = 0; Try < 100; ++Try) {
    SmallString<256> Temp;
    sys::fs::createUniquePath(Abs + ".tmp-%%%%%%", Temp,
                              /*MakeAbsolute=*/false);
    std::error_code EC = sys::fs::create_directory(Temp, /*IgnoreExisting=*/false);
    if (EC == std::errc::file_exists)
      continue;
    if (EC)
      return fail(Dest + ": cannot write the " + What + ": " + EC.message() +
                  " (creating " + Temp + ")");
    OutputDir D(Abs.str().str(), Temp.str().str(), What.str());
    if (Error E = D.write(Marker, "written by p3-report; this directory is "
                                  "replaced whole when the report is "
                                  "written again\n"))
      return E;
    return D;
  }
  return fail(Dest + ": cannot create a temporary directory beside it");
}

OutputDir::OutputDir(OutputDir &&Other)
    : Dest(std::move(Other.Dest)), Temp(std::move(Other.Temp)),
      What(std::move(Other.What)), Done(Other.Done) {
  Other.Done = true;
}

OutputDir::~OutputDir() {
  if (!Done && !Temp.empty())
    sys::fs::remove_directories(Temp, /*IgnoreErrors=*/true);
}

Error OutputDir::write(StringRef Relative, StringRef Contents) {
  SmallString<256> Path(Temp);
  sys::path::append(Path, Relative);
  if (std::error_code EC =
          sys::fs::create_directories(sys::path::parent_path(Path)))
    return fail(Dest + ": cannot write the " + What + ": " + EC.message());
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (!EC) {
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      EC = OS.error();
      OS.clear_error();
    }
  }
  if (EC)
    return fail(Dest + ": cannot write the " + What + " (" + Relative +
                "): " + EC.message());
  return Error::success();
}

Error OutputDir::commit() {
  // Move an earlier report aside first, so that the new one appears whole.
  SmallString<256> Old;
  if (sys::fs::exists(Dest)) {
    if (!isReplaceable(Dest))
      return fail(Dest + ": appeared meanwhile and is not a p3 report; "
                         "not replacing it");
    sys::fs::createUniquePath(Dest + ".old-%%%%%%", Old, false);
    if (std::error_code EC = sys::fs::rename(Dest, Old))
      return fail(Dest + ": cannot replace the earlier " + What + ": " +
                  EC.message());
  }
  if (std::error_code EC = sys::fs::rename(Temp, Dest)) {
    if (!Old.empty())
      sys::fs::rename(Old, Dest);
    return fail(Dest + ": cannot move the " + What +
                " into place: " + EC.message());
  }
  Done = true;
  if (!Old.empty())
    sys::fs::remove_directories(Old, /*IgnoreErrors=*/true);
  return Error::success();
}

} // namespace p3
