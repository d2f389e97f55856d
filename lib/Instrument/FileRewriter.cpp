//===- FileRewriter.cpp - Apply one copy's probes to one source file -----===//

#include "Instrument/FileRewriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace p3 {

namespace {

struct Insertion {
  unsigned Offset;
  /// At one offset: the prologue, a function's entry, texts that close
  /// ranges, texts that open them, and last what must follow every probe
  /// there (a guarded function's count before its closing brace).
  enum Phase : uint8_t { Prologue, Enter, Close, Open, Last } Kind;
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

/// "a; b; ", or "(void)a; (void)b; " (see Site::BeforeCaseLabelAfter).
std::string asStatements(const std::vector<std::string> &Actions,
                         bool CastToVoid = false) {
  std::string Text;
  for (const std::string &A : Actions)
    Text += (CastToVoid ? "(void)" : "") + A + "; ";
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
      std::string Text = asStatements(Actions, S.BeforeCaseLabelAfter);
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
      if (S.WholeStatement) {
        add(S.Begin, Insertion::Open, Width, Rank, asStatements(Actions));
        // The undo of a count of the path cut in the call: right after the
        // statement's ';', before any other text there (width 0).
        if (!Code.Undo.empty())
          add(S.StatementEnd, Insertion::Close, 0, 0, " " + Code.Undo + ";");
        break;
      }
      if (Code.Undo.empty()) {
        add(S.Begin, Insertion::Open, Width, Rank,
            "P3_SEQ(" + asExpression(Actions) + ", " + Open);
        add(S.End, Insertion::Close, Width, Rank, Close + ")");
      } else if (S.CallValue == "void") {
        add(S.Begin, Insertion::Open, Width, Rank,
            "P3_SEQ(" + asExpression(Actions) + ", (" + Open);
        add(S.End, Insertion::Close, Width, Rank,
            Close + ", " + Code.Undo + "))");
      } else {
        // The call's value held while the count is undone (a GNU statement
        // expression, as for return values).
        add(S.Begin, Insertion::Open, Width, Rank,
            "__extension__ ({ " + S.CallValue + " = P3_SEQ(" +
                asExpression(Actions) + ", " + Open);
        add(S.End, Insertion::Close, Width, Rank,
            Close + "); " + Code.Undo + "; p3_v; })");
      }
      break;
    case SiteKind::ReturnValue:
      // __extension__: no -pedantic warning for the statement expression.
      if (S.ValueType == "void") {
        add(S.Begin, Insertion::Open, Width, Rank, "__extension__ ({ (");
        add(S.End, Insertion::Close, Width, Rank, "); " + asStatements(Actions) + "})");
      } else {
        add(S.Begin, Insertion::Open, Width, Rank,
            "__extension__ ({ " + S.ValueType + " = (");
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

/// The counter array of table slot \p Slot, or the cache of a hashed
/// function (p3_runtime.h, "Hashed functions: a cache").
std::string countsName(const FileInstrumentation &Plan, unsigned Slot) {
  if (Plan.Table[Slot].Hashed)
    return Plan.Table[Slot].Cached
               ? std::string(formatv("p3_cache_{0}_{1}", Plan.FileIndex, Slot))
               : std::string("P3_HASHED");
  return formatv("p3_counts_{0}_{1}", Plan.FileIndex, Slot);
}

/// Whether a function of the file counts its returns when its frame is left.
bool hasGuardedFunction(const FileInstrumentation &Plan) {
  for (const FileInstrumentation::Function &F : Plan.Functions)
    if (F.Guarded)
      return true;
  for (const FileInstrumentation::SharedText &Shared : Plan.SharedTexts)
    for (const auto &Instance : Shared.Instances)
      if (Instance.second.Guarded)
        return true;
  return false;
}

std::string prologue(const FileInstrumentation &Plan,
                     const std::string &Defines) {
  std::string Table = formatv("p3_functions_{0}", Plan.FileIndex);
  // P3_RETURN_GUARDS: tcc, which has no cleanup attribute, then counts at
  // every "return" of the file (p3_runtime.h).
  std::string Text =
      formatv("{2}#include \"{0}\"\n#ifndef P3_TABLE_{1}\n#define P3_TABLE_{1}\n",
              Plan.RuntimeInclude, Plan.FileIndex,
              hasGuardedFunction(Plan) ? "#define P3_RETURN_GUARDS 1\n" : "");
  std::vector<std::string> Entries;
  for (unsigned Slot = 0; Slot < Plan.Table.size(); ++Slot) {
    const CounterTableEntry &E = Plan.Table[Slot];
    if (E.Hashed) {
      // Its counts go through a cache of P3_CACHE_SLOTS entries to a hash
      // table (or straight to it). No "ULL": C89 has no long long
      // constants. Below 2^63 a decimal constant is a long on LP64 targets,
      // in C89 and C99 alike.
      std::string Ids = formatv(
          E.NumIds <= uint64_t(INT64_MAX) ? "{0}" : "{0}U", E.NumIds);
      if (!E.Cached) {
        Entries.push_back(
            formatv("P3_FUNCTION_HASHED({0}, {1})", E.FunctionIndex, Ids));
        continue;
      }
      std::string Cache = countsName(Plan, Slot);
      Text += formatv("static struct p3_slot {0}[P3_CACHE_SLOTS];\n", Cache);
      Entries.push_back(formatv("P3_FUNCTION_CACHED({0}, {1}, {2})",
                                E.FunctionIndex, Ids, Cache));
      continue;
    }
    // One counter per id, and the dropped slot for ids at or above NumIds.
    std::string Counts = countsName(Plan, Slot);
    Text += formatv("static p3_u64 {0}[{1}];\n", Counts, E.NumIds + 1);
    Entries.push_back(
        formatv("P3_FUNCTION({0}, {1}, {2})", E.FunctionIndex, E.NumIds, Counts));
  }
  Text += formatv("static struct p3_function {0}[] = {{{1}};\n", Table,
                  join(Entries, ", "));
  Text += Defines;
  Text += formatv("P3_UNIT({0}, {1}, \"{2}\")\n#endif\n#line 1\n", Table,
                  Plan.Copy, Plan.ManifestHash);
  return Text;
}

/// Whether some probe of this copy runs while a return's value is computed:
/// a guard must then count after the value (tcc's counts before).
bool probesInReturnValues(const FileInstrumentation::Function &F) {
  if (!F.Code)
    return false;
  for (const auto &[SiteId, Code] : F.Code->Sites) {
    if (Code.empty())
      continue;
    const Site &S = F.Lowered->Sites[SiteId];
    for (auto [Begin, End] : F.Lowered->ReturnValues)
      if (Begin <= S.Begin && S.End <= End)
        return true;
  }
  return false;
}

std::string enterText(const FileInstrumentation &Plan,
                      const FileInstrumentation::Function &F) {
  const char *Enter = "P3_ENTER";
  if (F.Guarded)
    Enter = probesInReturnValues(F) ? "P3_ENTER_GUARDED_AFTER_VALUE"
                                    : "P3_ENTER_GUARDED";
  return formatv("{0}(p3_functions_{1}, {2}, {3}){4}", Enter, Plan.FileIndex,
                 F.TableSlot, countsName(Plan, F.TableSlot),
                 !F.Code || !F.Code->Framed   ? ""
                 : F.Lowered->SetjmpRestarts.empty() ? "; P3_FRAME"
                                                     : "; P3_FRAME_SETJMP");
}

/// Before the closing brace of a guarded function: where control falls off
/// the end, tcc counts the path there (no cleanup runs; p3_runtime.h).
void addGuardEnd(Inserter &Edits, const LoweredFunction &L) {
  Edits.add(L.BodyEnd, Insertion::Last, 0, 0, " P3_GUARD_END;");
}

/// The probes of a text shared by several functions. Every site of any
/// instance gets one text, "P3_PICK_<file>(NAME, <site>)", which the
/// preprocessor turns into the macro of the instance NAME names there,
/// p3_<file>_<text>_<site>_<identifier>: that instance's actions, or
/// P3_NONE. Returns the macro definitions (for the prologue).
std::string addSharedText(Inserter &Edits, const FileInstrumentation &Plan,
                          unsigned TextIndex,
                          const FileInstrumentation::SharedText &Shared) {
  std::string Pick = formatv("P3_PICK_{0}", Plan.FileIndex);
  std::string Prefix = formatv("{0}_{1}_", Plan.FileIndex, TextIndex);
  auto Picked = [&](const std::string &What) {
    return formatv("{0}({1}, {2}{3})", Pick, Shared.NameText, Prefix, What)
        .str();
  };
  std::string Defines;
  auto Define = [&](const std::string &What, const std::string &Identifier,
                    const std::string &Text) {
    Defines += formatv("#define p3_{0}{1}_{2} {3}\n", Prefix, What,
                       Identifier, Text);
  };
  const LoweredFunction &First = *Shared.Instances.front().second.Lowered;
  Edits.add(First.BodyBegin, Insertion::Enter, 0, 0,
            " " + Picked("e") + ";");
  if (llvm::any_of(Shared.Instances,
                   [](const auto &Instance) { return Instance.second.Guarded; }))
    addGuardEnd(Edits, First);
  // The union of the instances' sites, by place and kind.
  std::map<std::tuple<unsigned, unsigned, unsigned>, unsigned> Keys;
  std::vector<const Site *> Sites;
  std::vector<std::vector<const SiteCode *>> Codes; // [site][instance]
  for (unsigned I = 0; I < Shared.Instances.size(); ++I) {
    const auto &[Identifier, F] = Shared.Instances[I];
    Define("e", Identifier,
           F.Code ? enterText(Plan, F)
                  : "enum { p3_not_instrumented_in_this_copy }");
    if (!F.Code)
      continue;
    for (const auto &[SiteId, Code] : F.Code->Sites) {
      const Site &S = F.Lowered->Sites[SiteId];
      auto [It, New] = Keys.try_emplace(
          std::make_tuple(unsigned(S.Kind), S.Begin, S.End), Sites.size());
      if (New) {
        Sites.push_back(&S);
        Codes.emplace_back(Shared.Instances.size(), nullptr);
      }
      Codes[It->second][I] = &Code;
    }
  }
  for (unsigned N = 0; N < Sites.size(); ++N) {
    std::string Site = std::to_string(N);
    SiteCode Text;
    Text.Entry = {Picked(Site + "a")};
    if (Sites[N]->Kind == SiteKind::Condition) {
      Text.IfTrue = {Picked(Site + "t")};
      Text.IfFalse = {Picked(Site + "f")};
    }
    for (unsigned I = 0; I < Shared.Instances.size(); ++I) {
      const SiteCode *C = Codes[N][I];
      std::vector<std::string> Actions;
      if (C) {
        Actions = C->Entry;
        Actions.insert(Actions.end(), C->Exit.begin(), C->Exit.end());
      }
      const std::string &Identifier = Shared.Instances[I].first;
      Define(Site + "a", Identifier, asExpression(Actions));
      if (Sites[N]->Kind == SiteKind::Condition) {
        Define(Site + "t", Identifier,
               asExpression(C ? C->IfTrue : std::vector<std::string>{}));
        Define(Site + "f", Identifier,
               asExpression(C ? C->IfFalse : std::vector<std::string>{}));
      }
    }
    Edits.addSite(*Sites[N], Text);
  }
  return Defines;
}

} // namespace

std::string rewriteFile(StringRef Original, const FileInstrumentation &Plan) {
  if (Plan.Functions.empty() && Plan.SharedTexts.empty())
    return Original.str();
  Inserter Edits;
  for (const FileInstrumentation::Function &F : Plan.Functions) {
    const LoweredFunction &L = *F.Lowered;
    if (!Plan.OspPrologue) {
      Edits.add(L.BodyBegin, Insertion::Enter, 0, 0,
                " " + enterText(Plan, F) + ";");
      if (F.Guarded)
        addGuardEnd(Edits, L);
    } else if (!F.OspEnter.empty()) {
      Edits.add(L.BodyBegin, Insertion::Enter, 0, 0, F.OspEnter);
    }
    for (const auto &[SiteId, Code] : F.Code->Sites)
      if (!Code.empty())
        Edits.addSite(L.Sites[SiteId], Code);
    // Blocks with the loops' locals: inside any code placed before or
    // after the loop statement itself (rank 0), so that they begin with
    // their declarations (C90).
    for (const auto &[Loop, Slots] : F.Code->LoopSlots) {
      const LoopScope &S = L.Loops[Loop];
      std::string Decls = "{ ";
      for (uint64_t Slot : Slots)
        Decls += formatv("P3_LSLOT({0}, {1}); ",
                         countsName(Plan, F.TableSlot), Slot)
                     .str();
      // Last: a declaration followed by a statement (C90).
      if (auto First = F.Code->LoopFirsts.find(Loop);
          First != F.Code->LoopFirsts.end())
        Decls +=
            formatv("P3_LFIRST({0}); ", formatIncrement(First->second)).str();
      Edits.add(S.Begin, Insertion::Open, S.End - S.Begin, 0, Decls);
      Edits.add(S.End, Insertion::Close, S.End - S.Begin, 0, " }");
    }
    for (const auto &[Loop, Run] : F.Code->LoopRuns) {
      const LoopScope &S = L.Loops[Loop];
      Edits.add(S.Begin, Insertion::Open, S.End - S.Begin, 0,
                formatv("{ P3_LRUN({0}, {1}, {2}); ",
                        countsName(Plan, F.TableSlot), Run.Slot,
                        formatIncrement(Run.Delta)));
      Edits.add(S.End, Insertion::Close, S.End - S.Begin, 0, " }");
    }
  }
  std::string Defines;
  if (!Plan.SharedTexts.empty())
    Defines = formatv("#define P3_PICK_{0}(name, what) P3_PICK_{0}_(name, what)\n"
                      "#define P3_PICK_{0}_(name, what) p3_##what##_##name\n",
                      Plan.FileIndex);
  for (unsigned T = 0; T < Plan.SharedTexts.size(); ++T)
    Defines += addSharedText(Edits, Plan, T, Plan.SharedTexts[T]);
  unsigned Start = Original.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  Edits.add(Start, Insertion::Prologue, 0, 0,
            Plan.OspPrologue ? *Plan.OspPrologue : prologue(Plan, Defines));
  return Edits.apply(Original);
}

} // namespace p3
