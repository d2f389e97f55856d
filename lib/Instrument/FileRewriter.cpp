//===- FileRewriter.cpp - Apply one copy's probes to one source file -----===//

#include "Instrument/FileRewriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace p3 {

namespace {

struct Insertion {
  unsigned Offset;
  enum Phase : uint8_t { Prologue, Enter, Close, Open } Kind;
  unsigned Width; ///< Length of the range the text opens or closes.
  unsigned Rank;  ///< Among equal widths: higher is further out.
  std::string Text;
};

/// Wrappers of one range nest in a fixed order, so that the text that opens
/// one and the text that closes it always pair up ("P3_SEQ(a, P3_IF(c, t,
/// f))" when an arm's first condition is also wrapped): braces outermost, then
/// a return value's statement expression, then P3_SEQ, then P3_IF.
unsigned rankOf(SiteKind K) {
  switch (K) {
  case SiteKind::BeforeStatement:
  case SiteKind::AfterStatement:
  case SiteKind::Condition:
    return 1;
  case SiteKind::Expression:
    return 2;
  case SiteKind::ReturnValue:
    return 3;
  }
  return 1;
}
constexpr unsigned BracesRank = 4;

bool comesFirst(const Insertion &A, const Insertion &B) {
  if (A.Offset != B.Offset)
    return A.Offset < B.Offset;
  if (A.Kind != B.Kind)
    return A.Kind < B.Kind;
  if (A.Kind == Insertion::Close)
    return std::tie(A.Width, A.Rank) < std::tie(B.Width, B.Rank);
  return std::tie(A.Width, A.Rank) > std::tie(B.Width, B.Rank);
}

/// "a" or "(a, b)": several actions as one expression.
std::string asExpression(const std::vector<std::string> &Actions) {
  if (Actions.empty())
    return "P3_NONE";
  if (Actions.size() == 1)
    return Actions.front();
  return "(" + join(Actions, ", ") + ")";
}

std::string asStatements(const std::vector<std::string> &Actions) {
  std::string Text;
  for (const std::string &A : Actions)
    Text += A + "; ";
  return Text;
}

class Inserter {
public:
  void add(unsigned Offset, Insertion::Phase Kind, unsigned Width,
           unsigned Rank, std::string Text) {
    Edits.push_back({Offset, Kind, Width, Rank, std::move(Text)});
  }

  void addSite(const Site &S, const SiteCode &Code) {
    std::vector<std::string> Actions = Code.Entry;
    Actions.insert(Actions.end(), Code.Exit.begin(), Code.Exit.end());
    unsigned Width = S.End - S.Begin, Rank = rankOf(S.Kind);
    std::string Open = S.NeedsParens ? "(" : "", Close = S.NeedsParens ? ")" : "";
    switch (S.Kind) {
    case SiteKind::BeforeStatement:
      add(S.Begin, Insertion::Open, Width, Rank,
          asStatements(Actions) + (S.BeforeCaseLabel ? "P3_FALLTHROUGH; " : ""));
      break;
    case SiteKind::AfterStatement: {
      std::string Text = asStatements(Actions);
      Text.pop_back(); // "a; b; " -> " a; b;"
      add(S.End, Insertion::Close, Width, Rank, " " + Text);
      break;
    }
    case SiteKind::Condition:
      add(S.Begin, Insertion::Open, Width, Rank, "P3_IF(" + Open);
      add(S.End, Insertion::Close, Width, Rank,
          formatv("{0}, {1}, {2})", Close, asExpression(Code.IfTrue),
                  asExpression(Code.IfFalse)));
      break;
    case SiteKind::Expression:
      add(S.Begin, Insertion::Open, Width, Rank,
          "P3_SEQ(" + asExpression(Actions) + ", " + Open);
      add(S.End, Insertion::Close, Width, Rank, Close + ")");
      break;
    case SiteKind::ReturnValue:
      if (S.ValueType == "void") {
        add(S.Begin, Insertion::Open, Width, Rank, "({ (");
        add(S.End, Insertion::Close, Width, Rank, "); " + asStatements(Actions) + "})");
      } else {
        add(S.Begin, Insertion::Open, Width, Rank, "({ " + S.ValueType + " = (");
        add(S.End, Insertion::Close, Width, Rank,
            "); " + asStatements(Actions) + "p3_ret; })");
      }
      break;
    }
    if (S.NeedsBraces && Braced.insert({S.Begin, S.End}).second) {
      add(S.Begin, Insertion::Open, Width, BracesRank, "{ ");
      add(S.End, Insertion::Close, Width, BracesRank, " }");
    }
  }

  std::string apply(StringRef Original) {
    std::stable_sort(Edits.begin(), Edits.end(), comesFirst);
    std::string Out;
    Out.reserve(Original.size() + Edits.size() * 16);
    unsigned Pos = 0;
    for (const Insertion &E : Edits) {
      Out.append(Original.begin() + Pos, Original.begin() + E.Offset);
      Pos = E.Offset;
      Out += E.Text;
    }
    Out.append(Original.begin() + Pos, Original.end());
    return Out;
  }

private:
  std::vector<Insertion> Edits;
  std::set<std::pair<unsigned, unsigned>> Braced;
};

std::string prologue(const FileInstrumentation &Plan) {
  std::string Table = formatv("p3_functions_{0}", Plan.FileIndex);
  std::string Text =
      formatv("#include \"{0}\"\n#ifndef P3_TABLE_{1}\n#define P3_TABLE_{1}\n",
              Plan.RuntimeInclude, Plan.FileIndex);
  std::vector<std::string> Entries;
  for (unsigned Slot = 0; Slot < Plan.Table.size(); ++Slot) {
    const CounterTableEntry &E = Plan.Table[Slot];
    if (E.Hashed) {
      Entries.push_back(formatv("P3_FUNCTION_HASHED({0}, {1}ULL)",
                                E.FunctionIndex, E.NumIds));
      continue;
    }
    std::string Counts = formatv("p3_counts_{0}_{1}", Plan.FileIndex, Slot);
    Text += formatv("static p3_u64 {0}[{1}];\n", Counts, E.NumIds);
    Entries.push_back(
        formatv("P3_FUNCTION({0}, {1}, {2})", E.FunctionIndex, E.NumIds, Counts));
  }
  Text += formatv("static struct p3_function {0}[] = {{{1}};\n", Table,
                  join(Entries, ", "));
  Text += formatv("P3_UNIT({0}, {1}, \"{2}\")\n#endif\n#line 1\n", Table,
                  Plan.Copy, Plan.ManifestHash);
  return Text;
}

} // namespace

std::string rewriteFile(StringRef Original, const FileInstrumentation &Plan) {
  if (Plan.Functions.empty())
    return Original.str();
  Inserter Edits;
  unsigned Start = Original.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  Edits.add(Start, Insertion::Prologue, 0, 0,
            Plan.OspPrologue ? *Plan.OspPrologue : prologue(Plan));
  for (const FileInstrumentation::Function &F : Plan.Functions) {
    const LoweredFunction &L = *F.Lowered;
    if (!Plan.OspPrologue)
      Edits.add(L.BodyBegin, Insertion::Enter, 0, 0,
                formatv(" {0}(p3_functions_{1}, {2});",
                        F.Guarded ? "P3_ENTER_GUARDED" : "P3_ENTER",
                        Plan.FileIndex, F.TableSlot));
    else if (!F.OspEnter.empty())
      Edits.add(L.BodyBegin, Insertion::Enter, 0, 0, F.OspEnter);
    for (const auto &[SiteId, Code] : F.Code->Sites)
      if (!Code.empty())
        Edits.addSite(L.Sites[SiteId], Code);
  }
  return Edits.apply(Original);
}

} // namespace p3
