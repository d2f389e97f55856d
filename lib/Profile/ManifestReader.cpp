//===- ManifestReader.cpp - The manifest read, every field checked --------===//
//
// Reading checks every number a decoder will index with, so that a corrupt or
// hand-edited manifest gives an error naming the function, never a crash
// (docs/manifest.md).
//
//===----------------------------------------------------------------------===//

#include "Profile/BoundedJSON.h"
#include "Profile/Fail.h"
#include "Profile/JSONObjectReader.h"
#include "Profile/Manifest.h"
#include "Profile/U64JSON.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <climits>

using namespace llvm;

namespace p3 {

namespace {

/// Copies beyond this are surely a corrupt manifest, and would make the
/// report allocate per-copy tables for nothing.
constexpr uint64_t MaxCopies = 4096;

std::optional<InstanceKind> parseInstanceKind(StringRef S) {
  if (S == "none")
    return InstanceKind::None;
  if (S == "ball-larus")
    return InstanceKind::BallLarus;
  if (S == "pspp")
    return InstanceKind::PSPP;
  return std::nullopt;
}

/// Sets the flags of \p Ids in a vector of \p Size flags.
std::vector<bool> idFlags(ArrayRef<unsigned> Ids, unsigned Size) {
  std::vector<bool> Flags(Size, false);
  for (unsigned I : Ids)
    Flags[I] = true;
  return Flags;
}

std::string functionWhere(unsigned Index, StringRef Id) {
  if (Id.empty())
    return formatv("function {0}", Index).str();
  return formatv("function {0} ({1})", Index, Id).str();
}

/// The optional per-block code lines, contracted blocks and conditions.
Error readCodeLines(const JSONObjectReader &R, ManifestFunction &F) {
  unsigned NB = F.Graph.numBlocks();
  Expected<const json::Array *> Lines = R.array("lines", /*Optional=*/true);
  if (!Lines)
    return Lines.takeError();
  if (!*Lines)
    return Error::success();
  if ((*Lines)->size() != NB)
    return R.error("\"lines\" has " + Twine((*Lines)->size()) +
                   " entries, the CFG has " + Twine(NB) + " blocks");
  for (unsigned B = 0; B < NB; ++B) {
    const json::Array *List = (**Lines)[B].getAsArray();
    if (!List)
      return R.error("lines[" + Twine(B) + "] is not an array");
    std::vector<unsigned> L;
    for (const json::Value &V : *List) {
      std::optional<uint64_t> N = u64FromJSON(V);
      if (!N || *N > UINT_MAX)
        return R.error("lines[" + Twine(B) +
                       "] holds something other than "
                       "a line number (or 0, ending a part)");
      L.push_back(*N);
    }
    F.CodeLines.push_back(std::move(L));
  }
  if (Error E = R.getIds("contracted", F.Contracted, NB, "block",
                         /*Optional=*/true))
    return E;
  if (Error E = R.getIds("conditions", F.Conditions, NB, "block",
                         /*Optional=*/true))
    return E;
  Expected<const json::Array *> Edges =
      R.array("edge_lines", /*Optional=*/true);
  if (!Edges)
    return Edges.takeError();
  for (unsigned I = 0; *Edges && I < (*Edges)->size(); ++I) {
    const json::Array *T = (**Edges)[I].getAsArray();
    std::optional<uint64_t> B, S, L;
    if (T && T->size() == 3) {
      B = u64FromJSON((*T)[0]);
      S = u64FromJSON((*T)[1]);
      L = u64FromJSON((*T)[2]);
    }
    if (!B || !S || !L || *B >= NB || *S >= F.Graph.Succs[*B].size() ||
        *L == 0 || *L > UINT_MAX)
      return R.error("edge_lines[" + Twine(I) +
                     "] is not a [block, successor, line] of the CFG");
    F.EdgeLines.push_back({unsigned(*B), unsigned(*S), unsigned(*L)});
  }
  for (unsigned B : F.Conditions)
    if (F.numWays(B) != 2)
      return R.error("\"conditions\" names block " + Twine(B) +
                     ", which does not have two successors");
  return Error::success();
}

/// The CFG, cuts and block spans; the rest needs the rebuilt DAG.
Error readGraph(const JSONObjectReader &R, ManifestFunction &F) {
  Expected<const json::Object *> CFGObj = R.object("cfg");
  if (!CFGObj)
    return CFGObj.takeError();
  JSONObjectReader C(**CFGObj, R.where() + ": cfg");
  Expected<const json::Array *> Succs = C.array("succs");
  if (!Succs)
    return Succs.takeError();
  unsigned NB = (*Succs)->size();
  if (NB < 2)
    return C.error("\"succs\" must list at least the entry and exit blocks");
  for (unsigned B = 0; B < NB; ++B) {
    const json::Array *List = (**Succs)[B].getAsArray();
    if (!List)
      return C.error("succs[" + Twine(B) + "] is not an array");
    std::vector<unsigned> S;
    for (unsigned I = 0; I < List->size(); ++I) {
      std::optional<uint64_t> N = u64FromJSON((*List)[I]);
      if (!N || *N >= NB)
        return C.error("succs[" + Twine(B) + "][" + Twine(I) +
                       "] is not a block (there are " + Twine(NB) + ")");
      S.push_back(*N);
    }
    F.Graph.Succs.push_back(std::move(S));
  }
  if (Error E = C.get("entry", F.Graph.Entry))
    return E;
  if (Error E = C.get("exit", F.Graph.Exit))
    return E;
  if (F.Graph.Entry >= NB || F.Graph.Exit >= NB)
    return C.error("entry or exit is not a block (there are " + Twine(NB) +
                   ")");
  if (Error E = C.getIds("extra_starts", F.Graph.ExtraStarts, NB, "block",
                         /*Optional=*/true))
    return E;
  for (auto [Key, Into] :
       {std::pair<const char *, std::vector<CFGEdge> *>{"cuts", &F.Cuts},
        {"cut_exits", &F.CutExits}}) {
    Expected<const json::Array *> Cuts = C.array(Key, /*Optional=*/true);
    if (!Cuts)
      return Cuts.takeError();
    if (!*Cuts)
      continue;
    for (unsigned I = 0; I < (*Cuts)->size(); ++I) {
      const json::Array *Pair = (**Cuts)[I].getAsArray();
      std::optional<uint64_t> B, S;
      if (Pair && Pair->size() == 2) {
        B = u64FromJSON((*Pair)[0]);
        S = u64FromJSON((*Pair)[1]);
      }
      if (!B || !S)
        return C.error(Twine(Key) + "[" + Twine(I) +
                       "] is not a [block, successor] pair");
      if (*B >= NB || *S >= F.Graph.Succs[*B].size())
        return C.error(Twine(Key) + "[" + Twine(I) + "] = [" + Twine(*B) +
                       ", " + Twine(*S) + "] is not a CFG edge");
      if (Into == &F.CutExits && F.Graph.Succs[*B][*S] != F.Graph.Exit)
        return C.error("cut_exits[" + Twine(I) + "] does not enter the exit");
      Into->push_back({unsigned(*B), unsigned(*S)});
    }
  }

  Expected<const json::Array *> Blocks = R.array("blocks");
  if (!Blocks)
    return Blocks.takeError();
  if ((*Blocks)->size() != NB)
    return R.error("\"blocks\" has " + Twine((*Blocks)->size()) +
                   " spans, the CFG has " + Twine(NB) + " blocks");
  for (unsigned B = 0; B < NB; ++B) {
    const json::Array *Pair = (**Blocks)[B].getAsArray();
    std::optional<uint64_t> L, E;
    if (Pair && Pair->size() == 2) {
      L = u64FromJSON((*Pair)[0]);
      E = u64FromJSON((*Pair)[1]);
    }
    if (!L || !E || *L > UINT_MAX || *E > UINT_MAX)
      return R.error("blocks[" + Twine(B) + "] is not a [line, end_line] pair");
    F.Blocks.push_back({unsigned(*L), unsigned(*E)});
  }
  return readCodeLines(R, F);
}

Error readInstance(const json::Value &V, unsigned C, unsigned NumEdges,
                   const std::string &Where, Instance &I) {
  std::string Here = formatv("{0}: instances[{1}]", Where, C).str();
  const json::Object *O = V.getAsObject();
  if (!O)
    return fail(Here + " is not an object");
  JSONObjectReader R(*O, Here);
  unsigned Copy;
  if (Error E = R.get("copy", Copy))
    return E;
  if (Copy != C)
    return R.error("\"copy\" is " + Twine(Copy) +
                   "; instances must be listed by copy, this is copy " +
                   Twine(C));
  std::string Kind;
  if (Error E = R.get("kind", Kind))
    return E;
  std::optional<InstanceKind> K = parseInstanceKind(Kind);
  if (!K)
    return R.error("unknown kind \"" + Kind +
                   "\" (expected none, ball-larus or pspp)");
  I = Instance();
  I.Kind = *K;
  if (I.Kind == InstanceKind::None)
    return Error::success();

  if (I.Kind == InstanceKind::BallLarus) {
    I.Interesting.assign(NumEdges, true);
  } else {
    std::vector<unsigned> Ids;
    if (Error E = R.getIds("interesting", Ids, NumEdges, "edge id"))
      return E;
    I.Interesting = idFlags(Ids, NumEdges);
  }
  if (Error E = R.getU64s("decode", I.DecodeVal))
    return E;
  if (Error E = R.getU64s("inc", I.Inc))
    return E;
  if (I.DecodeVal.size() != NumEdges)
    return R.error("\"decode\" has " + Twine(I.DecodeVal.size()) +
                   " values, the DAG has " + Twine(NumEdges) + " edges");
  if (I.Inc.size() != NumEdges)
    return R.error("\"inc\" has " + Twine(I.Inc.size()) +
                   " values, the DAG has " + Twine(NumEdges) + " edges");
  if (Error E = R.get("num_ids", I.NumIds))
    return E;
  if (Error E = R.get("placed", I.Placed, false))
    return E;
  if (Error E = R.get("probes", I.StaticProbes, 0u))
    return E;
  return Error::success();
}

/// "calls": [[block, callee index], ...], optional.
Error readCalls(const JSONObjectReader &R, ManifestFunction &F,
                unsigned NumFunctions) {
  Expected<const json::Array *> Calls = R.array("calls", /*Optional=*/true);
  if (!Calls)
    return Calls.takeError();
  for (unsigned I = 0; *Calls && I < (*Calls)->size(); ++I) {
    const json::Array *T = (**Calls)[I].getAsArray();
    std::optional<uint64_t> B, Callee;
    if (T && T->size() == 2) {
      B = u64FromJSON((*T)[0]);
      Callee = u64FromJSON((*T)[1]);
    }
    if (!B || !Callee || *B >= F.Graph.numBlocks() || *Callee >= NumFunctions)
      return R.error("calls[" + Twine(I) +
                     "] is not a [block, function index] of the manifest");
    F.Calls.push_back({unsigned(*B), unsigned(*Callee)});
  }
  return Error::success();
}

Error readFunction(const json::Value &V, unsigned Index, unsigned K,
                   unsigned NumFunctions, ManifestFunction &F) {
  const json::Object *O = V.getAsObject();
  if (!O)
    return fail(functionWhere(Index, "") + " is not an object");
  // Name the function by its id as early as possible.
  if (std::optional<StringRef> Id = O->getString("id"))
    F.Id = Id->str();
  JSONObjectReader R(*O, functionWhere(Index, F.Id));
  if (Error E = R.get("id", F.Id))
    return E;
  if (Error E = R.get("index", F.Index))
    return E;
  if (F.Index != Index)
    return R.error("\"index\" is " + Twine(F.Index) +
                   "; functions must be listed by index");
  if (Error E = R.get("name", F.Name, StringRef()))
    return E;
  if (Error E = R.get("file", F.File, StringRef()))
    return E;
  if (Error E = R.get("line", F.Line, 0u))
    return E;
  if (Error E = R.get("end_line", F.EndLine, 0u))
    return E;
  if (Error E = R.get("instrumented", F.Instrumented))
    return E;
  Expected<const json::Array *> Notes = R.array("notes", /*Optional=*/true);
  if (!Notes)
    return Notes.takeError();
  for (unsigned I = 0; *Notes && I < (*Notes)->size(); ++I) {
    std::optional<StringRef> N = (**Notes)[I].getAsString();
    if (!N)
      return R.error("notes[" + Twine(I) + "] is not a string");
    F.Notes.push_back(N->str());
  }
  if (!F.Instrumented)
    return R.get("skip_reason", F.SkipReason, StringRef());

  if (Error E = R.get("call_sites", F.CallSites, 0u))
    return E;
  if (Error E = R.get("never_split", F.NeverSplit, false))
    return E;
  if (Error E = readGraph(R, F))
    return E;
  if (Error E = readCalls(R, F, NumFunctions))
    return E;

  // Everything else is sized by the DAG: rebuild it (what graph() does, with
  // the per-edge data not read yet).
  Expected<PathDAG> D = PathDAG::build(F.Graph, F.Cuts);
  if (!D)
    return R.error("the CFG does not give a path DAG: " +
                   toString(D.takeError()));
  unsigned NE = D->numEdges();
  std::optional<uint64_t> Paths = countPaths(*D);
  if (!Paths)
    return R.error("the number of paths overflows 64 bits (the manifest "
                   "should have cut edges to prevent this)");

  Expected<const json::Object *> DagObj = R.object("dag");
  if (!DagObj)
    return DagObj.takeError();
  JSONObjectReader DR(**DagObj, R.where() + ": dag");
  uint64_t NV2, NE2, NP2;
  if (Error E = DR.get("vertices", NV2))
    return E;
  if (Error E = DR.get("edges", NE2))
    return E;
  if (Error E = DR.get("paths", NP2))
    return E;
  if (NV2 != D->numVertices() || NE2 != NE || NP2 != *Paths)
    return R.error(formatv("the rebuilt DAG has {0} vertices, {1} edges and "
                           "{2} paths; the manifest says {3}, {4} and {5}",
                           D->numVertices(), NE, *Paths, NV2, NE2, NP2));

  if (Error E = R.getU64s("weights", F.Weight))
    return E;
  if (F.Weight.size() != NE)
    return R.error("\"weights\" has " + Twine(F.Weight.size()) +
                   " values, the DAG has " + Twine(NE) + " edges");
  std::vector<unsigned> Never;
  if (Error E = R.getIds("never_probe", Never, NE, "edge id", true))
    return E;
  F.NeverProbe = idFlags(Never, NE);

  Expected<const json::Array *> Tasks = R.array("tasks", /*Optional=*/true);
  if (!Tasks)
    return Tasks.takeError();
  for (unsigned T = 0; *Tasks && T < (*Tasks)->size(); ++T) {
    std::string Here = formatv("{0}: tasks[{1}]", R.where(), T).str();
    const json::Object *TO = (**Tasks)[T].getAsObject();
    if (!TO)
      return fail(Here + " is not an object");
    JSONObjectReader TR(*TO, Here);
    ManifestTask Task;
    if (Error E = TR.get("copy", Task.Copy))
      return E;
    if (Task.Copy >= K)
      return TR.error("\"copy\" is " + Twine(Task.Copy) + ", but k is " +
                      Twine(K));
    if (Error E = TR.get("cost", Task.Cost))
      return E;
    if (Error E = TR.getIds("edges", Task.Edges, NE, "edge id"))
      return E;
    for (unsigned I = 1; I < Task.Edges.size(); ++I)
      if (Task.Edges[I] <= Task.Edges[I - 1])
        return TR.error("\"edges\" must be increasing");
    F.Tasks.push_back(std::move(Task));
  }

  Expected<const json::Array *> Instances = R.array("instances");
  if (!Instances)
    return Instances.takeError();
  if ((*Instances)->size() != K)
    return R.error("has " + Twine((*Instances)->size()) +
                   " instances, but k is " + Twine(K) +
                   " (one instance per copy)");
  F.Instances.resize(K);
  for (unsigned C = 0; C < K; ++C) {
    if (Error E =
            readInstance((**Instances)[C], C, NE, R.where(), F.Instances[C]))
      return E;
    // never_split says the returns are counted by a cleanup.
    F.Instances[C].CountsOnFrameExit = F.NeverSplit;
  }

  // The same checks as every consumer gets, so that fromJSON never returns
  // a manifest whose graph() fails.
  Expected<FunctionGraph> G = F.graph();
  if (!G)
    return R.error(toString(G.takeError()));
  for (Instance &I : F.Instances)
    I.CutExit = G->CutExit;
  return Error::success();
}

} // namespace

Expected<Manifest> Manifest::fromJSON(StringRef Text) {
  Expected<json::Value> Parsed = parseBoundedJSON(Text);
  if (!Parsed)
    return fail("not valid JSON: " + toString(Parsed.takeError()));
  const json::Object *Top = Parsed->getAsObject();
  if (!Top)
    return fail("not a p3 manifest (the top level is not an object)");
  JSONObjectReader R(*Top, "");
  std::string Format;
  if (Error E = R.get("format", Format))
    return fail("not a p3 manifest (no \"format\": \"p3-manifest\")");
  if (Format != "p3-manifest")
    return fail("not a p3 manifest (\"format\" is \"" + Format + "\")");
  uint64_t Version;
  if (Error E = R.get("version", Version))
    return E;
  if (Version != FormatVersion)
    return fail("manifest version " + Twine(Version) +
                " is not supported (this p3 reads version " +
                Twine(FormatVersion) +
                "): rewrite the sources with this p3's p3-rewrite");

  Manifest M;
  if (Error E = R.get("tool", M.Tool, StringRef()))
    return E;
  if (Error E = R.get("hash", M.Hash))
    return E;
  Expected<const json::Object *> S = R.object("strategy");
  if (!S)
    return S.takeError();
  JSONObjectReader SR(**S, "strategy");
  std::string Kind;
  if (Error E = SR.get("kind", Kind))
    return E;
  std::optional<StrategyKind> SK = parseStrategy(Kind);
  if (!SK)
    return SR.error("unknown kind \"" + Kind +
                    "\" (expected sbl, pbl, p3, p3-ends or auto)");
  M.Strategy.Kind = *SK;
  uint64_t K;
  if (Error E = SR.get("k", K))
    return E;
  if (K < 1 || K > MaxCopies)
    return SR.error("\"k\" is " + Twine(K) + "; it must be between 1 and " +
                    Twine(MaxCopies));
  M.Strategy.K = K;
  if (Error E =
          SR.get("max_call_sites_to_split", M.Strategy.MaxCallSitesToSplit, 1u))
    return E;
  if (Error E = SR.get("delta", M.Strategy.Delta, 0u))
    return E;
  if (Error E = SR.get("train", M.TrainingProfile, StringRef()))
    return E;

  if (Error E = R.get("thread_safe", M.ThreadSafe, false))
    return E;
  if (Error E = R.get("array_limit", M.ArrayLimit, uint64_t(0)))
    return E;
  if (Error E = R.get("root", M.Root, StringRef()))
    return E;
  Expected<const json::Array *> Files = R.array("files", /*Optional=*/true);
  if (!Files)
    return Files.takeError();
  for (unsigned I = 0; *Files && I < (*Files)->size(); ++I) {
    std::optional<StringRef> F = (**Files)[I].getAsString();
    if (!F)
      return fail("files[" + Twine(I) + "] is not a string");
    M.Files.push_back(F->str());
  }
  Expected<const json::Array *> Excluded =
      R.array("excluded", /*Optional=*/true);
  if (!Excluded)
    return Excluded.takeError();
  for (unsigned I = 0; *Excluded && I < (*Excluded)->size(); ++I) {
    const json::Object *O = (**Excluded)[I].getAsObject();
    std::string Where = formatv("excluded[{0}]", I).str();
    if (!O)
      return fail(Where + " is not an object");
    JSONObjectReader XR(*O, Where);
    ExcludedPath X;
    if (Error E = XR.get("path", X.Path))
      return E;
    if (Error E = XR.get("reason", X.Reason, StringRef()))
      return E;
    M.Excluded.push_back(std::move(X));
  }
  Expected<const json::Array *> Functions = R.array("functions");
  if (!Functions)
    return Functions.takeError();
  M.Functions.resize((*Functions)->size());
  for (unsigned I = 0; I < M.Functions.size(); ++I)
    if (Error E = readFunction((**Functions)[I], I, M.Strategy.K,
                               M.Functions.size(), M.Functions[I]))
      return E;
  return M;
}

Expected<Manifest> Manifest::readFile(StringRef Path) {
  auto Fail = [&](const Twine &Msg) { return fail(Path + ": " + Msg); };
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return Fail("cannot read the manifest: " + Buf.getError().message());
  Expected<Manifest> M = fromJSON((*Buf)->getBuffer());
  if (!M)
    return Fail(toString(M.takeError()));
  std::string Want = M->computeHash();
  if (M->Hash != Want)
    return Fail("hash mismatch: the manifest says \"" + M->Hash +
                "\" but its contents hash to \"" + Want +
                "\" (the file was edited or damaged; rewrite the sources "
                "again)");
  return M;
}

} // namespace p3
