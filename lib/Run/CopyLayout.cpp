//===- CopyLayout.cpp - Where the copies are and where a command runs ----===//

#include "Run/CopyLayout.h"

#include "Profile/Fail.h"
#include "Profile/Manifest.h"
#include "Profile/OspManifest.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace p3 {

std::string realOrAbsolute(StringRef Path) {
  SmallString<256> Real;
  if (!fs::real_path(Path, Real))
    return Real.str().str();
  SmallString<256> Abs(Path);
  fs::make_absolute(Abs);
  path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return Abs.str().str();
}

std::optional<std::string> relativeTo(StringRef Path, StringRef Base) {
  if (Path == Base)
    return std::string();
  if (Path.starts_with(Base) && Path.size() > Base.size() &&
      (Base.ends_with("/") || Path[Base.size()] == '/'))
    return Path.substr(Base.size()).ltrim('/').str();
  return std::nullopt;
}

Expected<CopyLayout> CopyLayout::open(StringRef Dir) {
  SmallString<256> ManifestPath(Dir);
  path::append(ManifestPath, "manifest.json");
  if (!fs::exists(ManifestPath))
    return fail(ManifestPath + ": no such file (is " + Dir +
                " a directory written by p3-rewrite?)");
  // An OSP output (p3-rewrite --mode=osp) is one copy; its report is OSP's.
  Expected<Manifest> M = OspManifest::isOspManifestFile(ManifestPath)
                             ? readOspManifestForRun(ManifestPath)
                             : Manifest::readFile(ManifestPath);
  if (!M)
    return M.takeError();
  CopyLayout L;
  L.Dir = realOrAbsolute(Dir);
  L.Root = M->Root.empty() ? "" : realOrAbsolute(M->Root);
  L.Hash = M->Hash;
  for (unsigned C = 0; C < M->Strategy.K; ++C) {
    SmallString<256> CopyDir(L.Dir);
    path::append(CopyDir, "copy-" + Twine(C));
    L.CopyDirs.push_back(CopyDir.str().str());
  }
  return L;
}

std::string CopyLayout::subdirectory(StringRef Name) const {
  SmallString<256> P(Dir);
  path::append(P, Name);
  return P.str().str();
}

std::optional<std::string> CopyLayout::relativeWorkingDirectory() const {
  SmallString<256> Cwd;
  if (fs::current_path(Cwd))
    return std::nullopt;
  std::string CwdReal = realOrAbsolute(Cwd);
  for (const std::string &CopyDir : CopyDirs)
    if (std::optional<std::string> Rel = relativeTo(CwdReal, CopyDir))
      return Rel;
  if (!Root.empty())
    if (std::optional<std::string> Rel = relativeTo(CwdReal, Root))
      return Rel;
  return std::nullopt;
}

Expected<std::vector<std::string>>
CopyLayout::workingDirectories(StringRef Relative) const {
  std::vector<std::string> Dirs;
  for (unsigned C = 0; C < CopyDirs.size(); ++C) {
    SmallString<256> Work(CopyDirs[C]);
    if (!Relative.empty())
      path::append(Work, Relative);
    if (!fs::is_directory(Work))
      return fail("copy " + Twine(C) + " has no directory " + Work +
                  " (the copies must mirror the source tree; did p3-rewrite "
                  "finish, and was the copy built?)");
    Dirs.push_back(Work.str().str());
  }
  return Dirs;
}

std::string expandPlaceholders(StringRef Arg, unsigned Copy,
                               StringRef CopyDir) {
  std::string Out;
  while (!Arg.empty()) {
    if (Arg.consume_front("{copy}"))
      Out += std::to_string(Copy);
    else if (Arg.consume_front("{dir}"))
      Out += CopyDir;
    else {
      Out += Arg.front();
      Arg = Arg.drop_front();
    }
  }
  return Out;
}

bool hasPlaceholders(ArrayRef<std::string> Args) {
  for (StringRef A : Args)
    if (A.contains("{copy}") || A.contains("{dir}"))
      return true;
  return false;
}

} // namespace p3
