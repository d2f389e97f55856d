//===- DotGraph.cpp - A function's paths as a Graphviz picture -----------===//

#include "Profile/DotGraph.h"
#include "Profile/LineCoverage.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <set>

using namespace llvm;

namespace p3 {

std::string heatColor(double Heat) {
  // LLVM's heat palette (HeatUtils.cpp) runs from #3d50c3 through a light
  // grey to #b70d28; interpolate on the same three points.
  struct RGB {
    double R, G, B;
  };
  const RGB Cold{61, 80, 195}, Mid{221, 221, 221}, Hot{183, 13, 40};
  Heat = std::clamp(Heat, 0.0, 1.0);
  RGB A = Heat < 0.5 ? Cold : Mid, B = Heat < 0.5 ? Mid : Hot;
  double T = Heat < 0.5 ? Heat * 2 : (Heat - 0.5) * 2;
  auto Mix = [&](double X, double Y) { return unsigned(X + (Y - X) * T + 0.5); };
  return formatv("#{0:x-2}{1:x-2}{2:x-2}", Mix(A.R, B.R), Mix(A.G, B.G),
                 Mix(A.B, B.B))
      .str();
}

double heatOf(uint64_t Count, uint64_t Max) {
  if (!Count || !Max)
    return 0;
  return std::log1p(double(Count)) / std::log1p(double(Max));
}

std::string formatLineList(ArrayRef<unsigned> Lines) {
  std::vector<unsigned> Sorted(Lines.begin(), Lines.end());
  llvm::sort(Sorted);
  Sorted.erase(std::unique(Sorted.begin(), Sorted.end()), Sorted.end());
  std::string Out;
  for (unsigned I = 0; I < Sorted.size();) {
    unsigned J = I;
    while (J + 1 < Sorted.size() && Sorted[J + 1] == Sorted[J] + 1)
      ++J;
    if (!Out.empty())
      Out += ", ";
    Out += utostr(Sorted[I]);
    if (J > I)
      Out += "-" + utostr(Sorted[J]);
    I = J + 1;
  }
  return Out;
}

namespace {

/// A dot string literal.
std::string quoted(StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

/// The CFG edges of the hottest executed path.
std::set<std::pair<unsigned, unsigned>>
hottestPathEdges(const FunctionGraph &G, const PathCounts &Counts) {
  std::set<std::pair<unsigned, unsigned>> Out;
  uint64_t Best = 0, Id = 0;
  for (auto [I, C] : Counts)
    if (C > Best) {
      Best = C;
      Id = I;
    }
  if (!Best)
    return Out;
  std::optional<EdgePath> P = regeneratePath(G.DAG, G.SBL.Val, Id);
  if (!P)
    return Out;
  for (unsigned E : *P)
    if (G.DAG.edge(E).Kind == EdgeKind::Real)
      Out.insert({G.DAG.edge(E).Origin.Block, G.DAG.edge(E).Origin.Index});
  return Out;
}

} // namespace

std::string functionDot(const ManifestFunction &MF, const FunctionGraph &G,
                        const EdgeFlow &Flow, const PathCounts &Counts,
                        const SourceFile *Src, StringRef IdPrefix) {
  const CFG &Graph = MF.Graph;
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "digraph " << quoted(MF.Name) << " {\n"
     << "  graph [label=" << quoted(MF.Name + " (" + MF.File + ")")
     << ", labelloc=t, fontname=\"Helvetica\", fontsize=12];\n"
     << "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", "
        "fontsize=10];\n"
     << "  edge [fontname=\"Helvetica\", fontsize=9];\n";
  uint64_t MaxBlock = 0, MaxEdge = 0;
  for (uint64_t N : Flow.Block)
    MaxBlock = std::max(MaxBlock, N);
  for (const auto &Succ : Flow.CFGEdge)
    for (uint64_t N : Succ)
      MaxEdge = std::max(MaxEdge, N);
  std::set<unsigned> Contracted(MF.Contracted.begin(), MF.Contracted.end());
  auto Reached = [&](unsigned B) {
    return G.DAG.vertexOfBlock(B) != NoVertex;
  };
  for (unsigned B = 0; B < Graph.numBlocks(); ++B) {
    if (!Reached(B))
      continue;
    std::vector<unsigned> Lines = blockCodeLines(MF, B);
    std::string Label, Tip;
    if (B == Graph.Entry) {
      Label = "ENTRY";
      Tip = MF.Name + ": " + utostr(Flow.Calls) + " calls";
    } else if (B == Graph.Exit) {
      Label = "EXIT";
      Tip = "returns: " + utostr(Flow.Block[B]);
    } else {
      Label = Lines.empty() ? "B" + utostr(B) : formatLineList(Lines);
      if (Contracted.count(B))
        Label += " (macro)";
      Tip = formatv("block {0}: {1} executions", B, Flow.Block[B]).str();
      if (Contracted.count(B))
        Tip += "; branches inside a macro expansion counted as one step";
      std::vector<unsigned> Sorted(Lines.begin(), Lines.end());
      llvm::sort(Sorted);
      Sorted.erase(std::unique(Sorted.begin(), Sorted.end()), Sorted.end());
      for (unsigned I = 0; I < Sorted.size() && I < 12; ++I) {
        Tip += "\n" + utostr(Sorted[I]) + ":";
        if (Src && Sorted[I] <= Src->Lines.size())
          Tip += " " + Src->Lines[Sorted[I] - 1].trim().take_front(80).str();
      }
      if (Sorted.size() > 12)
        Tip += "\n...";
    }
    double Heat = heatOf(Flow.Block[B], MaxBlock);
    OS << "  b" << B << " [id=\"" << IdPrefix << "b" << B << "\", label=" << quoted(Label)
       << ", tooltip=" << quoted(Tip);
    if (!Flow.Block[B])
      OS << ", fillcolor=\"#f4f4f4\", color=\"#999999\"";
    else
      OS << ", fillcolor=\"" << heatColor(Heat) << "\""
         << (Heat > 0.8 || Heat < 0.2 ? ", fontcolor=white" : "");
    OS << "];\n";
  }
  std::set<std::pair<unsigned, unsigned>> Hottest = hottestPathEdges(G, Counts);
  for (unsigned B = 0; B < Graph.numBlocks(); ++B) {
    if (!Reached(B))
      continue;
    for (unsigned I = 0; I < Graph.Succs[B].size(); ++I) {
      unsigned T = Graph.Succs[B][I];
      uint64_t N = Flow.CFGEdge[B][I];
      double Heat = heatOf(N, MaxEdge);
      std::vector<std::string> Style;
      unsigned Split = G.DAG.splitOf({B, I});
      if (Split != NoEdge)
        Style.push_back(G.DAG.splitEdges()[Split].IsCut ? "dotted" : "dashed");
      bool Hot = Hottest.count({B, I});
      if (Hot)
        Style.push_back("bold");
      std::string Tip = formatv("B{0} -> B{1}: {2}", B, T, N).str();
      if (Split != NoEdge)
        Tip += G.DAG.splitEdges()[Split].IsCut
                   ? " (cut: paths end and begin here)"
                   : " (loop back edge: paths end and begin here)";
      if (Flow.Ambiguous[B][I])
        Tip += " (count not exact: several back edges share their ends)";
      OS << "  b" << B << " -> b" << T << " [id=\"" << IdPrefix << "e" << B
         << "_" << I
         << "\", label=" << quoted(N ? utostr(N) : "")
         << ", tooltip=" << quoted(Tip) << ", color=\""
         << (N ? heatColor(Heat) : "#bbbbbb") << "\", penwidth="
         << format("%.2f", 1.0 + 4.0 * Heat + (Hot ? 1.0 : 0.0));
      if (!Style.empty())
        OS << ", style=" << quoted(join(Style, ","));
      OS << "];\n";
    }
  }
  OS << "}\n";
  return OS.str();
}

} // namespace p3
