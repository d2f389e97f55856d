//===- UncertainConditionTest.cpp - #if conditions with unknown macros ---===//
//
// Whether a #if condition's value depends on the compiler, from its tokens
// and a table of macros. The tokens are written out by hand, as the raw lexer
// would give them.
//
//===----------------------------------------------------------------------===//

#include "Frontend/UncertainCondition.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include "gtest/gtest.h"

#include <cctype>

using namespace p3;

namespace {

/// Splits "defined ( X ) && Y >= 7" on spaces into tokens.
std::vector<CondToken> tokens(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  Text.split(Parts, ' ', -1, false);
  std::vector<CondToken> Out;
  for (llvm::StringRef P : Parts) {
    CondToken::KindType Kind = CondToken::Punctuator;
    if (std::isalpha(P[0]) || P[0] == '_')
      Kind = CondToken::Identifier;
    else if (std::isdigit(P[0]))
      Kind = CondToken::Number;
    else if (P[0] == '\'')
      Kind = CondToken::Other;
    Out.push_back({Kind, P.str()});
  }
  return Out;
}

class Table : public MacroTable {
public:
  llvm::StringSet<> Uncertain = {"__GNUC__", "__clang__", "__has_builtin"};
  llvm::StringMap<MacroDefinition> Macros;

  void define(llvm::StringRef Name, llvm::StringRef Body) {
    Macros[Name] = {false, false, {}, tokens(Body)};
  }
  void defineFunction(llvm::StringRef Name, std::vector<std::string> Params,
                      llvm::StringRef Body) {
    Macros[Name] = {true, false, std::move(Params), tokens(Body)};
  }
  bool isUncertain(llvm::StringRef Name) override {
    return Uncertain.contains(Name);
  }
  std::optional<MacroDefinition> lookup(llvm::StringRef Name) override {
    auto It = Macros.find(Name);
    if (It == Macros.end())
      return std::nullopt;
    return It->second;
  }
};

bool uncertain(Table &T, llvm::StringRef Condition) {
  return conditionIsUncertain(tokens(Condition), T);
}

TEST(UncertainCondition, CompilerMacrosMakeItUncertain) {
  Table T;
  EXPECT_TRUE(uncertain(T, "defined ( __GNUC__ )"));
  EXPECT_TRUE(uncertain(T, "defined __clang__"));
  EXPECT_TRUE(uncertain(T, "__GNUC__ >= 7"));
  EXPECT_TRUE(uncertain(T, "__has_builtin ( __builtin_bswap32 ) && 1"));
  EXPECT_FALSE(uncertain(T, "defined ( NDEBUG )"));
  EXPECT_FALSE(uncertain(T, "1 + 2 * 3 == 7"));
}

// sqlite3: GCC_VERSION is built on __GNUC__; "GCC_VERSION>=7000000" picks
// gcc's branch under gcc and the other under clang.
TEST(UncertainCondition, ThroughMacroExpansion) {
  Table T;
  T.define("GCC_VERSION", "( __GNUC__ * 1000000 + 0 )");
  EXPECT_TRUE(uncertain(T, "GCC_VERSION >= 7000000"));
  T.defineFunction("PREREQ", {"maj", "min"},
                   "( ( __GNUC__ << 16 ) + 0 >= ( ( maj ) << 16 ) + ( min ) )");
  EXPECT_TRUE(uncertain(T, "PREREQ ( 4 , 1 )"));
  T.define("ULONG_MAX", "( 9223372036854775807L * 2UL + 1UL )");
  EXPECT_FALSE(uncertain(T, "( ULONG_MAX >> 31 >> 31 ) >= 3"));
  T.defineFunction("TWICE", {"x"}, "( ( x ) * 2 )");
  EXPECT_FALSE(uncertain(T, "TWICE ( 3 ) == 6"));
  EXPECT_TRUE(uncertain(T, "TWICE ( __GNUC__ ) == 6"));
}

// zlib: "#if !defined(STDC) && (defined(__GNUC__) || ...)" is false for every
// compiler once STDC is defined.
TEST(UncertainCondition, ShortCircuitsDecideWithoutTheUnknownSide) {
  Table T;
  T.define("STDC", "");
  EXPECT_FALSE(uncertain(
      T, "! defined ( STDC ) && ( defined ( __GNUC__ ) || defined ( X ) )"));
  EXPECT_TRUE(uncertain(T, "! defined ( OTHER ) && defined ( __GNUC__ )"));
  EXPECT_FALSE(uncertain(T, "defined ( STDC ) || __GNUC__ > 3"));
  EXPECT_TRUE(uncertain(T, "defined ( OTHER ) || __GNUC__ > 3"));
  EXPECT_FALSE(uncertain(T, "1 ? 2 : __GNUC__"));
  EXPECT_TRUE(uncertain(T, "__GNUC__ ? 2 : 3"));
  EXPECT_FALSE(uncertain(T, "__GNUC__ ? 2 : 2"));
}

TEST(UncertainCondition, UndefinedNamesAreZero) {
  Table T;
  EXPECT_FALSE(uncertain(T, "HAVE_LOCALTIME_R"));
  EXPECT_FALSE(uncertain(T, "! HAVE_X && ! HAVE_Y"));
}

// sqlite3: "#if 'A' == '\301'" tells EBCDIC machines apart.
TEST(UncertainCondition, CharacterLiterals) {
  Table T;
  EXPECT_FALSE(uncertain(T, "'A' == '\\301'"));
  EXPECT_FALSE(uncertain(T, "'\\n' == 10"));
  EXPECT_FALSE(uncertain(T, "'\\x41' == 'A'"));
  EXPECT_TRUE(uncertain(T, "'ab' == 1"));
}

TEST(UncertainCondition, SignednessOfComparisons) {
  Table T;
  // -1 < 0 is true; -1 < 0u is false (unsigned arithmetic): both known.
  EXPECT_FALSE(uncertain(T, "- 1 < 0"));
  EXPECT_FALSE(uncertain(T, "- 1 < 0u && __GNUC__"));
}

TEST(UncertainCondition, WhatIsNotUnderstoodIsUncertain) {
  Table T;
  T.define("CAT", "a ## b");
  EXPECT_TRUE(uncertain(T, "CAT"));
  EXPECT_TRUE(uncertain(T, "( 1"));
  EXPECT_TRUE(uncertain(T, "1 / 0"));
  EXPECT_TRUE(uncertain(T, "1.5 > 1"));
  // A recursive macro is not expanded again: its name is then 0.
  T.define("SELF", "SELF + 1");
  EXPECT_FALSE(uncertain(T, "SELF == 1"));
}

} // namespace
