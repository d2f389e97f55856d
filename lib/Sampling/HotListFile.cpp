//===- HotListFile.cpp - The runtime's hot-list dump (*.osp) --------------===//

#include "Sampling/HotListFile.h"
#include "Sampling/Lengths.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace p3 {

namespace {

class Parser {
public:
  Parser(StringRef Text, StringRef Name) : Name(Name) {
    Text.split(Lines, '\n');
    if (!Lines.empty() && Lines.back().empty())
      Lines.pop_back();
  }

  Expected<HotListDump> run();

private:
  Error fail(const Twine &Msg) const {
    return createStringError(inconvertibleErrorCode(),
                             Name + ":" + Twine(Line + 1) + ": " + Msg);
  }
  /// The words of the current line; fails unless the first is \p Key.
  Expected<SmallVector<StringRef>> words(StringRef Key);
  /// "name value name value ..." after the first word.
  Error fields(ArrayRef<StringRef> W, StringMap<StringRef> &Out);
  Error number(const StringMap<StringRef> &F, StringRef Key, uint64_t &Out);

  std::string Name;
  SmallVector<StringRef> Lines;
  size_t Line = 0;
};

Expected<SmallVector<StringRef>> Parser::words(StringRef Key) {
  if (Line >= Lines.size())
    return fail("truncated: expected a '" + Key + "' line");
  SmallVector<StringRef> W;
  Lines[Line].split(W, ' ', -1, /*KeepEmpty=*/false);
  if (W.empty() || W[0] != Key)
    return fail("expected a '" + Key + "' line");
  return W;
}

Error Parser::fields(ArrayRef<StringRef> W, StringMap<StringRef> &Out) {
  if (W.size() % 2 != 1)
    return fail("expected name value pairs");
  for (size_t I = 1; I + 1 < W.size(); I += 2)
    Out[W[I]] = W[I + 1];
  return Error::success();
}

Error Parser::number(const StringMap<StringRef> &F, StringRef Key,
                     uint64_t &Out) {
  auto It = F.find(Key);
  if (It == F.end())
    return fail("no '" + Key + "'");
  if (It->second.getAsInteger(10, Out))
    return fail("'" + Key + "' is not a number: " + It->second);
  return Error::success();
}

Expected<HotListDump> Parser::run() {
  HotListDump D;
  D.File = Name;
  Expected<SmallVector<StringRef>> W = words("P3OSP");
  if (!W)
    return createStringError(inconvertibleErrorCode(),
                             Name + ": not an OSP hot list (no P3OSP header)");
  if (W->size() != 4 || (*W)[1] != "1")
    return fail("unsupported header (this p3 reads 'P3OSP 1 <hash> <pid>')");
  D.Hash = (*W)[2].str();
  if ((*W)[3].getAsInteger(10, D.Pid))
    return fail("the pid is not a number");

  ++Line;
  if (!(W = words("dump")))
    return W.takeError();
  if (W->size() != 3 || (*W)[1].getAsInteger(10, D.Sequence))
    return fail("expected 'dump <n> <reason>'");
  D.Reason = (*W)[2].str();
  if (D.Reason != "exit" && D.Reason != "signal" && D.Reason != "timer")
    return fail("unknown dump reason '" + D.Reason + "'");

  ++Line;
  if (!(W = words("config")))
    return W.takeError();
  StringMap<StringRef> F;
  if (Error E = fields(*W, F))
    return E;
  D.Mode = F.lookup("mode").str();
  if (D.Mode != "sample" && D.Mode != "skip")
    return fail("unknown mode '" + D.Mode + "'");
  for (auto [Key, Out] : {std::pair<StringRef, uint64_t *>{"max_length", &D.MaxLength},
                          {"memory", &D.Memory},
                          {"period", &D.Period},
                          {"seed", &D.Seed},
                          {"max_samples", &D.MaxSamples}})
    if (Error E = number(F, Key, *Out))
      return E;
  if (!exactLog2(D.MaxLength) || D.MaxLength < 2)
    return fail("max_length must be a power of two, at least 2");

  ++Line;
  if (!(W = words("state")))
    return W.takeError();
  F.clear();
  if (Error E = fields(*W, F))
    return E;
  uint64_t K;
  if (Error E = number(F, "period_log2", K))
    return E;
  if (K > 62)
    return fail("period_log2 is too large");
  D.PeriodLog2 = unsigned(K);
  for (auto [Key, Out] :
       {std::pair<StringRef, uint64_t *>{"blocks", &D.Blocks},
        {"starts", &D.Starts},
        {"windows", &D.Windows},
        {"kept", &D.Kept},
        {"samples", &D.Samples},
        {"resamples", &D.Resamples},
        {"dropped", &D.Dropped},
        {"entries", &D.Entries},
        {"memory_used", &D.MemoryUsed},
        {"memory_peak", &D.MemoryPeak},
        {"threads", &D.Threads}})
    if (Error E = number(F, Key, *Out))
      return E;

  for (++Line; Line < Lines.size() && Lines[Line].starts_with("s "); ++Line) {
    SmallVector<StringRef> S;
    Lines[Line].split(S, ' ', -1, /*KeepEmpty=*/false);
    SampledSubpath P;
    uint64_t Length;
    if (S.size() < 3 || S[1].getAsInteger(10, P.Count) ||
        S[2].getAsInteger(10, Length))
      return fail("expected 's <count> <length> <blocks...>'");
    if (P.Count == 0)
      return fail("a subpath with no sample");
    if (lengthProbability(Length, D.MaxLength) == 0)
      return fail(formatv("length {0} is not a power of two between 2 and "
                          "max_length {1}",
                          Length, D.MaxLength));
    if (S.size() != Length + 3)
      return fail(formatv("length {0} but {1} block ids", Length,
                          S.size() - 3));
    P.Shown.reserve(Length);
    for (size_t I = 3; I < S.size(); ++I) {
      BlockId B;
      if (S[I].getAsInteger(10, B))
        return fail("block id '" + S[I] + "' is not a number");
      P.Shown.push_back(B);
    }
    P.Blocks = canonicalSubpath(P.Shown);
    D.Subpaths.push_back(std::move(P));
  }
  if (!(W = words("end")))
    return W.takeError();
  uint64_t N;
  if (W->size() != 2 || (*W)[1].getAsInteger(10, N))
    return fail("expected 'end <n>'");
  if (N != D.Subpaths.size() || N != D.Entries)
    return fail(formatv("'end {0}' but {1} subpaths (entries {2})", N,
                        D.Subpaths.size(), D.Entries));
  uint64_t Sum = 0;
  for (const SampledSubpath &P : D.Subpaths)
    Sum += P.Count;
  if (Sum != D.Samples)
    return fail(formatv("the counts add up to {0}, but 'samples' is {1}", Sum,
                        D.Samples));
  if (Line + 1 != Lines.size())
    return fail("text after the end line");
  return D;
}

} // namespace

Expected<HotListDump> parseHotList(StringRef Text, StringRef Name) {
  return Parser(Text, Name).run();
}

Expected<HotListDump> readHotList(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(),
                             Path + ": " + Buf.getError().message());
  return parseHotList((*Buf)->getBuffer(), Path);
}

} // namespace p3
