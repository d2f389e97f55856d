//===- CallgrindExport.cpp - The path profile in callgrind's format ------===//

#include "Profile/CallgrindExport.h"
#include "Profile/LineCoverage.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

using namespace llvm;

namespace p3 {

void writeCallgrind(raw_ostream &OS, const ReportData &R) {
  const Manifest &M = R.M;
  OS << "# callgrind format\nversion: 1\ncreator: p3-report\n"
     << "cmd: p3 path profile of " << R.Dir << " (manifest " << M.Hash
     << ")\npositions: line\n"
     << "event: LineExec : line executions (gcov's count, from the paths)\n"
     << "event: PathExec : path executions through the line\n"
     << "events: LineExec PathExec\n";
  for (unsigned GI = 0; GI < R.G.Graphs.size(); ++GI) {
    unsigned F = R.G.FunctionOf[GI];
    const ManifestFunction &MF = M.Functions[F];
    const FunctionGraph &FG = R.G.Graphs[GI];
    const PathCounts &Counts = R.P.Functions[GI].Counts;
    EdgeFlow Flow = deriveEdgeFlow(MF.Graph, FG, Counts);
    FunctionLines FL = deriveLines(MF, FG, Flow);

    std::map<unsigned, uint64_t> PathExec;
    for (auto &[Id, Path] : regenerateExecuted(FG, Counts)) {
      uint64_t Count = Counts.at(Id);
      std::set<unsigned> Lines;
      auto Add = [&](unsigned V) {
        for (unsigned L : blockCodeLines(MF, FG.DAG.block(V)))
          Lines.insert(L);
      };
      if (!Path.empty() && FG.DAG.edge(Path.front()).Kind == EdgeKind::Real)
        Add(FG.DAG.edge(Path.front()).Src);
      for (unsigned E : Path)
        if (FG.DAG.edge(E).Kind != EdgeKind::End)
          Add(FG.DAG.edge(E).Dst);
      for (unsigned L : Lines)
        PathExec[L] = addSaturating(PathExec[L], Count);
    }

    SmallString<256> Path(MF.File);
    if (!sys::path::is_absolute(Path)) {
      Path = M.Root;
      sys::path::append(Path, MF.File);
    }
    OS << "\nfl=" << Path << "\nfn=" << MF.Name << "\n";
    std::map<unsigned, std::vector<const BranchWay *>> Branches;
    for (const BranchWay &B : FL.Branches)
      Branches[B.Line].push_back(&B);
    for (const LineCount &L : FL.Lines) {
      OS << L.Line << " " << L.Count << " " << PathExec[L.Line] << "\n";
      auto It = Branches.find(L.Line);
      if (It == Branches.end())
        continue;
      for (const BranchWay *B : It->second) {
        uint64_t Executed = Flow.Block[B->Block];
        std::vector<unsigned> Target = blockCodeLines(MF, B->Target);
        unsigned To = B->Target == MF.Graph.Exit || Target.empty()
                          ? std::max(MF.EndLine, L.Line)
                          : Target.front();
        OS << "jcnd=" << B->Count << "/" << Executed << " " << To << "\n"
           << L.Line << "\n";
      }
    }
  }
}

} // namespace p3
