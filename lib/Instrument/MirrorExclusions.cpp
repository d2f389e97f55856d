//===- MirrorExclusions.cpp - What the copies do not mirror: build trees -===//

#include "Instrument/MirrorExclusions.h"
#include "Instrument/OutputTree.h"

#include "Profile/Fail.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace p3 {

namespace {

bool hasEntry(StringRef Dir, StringRef Name, bool Directory) {
  SmallString<256> P(Dir);
  path::append(P, Name);
  fs::file_status S;
  if (fs::status(P, S, /*follow=*/false))
    return false;
  return Directory ? fs::is_directory(S) : fs::is_regular_file(S);
}

/// The srcdir a config.status was generated for ("." for an in-tree build),
/// or "" when the file does not say.
std::string configStatusSrcdir(StringRef Dir) {
  SmallString<256> P(Dir);
  path::append(P, "config.status");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(P);
  if (!Buf)
    return "";
  // Autoconf writes "srcdir='..'" at the start of a line (quoted with single
  // quotes, or bare when the value needs none).
  for (StringRef Rest = (*Buf)->getBuffer(); !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    if (!Line.consume_front("srcdir="))
      continue;
    Line = Line.trim();
    if (Line.size() >= 2 && Line.front() == '\'' && Line.back() == '\'')
      Line = Line.drop_front().drop_back();
    return Line.str();
  }
  return "";
}

/// Why \p Dir is a build directory, or "".
std::string buildDirectoryReason(StringRef Dir) {
  if (hasEntry(Dir, "CMakeCache.txt", /*Directory=*/false))
    return "CMake build directory (CMakeCache.txt)";
  if (hasEntry(Dir, "meson-private", /*Directory=*/true))
    return "Meson build directory (meson-private/)";
  if (hasEntry(Dir, "config.status", /*Directory=*/false)) {
    std::string Srcdir = configStatusSrcdir(Dir);
    if (!Srcdir.empty() && Srcdir != ".")
      return formatv("autotools VPATH build directory (config.status, "
                     "srcdir={0})",
                     Srcdir)
          .str();
  }
  return "";
}

/// The part of \p Path below \p Base, or nullopt when it is not below it.
std::optional<std::string> below(StringRef Path, StringRef Base) {
  if (!Path.consume_front(Base) || !Path.consume_front("/") || Path.empty())
    return std::nullopt;
  return Path.str();
}

class Walk {
public:
  explicit Walk(const ExclusionOptions &O) : O(O) {}

  std::vector<ExcludedPath> Kept;

  std::vector<ExcludedPath> run() {
    if (hasEntry(O.Root, "CMakeCache.txt", /*Directory=*/false)) {
      const char *Why = "in-source CMake build in the root: each copy "
                        "configures afresh";
      Found.push_back({"CMakeCache.txt", Why});
      if (hasEntry(O.Root, "CMakeFiles", /*Directory=*/true))
        Found.push_back({"CMakeFiles", Why});
    }
    directory(O.Root);
    return std::move(Found);
  }

private:
  void directory(StringRef Dir) {
    std::error_code EC;
    std::vector<std::string> Subdirs;
    for (fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
         It != End && !EC; It.increment(EC))
      if (It->type() == fs::file_type::directory_file)
        Subdirs.push_back(It->path());
    std::sort(Subdirs.begin(), Subdirs.end());
    for (const std::string &Sub : Subdirs) {
      StringRef Name = path::filename(Sub);
      if (isVersionControlDirectory(Name) ||
          hasEntry(Sub, OutputMarker, /*Directory=*/false))
        continue;
      if (Dir == O.Root && (Name == "CMakeFiles") &&
          hasEntry(O.Root, "CMakeCache.txt", /*Directory=*/false))
        continue; // already recorded
      std::string Reason = buildDirectoryReason(Sub);
      if (Reason.empty() && Sub == O.CompilationDatabaseDir)
        Reason = "the compilation database's directory (-p)";
      if (!Reason.empty() && !holdsSource(Sub)) {
        Found.push_back({*below(Sub, O.Root), Reason});
        continue;
      }
      // A build directory holding a file to rewrite (a generated source,
      // like sqlite3's amalgamation made in bld/) is where the copies must be
      // built: it is mirrored.
      if (!Reason.empty())
        Kept.push_back({*below(Sub, O.Root), Reason});
      directory(Sub);
    }
  }

  bool holdsSource(StringRef Dir) const {
    for (const std::string &S : O.Sources)
      if (below(S, Dir))
        return true;
    return false;
  }

  const ExclusionOptions &O;
  std::vector<ExcludedPath> Found;
};

} // namespace

bool isVersionControlDirectory(StringRef Name) {
  return Name == ".git" || Name == ".svn" || Name == ".hg" || Name == ".bzr" ||
         Name == "CVS" || Name == "_darcs";
}

const ExcludedPath *excludedPathOf(ArrayRef<ExcludedPath> Excluded,
                                   StringRef File) {
  for (const ExcludedPath &X : Excluded)
    if (File == X.Path || below(File, X.Path))
      return &X;
  return nullptr;
}

Expected<MirrorExclusions> findMirrorExclusions(const ExclusionOptions &O) {
  Walk W(O);
  std::vector<ExcludedPath> Found = W.run();

  for (const std::string &Given : O.UserExcluded) {
    SmallString<256> Real;
    if (fs::real_path(Given, Real, /*expand_tilde=*/true) ||
        !fs::is_directory(Real))
      return fail("--exclude=" + Given + ": no such directory");
    std::optional<std::string> Rel = below(Real, O.Root);
    if (!Rel)
      return fail(formatv("--exclude={0}: {1} is not inside the root {2}",
                          Given, Real, O.Root));
    if (!excludedPathOf(Found, *Rel))
      Found.push_back({*Rel, "--exclude"});
  }
  // A directory excluded inside another one says nothing more.
  std::sort(Found.begin(), Found.end(),
            [](const ExcludedPath &A, const ExcludedPath &B) {
              return A.Path < B.Path;
            });
  std::vector<ExcludedPath> Result;
  for (ExcludedPath &X : Found)
    if (!excludedPathOf(Result, X.Path))
      Result.push_back(std::move(X));

  for (const std::string &Source : O.Sources) {
    std::optional<std::string> Rel = below(Source, O.Root);
    if (!Rel)
      continue;
    if (const ExcludedPath *X = excludedPathOf(Result, *Rel))
      return fail(formatv("{0} is to be rewritten, but it lies in {1}, which "
                          "the copies do not mirror ({2}); rewrite files of "
                          "the source tree only (a build regenerates what "
                          "its build directory holds)",
                          *Rel, X->Path, X->Reason));
  }
  return MirrorExclusions{std::move(Result), std::move(W.Kept)};
}

} // namespace p3
