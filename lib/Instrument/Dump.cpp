//===- Dump.cpp - Human-readable dumps of a lowered function -------------===//

#include "Instrument/Dump.h"
#include "Instrument/EdgeAnchors.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace p3 {

static const char *siteKindName(SiteKind K) {
  switch (K) {
  case SiteKind::BeforeStatement:
    return "before-statement";
  case SiteKind::AfterStatement:
    return "after-statement";
  case SiteKind::Condition:
    return "condition";
  case SiteKind::Expression:
    return "expression";
  case SiteKind::ReturnValue:
    return "return-value";
  }
  return "?";
}

static const char *anchorName(AnchorKind K) {
  switch (K) {
  case AnchorKind::None:
    return "none";
  case AnchorKind::Branch:
    return "branch";
  case AnchorKind::ExitSlot:
    return "exit-slot";
  case AnchorKind::EntrySlot:
    return "entry-slot";
  case AnchorKind::Pushed:
    return "pushed";
  case AnchorKind::Guard:
    return "guard";
  case AnchorKind::Pulled:
    return "pulled";
  }
  return "?";
}

void dumpFunction(const LoweredFunction &F, raw_ostream &OS) {
  OS << formatv("function {0} ({1}:{2})\n", F.Name, F.File, F.Line);
  if (F.Skip) {
    OS << "  skipped: " << F.Skip->Message << "\n";
    return;
  }
  const CFG &G = F.Graph;
  OS << formatv("  entry B{0}, exit B{1}", G.Entry, G.Exit);
  for (unsigned H : G.ExtraStarts)
    OS << formatv(", start B{0}", H);
  OS << "\n";
  for (unsigned I = 0; I < F.Sites.size(); ++I) {
    const Site &S = F.Sites[I];
    OS << formatv("  site {0}: {1} [{2},{3}) line {4}{5}{6}{7}\n", I,
                  siteKindName(S.Kind), S.Begin, S.End, S.Line,
                  S.NeedsBraces ? " braces" : "",
                  S.NeedsParens ? " parens" : "",
                  S.WholeStatement ? " statement" : "");
  }
  for (unsigned L = 0; L < F.Loops.size(); ++L) {
    const LoopScope &S = F.Loops[L];
    OS << formatv("  loop {0}: line {1} [{2},{3}) blocks", L, S.Line, S.Begin,
                  S.End);
    for (unsigned B : S.Blocks)
      OS << " B" << B;
    OS << (S.Refused.empty() ? ": counts in locals allowed"
                             : ": counts in memory: " + S.Refused)
       << "\n";
  }
  Expected<AnchoredFunction> A = planAnchors(F);
  for (unsigned B = 0; B < G.numBlocks(); ++B) {
    const BlockSites &S = F.Blocks[B];
    OS << formatv("  B{0} lines {1}-{2}", B, F.BlockLines[B].first,
                  F.BlockLines[B].second);
    if (!S.OncePerPass.empty()) {
      OS << " sites";
      for (unsigned Site : S.OncePerPass)
        OS << " " << Site;
    }
    if (S.Branch != NoSite)
      OS << " branch " << S.Branch;
    for (unsigned I = 0; I < S.EdgeSites.size(); ++I)
      if (S.EdgeSites[I] != NoSite)
        OS << formatv(" edge-site[{0}] {1}", I, S.EdgeSites[I]);
    if (S.EndsInNoReturn)
      OS << " noreturn";
    OS << " ->";
    for (unsigned I = 0; I < G.Succs[B].size(); ++I)
      OS << " B" << G.Succs[B][I];
    OS << "\n";
  }
  for (const JoinSite &J : F.Joins) {
    OS << formatv("  join site {0} line {1}:", J.Site, J.Line);
    for (CFGEdge E : J.Edges)
      OS << formatv(" B{0}->B{1}", E.Block, G.Succs[E.Block][E.Index]);
    OS << "\n";
  }
  if (!A) {
    OS << "  anchoring failed: " << toString(A.takeError()) << "\n";
    std::vector<std::vector<EdgeAnchor>> First = firstAnchors(F);
    for (unsigned B = 0; B < G.numBlocks(); ++B)
      for (unsigned I = 0; I < G.Succs[B].size(); ++I)
        OS << formatv("  edge B{0}->B{1}: {2} (before repairs)\n", B,
                      G.Succs[B][I], anchorName(First[B][I].Kind));
    return;
  }
  for (unsigned B = 0; B < A->Lowered.numBlocks(); ++B)
    for (unsigned I = 0; I < A->Lowered.Succs[B].size(); ++I) {
      const EdgeAnchor &E = A->Anchors[B][I];
      OS << formatv("  edge B{0}->B{1}: {2}", B, A->Lowered.Succs[B][I],
                    anchorName(E.Kind));
      if (E.Site != NoSite)
        OS << " site " << E.Site;
      if (A->GraphEdge[B][I].Block == NoVertex)
        OS << " (inside a contracted set, or dropped for a twin route)";
      OS << "\n";
    }
  for (const std::string &N : A->Notes)
    OS << "  note: " << N << "\n";
  OS << formatv("  dag: {0} vertices, {1} edges, {2} paths\n",
                A->Graphs.DAG.numVertices(), A->Graphs.DAG.numEdges(),
                A->Graphs.SBL.numPaths());
}

} // namespace p3
