//===- ParseAsCompiler.cpp - Parse the user's files as the build compiler ===//

#include "Frontend/ParseAsCompiler.h"

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"

#include <cctype>

using namespace clang;

namespace p3 {

namespace {

/// The token kind of a replacement text that is one number or one string
/// literal; tok::unknown otherwise.
tok::TokenKind singleTokenKind(llvm::StringRef Body) {
  if (!Body.empty() && std::isdigit(static_cast<unsigned char>(Body[0])) &&
      llvm::all_of(Body, [](char C) {
        return std::isalnum(static_cast<unsigned char>(C)) || C == '.' ||
               C == '_';
      }))
    return tok::numeric_constant;
  if (Body.size() >= 2 && Body.front() == '"' && Body.back() == '"' &&
      !Body.drop_front().drop_back().contains('"') &&
      !Body.contains('\\'))
    return tok::string_literal;
  return tok::unknown;
}

class IdentitySwap : public PPCallbacks {
public:
  IdentitySwap(Preprocessor &PP, const BuildCompiler &C) : PP(PP) {
    for (const auto &[Name, Body] : C.Macros)
      if (isIdentityMacro(Name))
        Wanted[Name] = Body;
    // The identity macros the build compiler does not define: undefined in
    // the user's files (__clang__ for gcc, __GNUC__ for none here).
    for (const char *Name :
         {"__GNUC__", "__GNUC_MINOR__", "__GNUC_PATCHLEVEL__", "__GNUG__",
          "__VERSION__", "__clang__", "__clang_major__", "__clang_minor__",
          "__clang_patchlevel__", "__clang_version__",
          "__clang_literal_encoding__", "__clang_wide_literal_encoding__",
          "__llvm__", "__TINYC__"})
      Wanted.try_emplace(Name, std::nullopt);
    for (auto It = Wanted.begin(); It != Wanted.end();) {
      if (It->second && !It->second->empty() &&
          singleTokenKind(*It->second) == tok::unknown)
        It = Wanted.erase(It);
      else
        ++It;
    }
  }

  llvm::StringSet<> controlled() const {
    llvm::StringSet<> Names;
    for (const auto &Entry : Wanted)
      Names.insert(Entry.first);
    return Names;
  }

  void FileChanged(SourceLocation Loc, FileChangeReason,
                   SrcMgr::CharacteristicKind FileType, FileID) override {
    // Until the predefines buffer has run (the main file is entered first),
    // there is nothing to swap.
    FileID Predefines = PP.getPredefinesFileID();
    if (Predefines.isInvalid() || Loc.isInvalid())
      return;
    SourceManager &SM = PP.getSourceManager();
    if (SM.getFileID(SM.getExpansionLoc(Loc)) == Predefines)
      return;
    bool User = !SrcMgr::isSystem(FileType);
    if (User != InUser)
      swap(Loc, User);
  }

  /// A user file that defines or undefines an identity macro itself decides
  /// its value, for every compiler: stop swapping it.
  void MacroDefined(const Token &Name, const MacroDirective *) override {
    stopSwapping(Name);
  }
  void MacroUndefined(const Token &Name, const clang::MacroDefinition &,
                      const MacroDirective *) override {
    stopSwapping(Name);
  }

private:
  struct Saved {
    MacroInfo *Clang = nullptr; ///< Clang's definition; null: undefined.
    MacroInfo *Build = nullptr; ///< The build compiler's; null: undefined.
  };

  void stopSwapping(const Token &Name) {
    if (!InUser || !Name.getIdentifierInfo())
      return;
    Swapped.erase(Name.getIdentifierInfo()->getName());
  }

  void swap(SourceLocation Loc, bool ToUser) {
    if (!Started) {
      Started = true;
      for (const auto &[Name, Body] : Wanted) {
        IdentifierInfo *II = PP.getIdentifierInfo(Name);
        Saved S;
        S.Clang = PP.getMacroInfo(II);
        if (Body)
          S.Build = makeMacro(*Body, Loc);
        Swapped[Name] = S;
      }
    }
    for (const auto &Entry : Swapped) {
      IdentifierInfo *II = PP.getIdentifierInfo(Entry.first());
      MacroInfo *MI = ToUser ? Entry.second.Build : Entry.second.Clang;
      if (MI)
        PP.appendDefMacroDirective(II, MI, Loc);
      else if (PP.getMacroInfo(II))
        PP.appendMacroDirective(II, new (PP.getPreprocessorAllocator())
                                        UndefMacroDirective(Loc));
    }
    InUser = ToUser;
  }

  MacroInfo *makeMacro(llvm::StringRef Body, SourceLocation Loc) {
    MacroInfo *MI = PP.AllocateMacroInfo(Loc);
    if (!Body.empty()) {
      Token T;
      T.startToken();
      T.setKind(singleTokenKind(Body));
      PP.CreateString(Body, T);
      MI->setTokens({T}, PP.getPreprocessorAllocator());
    }
    MI->setDefinitionEndLoc(Loc);
    return MI;
  }

  Preprocessor &PP;
  /// Identity macros by name: the build compiler's text, or none.
  std::map<std::string, std::optional<std::string>> Wanted;
  llvm::StringMap<Saved> Swapped;
  bool Started = false;
  bool InUser = false; ///< Whether the macros now have the build's values.
};

} // namespace

llvm::StringSet<> parseAsCompiler(Preprocessor &PP, const BuildCompiler &C) {
  auto Swap = std::make_unique<IdentitySwap>(PP, C);
  llvm::StringSet<> Names = Swap->controlled();
  PP.addPPCallbacks(std::move(Swap));
  return Names;
}

} // namespace p3
