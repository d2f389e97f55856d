//===- ReportExports.cpp - The report's other forms: HTML, lcov, dot, ... -===//

#include "Profile/ReportExports.h"
#include "Profile/AtomicWrite.h"
#include "Profile/CallgrindExport.h"
#include "Profile/DotGraph.h"
#include "Profile/Graphviz.h"
#include "Profile/HtmlReport.h"
#include "Profile/LcovExport.h"
#include "Profile/OutputDir.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace llvm;

namespace p3 {

namespace {

/// A file name for a function's picture: its id, made safe.
std::string dotFileName(const ManifestFunction &MF) {
  std::string Name;
  for (char C : MF.Id)
    Name += isAlnum(C) || C == '.' || C == '_' || C == '-' ? C : '_';
  return Name + ".dot";
}

std::string functionDotText(const ReportData &R, unsigned F,
                            SourceFiles &Sources) {
  const ManifestFunction &MF = R.M.Functions[F];
  const FunctionGraph &FG = *R.G.graphOf(F);
  const PathCounts &Counts = R.P.Functions[R.G.GraphOf[F]].Counts;
  EdgeFlow Flow = deriveEdgeFlow(MF.Graph, FG, Counts);
  return functionDot(MF, FG, Flow, Counts, Sources.get(MF.File));
}

} // namespace

Error writeExports(const ExportOptions &O, const ReportData &R,
                   raw_ostream &Out, std::vector<std::string> &Warnings) {
  SourceFiles Sources(R.M.Root, O.Markers);
  // Bad input first, before anything is produced.
  std::vector<unsigned> DotFunctions;
  if (!O.Dot.empty()) {
    Expected<std::vector<unsigned>> F = findFunctions(R.M, O.Dot);
    if (!F)
      return F.takeError();
    DotFunctions = std::move(*F);
  }
  for (const std::string &Name : O.Functions)
    if (Expected<std::vector<unsigned>> F = findFunctions(R.M, Name); !F)
      return F.takeError();

  std::optional<std::string> LcovText, CallgrindText;
  if (!O.Lcov.empty()) {
    std::string Text;
    raw_string_ostream OS(Text);
    writeLcov(OS, R.M, R.G, R.Runs, Sources);
    LcovText = std::move(OS.str());
  }
  if (!O.Callgrind.empty()) {
    std::string Text;
    raw_string_ostream OS(Text);
    writeCallgrind(OS, R);
    CallgrindText = std::move(OS.str());
  }
  std::optional<OutputDir> Html, DotAll;
  if (!O.Html.empty()) {
    Expected<OutputDir> D = OutputDir::create(O.Html, "HTML report");
    if (!D)
      return D.takeError();
    Html.emplace(std::move(*D));
    Graphviz Dot(O.DotProgram);
    if (!Dot.available())
      Warnings.push_back("HTML report without pictures: " + Dot.why());
    if (Error E = writeHtmlReport(*Html, R, Sources, Dot, HtmlOptions(),
                                  Warnings))
      return E;
  }
  if (!O.DotAll.empty()) {
    Expected<OutputDir> D = OutputDir::create(O.DotAll, "dot files");
    if (!D)
      return D.takeError();
    DotAll.emplace(std::move(*D));
    std::set<std::string> Names;
    for (unsigned F : R.G.FunctionOf) {
      std::string Name = dotFileName(R.M.Functions[F]);
      for (unsigned I = 2; !Names.insert(Name).second; ++I)
        Name = formatv("{0}-{1}.dot", dotFileName(R.M.Functions[F]), I).str();
      if (Error E = DotAll->write(Name, functionDotText(R, F, Sources)))
        return E;
    }
  }

  // Everything is ready: put it in place.
  if (LcovText)
    if (Error E = writeFileAtomically(O.Lcov, *LcovText))
      return E;
  if (CallgrindText)
    if (Error E = writeFileAtomically(O.Callgrind, *CallgrindText))
      return E;
  if (Html)
    if (Error E = Html->commit())
      return E;
  if (DotAll)
    if (Error E = DotAll->commit())
      return E;
  for (unsigned F : DotFunctions)
    Out << functionDotText(R, F, Sources);
  if (O.Paths) {
    PathListingOptions PO;
    PO.Select = *O.Paths;
    PO.Functions = O.Functions;
    PO.Max = O.MaxPaths;
    if (Error E = writePathListing(Out, R.M, R.G, R.P, Sources, PO))
      return E;
  }
  for (const std::string &W : Sources.warnings())
    Warnings.push_back(W);
  return Error::success();
}

} // namespace p3
