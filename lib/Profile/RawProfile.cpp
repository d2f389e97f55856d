//===- RawProfile.cpp - Raw profiles written by the runtime --------------===//
//
// The parser is strict: the only writer is runtime/p3_runtime.h, whose
// output is fully determined, so anything else (a line cut by a crash or a
// full disk, two files concatenated, a hand edit gone wrong) is reported
// with its file and line instead of being read as a different profile.
//
//===----------------------------------------------------------------------===//

#include "Profile/RawProfile.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <utility>

using namespace llvm;

namespace p3 {

namespace {

/// The sum of a section's per-function probe counts, as text ("more than
/// 18446744073709551615" when it does not fit), and whether it equals \p N.
std::pair<bool, std::string> functionProbesAddUpTo(const RawSection &S,
                                                   uint64_t N) {
  uint64_t Sum = 0;
  for (const RawFunctionCount &F : S.FunctionProbes)
    if (__builtin_add_overflow(Sum, F.Count, &Sum))
      return {false, "more than " + std::to_string(UINT64_MAX)};
  return {Sum == N, std::to_string(Sum)};
}

class Parser {
public:
  Parser(StringRef Text, StringRef Name) : Text(Text), Name(Name) {}

  Expected<RawProfile> parse();

private:
  StringRef Text;
  StringRef Name;
  unsigned LineNo = 0;

  Error error(const Twine &Msg) const {
    return createStringError(inconvertibleErrorCode(),
                             Name + ":" + Twine(LineNo) + ": " + Msg);
  }

  /// A decimal without sign or leading zeros that fits 64 bits.
  Expected<uint64_t> number(StringRef Field, StringRef What) const;
  /// The same, fitting 32 bits (function indices, copies).
  Expected<unsigned> number32(StringRef Field, StringRef What) const;

  Error header(ArrayRef<StringRef> Fields, RawSection &S) const;
  /// A summary line '<keyword> <function> <count>' ("dropped", "lost",
  /// "function-probes"; the keyword is Fields[0]), appended to \p Into.
  /// \p CountField names the count in the line's syntax ("<count>"), \p
  /// CountName in a message about its number. \p Seen holds the functions
  /// that already had a line of this keyword in the section.
  Error functionCount(ArrayRef<StringRef> Fields, StringRef CountField,
                      StringRef CountName, DenseSet<unsigned> &Seen,
                      std::vector<RawFunctionCount> &Into) const;
};

Expected<uint64_t> Parser::number(StringRef Field, StringRef What) const {
  if (Field.empty() || !all_of(Field, isDigit))
    return error(What + " '" + Field + "' is not an unsigned decimal number");
  if (Field.size() > 1 && Field[0] == '0')
    return error(What + " '" + Field + "' has a leading zero");
  uint64_t V = 0;
  for (char C : Field) {
    unsigned D = C - '0';
    if (V > (std::numeric_limits<uint64_t>::max() - D) / 10)
      return error(What + " '" + Field + "' does not fit 64 bits");
    V = V * 10 + D;
  }
  return V;
}

Expected<unsigned> Parser::number32(StringRef Field, StringRef What) const {
  Expected<uint64_t> V = number(Field, What);
  if (!V)
    return V.takeError();
  if (*V > std::numeric_limits<unsigned>::max())
    return error(What + " '" + Field + "' does not fit 32 bits");
  return static_cast<unsigned>(*V);
}

Error Parser::header(ArrayRef<StringRef> Fields, RawSection &S) const {
  if (Fields.empty() || Fields[0] != "P3RAW")
    return error("expected a section header 'P3RAW 1 <manifest-hash> <copy> "
                 "<pid>'");
  if (Fields.size() != 5)
    return error("malformed section header: expected 'P3RAW 1 "
                 "<manifest-hash> <copy> <pid>'");
  if (Fields[1] != "1")
    return error("unsupported raw profile version '" + Fields[1] +
                 "' (this reader knows version 1)");
  StringRef Hash = Fields[2];
  if (Hash.size() != 16 || !all_of(Hash, [](char C) {
        return isDigit(C) || (C >= 'a' && C <= 'f');
      }))
    return error("manifest hash '" + Hash +
                 "' is not 16 lowercase hexadecimal digits");
  S.ManifestHash = Hash.str();
  Expected<unsigned> Copy = number32(Fields[3], "copy");
  if (!Copy)
    return Copy.takeError();
  S.Copy = *Copy;
  Expected<uint64_t> Pid = number(Fields[4], "pid");
  if (!Pid)
    return Pid.takeError();
  S.Pid = *Pid;
  return Error::success();
}

Error Parser::functionCount(ArrayRef<StringRef> Fields, StringRef CountField,
                            StringRef CountName, DenseSet<unsigned> &Seen,
                            std::vector<RawFunctionCount> &Into) const {
  StringRef Keyword = Fields[0];
  if (Fields.size() != 3)
    return error("malformed '" + Keyword + "' line: expected '" + Keyword +
                 " <function> " + CountField + "'");
  Expected<unsigned> F = number32(Fields[1], "function index");
  if (!F)
    return F.takeError();
  Expected<uint64_t> C = number(Fields[2], CountName);
  if (!C)
    return C.takeError();
  if (*C == 0)
    return error("'" + Keyword + "' line with a zero count");
  if (!Seen.insert(*F).second)
    return error(
        formatv("second '{0}' line for function {1}", Keyword, *F).str());
  Into.push_back({*F, *C});
  return Error::success();
}

Expected<RawProfile> Parser::parse() {
  RawProfile P;
  P.Path = Name.str();
  if (Text.empty()) {
    LineNo = 1;
    return error("empty raw profile (the process wrote nothing)");
  }
  if (!Text.ends_with("\n")) {
    LineNo = Text.count('\n') + 1;
    return error("truncated raw profile: the last line has no newline");
  }

  // What the next line may be, in the order the runtime writes a section.
  enum class State { Header, Records, Dropped, Lost, FunctionProbes, End };
  State At = State::Header;
  RawSection *S = nullptr;
  DenseSet<std::pair<unsigned, uint64_t>> SeenIds;
  DenseSet<unsigned> SeenLost, SeenDropped, SeenProbes;

  StringRef Rest = Text;
  while (!Rest.empty()) {
    StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    ++LineNo;
    if (Line.empty())
      return error("empty line");
    if (!all_of(Line, [](char C) { return C >= ' ' && C <= '~'; }))
      return error("unexpected character (raw profiles are printable ASCII)");
    SmallVector<StringRef, 6> Fields;
    Line.split(Fields, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
    if (any_of(Fields, [](StringRef F) { return F.empty(); }))
      return error("fields must be separated by exactly one space");

    if (At == State::Header) {
      P.Sections.emplace_back();
      S = &P.Sections.back();
      if (Error E = header(Fields, *S))
        return E;
      SeenIds.clear();
      SeenLost.clear();
      SeenDropped.clear();
      SeenProbes.clear();
      At = State::Records;
      continue;
    }

    if (Fields[0] == "P3RAW")
      return error("section header before the 'end' line of the previous "
                   "section (truncated section)");

    if (Fields[0] == "forked") {
      if (Fields.size() != 1)
        return error("malformed 'forked' line: expected 'forked'");
      if (S->Forked || At != State::Records || !S->Records.empty())
        return error("'forked' line not right after the section header");
      S->Forked = true;
      continue;
    }

    if (Fields[0] == "end") {
      if (At == State::FunctionProbes)
        return error("'function-probes' lines without a 'probes' line");
      if (Fields.size() != 2)
        return error("malformed 'end' line: expected 'end <records>'");
      Expected<uint64_t> N = number(Fields[1], "record count");
      if (!N)
        return N.takeError();
      if (*N != S->Records.size())
        return error(formatv("'end' says {0} records but the section has {1} "
                             "(truncated or corrupt section)",
                             *N, S->Records.size())
                         .str());
      At = State::Header;
      continue;
    }

    if (Fields[0] == "probes") {
      if (At == State::End)
        return error("second 'probes' line in the section");
      if (Fields.size() != 2)
        return error("malformed 'probes' line: expected 'probes <n>'");
      Expected<uint64_t> N = number(Fields[1], "probe count");
      if (!N)
        return N.takeError();
      if (!S->FunctionProbes.empty()) {
        auto [Equal, Sum] = functionProbesAddUpTo(*S, *N);
        if (!Equal)
          return error(formatv("'probes {0}' but the 'function-probes' lines "
                               "add up to {1}",
                               *N, Sum)
                           .str());
      }
      S->ProbeHits = *N;
      At = State::End;
      continue;
    }
    if (At == State::End)
      return error("expected 'end <records>' after the 'probes' line");

    if (Fields[0] == "function-probes") {
      if (Error E = functionCount(Fields, "<n>", "probe count", SeenProbes,
                                  S->FunctionProbes))
        return E;
      At = State::FunctionProbes;
      continue;
    }
    if (At == State::FunctionProbes)
      return error("expected a 'function-probes' or 'probes' line after "
                   "'function-probes' lines");

    if (Fields[0] == "dropped") {
      if (At == State::Lost)
        return error("'dropped' line after a 'lost' line");
      if (Error E = functionCount(Fields, "<count>", "dropped count",
                                  SeenDropped, S->Dropped))
        return E;
      At = State::Dropped;
      continue;
    }

    if (Fields[0] == "lost") {
      if (Error E =
              functionCount(Fields, "<count>", "lost count", SeenLost, S->Lost))
        return E;
      At = State::Lost;
      continue;
    }
    if (At == State::Lost)
      return error("expected a 'lost', 'probes' or 'end' line after 'lost' "
                   "lines");
    if (At == State::Dropped)
      return error("expected a 'dropped', 'lost', 'probes' or 'end' line "
                   "after 'dropped' lines");

    if (Fields.size() != 3 || !isDigit(Fields[0][0]))
      return error("malformed record: expected '<function> <path-id> "
                   "<count>', 'dropped', 'lost', 'probes' or 'end'");
    RawRecord R;
    Expected<unsigned> F = number32(Fields[0], "function index");
    if (!F)
      return F.takeError();
    R.Function = *F;
    Expected<uint64_t> Id = number(Fields[1], "path id");
    if (!Id)
      return Id.takeError();
    R.Id = *Id;
    Expected<uint64_t> C = number(Fields[2], "count");
    if (!C)
      return C.takeError();
    R.Count = *C;
    if (R.Count == 0)
      return error("record with a zero count (the runtime omits them)");
    if (!SeenIds.insert({R.Function, R.Id}).second)
      return error(formatv("second record for function {0}, path id {1}",
                           R.Function, R.Id)
                       .str());
    S->Records.push_back(R);
  }

  if (At != State::Header)
    return error("truncated raw profile: the last section has no 'end' line");
  return P;
}

} // namespace

Expected<RawProfile> parseRawProfile(StringRef Text, StringRef Name) {
  return Parser(Text, Name).parse();
}

Expected<RawProfile> readRawProfile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buf)
    return createStringError(Buf.getError(),
                             "cannot read raw profile '" + Path +
                                 "': " + Buf.getError().message());
  return parseRawProfile((*Buf)->getBuffer(), Path);
}

std::string printRawProfile(const RawProfile &P) {
  std::string Out;
  raw_string_ostream OS(Out);
  auto PrintFunctionCounts = [&](StringRef Keyword,
                                 ArrayRef<RawFunctionCount> Lines) {
    for (const RawFunctionCount &L : Lines)
      OS << Keyword << ' ' << L.Function << ' ' << L.Count << '\n';
  };
  for (const RawSection &S : P.Sections) {
    OS << "P3RAW 1 " << S.ManifestHash << ' ' << S.Copy << ' ' << S.Pid << '\n';
    if (S.Forked)
      OS << "forked\n";
    for (const RawRecord &R : S.Records)
      OS << R.Function << ' ' << R.Id << ' ' << R.Count << '\n';
    PrintFunctionCounts("dropped", S.Dropped);
    PrintFunctionCounts("lost", S.Lost);
    PrintFunctionCounts("function-probes", S.FunctionProbes);
    if (S.ProbeHits)
      OS << "probes " << *S.ProbeHits << '\n';
    OS << "end " << S.Records.size() << '\n';
  }
  return Out;
}

} // namespace p3
