//===- LcovExport.cpp - The path profile as an lcov tracefile ------------===//

#include "Profile/LcovExport.h"
#include "Profile/LineCoverage.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace p3 {

std::string lcovTestName(StringRef Name) {
  std::string Out;
  for (char C : Name)
    Out += isAlnum(C) || C == '_' ? C : '_';
  return Out;
}

namespace {

/// The name lcov (and gcov) give a function: its mangled name. A function
/// without one (a template, counted once for all its instantiations) keeps
/// its signature, with ';' for ',': lcov reads a name up to the first comma,
/// and "f(T, int)" and "f(T, long)" would both be "f(T".
std::string lcovFunctionName(const ManifestFunction &MF) {
  StringRef Id = MF.Id;
  std::string Name = Id.consume_front(MF.File) && Id.consume_front(":") &&
                             !Id.empty()
                         ? Id.str()
                         : MF.Name;
  std::replace(Name.begin(), Name.end(), ',', ';');
  return Name;
}

struct FileLine {
  uint64_t Count = 0;
  const char *Inexact = nullptr; ///< Why, when the count is not exact.
};

struct FileRecord {
  std::vector<std::pair<unsigned, std::string>> FunctionLines; ///< FN
  std::vector<uint64_t> Calls;                                  ///< FNDA
  std::map<unsigned, FileLine> Lines;
  /// Per line, its branch ways in order; -1 when the branch never ran.
  std::map<unsigned, std::vector<int64_t>> Branches;
};

void writeRecord(raw_ostream &OS, StringRef Path, const FileRecord &R) {
  OS << "SF:" << Path << "\n";
  unsigned Hit = 0;
  for (unsigned I = 0; I < R.FunctionLines.size(); ++I)
    OS << "FN:" << R.FunctionLines[I].first << "," << R.FunctionLines[I].second
       << "\n";
  for (unsigned I = 0; I < R.FunctionLines.size(); ++I) {
    OS << "FNDA:" << R.Calls[I] << "," << R.FunctionLines[I].second << "\n";
    Hit += R.Calls[I] > 0;
  }
  OS << "FNF:" << R.FunctionLines.size() << "\nFNH:" << Hit << "\n";
  unsigned Found = 0;
  Hit = 0;
  for (const auto &[Line, Ways] : R.Branches)
    for (unsigned W = 0; W < Ways.size(); ++W) {
      OS << "BRDA:" << Line << ",0," << W << ",";
      if (Ways[W] < 0)
        OS << "-";
      else
        OS << uint64_t(Ways[W]);
      OS << "\n";
      ++Found;
      Hit += Ways[W] > 0;
    }
  OS << "BRF:" << Found << "\nBRH:" << Hit << "\n";
  Hit = 0;
  for (const auto &[Line, L] : R.Lines) {
    if (L.Inexact)
      OS << "# p3-inexact:" << Line << "," << L.Inexact << "\n";
    OS << "DA:" << Line << "," << L.Count << "\n";
    Hit += L.Count > 0;
  }
  OS << "LF:" << R.Lines.size() << "\nLH:" << Hit << "\nend_of_record\n";
}

} // namespace

void writeLcov(raw_ostream &OS, const Manifest &M, const ProgramGraphs &G,
               ArrayRef<ProfileRun> Runs, SourceFiles &Sources) {
  for (const ProfileRun &Run : Runs) {
    OS << "TN:" << lcovTestName(Run.Name) << "\n";
    std::map<std::string, FileRecord> Files;
    for (unsigned F = 0; F < M.Functions.size(); ++F) {
      const ManifestFunction &MF = M.Functions[F];
      const FunctionGraph *FG = G.graphOf(F);
      if (!FG)
        continue;
      static const PathCounts None;
      const PathCounts &Counts = F < Run.Counts.size() ? Run.Counts[F] : None;
      EdgeFlow Flow = deriveEdgeFlow(MF.Graph, *FG, Counts);
      FunctionLines FL = deriveLines(MF, *FG, Flow);
      const SourceFile *Src = Sources.get(MF.File);
      auto LineExcluded = [&](unsigned L) {
        return Src && Src->lineExcluded(L);
      };
      FileRecord &R = Files[MF.File];
      if (!LineExcluded(FL.EntryLine)) {
        R.FunctionLines.emplace_back(FL.EntryLine, lcovFunctionName(MF));
        R.Calls.push_back(FL.Calls);
      }
      for (const LineCount &L : FL.Lines) {
        if (LineExcluded(L.Line))
          continue;
        FileLine &Out = R.Lines[L.Line];
        Out.Count = addSaturating(Out.Count, L.Count);
        if (L.Inexact && !Out.Inexact)
          Out.Inexact = L.inexactReason(FL.Approximate);
      }
      for (const BranchWay &B : FL.Branches) {
        if (Src && Src->branchExcluded(B.Line))
          continue;
        bool Ran = Flow.Block[B.Block] > 0;
        int64_t Count = !Ran ? -1
                        : B.Count > uint64_t(INT64_MAX) ? INT64_MAX
                                                        : int64_t(B.Count);
        R.Branches[B.Line].push_back(Count);
      }
    }
    for (const auto &[File, R] : Files) {
      SmallString<256> Path(File);
      if (!sys::path::is_absolute(Path)) {
        Path = M.Root;
        sys::path::append(Path, File);
      }
      writeRecord(OS, Path, R);
    }
  }
}

} // namespace p3
