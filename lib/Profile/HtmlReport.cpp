//===- HtmlReport.cpp - The path profile as a static site over the source -===//
//
// One file for the site's two kinds of page and what they share (the views
// of functions and files computed once); the style and script are separate
// files embedded at build time (html/p3.css, html/p3.js), the overhead chart
// is OverheadChart.cpp.
//
//===----------------------------------------------------------------------===//

#include "Profile/HtmlReport.h"
#include "Profile/DotGraph.h"
#include "Profile/LineCoverage.h"
#include "Profile/OverheadChart.h"
#include "Profile/PathCoverage.h"
#include "Profile/TextReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;

namespace p3 {

namespace {
#include "p3.css.inc"
#include "p3.js.inc"
} // namespace

std::string htmlEscape(StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string jsonForScript(StringRef JSON) {
  std::string Out;
  Out.reserve(JSON.size());
  for (char C : JSON) {
    if (C == '<')
      Out += "\\u003c";
    else if (C == '>')
      Out += "\\u003e";
    else if (C == '&')
      Out += "\\u0026";
    else
      Out += C;
  }
  return Out;
}

namespace {

std::string percentText(uint64_t Part, long double Whole) {
  if (Whole <= 0)
    return "-";
  return formatv("{0:F1}%", double(Part * 100.0L / Whole)).str();
}

/// A CSS class for a coverage ratio, as genhtml's colour bands.
const char *band(uint64_t Hit, uint64_t Found) {
  if (!Found)
    return "";
  double R = double(Hit) / Found;
  return R >= 0.9 ? "hi" : R >= 0.75 ? "mid" : "lo";
}

std::string ratioCell(uint64_t Hit, uint64_t Found) {
  if (!Found)
    return "<td class=\"num\" data-v=\"-1\">-</td>";
  double R = double(Hit) * 100 / Found;
  return formatv("<td class=\"num {0}\" data-v=\"{1:F4}\">{2} / {3} "
                 "({1:F1}%)</td>",
                 band(Hit, Found), R, Hit, Found)
      .str();
}

/// What the pages show of one instrumented function.
struct FunctionView {
  unsigned Index = 0; ///< Manifest index.
  const ManifestFunction *MF = nullptr;
  const FunctionGraph *FG = nullptr;
  const PathCounts *Counts = nullptr;
  EdgeFlow Flow;
  FunctionLines Lines;
  PathTotals Totals;
  long double Executions = 0;
  /// Executed paths, hottest first.
  std::vector<std::pair<uint64_t, uint64_t>> Hot;
};

struct LineView {
  uint64_t Count = 0;
  bool Inexact = false;
};

struct FileView {
  std::string File;
  std::string Page; ///< Relative to the site's root.
  const SourceFile *Src = nullptr;
  std::vector<unsigned> Functions; ///< Views, by entry line.
  std::map<unsigned, LineView> Lines;
  /// Per line, its branch ways: count, or -1 when the branch never ran.
  std::map<unsigned, std::vector<int64_t>> Branches;
  uint64_t LinesHit = 0, BranchesFound = 0, BranchesHit = 0, FunctionsHit = 0;
};

class Site {
public:
  Site(OutputDir &Out, const ReportData &R, SourceFiles &Sources,
       const Graphviz &Dot, const HtmlOptions &O,
       std::vector<std::string> &Warnings)
      : Out(Out), R(R), Sources(Sources), Dot(Dot), O(O), Warnings(Warnings) {}

  Error write();

private:
  void buildViews();
  std::string slug(StringRef File);
  void writeHead(raw_ostream &OS, StringRef Title, StringRef Root);
  void writeRunTable(raw_ostream &OS);
  void writeWarnings(raw_ostream &OS);
  std::string indexPage();
  std::string filePage(const FileView &F);
  void writeSource(raw_ostream &OS, const FileView &F);
  void writeFunction(raw_ostream &OS, const FileView &F, const FunctionView &V,
                     json::Object &Data);
  json::Object pathData(const FunctionView &V, uint64_t Id, uint64_t Count);
  std::string graphSection(const FunctionView &V);
  std::string runsOfPath(unsigned F, uint64_t Id) const;

  OutputDir &Out;
  const ReportData &R;
  SourceFiles &Sources;
  const Graphviz &Dot;
  const HtmlOptions &O;
  std::vector<std::string> &Warnings;

  std::vector<FunctionView> Views;
  std::vector<FileView> Files;
  std::set<std::string> Slugs;
  long double Total = 0;
  unsigned GraphFailures = 0;
};

std::string Site::slug(StringRef File) {
  std::string S;
  for (char C : File)
    S += isAlnum(C) || C == '.' || C == '-' || C == '_' ? C : '_';
  std::string Try = S;
  for (unsigned I = 2; !Slugs.insert(Try).second; ++I)
    Try = S + "-" + utostr(I);
  return "files/" + Try + ".html";
}

void Site::buildViews() {
  Total = R.P.totalExecutions();
  std::map<std::string, unsigned> FileIndex;
  for (unsigned GI = 0; GI < R.G.Graphs.size(); ++GI) {
    FunctionView V;
    V.Index = R.G.FunctionOf[GI];
    V.MF = &R.M.Functions[V.Index];
    V.FG = &R.G.Graphs[GI];
    V.Counts = &R.P.Functions[GI].Counts;
    V.Flow = deriveEdgeFlow(V.MF->Graph, *V.FG, *V.Counts);
    V.Lines = deriveLines(*V.MF, *V.FG, V.Flow);
    const SourceFile *Src = Sources.get(V.MF->File);
    V.Totals = pathTotals(*V.MF, *V.FG, *V.Counts, Src);
    for (auto [Id, C] : *V.Counts) {
      V.Executions += C;
      V.Hot.emplace_back(Id, C);
    }
    std::stable_sort(V.Hot.begin(), V.Hot.end(),
                     [](auto &A, auto &B) { return A.second > B.second; });
    auto [It, New] = FileIndex.try_emplace(V.MF->File, Files.size());
    if (New) {
      FileView F;
      F.File = V.MF->File;
      F.Src = Src;
      Files.push_back(std::move(F));
    }
    Files[It->second].Functions.push_back(Views.size());
    Views.push_back(std::move(V));
  }
  std::sort(Files.begin(), Files.end(),
            [](const FileView &A, const FileView &B) { return A.File < B.File; });
  for (FileView &F : Files) {
    F.Page = slug(F.File);
    std::stable_sort(F.Functions.begin(), F.Functions.end(),
                     [&](unsigned A, unsigned B) {
                       return Views[A].Lines.EntryLine < Views[B].Lines.EntryLine;
                     });
    for (unsigned VI : F.Functions) {
      const FunctionView &V = Views[VI];
      F.FunctionsHit += V.Flow.Calls > 0;
      for (const LineCount &L : V.Lines.Lines) {
        if (F.Src && F.Src->lineExcluded(L.Line))
          continue;
        LineView &LV = F.Lines[L.Line];
        LV.Count = addSaturating(LV.Count, L.Count);
        LV.Inexact |= L.Inexact;
      }
      for (const BranchWay &B : V.Lines.Branches) {
        if (F.Src && F.Src->branchExcluded(B.Line))
          continue;
        bool Ran = V.Flow.Block[B.Block] > 0;
        F.Branches[B.Line].push_back(
            Ran ? int64_t(std::min<uint64_t>(B.Count, INT64_MAX)) : -1);
      }
    }
    for (auto &[Line, L] : F.Lines)
      F.LinesHit += L.Count > 0;
    for (auto &[Line, Ways] : F.Branches)
      for (int64_t W : Ways) {
        ++F.BranchesFound;
        F.BranchesHit += W > 0;
      }
  }
}

void Site::writeHead(raw_ostream &OS, StringRef Title, StringRef Root) {
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
     << "<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\">\n<title>"
     << htmlEscape(Title) << "</title>\n<link rel=\"stylesheet\" href=\""
     << Root << "p3.css\">\n</head>\n<body>\n";
}

void Site::writeRunTable(raw_ostream &OS) {
  const Manifest &M = R.M;
  OS << "<table class=\"meta\" id=\"run\">\n";
  auto Row = [&](StringRef Key, const std::string &HtmlValue) {
    OS << "<tr><td>" << Key << "</td><td>" << HtmlValue << "</td></tr>\n";
  };
  Row("output directory", htmlEscape(R.Dir));
  if (!R.ProfileSource.empty())
    Row("profile", htmlEscape(R.ProfileSource));
  Row("source root", htmlEscape(M.Root));
  Row("manifest", "<code>" + htmlEscape(M.Hash) + "</code> (" +
                      htmlEscape(M.Tool) + ")");
  Row("strategy", htmlEscape(strategyName(M.Strategy.Kind)) + ", K = " +
                      utostr(M.Strategy.K) +
                      (M.ThreadSafe ? ", thread-safe counters" : ""));
  std::vector<std::string> Present, Missing;
  for (unsigned C = 0; C < R.Set.K; ++C)
    (R.Set.present(C) ? Present : Missing).push_back(utostr(C));
  Row("copies present",
      Present.empty() ? std::string("none") : join(Present, ", "));
  Row("copies missing",
      Missing.empty()
          ? std::string("none")
          : "<span class=\"lo\">" + join(Missing, ", ") +
                " (paths only they profile are missing)</span>");
  if (!R.Set.Files.empty()) {
    std::vector<std::string> PerCopy;
    for (unsigned C = 0; C < R.Set.K; ++C)
      PerCopy.push_back(utostr(C) + ":" + utostr(R.Set.Processes[C]));
    Row("raw profiles", utostr(R.Set.Files.size()) +
                            "; processes per copy " + join(PerCopy, " "));
  }
  if (R.Runs.size() > 1) {
    std::vector<std::string> Names;
    for (const ProfileRun &Run : R.Runs)
      Names.push_back(htmlEscape(Run.Name));
    Row("runs", utostr(R.Runs.size()) + ": " + join(Names, ", "));
  }
  unsigned Nondet = 0;
  uint64_t Lost = 0;
  for (const MergedFunction &F : R.P.Functions) {
    Nondet += F.Disagreements.size();
    Lost = addSaturating(Lost, F.Lost);
  }
  Row("nondeterminism",
      Nondet ? "<span class=\"lo\">" + utostr(Nondet) +
                   " paths counted differently by copies that all profile "
                   "them</span>"
             : std::string("none detected"));
  if (Lost)
    Row("lost executions", "<span class=\"lo\">" + utostr(Lost) + "</span>");
  OS << "</table>\n";
}

void Site::writeWarnings(raw_ostream &OS) {
  for (unsigned C = 0; C < R.Set.K; ++C)
    if (!R.Set.present(C)) {
      OS << "<p class=\"warn\">No raw profile from copy " << C
         << ": paths that only it profiles are missing and the profile is "
            "incomplete.</p>\n";
      break;
    }
  for (const MergedFunction &F : R.P.Functions)
    if (!F.Disagreements.empty()) {
      OS << "<p class=\"warn\">Nondeterminism: copies counted some paths "
            "differently (the program did not run the same way in every "
            "copy); the merged profile keeps the largest count.</p>\n";
      break;
    }
  if (!Dot.available())
    OS << "<p class=\"note\">Pictures of the functions are omitted: "
       << htmlEscape(Dot.why()) << ".</p>\n";
  if (GraphFailures)
    OS << "<p class=\"warn\">" << GraphFailures
       << " function pictures could not be drawn (see the function "
          "pages).</p>\n";
  for (const FunctionView &V : Views)
    if (V.Lines.Approximate) {
      OS << "<p class=\"warn\">The manifest has no per-line data (written by "
            "an older p3-rewrite): line counts are approximate. Rewrite "
            "again for exact ones.</p>\n";
      break;
    }
}

std::string Site::indexPage() {
  std::string Text;
  raw_string_ostream OS(Text);
  writeHead(OS, "p3 path profile: " + R.Dir, "");
  OS << "<h1>p3 path profile</h1>\n";
  writeRunTable(OS);
  writeWarnings(OS);

  uint64_t PathsCovered = 0, PathsTotal = 0, LinesFound = 0, LinesHit = 0,
           BranchesFound = 0, BranchesHit = 0, FnHit = 0;
  uint64_t PathsAll = 0;
  for (const FunctionView &V : Views) {
    PathsCovered += V.Totals.Covered;
    PathsTotal = addSaturating(PathsTotal, V.Totals.Total);
    PathsAll = addSaturating(PathsAll, V.FG->SBL.numPaths());
    FnHit += V.Flow.Calls > 0;
  }
  for (const FileView &F : Files) {
    LinesFound += F.Lines.size();
    LinesHit += F.LinesHit;
    BranchesFound += F.BranchesFound;
    BranchesHit += F.BranchesHit;
  }
  unsigned Skipped = 0;
  for (const ManifestFunction &MF : R.M.Functions)
    Skipped += !MF.Instrumented;
  OS << "<h2>Summary</h2>\n<table class=\"meta\" id=\"summary\">\n"
     << "<tr><td>functions</td><td>" << Views.size() << " instrumented ("
     << FnHit << " called), " << Skipped << " skipped</td></tr>\n"
     << "<tr><td>paths</td><td>paths covered <span id=\"paths-covered\">"
     << PathsCovered << "</span> of <span id=\"paths-total\">" << PathsTotal
     << "</span> (" << percentText(PathsCovered, PathsTotal) << ")"
     << (PathsAll != PathsTotal
             ? formatv("; <span id=\"paths-all\">{0}</span> with those into "
                       "code LCOV_EXCL markers exclude",
                       PathsAll)
                   .str()
             : formatv("<span id=\"paths-all\" hidden>{0}</span>", PathsAll)
                   .str())
     << "</td></tr>\n"
     << "<tr><td>path executions</td><td id=\"executions\">"
     << format("%.0Lf", Total) << "</td></tr>\n"
     << "<tr><td>lines</td><td>" << LinesHit << " of " << LinesFound
     << " executed (" << percentText(LinesHit, LinesFound) << ")</td></tr>\n"
     << "<tr><td>branches</td><td>" << BranchesHit << " of " << BranchesFound
     << " taken (" << percentText(BranchesHit, BranchesFound)
     << ")</td></tr>\n</table>\n";

  if (R.Overhead) {
    OS << "<h2>Probe hits per copy</h2>\n"
       << overheadChartSVG(*R.Overhead)
       << "<p class=\"note\">Probes each copy ran on this input, from the "
          "overhead model on the merged profile"
       << (R.Overhead->MeasuredHits.empty() ? ""
                                            : " and as the copies measured them")
       << ". The copies run side by side, so the slowest bounds the "
          "wall-clock cost; the line is SBL, one copy profiling every "
          "path.</p>\n";
  }

  OS << "<h2>Functions</h2>\n<table class=\"sortable\" id=\"functions\">\n"
     << "<thead><tr><th>function</th><th>location</th>"
        "<th class=\"num\">calls</th><th class=\"num\">path executions</th>"
        "<th class=\"num\">paths covered</th>"
        "<th class=\"num\">of</th><th class=\"num\">path coverage</th>"
        "<th class=\"num\">share of all</th><th class=\"num\">hottest path</th>"
        "<th class=\"num\">lines</th></tr></thead>\n<tbody>\n";
  for (const FileView &F : Files)
    for (unsigned VI : F.Functions) {
      const FunctionView &V = Views[VI];
      unsigned LinesOfFn = 0, HitOfFn = 0;
      for (const LineCount &L : V.Lines.Lines) {
        if (F.Src && F.Src->lineExcluded(L.Line))
          continue;
        ++LinesOfFn;
        HitOfFn += L.Count > 0;
      }
      uint64_t Hottest = V.Hot.empty() ? 0 : V.Hot.front().second;
      OS << "<tr data-fn=\"" << V.Index << "\"><td><a href=\"" << F.Page
         << "#fn-" << V.Index << "\">" << htmlEscape(V.MF->Name)
         << "</a></td><td data-v=\"" << htmlEscape(F.File) << ":"
         << format("%08u", V.Lines.EntryLine) << "\">"
         << htmlEscape(F.File) << ":" << V.Lines.EntryLine << "</td>"
         << "<td class=\"num calls\">" << V.Flow.Calls << "</td>"
         << "<td class=\"num exec\" data-v=\"" << format("%.0Lf", V.Executions)
         << "\">" << format("%.0Lf", V.Executions) << "</td>"
         << "<td class=\"num covered\" data-v=\"" << V.Totals.Covered << "\">"
         << V.Totals.Covered << "</td><td class=\"num total\" data-v=\""
         << V.Totals.Total << "\" data-all=\"" << V.FG->SBL.numPaths() << "\">"
         << V.Totals.Total << "</td>"
         << ratioCell(V.Totals.Covered, V.Totals.Total)
         << "<td class=\"num\" data-v=\""
         << format("%.6f", Total > 0 ? double(V.Executions * 100 / Total) : 0.0)
         << "\">"
         << (Total > 0 ? formatv("{0:F2}%", double(V.Executions * 100 / Total))
                             .str()
                       : std::string("-"))
         << "</td><td class=\"num\" data-v=\""
         << format("%.6f",
                   V.Executions > 0 ? double(Hottest * 100 / V.Executions) : 0.0)
         << "\">"
         << (V.Executions > 0
                 ? formatv("{0:F1}%", double(Hottest * 100 / V.Executions)).str()
                 : std::string("-"))
         << "</td>" << ratioCell(HitOfFn, LinesOfFn) << "</tr>\n";
    }
  OS << "</tbody>\n</table>\n";

  OS << "<h2>Files</h2>\n<table class=\"sortable\" id=\"files\">\n"
     << "<thead><tr><th>file</th><th class=\"num\">lines</th>"
        "<th class=\"num\">branches</th><th class=\"num\">functions</th>"
        "</tr></thead>\n<tbody>\n";
  for (const FileView &F : Files)
    OS << "<tr><td><a href=\"" << F.Page << "\">" << htmlEscape(F.File)
       << "</a></td>" << ratioCell(F.LinesHit, F.Lines.size())
       << ratioCell(F.BranchesHit, F.BranchesFound)
       << ratioCell(F.FunctionsHit, F.Functions.size()) << "</tr>\n";
  OS << "</tbody>\n</table>\n";

  if (Skipped) {
    OS << "<h2>Skipped functions</h2>\n<p class=\"note\">Not instrumented: "
          "no paths, lines or branches are reported for them.</p>\n"
       << "<table class=\"sortable\" id=\"skipped\">\n<thead><tr>"
          "<th>location</th><th>function</th><th>reason</th></tr></thead>\n"
          "<tbody>\n";
    for (const ManifestFunction &MF : R.M.Functions)
      if (!MF.Instrumented)
        OS << "<tr><td>" << htmlEscape(MF.File) << ":" << MF.Line
           << "</td><td>" << htmlEscape(MF.Name) << "</td><td>"
           << htmlEscape(MF.SkipReason) << "</td></tr>\n";
    OS << "</tbody>\n</table>\n";
  }
  bool AnyNotes = false;
  for (const ManifestFunction &MF : R.M.Functions)
    for (const std::string &N : MF.Notes) {
      if (!AnyNotes)
        OS << "<h2>Notes from p3-rewrite</h2>\n<ul>\n";
      AnyNotes = true;
      OS << "<li>" << htmlEscape(MF.File) << ":" << MF.Line << " "
         << htmlEscape(MF.Name) << ": " << htmlEscape(N) << "</li>\n";
    }
  if (AnyNotes)
    OS << "</ul>\n";
  OS << "<footer>p3-report; line and branch counts are derived from the "
        "path profile.</footer>\n<script src=\"p3.js\"></script>\n"
        "</body>\n</html>\n";
  return OS.str();
}

/// The runs that executed a path, for merged profiles of several runs.
std::string Site::runsOfPath(unsigned F, uint64_t Id) const {
  std::vector<std::string> Names;
  for (const ProfileRun &Run : R.Runs) {
    const PathCounts &C = Run.Counts[F];
    auto It = C.find(Id);
    if (It != C.end() && It->second)
      Names.push_back(Run.Name);
  }
  if (Names.size() > 4)
    return utostr(Names.size()) + " runs";
  return join(Names, ", ");
}

json::Object Site::pathData(const FunctionView &V, uint64_t Id,
                            uint64_t Count) {
  const PathDAG &D = V.FG->DAG;
  std::string Prefix = "f" + utostr(V.Index) + "-";
  std::set<unsigned> Lines;
  json::Array Graph;
  std::optional<EdgePath> Path = regeneratePath(D, V.FG->SBL.Val, Id);
  if (Path) {
    auto AddBlock = [&](unsigned Vertex) {
      unsigned B = D.block(Vertex);
      Graph.push_back(Prefix + "b" + utostr(B));
      for (unsigned L : blockCodeLines(*V.MF, B))
        Lines.insert(L);
    };
    for (unsigned I = 0; I < Path->size(); ++I) {
      const DAGEdge &E = D.edge((*Path)[I]);
      if (I == 0 && E.Kind == EdgeKind::Real)
        AddBlock(E.Src);
      if (E.Kind == EdgeKind::Real) {
        Graph.push_back(Prefix + "e" + utostr(E.Origin.Block) + "_" +
                        utostr(E.Origin.Index));
      } else {
        // A start or end edge stands for the back edges into or out of
        // the block on the other side.
        unsigned Other = E.Kind == EdgeKind::Start ? E.Dst : E.Src;
        for (const SplitEdge &S : D.splitEdges())
          if ((E.Kind == EdgeKind::Start ? S.Head : S.Tail) == Other)
            Graph.push_back(Prefix + "e" + utostr(S.Origin.Block) + "_" +
                            utostr(S.Origin.Index));
      }
      if (E.Kind != EdgeKind::End)
        AddBlock(E.Dst);
    }
  }
  json::Array LineList;
  for (unsigned L : Lines)
    LineList.push_back(L);
  return json::Object{
      {"lines", std::move(LineList)},
      {"graph", std::move(Graph)},
      {"text", gcovPathLines(*V.MF, *V.FG, Id)},
      {"what", Count ? "executed " + utostr(Count) + " times"
                     : std::string("never executed")}};
}

std::string Site::graphSection(const FunctionView &V) {
  if (!Dot.available())
    return "<p class=\"note\">No picture: " + htmlEscape(Dot.why()) + ".</p>\n";
  unsigned Blocks = 0;
  for (unsigned B = 0; B < V.MF->Graph.numBlocks(); ++B)
    Blocks += V.FG->DAG.vertexOfBlock(B) != NoVertex;
  if (Blocks > O.MaxGraphBlocks)
    return formatv("<p class=\"note\">No picture: {0} blocks is too many to "
                   "draw here (p3-report --dot {1} writes it for Graphviz).</p>\n",
                   Blocks, htmlEscape(V.MF->Id))
        .str();
  std::string DotText = functionDot(*V.MF, *V.FG, V.Flow, *V.Counts,
                                    Sources.get(V.MF->File),
                                    "f" + utostr(V.Index) + "-");
  Expected<std::string> SVG = Dot.renderSVG(DotText);
  if (!SVG) {
    ++GraphFailures;
    std::string Why = toString(SVG.takeError());
    Warnings.push_back("no picture of " + V.MF->Id + ": " + Why);
    return "<p class=\"warn\">No picture: " + htmlEscape(Why) + "</p>\n";
  }
  return "<div class=\"graph fit\"><button type=\"button\" class=\"zoom\">"
         "full size</button>" +
         *SVG + "</div>\n";
}

void Site::writeFunction(raw_ostream &OS, const FileView &F,
                         const FunctionView &V, json::Object &Data) {
  const ManifestFunction &MF = *V.MF;
  std::string Fn = utostr(V.Index);
  OS << "<section class=\"fn\" id=\"fn-" << Fn << "\">\n<h2>"
     << htmlEscape(MF.Name) << " <small><a href=\"#L" << V.Lines.EntryLine
     << "\">line " << V.Lines.EntryLine << "</a></small></h2>\n"
     << "<p><span class=\"cov\">paths covered " << V.Totals.Covered << " of "
     << V.Totals.Total << "</span>"
     << (V.Totals.Excluding ? " (paths into excluded code left out)" : "")
     << "; " << V.Flow.Calls << " calls, " << format("%.0Lf", V.Executions)
     << " path executions ("
     << (Total > 0 ? formatv("{0:F2}%", double(V.Executions * 100 / Total)).str()
                   : std::string("-"))
     << " of all).</p>\n";
  for (const std::string &N : MF.Notes)
    OS << "<p class=\"note\">p3-rewrite: " << htmlEscape(N) << "</p>\n";
  OS << graphSection(V);

  json::Object Paths;
  bool ManyRuns = R.Runs.size() > 1;
  OS << "<h3>Executed paths, hottest first</h3>\n";
  if (V.Hot.empty()) {
    OS << "<p class=\"note\">No path of this function ran.</p>\n";
  } else {
    OS << "<table class=\"paths\" id=\"paths-" << Fn << "\">\n<thead><tr>"
       << "<th class=\"num\">path</th><th class=\"num\">count</th>"
          "<th class=\"num\">share</th>"
       << (ManyRuns ? "<th>runs</th>" : "") << "<th>lines</th></tr></thead>\n"
       << "<tbody>\n";
    for (unsigned I = 0; I < V.Hot.size() && I < O.MaxPaths; ++I) {
      auto [Id, Count] = V.Hot[I];
      json::Object P = pathData(V, Id, Count);
      std::string Text = P.getString("text")->str();
      OS << "<tr class=\"path\" id=\"path-" << Fn << "-" << Id
         << "\" data-fn=\"" << Fn << "\" data-path=\"" << Id
         << "\"><td class=\"num\">" << Id << "</td><td class=\"num\">"
         << Count << "</td><td class=\"num\">"
         << formatv("{0:F1}%", V.Executions > 0
                                   ? double(Count * 100 / V.Executions)
                                   : 0.0)
         << "</td>"
         << (ManyRuns ? "<td>" + htmlEscape(runsOfPath(V.Index, Id)) + "</td>"
                      : "")
         << "<td class=\"lines\">" << htmlEscape(Text) << "</td></tr>\n";
      Paths[utostr(Id)] = std::move(P);
    }
    OS << "</tbody>\n</table>\n";
    if (V.Hot.size() > O.MaxPaths)
      OS << "<p class=\"note\">... and " << V.Hot.size() - O.MaxPaths
         << " more executed paths (p3-report --paths covered lists them "
            "all).</p>\n";
  }

  uint64_t Uncovered = V.FG->SBL.numPaths() - V.Hot.size();
  OS << "<h3>Paths never executed (" << Uncovered << ")</h3>\n";
  if (Uncovered) {
    OS << "<table class=\"paths\" id=\"unpaths-" << Fn << "\">\n<thead><tr>"
          "<th class=\"num\">path</th><th>lines</th></tr></thead>\n<tbody>\n";
    unsigned Shown = 0;
    for (uint64_t Id = 0; Id < V.FG->SBL.numPaths() && Shown < O.MaxUncovered;
         ++Id) {
      if (V.Counts->count(Id))
        continue;
      ++Shown;
      json::Object P = pathData(V, Id, 0);
      std::string Text = P.getString("text")->str();
      OS << "<tr class=\"path never\" id=\"path-" << Fn << "-" << Id
         << "\" data-fn=\"" << Fn << "\" data-path=\"" << Id
         << "\"><td class=\"num\">" << Id << "</td><td class=\"lines\">"
         << htmlEscape(Text) << "</td></tr>\n";
      Paths[utostr(Id)] = std::move(P);
    }
    OS << "</tbody>\n</table>\n";
    if (Uncovered > Shown)
      OS << "<p class=\"note\">... and " << Uncovered - Shown
         << " more (p3-report --paths uncovered lists them).</p>\n";
  }
  OS << "</section>\n";
  Data[Fn] = json::Object{{"name", MF.Name}, {"paths", std::move(Paths)}};
}

void Site::writeSource(raw_ostream &OS, const FileView &F) {
  std::map<unsigned, const FunctionView *> Starts;
  for (unsigned VI : F.Functions)
    Starts.emplace(Views[VI].Lines.EntryLine, &Views[VI]);
  unsigned Last = F.Src ? F.Src->Lines.size() : 0;
  if (!F.Lines.empty())
    Last = std::max(Last, F.Lines.rbegin()->first);
  OS << "<table class=\"src\" id=\"source\">\n<tbody>\n";
  for (unsigned L = 1; L <= Last; ++L) {
    auto It = F.Lines.find(L);
    bool Excluded = F.Src && F.Src->lineExcluded(L);
    std::string Class;
    if (Excluded)
      Class = "excluded";
    else if (It != F.Lines.end())
      Class = It->second.Inexact ? "inexact"
              : It->second.Count ? "covered"
                                 : "uncovered";
    if (Starts.count(L))
      Class += Class.empty() ? "fnstart" : " fnstart";
    OS << "<tr id=\"L" << L << "\"" << (Class.empty() ? "" : " class=\"" + Class + "\"")
       << "><td class=\"ln\"><a href=\"#L" << L << "\">" << L
       << "</a></td><td class=\"cnt\"";
    if (It != F.Lines.end() && !Excluded) {
      OS << (It->second.Inexact
                 ? " title=\"not exact: branches inside a macro expansion are "
                   "counted as one step\""
                 : "")
         << ">" << It->second.Count << (It->second.Inexact ? "~" : "");
    } else {
      OS << ">";
    }
    OS << "</td><td class=\"br\">";
    auto B = F.Branches.find(L);
    if (B != F.Branches.end() && !Excluded) {
      OS << "[";
      for (unsigned W = 0; W < B->second.size(); ++W) {
        int64_t N = B->second[W];
        OS << (W ? " " : "") << "<span class=\""
           << (N < 0 ? "x" : N ? "t" : "n") << "\" title=\"way " << W << ": "
           << (N < 0 ? std::string("the branch never ran")
                     : "taken " + utostr(uint64_t(N)) + " times")
           << "\">" << (N < 0 ? "#" : N ? "+" : "-") << "</span>";
      }
      OS << "]";
    }
    OS << "</td><td class=\"code\">";
    if (auto S = Starts.find(L); S != Starts.end())
      OS << "<a class=\"fnlink\" id=\"src-fn-" << S->second->Index
         << "\" href=\"#fn-" << S->second->Index << "\" title=\"paths of "
         << htmlEscape(S->second->MF->Name) << "\">&#9656;</a>";
    if (F.Src && L <= F.Src->Lines.size())
      OS << htmlEscape(F.Src->Lines[L - 1]);
    OS << "</td></tr>\n";
  }
  OS << "</tbody>\n</table>\n";
}

std::string Site::filePage(const FileView &F) {
  std::string Text;
  raw_string_ostream OS(Text);
  writeHead(OS, F.File + " - p3 path profile", "../");
  OS << "<p class=\"crumbs\"><a href=\"../index.html\">p3 path profile</a> "
        "&rsaquo; "
     << htmlEscape(F.File) << "</p>\n<h1>" << htmlEscape(F.File) << "</h1>\n"
     << "<p>lines " << F.LinesHit << " of " << F.Lines.size()
     << " executed; branches " << F.BranchesHit << " of " << F.BranchesFound
     << " taken; functions " << F.FunctionsHit << " of " << F.Functions.size()
     << " called. Functions:";
  for (unsigned VI : F.Functions)
    OS << " <a href=\"#fn-" << Views[VI].Index << "\">"
       << htmlEscape(Views[VI].MF->Name) << "</a>";
  OS << "</p>\n<div id=\"selection\" aria-live=\"polite\"></div>\n";
  if (!F.Src)
    OS << "<p class=\"warn\">The source of " << htmlEscape(F.File)
       << " could not be read (" << htmlEscape(R.M.Root)
       << "): only the counts are shown.</p>\n";

  // Source on the left, the functions' paths and pictures on the right:
  // choosing a path highlights its lines without leaving the path list.
  json::Object Data;
  OS << "<div class=\"layout\">\n<div class=\"pane\" id=\"source-pane\">\n"
     << "<p class=\"note\">Counts are derived from the paths as gcov counts "
        "lines; <code>~</code> marks lines inside a macro expansion whose "
        "branches count as one step; branches: + taken, - not taken, # never "
        "reached.</p>\n";
  writeSource(OS, F);
  OS << "</div>\n<div class=\"pane\" id=\"function-pane\">\n";
  for (unsigned VI : F.Functions)
    writeFunction(OS, F, Views[VI], Data);
  OS << "</div>\n</div>\n";
  std::string JSON;
  raw_string_ostream JS(JSON);
  JS << json::Value(json::Object{{"functions", std::move(Data)}});
  OS << "<script type=\"application/json\" id=\"p3-data\">"
     << jsonForScript(JS.str()) << "</script>\n"
     << "<script src=\"../p3.js\"></script>\n</body>\n</html>\n";
  return OS.str();
}

Error Site::write() {
  buildViews();
  if (Error E = Out.write("p3.css", P3Css))
    return E;
  if (Error E = Out.write("p3.js", P3Js))
    return E;
  for (const FileView &F : Files)
    if (Error E = Out.write(F.Page, filePage(F)))
      return E;
  // Last: the index shows how many pictures failed.
  return Out.write("index.html", indexPage());
}

} // namespace

Error writeHtmlReport(OutputDir &Out, const ReportData &R, SourceFiles &Sources,
                      const Graphviz &Dot, const HtmlOptions &O,
                      std::vector<std::string> &Warnings) {
  return Site(Out, R, Sources, Dot, O, Warnings).write();
}

} // namespace p3
