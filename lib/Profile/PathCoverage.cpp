//===- PathCoverage.cpp - "Paths covered k of N", gcov-style listings ----===//

#include "Profile/PathCoverage.h"
#include "Profile/EdgeFlow.h"
#include "Profile/LineCoverage.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace p3 {

namespace {

bool blockExcluded(const ManifestFunction &MF, unsigned B,
                   const SourceFile &Src) {
  std::vector<unsigned> Lines = blockCodeLines(MF, B);
  return !Lines.empty() && llvm::all_of(Lines, [&](unsigned L) {
    return Src.lineExcluded(L);
  });
}

/// The block a way out of a branch leads to, looking through blocks without
/// code (as LineCoverage does).
unsigned wayTarget(const ManifestFunction &MF, unsigned B) {
  std::set<unsigned> Seen;
  while (B != MF.Graph.Exit && MF.Graph.Succs[B].size() == 1 &&
         blockCodeLines(MF, B).empty() && Seen.insert(B).second)
    B = MF.Graph.Succs[B][0];
  return B;
}

std::string location(const ManifestFunction &MF) {
  return MF.Line ? formatv("{0}:{1}", MF.File, MF.Line).str() : MF.File;
}

} // namespace

std::vector<bool> excludedEdges(const ManifestFunction &MF,
                                const FunctionGraph &G, const SourceFile *Src) {
  const PathDAG &D = G.DAG;
  std::vector<bool> Out(D.numEdges(), false);
  if (!Src)
    return Out;
  for (unsigned E = 0; E < D.numEdges(); ++E) {
    const DAGEdge &Edge = D.edge(E);
    if (Edge.Dst == D.exit() || !blockExcluded(MF, D.block(Edge.Dst), *Src))
      continue;
    bool FromBranch = Edge.Src == D.entry() ||
                      MF.numWays(D.block(Edge.Src)) >= 2;
    Out[E] = FromBranch;
  }
  return Out;
}

PathTotals pathTotals(const ManifestFunction &MF, const FunctionGraph &G,
                      const PathCounts &Counts, const SourceFile *Src) {
  PathTotals T;
  std::vector<bool> Excluded = excludedEdges(MF, G, Src);
  T.Excluding = llvm::is_contained(Excluded, true);
  if (!T.Excluding) {
    T.Total = G.SBL.numPaths();
    for (auto [Id, Count] : Counts)
      T.Covered += Count > 0;
    return T;
  }
  const PathDAG &D = G.DAG;
  std::vector<uint64_t> From(D.numVertices(), 0);
  From[D.exit()] = 1;
  for (unsigned V = D.numVertices(); V-- > 0;)
    for (unsigned E : D.outEdges(V))
      if (!Excluded[E])
        From[V] = addSaturating(From[V], From[D.edge(E).Dst]);
  T.Total = From[D.entry()];
  for (auto [Id, Count] : Counts) {
    if (!Count)
      continue;
    std::optional<EdgePath> P = regeneratePath(D, G.SBL.Val, Id);
    if (P && llvm::none_of(*P, [&](unsigned E) { return Excluded[E]; }))
      ++T.Covered;
  }
  return T;
}

std::string gcovPathLines(const ManifestFunction &MF, const FunctionGraph &G,
                          uint64_t SBLId) {
  const PathDAG &D = G.DAG;
  std::optional<EdgePath> Path = regeneratePath(D, G.SBL.Val, SBLId);
  if (!Path)
    return "(no such path)";
  std::vector<std::string> Items;
  auto Emit = [&](std::string S) {
    if (Items.empty() || Items.back() != S)
      Items.push_back(std::move(S));
  };
  for (unsigned I = 0; I < Path->size(); ++I) {
    const DAGEdge &E = D.edge((*Path)[I]);
    if (E.Kind == EdgeKind::Start) {
      Emit("…");
      continue;
    }
    unsigned B = D.block(E.Src);
    std::vector<unsigned> Lines = blockCodeLines(MF, B);
    std::string Way;
    if (E.Kind == EdgeKind::Real && MF.isCutExit(B, E.Origin.Index)) {
      Way = "(cut)";
    } else if (MF.numWays(B) >= 2) {
      if (E.Kind == EdgeKind::End) {
        Way = "(loop)";
      } else if (llvm::is_contained(MF.Conditions, B)) {
        Way = E.Origin.Index == 0 ? "(true)" : "(false)";
      } else {
        unsigned T = wayTarget(MF, MF.Graph.Succs[B][E.Origin.Index]);
        std::vector<unsigned> TL = blockCodeLines(MF, T);
        Way = TL.empty() ? "(→exit)" : "(→" + utostr(TL.front()) + ")";
      }
    }
    for (unsigned L = 0; L < Lines.size(); ++L)
      Emit(utostr(Lines[L]) + (L + 1 == Lines.size() ? Way : ""));
    if (E.Kind == EdgeKind::End)
      Emit("…");
  }
  return "lines " + join(Items, " ");
}

std::optional<PathSelection> parsePathSelection(StringRef S) {
  if (S == "covered")
    return PathSelection::Covered;
  if (S == "uncovered")
    return PathSelection::Uncovered;
  if (S == "both")
    return PathSelection::Both;
  return std::nullopt;
}

Expected<std::vector<unsigned>> findFunctions(const Manifest &M,
                                              StringRef NameOrId) {
  std::vector<unsigned> Found;
  std::string Skipped;
  for (const ManifestFunction &MF : M.Functions) {
    StringRef Mangled = MF.Id;
    Mangled.consume_front(MF.File);
    Mangled.consume_front(":");
    if (MF.Name != NameOrId && MF.Id != NameOrId && Mangled != NameOrId)
      continue;
    if (MF.Instrumented)
      Found.push_back(MF.Index);
    else
      Skipped = MF.Id + " (" + MF.SkipReason + ")";
  }
  if (!Found.empty())
    return Found;
  if (!Skipped.empty())
    return createStringError(inconvertibleErrorCode(),
                             "function " + NameOrId +
                                 " is not instrumented, so it has no paths: " +
                                 Skipped);
  // Near matches: names that contain it, or that it contains.
  std::vector<std::string> Near;
  std::string Lower = NameOrId.lower();
  for (const ManifestFunction &MF : M.Functions) {
    std::string Name = StringRef(MF.Name).lower();
    if (Near.size() < 5 && !Name.empty() &&
        (StringRef(Name).contains(Lower) || StringRef(Lower).contains(Name)))
      Near.push_back(MF.Id);
  }
  std::string Msg = "no function " + NameOrId.str() +
                    " in the manifest (a name, or an id FILE:MANGLED)";
  if (!Near.empty())
    Msg += "; did you mean " + join(Near, ", ") + "?";
  return createStringError(inconvertibleErrorCode(), Msg);
}

Error writePathListing(raw_ostream &OS, const Manifest &M,
                       const ProgramGraphs &G, const MergedProfile &P,
                       SourceFiles &Sources, const PathListingOptions &O) {
  std::vector<unsigned> Selected;
  if (O.Functions.empty()) {
    Selected.assign(G.FunctionOf.begin(), G.FunctionOf.end());
  } else {
    for (const std::string &Name : O.Functions) {
      Expected<std::vector<unsigned>> F = findFunctions(M, Name);
      if (!F)
        return F.takeError();
      Selected.insert(Selected.end(), F->begin(), F->end());
    }
  }
  std::stable_sort(Selected.begin(), Selected.end(), [&](unsigned A, unsigned B) {
    const ManifestFunction &FA = M.Functions[A], &FB = M.Functions[B];
    return std::tie(FA.File, FA.Line) < std::tie(FB.File, FB.Line);
  });
  Selected.erase(std::unique(Selected.begin(), Selected.end()), Selected.end());
  for (unsigned F : Selected) {
    const ManifestFunction &MF = M.Functions[F];
    const FunctionGraph &FG = *G.graphOf(F);
    const PathCounts &Counts = P.Functions[G.GraphOf[F]].Counts;
    const SourceFile *Src = Sources.get(MF.File);
    PathTotals T = pathTotals(MF, FG, Counts, Src);
    OS << MF.Name << " (" << location(MF) << "): paths covered " << T.Covered
       << " of " << T.Total;
    if (T.Excluding)
      OS << " (paths into code excluded by LCOV_EXCL markers left out)";
    OS << "\n";
    std::vector<bool> Excluded = excludedEdges(MF, FG, Src);
    auto IsExcluded = [&](uint64_t Id) {
      if (!T.Excluding)
        return false;
      std::optional<EdgePath> Path = regeneratePath(FG.DAG, FG.SBL.Val, Id);
      return Path && llvm::any_of(*Path, [&](unsigned E) { return Excluded[E]; });
    };
    if (O.Select != PathSelection::Uncovered) {
      std::vector<std::pair<uint64_t, uint64_t>> Hot(Counts.begin(),
                                                     Counts.end());
      std::stable_sort(Hot.begin(), Hot.end(),
                       [](auto &A, auto &B) { return A.second > B.second; });
      unsigned Shown = 0;
      for (auto [Id, Count] : Hot) {
        if (IsExcluded(Id))
          continue;
        if (Shown++ == O.Max) {
          OS << "  ... more covered paths (--max-paths)\n";
          break;
        }
        OS << "  path " << Id << " covered " << Count << " time"
           << (Count == 1 ? "" : "s") << ": " << gcovPathLines(MF, FG, Id)
           << "\n";
      }
    }
    if (O.Select != PathSelection::Covered) {
      unsigned Shown = 0;
      uint64_t N = FG.SBL.numPaths();
      // Excluded paths are skipped; give up after a bounded search (markers
      // may exclude nearly all of a huge function's paths).
      uint64_t Scanned = 0;
      for (uint64_t Id = 0; Id < N && Scanned < 1000000; ++Id, ++Scanned) {
        if (Counts.count(Id) || IsExcluded(Id))
          continue;
        if (Shown++ == O.Max) {
          OS << "  ... " << (T.Total - T.Covered - O.Max)
             << " more uncovered paths (--max-paths)\n";
          break;
        }
        OS << "  path " << Id << " not covered: " << gcovPathLines(MF, FG, Id)
           << "\n";
      }
    }
  }
  return Error::success();
}

} // namespace p3
