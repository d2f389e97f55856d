//===- ProfileRuns.cpp - Merged profiles of several runs, kept apart -----===//

#include "Profile/ProfileRuns.h"
#include "Profile/BoundedJSON.h"
#include "Profile/EdgeFlow.h"
#include "Profile/Fail.h"
#include "Profile/U64JSON.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace llvm;

namespace p3 {

ProfileRun singleRun(const Manifest &M, const MergedProfile &P) {
  ProfileRun R;
  R.Counts.assign(M.Functions.size(), {});
  for (const MergedFunction &F : P.Functions)
    R.Counts[F.Index] = F.Counts;
  R.CopiesPresent = P.CopiesPresent;
  return R;
}

namespace {

/// What the merge keeps of each path and function of the inputs.
struct MergedPath {
  uint64_t Count = 0;
  std::vector<std::pair<unsigned, uint64_t>> ByRun;
  json::Value Lines = nullptr;
};

struct MergedFunctionText {
  json::Value Index = nullptr, Name = nullptr, File = nullptr;
  uint64_t TotalPaths = 0;
  uint64_t Lost = 0;
  std::map<uint64_t, MergedPath> Paths;
};

/// Run names must be unique (they become lcov test names).
std::string uniqueName(std::string Name, std::set<std::string> &Taken) {
  if (Name.empty())
    Name = "run";
  std::string Try = Name;
  for (unsigned I = 2; !Taken.insert(Try).second; ++I)
    Try = formatv("{0}-{1}", Name, I).str();
  return Try;
}

void writeMerged(raw_ostream &OS, StringRef Hash,
                 ArrayRef<ProfileFile::Run> Runs,
                 ArrayRef<unsigned> CopiesPresent,
                 ArrayRef<std::string> Order,
                 const std::map<std::string, MergedFunctionText> &Functions) {
  auto Value = [&](const json::Value &V) { json::OStream(OS).value(V); };
  OS << "{\n  \"format\": \"p3-profile\",\n  \"version\": 1,\n"
     << "  \"manifest\": ";
  Value(Hash);
  OS << ",\n  \"copies_present\": ";
  Value(json::Array(CopiesPresent));
  OS << ",\n  \"runs\": [";
  for (unsigned I = 0; I < Runs.size(); ++I) {
    OS << (I ? ",\n" : "\n") << "    ";
    Value(json::Object{{"name", Runs[I].Name},
                       {"source", Runs[I].Source},
                       {"copies_present", json::Array(Runs[I].CopiesPresent)}});
  }
  OS << "\n  ],\n  \"functions\": [";
  for (unsigned I = 0; I < Order.size(); ++I) {
    const std::string &Id = Order[I];
    const MergedFunctionText &F = Functions.at(Id);
    OS << (I ? ",\n" : "\n") << "    {\"index\": ";
    Value(F.Index);
    OS << ", \"id\": ";
    Value(Id);
    OS << ", \"name\": ";
    Value(F.Name);
    OS << ", \"file\": ";
    Value(F.File);
    OS << ", \"total_paths\": ";
    Value(u64ToJSON(F.TotalPaths));
    if (F.Lost) {
      OS << ", \"lost\": ";
      Value(u64ToJSON(F.Lost));
    }
    OS << ", \"paths\": [";
    bool First = true;
    for (const auto &[SBL, P] : F.Paths) {
      OS << (First ? "\n" : ",\n") << "      {\"sbl_id\": ";
      First = false;
      Value(u64ToJSON(SBL));
      OS << ", \"count\": ";
      Value(u64ToJSON(P.Count));
      OS << ", \"runs\": [";
      for (unsigned R = 0; R < P.ByRun.size(); ++R) {
        OS << (R ? ", [" : "[") << P.ByRun[R].first << ", ";
        Value(u64ToJSON(P.ByRun[R].second));
        OS << "]";
      }
      OS << "], \"lines\": ";
      Value(P.Lines);
      OS << "}";
    }
    OS << (First ? "]}" : "\n    ]}");
  }
  OS << (Order.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

} // namespace

Expected<std::string> mergeProfileFiles(ArrayRef<std::string> Files) {
  if (Files.empty())
    return fail("--merge needs at least one profile.json");
  std::string Hash, HashFile;
  std::vector<ProfileFile::Run> Runs;
  std::set<std::string> RunNames;
  std::vector<std::string> Order;
  std::map<std::string, MergedFunctionText> Functions;
  std::vector<unsigned> Common;
  for (unsigned FileIndex = 0; FileIndex < Files.size(); ++FileIndex) {
    const std::string &Path = Files[FileIndex];
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (!Buf)
      return fail(Path + ": cannot read: " + Buf.getError().message());
    Expected<ProfileFile> PF = parseProfileJSON((*Buf)->getBuffer());
    if (!PF)
      return fail(Path + ": " + toString(PF.takeError()));
    if (FileIndex == 0) {
      Hash = PF->ManifestHash;
      HashFile = Path;
      Common = PF->CopiesPresent;
    } else if (PF->ManifestHash != Hash) {
      return fail(Path + ": a profile of manifest " + PF->ManifestHash +
                  ", not of " + Hash + " (" + HashFile +
                  "'s): only profiles of one rewrite add up");
    }
    // The file parsed as a profile, so its structure is known to be sound.
    Expected<json::Value> V = parseBoundedJSON((*Buf)->getBuffer());
    if (!V)
      return fail(Path + ": " + toString(V.takeError()));
    unsigned Base = Runs.size();
    if (PF->Runs.empty()) {
      ProfileFile::Run R;
      R.Name = uniqueName(sys::path::stem(Path).str(), RunNames);
      R.Source = Path;
      R.CopiesPresent = PF->CopiesPresent;
      Runs.push_back(std::move(R));
    } else {
      for (ProfileFile::Run R : PF->Runs) {
        R.Name = uniqueName(R.Name, RunNames);
        if (R.Source.empty())
          R.Source = Path;
        Runs.push_back(std::move(R));
      }
    }
    for (unsigned R = Base; R < Runs.size(); ++R) {
      std::set<unsigned> Present(Runs[R].CopiesPresent.begin(),
                                 Runs[R].CopiesPresent.end());
      llvm::erase_if(Common, [&](unsigned C) { return !Present.count(C); });
    }

    for (const json::Value &FV : *V->getAsObject()->getArray("functions")) {
      const json::Object &FO = *FV.getAsObject();
      std::string Id = FO.getString("id")->str();
      const ProfileFile::Function &In = PF->Functions.at(Id);
      auto [It, New] = Functions.try_emplace(Id);
      MergedFunctionText &Out = It->second;
      std::optional<uint64_t> Total;
      if (const json::Value *T = FO.get("total_paths"))
        Total = u64FromJSON(*T);
      if (New) {
        Order.push_back(Id);
        Out.Index = FO.get("index") ? *FO.get("index") : json::Value(nullptr);
        Out.Name = FO.get("name") ? *FO.get("name") : json::Value(In.Name);
        Out.File = FO.get("file") ? *FO.get("file") : json::Value(nullptr);
        Out.TotalPaths = Total.value_or(0);
      } else if (Total && *Total != Out.TotalPaths) {
        return fail(formatv("{0}: function {1} has {2} paths here and {3} "
                            "in the files before: not the same rewrite",
                            Path, Id, *Total, Out.TotalPaths));
      }
      Out.Lost = addSaturating(Out.Lost, In.Lost);
      for (const json::Value &PV : *FO.getArray("paths")) {
        const json::Object &PO = *PV.getAsObject();
        uint64_t SBL = *u64FromJSON(*PO.get("sbl_id"));
        uint64_t Count = In.Paths.at(SBL);
        MergedPath &MP = Out.Paths[SBL];
        MP.Count = addSaturating(MP.Count, Count);
        if (MP.Lines.kind() == json::Value::Null && PO.get("lines"))
          MP.Lines = *PO.get("lines");
        auto RunsOfPath = In.ByRun.find(SBL);
        if (PF->Runs.empty() || RunsOfPath == In.ByRun.end()) {
          MP.ByRun.emplace_back(Base, Count);
        } else {
          for (auto [R, C] : RunsOfPath->second)
            MP.ByRun.emplace_back(Base + R, C);
        }
      }
    }
  }
  std::string Text;
  raw_string_ostream OS(Text);
  writeMerged(OS, Hash, Runs, Common, Order, Functions);
  return OS.str();
}

Expected<std::vector<ProfileRun>> runsOf(const Manifest &M,
                                         const ProfileFile &P,
                                         StringRef Path) {
  if (P.ManifestHash != M.Hash)
    return fail(Path + ": a profile of manifest " + P.ManifestHash +
                ", not of this one (" + M.Hash +
                "): it belongs to another rewrite");
  std::map<std::string, unsigned> Index;
  for (const ManifestFunction &MF : M.Functions)
    if (MF.Instrumented)
      Index[MF.Id] = MF.Index;
  std::vector<ProfileRun> Runs(std::max<size_t>(P.Runs.size(), 1));
  for (unsigned R = 0; R < P.Runs.size(); ++R) {
    Runs[R].Name = P.Runs[R].Name;
    Runs[R].CopiesPresent = P.Runs[R].CopiesPresent;
  }
  if (P.Runs.empty())
    Runs[0].CopiesPresent = P.CopiesPresent;
  for (ProfileRun &R : Runs)
    R.Counts.assign(M.Functions.size(), {});
  for (const auto &[Id, F] : P.Functions) {
    auto It = Index.find(Id);
    if (It == Index.end())
      return fail(Path + ": function " + Id +
                  " is not an instrumented function of the manifest");
    if (P.Runs.empty()) {
      Runs[0].Counts[It->second] = F.Paths;
      continue;
    }
    for (const auto &[SBL, List] : F.ByRun)
      for (auto [R, C] : List)
        if (C)
          Runs[R].Counts[It->second][SBL] += C;
  }
  return Runs;
}

} // namespace p3
