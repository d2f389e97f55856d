//===- ManifestWriter.cpp - The manifest written as JSON ------------------===//
//
// The JSON form is documented in docs/manifest.md. Writing keeps the key order
// of that document (llvm::json::Object would sort keys), one function per
// line, so that a diff of two manifests is readable. The hash is computed
// over the same text with an empty "hash" field.
//
//===----------------------------------------------------------------------===//

#include "Profile/AtomicWrite.h"
#include "Profile/Manifest.h"
#include "Profile/U64JSON.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace p3 {

namespace {

StringRef instanceKindName(InstanceKind K) {
  switch (K) {
  case InstanceKind::None:
    return "none";
  case InstanceKind::BallLarus:
    return "ball-larus";
  case InstanceKind::PSPP:
    return "pspp";
  }
  return "?";
}

void writeU64Array(json::OStream &J, ArrayRef<uint64_t> Values) {
  J.array([&] {
    for (uint64_t V : Values)
      writeU64(J, V);
  });
}

void writeUnsignedArray(json::OStream &J, ArrayRef<unsigned> Values) {
  J.array([&] {
    for (unsigned V : Values)
      J.value(V);
  });
}

/// Ids of the set flags.
std::vector<unsigned> flagIds(const std::vector<bool> &Flags) {
  std::vector<unsigned> Ids;
  for (unsigned I = 0; I < Flags.size(); ++I)
    if (Flags[I])
      Ids.push_back(I);
  return Ids;
}

void writeFunction(raw_ostream &OS, const ManifestFunction &F) {
  json::OStream J(OS);
  J.object([&] {
    J.attribute("index", F.Index);
    J.attribute("id", F.Id);
    J.attribute("name", F.Name);
    J.attribute("file", F.File);
    J.attribute("line", F.Line);
    J.attribute("end_line", F.EndLine);
    J.attribute("instrumented", F.Instrumented);
    if (!F.Notes.empty())
      J.attributeArray("notes", [&] {
        for (const std::string &N : F.Notes)
          J.value(N);
      });
    if (!F.Instrumented) {
      J.attribute("skip_reason", F.SkipReason);
      return;
    }
    J.attribute("call_sites", F.CallSites);
    if (F.NeverSplit)
      J.attribute("never_split", true);
    if (!F.Calls.empty())
      J.attributeArray("calls", [&] {
        for (const BlockCall &C : F.Calls)
          writeUnsignedArray(J, {C.Block, C.Callee});
      });
    J.attributeObject("cfg", [&] {
      J.attribute("entry", F.Graph.Entry);
      J.attribute("exit", F.Graph.Exit);
      J.attributeArray("succs", [&] {
        for (const std::vector<unsigned> &S : F.Graph.Succs)
          writeUnsignedArray(J, S);
      });
      J.attributeBegin("extra_starts");
      writeUnsignedArray(J, F.Graph.ExtraStarts);
      J.attributeEnd();
      J.attributeArray("cuts", [&] {
        for (CFGEdge E : F.Cuts)
          J.array([&] {
            J.value(E.Block);
            J.value(E.Index);
          });
      });
      if (!F.CutExits.empty())
        J.attributeArray("cut_exits", [&] {
          for (CFGEdge E : F.CutExits)
            J.array([&] {
              J.value(E.Block);
              J.value(E.Index);
            });
        });
    });
    J.attributeArray("blocks", [&] {
      for (BlockSpan B : F.Blocks)
        J.array([&] {
          J.value(B.Line);
          J.value(B.EndLine);
        });
    });
    if (!F.CodeLines.empty()) {
      J.attributeArray("lines", [&] {
        for (const std::vector<unsigned> &L : F.CodeLines)
          writeUnsignedArray(J, L);
      });
      J.attributeBegin("contracted");
      writeUnsignedArray(J, F.Contracted);
      J.attributeEnd();
      J.attributeBegin("conditions");
      writeUnsignedArray(J, F.Conditions);
      J.attributeEnd();
      J.attributeArray("edge_lines", [&] {
        for (const ManifestFunction::EdgeLine &E : F.EdgeLines)
          writeUnsignedArray(J, {E.Block, E.Index, E.Line});
      });
    }
    J.attributeBegin("weights");
    writeU64Array(J, F.Weight);
    J.attributeEnd();
    J.attributeBegin("never_probe");
    writeUnsignedArray(J, flagIds(F.NeverProbe));
    J.attributeEnd();
    // Informational, and a check on read: the reader rebuilds the DAG and
    // compares. Computed here so that producers cannot get it wrong.
    Expected<PathDAG> D = PathDAG::build(F.Graph, F.Cuts);
    if (D) {
      std::optional<uint64_t> Paths = countPaths(*D);
      J.attributeObject("dag", [&] {
        J.attribute("vertices", D->numVertices());
        J.attribute("edges", D->numEdges());
        J.attribute("paths", Paths ? u64ToJSON(*Paths) : json::Value(nullptr));
      });
    } else {
      consumeError(D.takeError());
      J.attribute("dag", nullptr);
    }
    J.attributeArray("tasks", [&] {
      for (const ManifestTask &T : F.Tasks)
        J.object([&] {
          J.attribute("copy", T.Copy);
          J.attribute("cost", u64ToJSON(T.Cost));
          J.attributeBegin("edges");
          writeUnsignedArray(J, T.Edges);
          J.attributeEnd();
        });
    });
    J.attributeArray("instances", [&] {
      for (unsigned C = 0; C < F.Instances.size(); ++C) {
        const Instance &I = F.Instances[C];
        J.object([&] {
          J.attribute("copy", C);
          J.attribute("kind", instanceKindName(I.Kind));
          if (!I.isInstrumented())
            return;
          if (I.Kind == InstanceKind::PSPP) {
            J.attributeBegin("interesting");
            writeUnsignedArray(J, flagIds(I.Interesting));
            J.attributeEnd();
          }
          J.attributeBegin("decode");
          writeU64Array(J, I.DecodeVal);
          J.attributeEnd();
          J.attributeBegin("inc");
          writeU64Array(J, I.Inc);
          J.attributeEnd();
          J.attribute("num_ids", u64ToJSON(I.NumIds));
          J.attribute("placed", I.Placed);
          J.attribute("probes", I.StaticProbes);
        });
      }
    });
  });
}

void writeManifest(raw_ostream &OS, const Manifest &M, StringRef Hash) {
  bool First = true;
  auto Field = [&](StringRef Key, function_ref<void(json::OStream &)> Fn) {
    OS << (First ? "{\n  " : ",\n  ");
    First = false;
    json::OStream(OS).value(Key);
    OS << ": ";
    json::OStream J(OS);
    Fn(J);
  };
  Field("format", [&](json::OStream &J) { J.value("p3-manifest"); });
  Field("version", [&](json::OStream &J) { J.value(Manifest::FormatVersion); });
  Field("tool", [&](json::OStream &J) { J.value(M.Tool); });
  Field("hash", [&](json::OStream &J) { J.value(Hash); });
  Field("strategy", [&](json::OStream &J) {
    J.object([&] {
      J.attribute("kind", strategyName(M.Strategy.Kind));
      J.attribute("k", M.Strategy.K);
      J.attribute("max_call_sites_to_split", M.Strategy.MaxCallSitesToSplit);
      J.attribute("delta", M.Strategy.Delta);
      if (!M.TrainingProfile.empty())
        J.attribute("train", M.TrainingProfile);
    });
  });
  Field("thread_safe", [&](json::OStream &J) { J.value(M.ThreadSafe); });
  Field("array_limit", [&](json::OStream &J) { writeU64(J, M.ArrayLimit); });
  Field("root", [&](json::OStream &J) { J.value(M.Root); });
  Field("files", [&](json::OStream &J) {
    J.array([&] {
      for (const std::string &F : M.Files)
        J.value(F);
    });
  });
  // Only when something was left out, so that manifests without exclusions
  // (and their hashes) are what they were before the field existed.
  if (!M.Excluded.empty())
    Field("excluded", [&](json::OStream &J) {
      J.array([&] {
        for (const ExcludedPath &X : M.Excluded)
          J.object([&] {
            J.attribute("path", X.Path);
            J.attribute("reason", X.Reason);
          });
      });
    });
  OS << ",\n  \"functions\": [";
  for (unsigned I = 0; I < M.Functions.size(); ++I) {
    OS << (I ? ",\n    " : "\n    ");
    writeFunction(OS, M.Functions[I]);
  }
  OS << (M.Functions.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

uint64_t fnv1a64(StringRef Text) {
  uint64_t H = 0xcbf29ce484222325ULL;
  for (unsigned char C : Text) {
    H ^= C;
    H *= 0x100000001b3ULL;
  }
  return H;
}

} // namespace

std::string Manifest::computeHash() const {
  std::string Text;
  raw_string_ostream OS(Text);
  writeManifest(OS, *this, "");
  OS.flush();
  return formatv("{0:x-16}", fnv1a64(Text)).str();
}

std::string Manifest::toJSON() const {
  std::string Text;
  raw_string_ostream OS(Text);
  writeManifest(OS, *this, Hash);
  OS.flush();
  return Text;
}

Error Manifest::writeFile(StringRef Path) const {
  return writeFileAtomically(Path, toJSON());
}

} // namespace p3
