//===- CompilerConditionals.cpp - #if groups that test the compiler ------===//

#include "Frontend/CompilerConditionals.h"
#include "Frontend/BuildCompiler.h"
#include "Frontend/UncertainCondition.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace p3 {

namespace {

class Recorder : public PPCallbacks, public MacroTable {
public:
  Recorder(Preprocessor &PP, std::vector<CompilerConditional> &Out,
           KnownCompilerMacros Known)
      : PP(PP), SM(PP.getSourceManager()), Out(Out), Known(std::move(Known)) {}

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    open(Loc, dependsOnCompiler(Cond.getBegin()));
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const clang::MacroDefinition &) override {
    open(Loc, uncertainName(Name.getIdentifierInfo()));
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const clang::MacroDefinition &) override {
    open(Loc, uncertainName(Name.getIdentifierInfo()));
  }
  void Elif(SourceLocation, SourceRange Cond, ConditionValueKind,
            SourceLocation) override {
    elifCondition(Cond);
  }
  void Elifdef(SourceLocation, const Token &Name,
               const clang::MacroDefinition &) override {
    elifName(Name.getIdentifierInfo());
  }
  void Elifndef(SourceLocation, const Token &Name,
                const clang::MacroDefinition &) override {
    elifName(Name.getIdentifierInfo());
  }
  void Elifdef(SourceLocation, SourceRange Cond, SourceLocation) override {
    elifCondition(Cond);
  }
  void Elifndef(SourceLocation, SourceRange Cond, SourceLocation) override {
    elifCondition(Cond);
  }
  void Else(SourceLocation, SourceLocation) override { Closed.reset(); }
  void Endif(SourceLocation Loc, SourceLocation) override;

  void MacroDefined(const Token &Name, const MacroDirective *) override {
    defines(Name);
  }
  void MacroUndefined(const Token &Name, const clang::MacroDefinition &,
                      const MacroDirective *) override {
    defines(Name);
  }
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override;

  // MacroTable, for the three-valued evaluation of conditions.
  /// Macros whose value depends on which of the compilers copies are built
  /// with (gcc, clang, tcc), or on the optimisation level, unless the parse
  /// has the build's values (Known). Other compilers' macros, _MSC_VER and
  /// the like, are undefined for all three.
  bool isUncertain(llvm::StringRef Name) override {
    if (isIdentityMacro(Name))
      return !Known.Identity.contains(Name);
    if (isFeatureQuery(Name))
      return true;
    if (isOptimizationMacro(Name))
      return !Known.Optimization;
    return DependentNames.count(PP.getIdentifierInfo(Name));
  }
  std::optional<p3::MacroDefinition> lookup(llvm::StringRef Name) override;

private:
  struct Group {
    SourceLocation If;
    bool Dependent = false;
    bool InSystemHeader = false;
    /// Macros defined or undefined in any branch of the group (and of the
    /// groups nested in it): compiler-dependent if the group is.
    std::vector<const IdentifierInfo *> Defines;
  };

  void open(SourceLocation Loc, bool Dependent) {
    Closed.reset();
    Groups.push_back({Loc, Dependent, SM.isInSystemHeader(Loc), {}});
  }
  void elifName(const IdentifierInfo *II) {
    Closed.reset();
    if (!Groups.empty() && uncertainName(II))
      Groups.back().Dependent = true;
  }
  /// "#ifdef NAME": only NAME's definedness matters, not its value.
  bool uncertainName(const IdentifierInfo *II) {
    return II && isUncertain(II->getName());
  }
  void elifCondition(SourceRange Cond) {
    Closed.reset();
    if (!Groups.empty() && dependsOnCompiler(Cond.getBegin()))
      Groups.back().Dependent = true;
  }
  /// System headers test the compiler everywhere (glibc's <limits.h> has
  /// its definitions inside "#if defined __GNUC__"), to the same effect for
  /// every compiler that reaches them: their definitions count only through
  /// their replacement text (see lookup).
  void defines(const Token &Name) {
    Closed.reset();
    if (Name.getIdentifierInfo() && !Groups.empty() &&
        !SM.isInSystemHeader(Name.getLocation()))
      Groups.back().Defines.push_back(Name.getIdentifierInfo());
  }
  void markDependent(llvm::ArrayRef<const IdentifierInfo *> Names) {
    DependentNames.insert(Names.begin(), Names.end());
  }

  bool dependsOnCompiler(SourceLocation CondBegin);
  struct RawToken {
    tok::TokenKind Kind;
    bool StartsLine;
    std::string Spelling; ///< Of identifiers, numbers and punctuators.
  };
  std::vector<const IdentifierInfo *> definedIn(SourceRange Range);
  std::vector<RawToken> rawTokens(SourceLocation Loc, llvm::StringRef Text);

  Preprocessor &PP;
  SourceManager &SM;
  std::vector<CompilerConditional> &Out;
  const KnownCompilerMacros Known;
  std::vector<Group> Groups;
  /// The group whose #endif was the last directive: clang reports a skipped
  /// last branch after the #endif.
  std::optional<Group> Closed;
  llvm::SmallPtrSet<const IdentifierInfo *, 16> DependentNames;
};

CondToken condToken(tok::TokenKind Kind, std::string Spelling) {
  if (Kind == tok::raw_identifier || Kind == tok::identifier ||
      tok::getKeywordSpelling(Kind))
    return {CondToken::Identifier, std::move(Spelling)};
  if (Kind == tok::numeric_constant)
    return {CondToken::Number, std::move(Spelling)};
  if (tok::getPunctuatorSpelling(Kind))
    return {CondToken::Punctuator, std::move(Spelling)};
  return {CondToken::Other, std::move(Spelling)};
}

std::optional<p3::MacroDefinition> Recorder::lookup(llvm::StringRef Name) {
  const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo(Name));
  if (!MI)
    return std::nullopt;
  p3::MacroDefinition Def;
  Def.FunctionLike = MI->isFunctionLike();
  Def.Variadic = MI->isC99Varargs();
  for (const IdentifierInfo *Param : MI->params())
    if (Param->getName() != "__VA_ARGS__")
      Def.Params.push_back(Param->getName().str());
  for (const Token &T : MI->tokens())
    Def.Body.push_back(condToken(T.getKind(), PP.getSpelling(T)));
  return Def;
}

void Recorder::Endif(SourceLocation Loc, SourceLocation) {
  if (Groups.empty())
    return;
  Group G = std::move(Groups.back());
  Groups.pop_back();
  if (G.InSystemHeader)
    G.Defines.clear();
  if (G.Dependent) {
    Out.push_back({G.If, Loc});
    markDependent(G.Defines);
  } else if (!Groups.empty()) {
    llvm::append_range(Groups.back().Defines, G.Defines);
  }
  Closed = std::move(G);
}

void Recorder::SourceRangeSkipped(SourceRange Range, SourceLocation) {
  if (SM.isInSystemHeader(Range.getBegin())) {
    Closed.reset();
    return;
  }
  std::vector<const IdentifierInfo *> Names = definedIn(Range);
  if (Closed) {
    if (Closed->Dependent)
      markDependent(Names);
    else if (!Groups.empty())
      llvm::append_range(Groups.back().Defines, Names);
  } else if (!Groups.empty()) {
    llvm::append_range(Groups.back().Defines, Names);
  }
  Closed.reset();
}

/// The directive's condition runs from CondBegin to the end of its line
/// (with backslash continuations). CondBegin is the location of its first
/// token, a macro location when that token is a macro: its expansion is where
/// the directive's text is.
bool Recorder::dependsOnCompiler(SourceLocation CondBegin) {
  if (CondBegin.isInvalid())
    return false;
  CondBegin = SM.getExpansionLoc(CondBegin);
  bool Invalid = false;
  const char *Begin = SM.getCharacterData(CondBegin, &Invalid);
  if (Invalid)
    return false;
  llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(CondBegin));
  const char *BufEnd = Buffer.data() + Buffer.size();
  const char *End = Begin;
  while (End < BufEnd && *End != '\n')
    End += (*End == '\\' && End + 1 < BufEnd) ? 2 : 1;
  std::vector<CondToken> Condition;
  for (RawToken &Tok :
       rawTokens(CondBegin, llvm::StringRef(Begin, End - Begin)))
    Condition.push_back(condToken(Tok.Kind, std::move(Tok.Spelling)));
  return conditionIsUncertain(Condition, *this);
}

/// Names of the #define and #undef directives in a skipped range.
std::vector<const IdentifierInfo *> Recorder::definedIn(SourceRange Range) {
  std::vector<const IdentifierInfo *> Names;
  if (Range.isInvalid() || !Range.getBegin().isFileID())
    return Names;
  bool Invalid = false;
  const char *Begin = SM.getCharacterData(Range.getBegin(), &Invalid);
  const char *End = SM.getCharacterData(Range.getEnd(), &Invalid);
  if (Invalid || End < Begin)
    return Names;
  std::vector<RawToken> Toks =
      rawTokens(Range.getBegin(), llvm::StringRef(Begin, End - Begin));
  for (size_t I = 0; I + 2 < Toks.size(); ++I) {
    if (Toks[I].Kind != tok::hash || !Toks[I].StartsLine ||
        Toks[I + 1].Kind != tok::raw_identifier ||
        Toks[I + 2].Kind != tok::raw_identifier)
      continue;
    llvm::StringRef Kind = Toks[I + 1].Spelling;
    if (Kind == "define" || Kind == "undef")
      Names.push_back(PP.getIdentifierInfo(Toks[I + 2].Spelling));
  }
  return Names;
}

/// Raw tokens of Text (comments dropped). The lexer reads one character past
/// its buffer unless that is a NUL: lex a terminated copy.
std::vector<Recorder::RawToken> Recorder::rawTokens(SourceLocation Loc,
                                                    llvm::StringRef Text) {
  std::string Copy = Text.str();
  Lexer Raw(Loc, PP.getLangOpts(), Copy.data(), Copy.data(),
            Copy.data() + Copy.size());
  std::vector<RawToken> Toks;
  Token Tok;
  bool AtEnd = false;
  while (!AtEnd) {
    AtEnd = Raw.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    // Spellings point into Copy: keep copies.
    RawToken R{Tok.getKind(), Tok.isAtStartOfLine(), {}};
    if (Tok.is(tok::raw_identifier))
      R.Spelling = Tok.getRawIdentifier().str();
    else if (Tok.isLiteral())
      R.Spelling = std::string(Tok.getLiteralData(), Tok.getLength());
    else if (const char *P = tok::getPunctuatorSpelling(Tok.getKind()))
      R.Spelling = P;
    Toks.push_back(std::move(R));
  }
  return Toks;
}

} // namespace

void recordCompilerConditionals(Preprocessor &PP,
                                std::vector<CompilerConditional> &Out,
                                KnownCompilerMacros Known) {
  PP.addPPCallbacks(std::make_unique<Recorder>(PP, Out, std::move(Known)));
}

} // namespace p3
