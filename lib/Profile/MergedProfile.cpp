//===- MergedProfile.cpp - The whole-program path profile ----------------===//

#include "Profile/MergedProfile.h"
#include "Graph/CFGHash.h"
#include "Profile/BoundedJSON.h"
#include "Profile/Fail.h"
#include "Profile/U64JSON.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;

namespace p3 {

long double MergedProfile::totalExecutions() const {
  long double Total = 0;
  for (const MergedFunction &F : Functions)
    for (auto [Id, Count] : F.Counts)
      Total += Count;
  return Total;
}

uint64_t MergedProfile::totalDropped() const {
  uint64_t Total = 0;
  for (const MergedFunction &F : Functions)
    Total = Total > UINT64_MAX - F.Dropped ? UINT64_MAX : Total + F.Dropped;
  return Total;
}

MergedProfile mergeProfiles(const Manifest &M, const ProgramGraphs &G,
                            const ProfileSet &Set, Diagnostics &Diags) {
  MergedProfile P;
  P.ManifestHash = M.Hash;
  for (unsigned C = 0; C < Set.K; ++C)
    if (Set.present(C))
      P.CopiesPresent.push_back(C);
  std::vector<bool> Present = Set.presentCopies();
  for (unsigned GI = 0; GI < G.Graphs.size(); ++GI) {
    unsigned F = G.FunctionOf[GI];
    const ManifestFunction &MF = M.Functions[F];
    FunctionMerge FM =
        mergeFunction(G.Graphs[GI], MF.Instances, Set.Counts[F], Present);
    for (auto [Copy, Id] : FM.BadIds)
      Diags.error(formatv("function {0} ({1}): copy {2} recorded path id {3}, "
                          "which its instance cannot produce",
                          F, MF.Id, Copy, Id));
    MergedFunction Out;
    Out.Index = F;
    for (auto [Id, Count] : FM.Counts)
      if (Count)
        Out.Counts.emplace(Id, Count);
    Out.Dropped = FM.Dropped;
    for (uint64_t D : Set.Dropped[F])
      Out.Dropped =
          Out.Dropped > UINT64_MAX - D ? UINT64_MAX : Out.Dropped + D;
    for (uint64_t L : Set.Lost[F])
      Out.Lost = Out.Lost > UINT64_MAX - L ? UINT64_MAX : Out.Lost + L;
    Out.Disagreements = std::move(FM.Disagreements);
    P.Functions.push_back(std::move(Out));
  }
  return P;
}

std::vector<BlockSpan> pathLines(const ManifestFunction &MF,
                                 const FunctionGraph &G, uint64_t SBLId) {
  std::vector<BlockSpan> Lines;
  std::optional<EdgePath> Path = regeneratePath(G.DAG, G.SBL.Val, SBLId);
  if (!Path)
    return Lines;
  auto Add = [&](unsigned V) {
    unsigned B = G.DAG.block(V);
    if (B >= MF.Blocks.size() || MF.Blocks[B].Line == 0)
      return;
    BlockSpan S = MF.Blocks[B];
    S.EndLine = std::max(S.EndLine, S.Line);
    if (!Lines.empty() && Lines.back().Line == S.Line &&
        Lines.back().EndLine == S.EndLine)
      return;
    Lines.push_back(S);
  };
  Add(G.DAG.entry());
  for (unsigned E : *Path)
    Add(G.DAG.edge(E).Dst);
  return Lines;
}

PathEnds pathEnds(const FunctionGraph &G, uint64_t SBLId) {
  PathEnds Ends;
  std::optional<EdgePath> Path = regeneratePath(G.DAG, G.SBL.Val, SBLId);
  if (!Path || Path->empty())
    return Ends;
  Ends.StartsInLoop = G.DAG.edge(Path->front()).Kind == EdgeKind::Start;
  Ends.EndsInLoop = G.DAG.edge(Path->back()).Kind == EdgeKind::End;
  Ends.Cut = G.isCutExit(Path->back());
  return Ends;
}

std::string formatPath(const ManifestFunction &MF, const FunctionGraph &G,
                       uint64_t SBLId) {
  std::string S;
  raw_string_ostream OS(S);
  PathEnds Ends = pathEnds(G, SBLId);
  if (Ends.StartsInLoop)
    OS << "… ";
  std::vector<BlockSpan> Lines = pathLines(MF, G, SBLId);
  if (Lines.empty())
    OS << MF.File << ": (no source lines)";
  for (unsigned I = 0; I < Lines.size(); ++I) {
    OS << (I ? " → " : MF.File + ":") << Lines[I].Line;
    if (Lines[I].EndLine != Lines[I].Line)
      OS << "-" << Lines[I].EndLine;
  }
  if (Ends.EndsInLoop)
    OS << " …";
  if (Ends.Cut)
    OS << " ✂ cut (the call did not return)";
  return OS.str();
}

std::string profileToJSON(const Manifest &M, const ProgramGraphs &G,
                          const MergedProfile &P) {
  std::string Text;
  raw_string_ostream OS(Text);
  auto Value = [&](const json::Value &V) { json::OStream(OS).value(V); };
  OS << "{\n  \"format\": \"p3-profile\",\n  \"version\": 1,\n"
     << "  \"manifest\": ";
  Value(P.ManifestHash);
  OS << ",\n  \"copies_present\": ";
  Value(json::Array(P.CopiesPresent));
  OS << ",\n  \"functions\": [";
  for (unsigned I = 0; I < P.Functions.size(); ++I) {
    const MergedFunction &F = P.Functions[I];
    const ManifestFunction &MF = M.Functions[F.Index];
    const FunctionGraph &FG = *G.graphOf(F.Index);
    OS << (I ? ",\n" : "\n") << "    {\"index\": " << F.Index << ", \"id\": ";
    Value(MF.Id);
    OS << ", \"name\": ";
    Value(MF.Name);
    OS << ", \"file\": ";
    Value(MF.File);
    OS << ", \"cfg_hash\": ";
    Value(cfgHashString(MF.Graph, MF.Cuts));
    OS << ", \"total_paths\": ";
    Value(u64ToJSON(FG.SBL.numPaths()));
    if (F.Lost) {
      OS << ", \"lost\": ";
      Value(u64ToJSON(F.Lost));
    }
    OS << ", \"paths\": [";
    bool First = true;
    for (auto [Id, Count] : F.Counts) {
      OS << (First ? "\n" : ",\n") << "      {\"sbl_id\": ";
      First = false;
      Value(u64ToJSON(Id));
      OS << ", \"count\": ";
      Value(u64ToJSON(Count));
      OS << ", \"lines\": [";
      std::vector<BlockSpan> Lines = pathLines(MF, FG, Id);
      for (unsigned L = 0; L < Lines.size(); ++L)
        OS << (L ? ", [" : "[") << Lines[L].Line << ", " << Lines[L].EndLine
           << "]";
      OS << "]}";
    }
    OS << (First ? "]}" : "\n    ]}");
  }
  OS << (P.Functions.empty() ? "]\n}\n" : "\n  ]\n}\n");
  return OS.str();
}

namespace {

/// A list of copy numbers, or an error.
Expected<std::vector<unsigned>> readCopies(const json::Value *V) {
  std::vector<unsigned> Copies;
  if (!V)
    return Copies;
  const json::Array *A = V->getAsArray();
  if (!A)
    return fail("\"copies_present\" is not an array");
  for (const json::Value &C : *A) {
    std::optional<uint64_t> N = u64FromJSON(C);
    if (!N || *N >= 4096)
      return fail("\"copies_present\" holds something other than a "
                  "copy number");
    Copies.push_back(*N);
  }
  return Copies;
}

/// The "runs" of a merged profile.
Error readRuns(const json::Object &Top, ProfileFile &P) {
  Expected<std::vector<unsigned>> Copies = readCopies(Top.get("copies_present"));
  if (!Copies)
    return Copies.takeError();
  P.CopiesPresent = std::move(*Copies);
  const json::Value *RunsV = Top.get("runs");
  if (!RunsV)
    return Error::success();
  const json::Array *Runs = RunsV->getAsArray();
  if (!Runs || Runs->empty())
    return fail("\"runs\" is not a non-empty array");
  for (unsigned I = 0; I < Runs->size(); ++I) {
    const json::Object *R = (*Runs)[I].getAsObject();
    std::optional<StringRef> Name = R ? R->getString("name") : std::nullopt;
    if (!Name)
      return fail(formatv("runs[{0}] has no \"name\"", I));
    ProfileFile::Run Run;
    Run.Name = Name->str();
    if (std::optional<StringRef> S = R->getString("source"))
      Run.Source = S->str();
    Expected<std::vector<unsigned>> C = readCopies(R->get("copies_present"));
    if (!C)
      return fail(formatv("runs[{0}]: {1}", I, toString(C.takeError())));
    Run.CopiesPresent = std::move(*C);
    P.Runs.push_back(std::move(Run));
  }
  return Error::success();
}

/// A path's per-run counts ("runs": [[run, count], ...]), which must add up
/// to its count.
Error readPathRuns(const json::Object &Path, size_t NumRuns,
                   std::vector<std::pair<unsigned, uint64_t>> &Out) {
  const json::Value *V = Path.get("runs");
  if (!V)
    return NumRuns ? fail("no \"runs\" in a merged profile") : Error::success();
  const json::Array *A = V->getAsArray();
  if (!A || !NumRuns)
    return fail("\"runs\" is not an array of [run, count] pairs "
                "(or the profile has no runs)");
  for (const json::Value &E : *A) {
    const json::Array *Pair = E.getAsArray();
    std::optional<uint64_t> R, C;
    if (Pair && Pair->size() == 2) {
      R = u64FromJSON((*Pair)[0]);
      C = u64FromJSON((*Pair)[1]);
    }
    if (!R || !C || *R >= NumRuns)
      return fail("\"runs\" holds something other than a [run, "
                  "count] pair");
    Out.emplace_back(*R, *C);
  }
  return Error::success();
}

} // namespace

Expected<ProfileFile> parseProfileJSON(StringRef Text) {
  Expected<json::Value> V = parseBoundedJSON(Text);
  if (!V)
    return fail("not valid JSON: " + toString(V.takeError()));
  const json::Object *Top = V->getAsObject();
  if (!Top || Top->getString("format") != std::optional<StringRef>("p3-profile"))
    return fail("not a p3 profile (no \"format\": \"p3-profile\")");
  std::optional<int64_t> Version = Top->getInteger("version");
  if (Version != 1)
    return fail("unsupported profile version (this p3 reads 1)");
  ProfileFile P;
  if (std::optional<StringRef> H = Top->getString("manifest"))
    P.ManifestHash = H->str();
  if (Error E = readRuns(*Top, P))
    return E;
  const json::Array *Functions = Top->getArray("functions");
  if (!Functions)
    return fail("\"functions\" is missing or not an array");
  for (unsigned I = 0; I < Functions->size(); ++I) {
    const json::Object *F = (*Functions)[I].getAsObject();
    std::optional<StringRef> Id = F ? F->getString("id") : std::nullopt;
    if (!Id)
      return fail(formatv("functions[{0}] has no \"id\"", I));
    ProfileFile::Function &Out = P.Functions[Id->str()];
    if (!Out.Id.empty())
      return fail("function " + *Id + " is listed twice");
    Out.Id = Id->str();
    if (std::optional<StringRef> Name = F->getString("name"))
      Out.Name = Name->str();
    if (std::optional<StringRef> Hash = F->getString("cfg_hash"))
      Out.CFGHash = Hash->str();
    if (const json::Value *L = F->get("lost")) {
      std::optional<uint64_t> Lost = u64FromJSON(*L);
      if (!Lost)
        return fail("function " + *Id + ": \"lost\" is not a count");
      Out.Lost = *Lost;
    }
    const json::Array *Paths = F->getArray("paths");
    if (!Paths)
      return fail("function " + *Id + ": \"paths\" is missing");
    for (unsigned J = 0; J < Paths->size(); ++J) {
      const json::Object *PO = (*Paths)[J].getAsObject();
      const json::Value *SV = PO ? PO->get("sbl_id") : nullptr;
      const json::Value *CV = PO ? PO->get("count") : nullptr;
      std::optional<uint64_t> S = SV ? u64FromJSON(*SV) : std::nullopt;
      std::optional<uint64_t> C = CV ? u64FromJSON(*CV) : std::nullopt;
      if (!S || !C)
        return fail(formatv("function {0}: paths[{1}] needs unsigned "
                            "\"sbl_id\" and \"count\"",
                            *Id, J));
      if (!Out.Paths.emplace(*S, *C).second)
        return fail(formatv("function {0}: path {1} is listed twice", *Id, *S));
      if (Error E = readPathRuns(*PO, P.Runs.size(), Out.ByRun[*S]))
        return fail(formatv("function {0}: paths[{1}]: {2}", *Id, J,
                            toString(std::move(E))));
    }
  }
  return P;
}

Expected<ProfileFile> readProfileFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return fail(Path + ": cannot read: " + Buf.getError().message());
  Expected<ProfileFile> P = parseProfileJSON((*Buf)->getBuffer());
  if (!P)
    return fail(Path + ": " + toString(P.takeError()));
  return P;
}

ProfileFile toProfileFile(const Manifest &M, const MergedProfile &P) {
  ProfileFile Out;
  Out.ManifestHash = P.ManifestHash;
  for (const MergedFunction &F : P.Functions) {
    const ManifestFunction &MF = M.Functions[F.Index];
    ProfileFile::Function &PF = Out.Functions[MF.Id];
    PF.Id = MF.Id;
    PF.Name = MF.Name;
    PF.CFGHash = cfgHashString(MF.Graph, MF.Cuts);
    PF.Paths = F.Counts;
  }
  return Out;
}

std::vector<ProfileDifference> compareProfiles(const ProfileFile &Ours,
                                               const ProfileFile &Theirs) {
  std::vector<ProfileDifference> Diffs;
  static const PathCounts None;
  auto PathsOf = [](const ProfileFile &P, const std::string &Id)
      -> const PathCounts & {
    auto It = P.Functions.find(Id);
    return It == P.Functions.end() ? None : It->second.Paths;
  };
  std::set<std::string> Ids;
  for (auto &[Id, F] : Ours.Functions)
    Ids.insert(Id);
  for (auto &[Id, F] : Theirs.Functions)
    Ids.insert(Id);
  for (const std::string &Id : Ids) {
    const PathCounts &A = PathsOf(Ours, Id), &B = PathsOf(Theirs, Id);
    std::set<uint64_t> Paths;
    for (auto [S, C] : A)
      Paths.insert(S);
    for (auto [S, C] : B)
      Paths.insert(S);
    for (uint64_t S : Paths) {
      auto IA = A.find(S), IB = B.find(S);
      uint64_t CA = IA == A.end() ? 0 : IA->second;
      uint64_t CB = IB == B.end() ? 0 : IB->second;
      if (CA != CB)
        Diffs.push_back({Id, S, CA, CB});
    }
  }
  return Diffs;
}

} // namespace p3
