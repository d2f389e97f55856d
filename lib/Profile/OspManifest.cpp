//===- OspManifest.cpp - What p3-rewrite --mode=osp emitted ---------------===//

#include "Profile/OspManifest.h"
#include "Profile/AtomicWrite.h"
#include "Profile/BoundedJSON.h"
#include "Profile/Fail.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace p3 {

namespace {

uint64_t fnv1a(StringRef Text) {
  uint64_t H = 0xcbf29ce484222325ULL;
  for (unsigned char C : Text) {
    H ^= C;
    H *= 0x100000001b3ULL;
  }
  return H;
}

/// Key order as documented; one function per line.
void write(raw_ostream &OS, const OspManifest &M, StringRef Hash) {
  auto Str = [](StringRef S) {
    std::string Out;
    raw_string_ostream O(Out);
    json::OStream(O).value(S);
    return Out;
  };
  OS << "{\n  \"format\": \"" << OspManifest::Format << "\",\n"
     << "  \"version\": " << OspManifest::FormatVersion << ",\n"
     << "  \"tool\": " << Str(M.Tool) << ",\n"
     << "  \"hash\": " << Str(Hash) << ",\n"
     << "  \"root\": " << Str(M.Root) << ",\n"
     << "  \"blocks\": " << M.Blocks.size() << ",\n"
     << "  \"files\": [";
  for (size_t I = 0; I < M.Files.size(); ++I)
    OS << (I ? ", " : "") << Str(M.Files[I]);
  OS << "],\n  \"functions\": [";
  for (size_t I = 0; I < M.Functions.size(); ++I) {
    const OspFunction &F = M.Functions[I];
    OS << (I ? ",\n    " : "\n    ");
    json::OStream J(OS);
    J.object([&] {
      J.attribute("index", F.Index);
      J.attribute("id", F.Id);
      J.attribute("name", F.Name);
      J.attribute("file", F.File);
      J.attribute("line", F.Line);
      J.attribute("end_line", F.EndLine);
      J.attribute("instrumented", F.Instrumented);
      if (!F.Instrumented) {
        J.attribute("skip_reason", F.SkipReason);
        return;
      }
      J.attributeArray("blocks", [&] {
        for (BlockId Id : F.Blocks) {
          const OspBlock &B = M.Blocks[Id - 1];
          J.array([&] {
            J.value(B.Id);
            J.value(B.CfgBlock);
            J.value(B.Line);
            J.value(B.EndLine);
          });
        }
      });
      J.attributeArray("unobserved", [&] {
        for (const OspUnobserved &U : F.Unobserved)
          J.array([&] {
            J.value(U.CfgBlock);
            J.value(U.Line);
            J.value(U.EndLine);
          });
      });
      J.attributeArray("notes", [&] {
        for (const std::string &N : F.Notes)
          J.value(N);
      });
    });
  }
  OS << "\n  ]\n}\n";
}

/// Reads [a, b, c...] of unsigned numbers.
Error readTuple(const json::Value &V, size_t N, StringRef Where,
                std::vector<uint64_t> &Out) {
  const json::Array *A = V.getAsArray();
  if (!A || A->size() != N)
    return fail(Where + ": expected an array of " + Twine(N) + " numbers");
  Out.clear();
  for (const json::Value &E : *A) {
    std::optional<int64_t> I = E.getAsInteger();
    if (!I || *I < 0 || *I > UINT32_MAX)
      return fail(Where + ": expected an array of " + Twine(N) +
                  " unsigned numbers");
    Out.push_back(uint64_t(*I));
  }
  return Error::success();
}

Error readString(const json::Object &O, StringRef Key, StringRef Where,
                 std::string &Out) {
  std::optional<StringRef> S = O.getString(Key);
  if (!S)
    return fail(Where + ": no string \"" + Key + "\"");
  Out = S->str();
  return Error::success();
}

Error readUnsigned(const json::Object &O, StringRef Key, StringRef Where,
                   unsigned &Out) {
  std::optional<int64_t> I = O.getInteger(Key);
  if (!I || *I < 0 || *I > UINT32_MAX)
    return fail(Where + ": no unsigned number \"" + Key + "\"");
  Out = unsigned(*I);
  return Error::success();
}

Error readFunction(const json::Value &V, unsigned Index, OspManifest &M) {
  std::string Where = formatv("functions[{0}]", Index).str();
  const json::Object *O = V.getAsObject();
  if (!O)
    return fail(Where + " is not an object");
  OspFunction F;
  if (Error E = readUnsigned(*O, "index", Where, F.Index))
    return E;
  if (F.Index != Index)
    return fail(Where + ": \"index\" is " + Twine(F.Index));
  for (auto [Key, Out] : {std::pair<StringRef, std::string *>{"id", &F.Id},
                          {"name", &F.Name},
                          {"file", &F.File}})
    if (Error E = readString(*O, Key, Where, *Out))
      return E;
  if (Error E = readUnsigned(*O, "line", Where, F.Line))
    return E;
  if (Error E = readUnsigned(*O, "end_line", Where, F.EndLine))
    return E;
  std::optional<bool> Instrumented = O->getBoolean("instrumented");
  if (!Instrumented)
    return fail(Where + ": no boolean \"instrumented\"");
  F.Instrumented = *Instrumented;
  if (!F.Instrumented) {
    if (Error E = readString(*O, "skip_reason", Where, F.SkipReason))
      return E;
    M.Functions.push_back(std::move(F));
    return Error::success();
  }
  const json::Array *Blocks = O->getArray("blocks");
  const json::Array *Unobserved = O->getArray("unobserved");
  const json::Array *Notes = O->getArray("notes");
  if (!Blocks || !Unobserved || !Notes)
    return fail(Where + ": needs \"blocks\", \"unobserved\" and \"notes\"");
  std::vector<uint64_t> T;
  for (size_t I = 0; I < Blocks->size(); ++I) {
    if (Error E = readTuple((*Blocks)[I], 4,
                            Where + formatv(": blocks[{0}]", I).str(), T))
      return E;
    OspBlock B{BlockId(T[0]), Index, unsigned(T[1]), unsigned(T[2]),
               unsigned(T[3])};
    if (B.Id == 0)
      return fail(Where + ": block id 0 (ids start at 1)");
    if (M.Blocks.size() < B.Id)
      M.Blocks.resize(B.Id);
    if (M.Blocks[B.Id - 1].Id != 0)
      return fail(Where + ": block id " + Twine(B.Id) + " appears twice");
    M.Blocks[B.Id - 1] = B;
    F.Blocks.push_back(B.Id);
  }
  for (size_t I = 0; I < Unobserved->size(); ++I) {
    if (Error E = readTuple((*Unobserved)[I], 3,
                            Where + formatv(": unobserved[{0}]", I).str(), T))
      return E;
    F.Unobserved.push_back({unsigned(T[0]), unsigned(T[1]), unsigned(T[2])});
  }
  for (const json::Value &N : *Notes) {
    std::optional<StringRef> S = N.getAsString();
    if (!S)
      return fail(Where + ": a note is not a string");
    F.Notes.push_back(S->str());
  }
  M.Functions.push_back(std::move(F));
  return Error::success();
}

} // namespace

std::string OspManifest::computeHash() const {
  std::string Text;
  raw_string_ostream OS(Text);
  write(OS, *this, "");
  return formatv("{0:x-16}", fnv1a(OS.str())).str();
}

std::string OspManifest::toJSON() const {
  std::string Text;
  raw_string_ostream OS(Text);
  write(OS, *this, Hash);
  return OS.str();
}

Expected<OspManifest> OspManifest::fromJSON(StringRef Text) {
  Expected<json::Value> Parsed = parseBoundedJSON(Text);
  if (!Parsed)
    return fail("not valid JSON: " + toString(Parsed.takeError()));
  const json::Object *Top = Parsed->getAsObject();
  if (!Top || Top->getString("format") != StringRef(Format))
    return fail("not an OSP manifest (no \"format\": \"p3-osp-manifest\")");
  if (Top->getInteger("version") != int64_t(FormatVersion))
    return fail("OSP manifest version is not " + Twine(FormatVersion) +
                ": rewrite the sources with this p3's p3-rewrite");
  OspManifest M;
  for (auto [Key, Out] : {std::pair<StringRef, std::string *>{"tool", &M.Tool},
                          {"hash", &M.Hash},
                          {"root", &M.Root}})
    if (Error E = readString(*Top, Key, "manifest", *Out))
      return E;
  unsigned NumBlocks;
  if (Error E = readUnsigned(*Top, "blocks", "manifest", NumBlocks))
    return E;
  const json::Array *Files = Top->getArray("files");
  const json::Array *Functions = Top->getArray("functions");
  if (!Files || !Functions)
    return fail("manifest: needs \"files\" and \"functions\" arrays");
  for (const json::Value &F : *Files) {
    std::optional<StringRef> S = F.getAsString();
    if (!S)
      return fail("manifest: a file is not a string");
    M.Files.push_back(S->str());
  }
  for (size_t I = 0; I < Functions->size(); ++I)
    if (Error E = readFunction((*Functions)[I], unsigned(I), M))
      return E;
  if (M.Blocks.size() != NumBlocks)
    return fail(formatv("manifest: \"blocks\" is {0} but the functions have "
                        "ids up to {1}",
                        NumBlocks, M.Blocks.size()));
  for (size_t I = 0; I < M.Blocks.size(); ++I)
    if (M.Blocks[I].Id != I + 1)
      return fail(formatv("manifest: no function has block id {0}", I + 1));
  return M;
}

Error OspManifest::writeFile(StringRef Path) const {
  return writeFileAtomically(Path, toJSON());
}

Expected<OspManifest> OspManifest::readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return fail(Path + ": cannot read the manifest: " +
                Buf.getError().message());
  Expected<OspManifest> M = fromJSON((*Buf)->getBuffer());
  if (!M)
    return fail(Path + ": " + toString(M.takeError()));
  std::string Want = M->computeHash();
  if (M->Hash != Want)
    return fail(Path + ": hash mismatch: the manifest says \"" + M->Hash +
                "\" but its contents hash to \"" + Want +
                "\" (the file was edited or damaged)");
  return M;
}

Expected<Manifest> readOspManifestForRun(StringRef Path) {
  Expected<OspManifest> O = OspManifest::readFile(Path);
  if (!O)
    return O.takeError();
  Manifest M;
  M.Tool = O->Tool;
  M.Hash = O->Hash;
  M.Root = O->Root;
  M.Files = O->Files;
  M.Strategy.Kind = StrategyKind::SBL;
  M.Strategy.K = 1;
  return M;
}

bool OspManifest::isOspManifestFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFileSlice(Path, 256, 0);
  return Buf && (*Buf)->getBuffer().contains(Format);
}

} // namespace p3
