//===- SourceFiles.cpp - The program's sources, for reports over the code -===//

#include "Profile/SourceFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace p3 {

void indexSource(SourceFile &F) {
  F.Lines.clear();
  StringRef Rest = F.Text;
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    F.Lines.push_back(Line.rtrim('\r'));
    Rest = Tail;
  }
  size_t N = F.Lines.size() + 1;
  F.ExcludedLine.assign(N, false);
  F.ExcludedBranch.assign(N, false);
  bool InLines = false, InBranches = false;
  unsigned LinesStart = 0, BranchesStart = 0;
  for (unsigned L = 1; L < N; ++L) {
    StringRef Text = F.Lines[L - 1];
    // geninfo: a STOP ends the region before its own line is looked at, a
    // START begins it on its own line.
    if (Text.contains("LCOV_EXCL_STOP")) {
      InLines = false;
    } else if (Text.contains("LCOV_EXCL_START")) {
      if (!InLines)
        LinesStart = L;
      InLines = true;
    }
    F.ExcludedLine[L] = InLines || Text.contains("LCOV_EXCL_LINE");
    if (Text.contains("LCOV_EXCL_BR_STOP")) {
      InBranches = false;
    } else if (Text.contains("LCOV_EXCL_BR_START")) {
      if (!InBranches)
        BranchesStart = L;
      InBranches = true;
    }
    F.ExcludedBranch[L] = InBranches || Text.contains("LCOV_EXCL_BR_LINE");
  }
  F.UnterminatedExclusion =
      InLines ? LinesStart : (InBranches ? BranchesStart : 0);
}

const SourceFile *SourceFiles::get(StringRef Relative) {
  auto [It, New] = Files.try_emplace(Relative.str());
  if (!New)
    return It->second.get();
  SmallString<256> Path(Relative);
  if (!sys::path::is_absolute(Path)) {
    Path = Root;
    sys::path::append(Path, Relative);
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf) {
    Warnings.push_back((Path + ": cannot read the source (" +
                        Buf.getError().message() + ")")
                           .str());
    return nullptr;
  }
  auto F = std::make_unique<SourceFile>();
  F->Path = Path.str().str();
  F->Text = (*Buf)->getBuffer().str();
  indexSource(*F);
  if (!UseMarkers) {
    F->ExcludedLine.assign(F->ExcludedLine.size(), false);
    F->ExcludedBranch.assign(F->ExcludedBranch.size(), false);
    F->UnterminatedExclusion = 0;
  } else if (F->UnterminatedExclusion) {
    Warnings.push_back((Path + ":" + Twine(F->UnterminatedExclusion) +
                        ": LCOV_EXCL_START without LCOV_EXCL_STOP: excluded "
                        "to the end of the file")
                           .str());
  }
  It->second = std::move(F);
  return It->second.get();
}

} // namespace p3
