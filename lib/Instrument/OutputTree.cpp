//===- OutputTree.cpp - Write the K copies, their diffs and the manifest -===//

#include "Instrument/OutputTree.h"
#include "Instrument/MirrorExclusions.h"
#include "Instrument/UnifiedDiff.h"

#include "Profile/Fail.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <unistd.h>

using namespace llvm;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace p3 {

namespace {

Error writeText(StringRef File, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(File, EC, fs::OF_None);
  if (EC)
    return fail("cannot write " + File, EC);
  OS << Text;
  OS.close();
  if (OS.has_error())
    return fail("cannot write " + File, OS.error());
  return Error::success();
}

/// Mirrors Root into Copy, skipping what must not be mirrored.
class Mirror {
public:
  /// \p Skip: absolute paths left out (the output, build directories).
  Mirror(StringRef Root, StringRef Copy, const std::set<std::string> &Skip)
      : Root(Root), Copy(Copy), Skip(Skip) {}

  Error run() {
    if (std::error_code EC = fs::create_directories(Copy))
      return fail("cannot create " + Copy, EC);
    return directory(Root, Copy);
  }

private:
  Error directory(StringRef From, StringRef To) {
    std::error_code EC;
    std::vector<std::pair<std::string, fs::file_type>> Entries;
    for (fs::directory_iterator It(From, EC, /*follow_symlinks=*/false), End;
         It != End && !EC; It.increment(EC))
      Entries.push_back({It->path(), It->type()});
    if (EC)
      return fail("cannot list " + From, EC);
    std::sort(Entries.begin(), Entries.end());
    for (auto &[Source, Type] : Entries) {
      SmallString<256> Target(To);
      path::append(Target, path::filename(Source));
      if (Error E = entry(Source, Target, Type))
        return E;
    }
    return Error::success();
  }

  Error entry(StringRef Source, StringRef Target, fs::file_type Type) {
    if (Skip.count(Source.str()))
      return Error::success();
    switch (Type) {
    case fs::file_type::directory_file: {
      SmallString<256> Marker(Source);
      path::append(Marker, OutputMarker);
      if (isVersionControlDirectory(path::filename(Source)) ||
          fs::exists(Marker))
        return Error::success();
      if (std::error_code EC = fs::create_directory(Target))
        return fail("cannot create " + Target, EC);
      return directory(Source, Target);
    }
    case fs::file_type::regular_file: {
      if (std::error_code EC = fs::copy_file(Source, Target))
        return fail("cannot copy " + Source, EC);
      if (ErrorOr<fs::perms> Perms = fs::getPermissions(Source))
        fs::setPermissions(Target, *Perms);
      // Keep the modification time, as "cp -p" does: make in a copy must see
      // the same order of files as in the original, or it may regenerate
      // (and so un-instrument) a rewritten file. Rewritten files are written
      // afterwards, so they are newer than everything.
      fs::file_status Status;
      if (!fs::status(Source, Status)) {
        int FD;
        if (!fs::openFileForWrite(Target, FD, fs::CD_OpenExisting,
                                  fs::OF_Append)) {
          fs::setLastAccessAndModificationTime(FD, Status.getLastAccessedTime(),
                                               Status.getLastModificationTime());
          sys::Process::SafelyCloseFileDescriptor(FD);
        }
      }
      return Error::success();
    }
    case fs::file_type::symlink_file:
      return symlink(Source, Target);
    default:
      return Error::success(); // sockets, fifos, devices: not source code
    }
  }

  /// A link into the root becomes a relative link inside the copy; a link
  /// out of the root is kept as it is.
  Error symlink(StringRef Source, StringRef Target) {
    char Buf[4096];
    ssize_t N = ::readlink(Source.str().c_str(), Buf, sizeof(Buf) - 1);
    if (N < 0)
      return fail("cannot read the link " + Source);
    std::string Link(Buf, N);
    SmallString<256> Resolved;
    if (path::is_absolute(Link))
      Resolved = Link;
    else {
      Resolved = path::parent_path(Source);
      path::append(Resolved, Link);
    }
    path::remove_dots(Resolved, /*remove_dot_dot=*/true);
    StringRef Inside = Resolved;
    if (Inside.consume_front(Root) &&
        (Inside.empty() || Inside.consume_front("/"))) {
      // Relative to the link's own directory within the root.
      StringRef LinkDir = path::parent_path(Source);
      LinkDir.consume_front(Root);
      LinkDir.consume_front("/");
      std::string Rel;
      for (auto It = path::begin(LinkDir), End = path::end(LinkDir);
           It != End && !LinkDir.empty(); ++It)
        Rel += "../";
      Link = Rel + Inside.str();
      if (Link.empty())
        Link = ".";
    }
    if (std::error_code EC = fs::create_link(Link, Target))
      return fail("cannot create the link " + Target, EC);
    return Error::success();
  }

  std::string Root, Copy;
  const std::set<std::string> &Skip;
};

} // namespace

Error checkOutputDirectory(StringRef OutDir, bool Force) {
  if (!fs::exists(OutDir))
    return Error::success();
  if (!Force)
    return fail(formatv("output directory {0} exists (use --force to replace "
                        "it)",
                        OutDir));
  SmallString<256> Marker(OutDir);
  path::append(Marker, OutputMarker);
  if (!fs::exists(Marker))
    return fail(formatv("{0} exists and is not a p3 output directory; not "
                        "replacing it",
                        OutDir));
  return Error::success();
}

std::string copyRuntimeHeader(const RewritePlan &Plan, StringRef RuntimeHeader) {
  std::string Header = RuntimeHeader.str();
  if (Plan.M.ThreadSafe)
    Header = "#define P3_THREAD_SAFE 1\n" + Header;
  return Header;
}

Error writeOutputTree(StringRef Root, StringRef OutDir, bool Force,
                      const RewritePlan &Plan, StringRef RuntimeHeader) {
  if (Error E = checkOutputDirectory(OutDir, Force))
    return E;
  SmallString<256> Temp(OutDir);
  Temp += formatv(".tmp-{0}", sys::Process::getProcessId()).str();
  fs::remove_directories(Temp);
  auto Cleanup = make_scope_exit([&] { fs::remove_directories(Temp); });
  if (std::error_code EC = fs::create_directories(Temp))
    return fail("cannot create " + Temp, EC);

  std::string Header = copyRuntimeHeader(Plan, RuntimeHeader);
  std::set<std::string> Skip{OutDir.str(), Temp.str().str()};
  for (const ExcludedPath &X : Plan.M.Excluded) {
    SmallString<256> P(Root);
    path::append(P, X.Path);
    Skip.insert(P.str().str());
  }
  for (unsigned Copy = 0; Copy < Plan.Files.size(); ++Copy) {
    SmallString<256> CopyDir(Temp);
    path::append(CopyDir, formatv("copy-{0}", Copy).str());
    if (Error E = Mirror(Root, CopyDir, Skip).run())
      return E;
    SmallString<256> HeaderPath(CopyDir);
    path::append(HeaderPath, "p3_runtime.h");
    if (fs::exists(HeaderPath))
      return fail(formatv("the source tree already has {0}/p3_runtime.h",
                          Root));
    if (Error E = writeText(HeaderPath, Header))
      return E;

    std::string Diff;
    for (const auto &[File, Text] : Plan.Files[Copy]) {
      SmallString<256> Target(CopyDir);
      path::append(Target, File);
      // Replace, never write through: the mirrored file may be a link.
      fs::remove(Target);
      if (Error E = writeText(Target, Text))
        return E;
      SmallString<256> Original(Root);
      path::append(Original, File);
      ErrorOr<std::unique_ptr<MemoryBuffer>> Old =
          MemoryBuffer::getFile(Original, /*IsText=*/false,
                                /*RequiresNullTerminator=*/false);
      if (!Old)
        return fail("cannot read " + Original, Old.getError());
      Diff += unifiedDiff(File, (*Old)->getBuffer(), Text);
    }
    Diff += newFileDiff("p3_runtime.h", Header);
    SmallString<256> DiffPath(Temp);
    path::append(DiffPath, formatv("copy-{0}.diff", Copy).str());
    if (Error E = writeText(DiffPath, Diff))
      return E;
  }

  SmallString<256> ManifestPath(Temp), MarkerPath(Temp);
  path::append(ManifestPath, "manifest.json");
  path::append(MarkerPath, OutputMarker);
  if (Error E = Plan.ManifestText.empty()
                    ? Plan.M.writeFile(ManifestPath)
                    : writeText(ManifestPath, Plan.ManifestText))
    return E;
  if (Error E = writeText(MarkerPath, "This directory was written by "
                                      "p3-rewrite; it is never mirrored.\n"))
    return E;

  if (fs::exists(OutDir))
    if (std::error_code EC = fs::remove_directories(OutDir))
      return fail("cannot remove " + OutDir, EC);
  if (std::error_code EC = fs::rename(Temp, OutDir))
    return fail("cannot move the output into " + OutDir, EC);
  Cleanup.release();
  return Error::success();
}

} // namespace p3
