//===- UncertainCondition.cpp - #if conditions with unknown macros -------===//

#include "Frontend/UncertainCondition.h"

#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <cstdint>

namespace p3 {

namespace {

/// A value of the condition: a number (with C's signedness), or unknown.
struct Value {
  bool Known = false;
  bool Unsigned = false;
  uint64_t Bits = 0;

  static Value unknown() { return {}; }
  static Value of(uint64_t Bits, bool Unsigned = false) {
    return {true, Unsigned, Bits};
  }
  bool isTrue() const { return Known && Bits != 0; }
  bool isFalse() const { return Known && Bits == 0; }
};

/// After expansion: a value, or a punctuator.
struct Item {
  bool IsValue;
  Value V;
  std::string Punct;
};

constexpr unsigned MaxDepth = 64;

std::optional<Value> parseNumber(llvm::StringRef Text) {
  llvm::StringRef Digits = Text.rtrim("uUlL");
  bool Unsigned = Text.substr(Digits.size()).contains_insensitive("u");
  unsigned Radix = 10;
  if (Digits.starts_with_insensitive("0x")) {
    Radix = 16;
    Digits = Digits.drop_front(2);
  } else if (Digits.starts_with_insensitive("0b")) {
    Radix = 2;
    Digits = Digits.drop_front(2);
  } else if (Digits.size() > 1 && Digits.front() == '0') {
    Radix = 8;
  }
  uint64_t V = 0;
  if (Digits.getAsInteger(Radix, V))
    return std::nullopt; // a floating literal, a digit separator...
  return Value::of(V, Unsigned || V > uint64_t(INT64_MAX));
}

/// The value of a simple escape ('\n' and the like), or -1.
int simpleEscape(char C) {
  switch (C) {
  case 'n':
    return '\n';
  case 't':
    return '\t';
  case 'r':
    return '\r';
  case 'a':
    return '\a';
  case 'b':
    return '\b';
  case 'f':
    return '\f';
  case 'v':
    return '\v';
  case '\\':
    return '\\';
  case '\'':
    return '\'';
  case '"':
    return '"';
  case '?':
    return '?';
  default:
    return -1;
  }
}

/// 'a', '\n', '\301', '\x41': the value of a plain char, signed as on
/// x86-64; nullopt for anything else (multi-character, prefixed).
std::optional<Value> parseCharacter(llvm::StringRef Text) {
  if (Text.size() < 3 || Text.front() != '\'' || Text.back() != '\'')
    return std::nullopt;
  llvm::StringRef Body = Text.drop_front().drop_back();
  uint64_t V = 0;
  if (Body.size() == 1 && Body[0] != '\\') {
    V = (unsigned char)Body[0];
  } else if (!Body.consume_front("\\")) {
    return std::nullopt;
  } else if (Body.size() == 1 && simpleEscape(Body[0]) >= 0) {
    V = simpleEscape(Body[0]);
  } else if (Body.consume_front("x") ? Body.getAsInteger(16, V)
                                     : Body.getAsInteger(8, V)) {
    return std::nullopt;
  }
  if (V > 0xff)
    return std::nullopt;
  return Value::of(uint64_t(int64_t(int8_t(V))));
}

class Expander {
public:
  explicit Expander(MacroTable &Macros) : Macros(Macros) {}

  /// Expands Tokens into Out; false when something is not understood.
  bool expand(llvm::ArrayRef<CondToken> Tokens, std::vector<Item> &Out,
              unsigned Depth);

private:
  bool expandIdentifier(llvm::ArrayRef<CondToken> Tokens, size_t &I,
                        std::vector<Item> &Out, unsigned Depth);
  bool collectArguments(llvm::ArrayRef<CondToken> Tokens, size_t &I,
                        std::vector<std::vector<CondToken>> &Args);

  MacroTable &Macros;
  llvm::StringSet<> Active; ///< Macros being expanded (not re-expanded).
};

bool isPunct(const CondToken &T, llvm::StringRef P) {
  return T.Kind == CondToken::Punctuator && T.Text == P;
}

/// Skips a balanced parenthesised group starting at Tokens[I], if any.
bool skipParens(llvm::ArrayRef<CondToken> Tokens, size_t &I) {
  if (I >= Tokens.size() || !isPunct(Tokens[I], "("))
    return true;
  unsigned Level = 0;
  for (; I < Tokens.size(); ++I) {
    if (isPunct(Tokens[I], "("))
      ++Level;
    else if (isPunct(Tokens[I], ")") && --Level == 0) {
      ++I;
      return true;
    }
  }
  return false;
}

bool Expander::expand(llvm::ArrayRef<CondToken> Tokens, std::vector<Item> &Out,
                      unsigned Depth) {
  if (Depth > MaxDepth)
    return false;
  for (size_t I = 0; I < Tokens.size();) {
    const CondToken &T = Tokens[I];
    switch (T.Kind) {
    case CondToken::Identifier:
      if (!expandIdentifier(Tokens, I, Out, Depth))
        return false;
      continue;
    case CondToken::Punctuator:
      if (T.Text == "#" || T.Text == "##")
        return false;
      Out.push_back({false, {}, T.Text});
      break;
    case CondToken::Number:
    case CondToken::Other: { // a character literal, if anything
      std::optional<Value> V = T.Kind == CondToken::Number
                                   ? parseNumber(T.Text)
                                   : parseCharacter(T.Text);
      if (!V)
        return false;
      Out.push_back({true, *V, {}});
      break;
    }
    }
    ++I;
  }
  return true;
}

bool Expander::expandIdentifier(llvm::ArrayRef<CondToken> Tokens, size_t &I,
                                std::vector<Item> &Out, unsigned Depth) {
  llvm::StringRef Name = Tokens[I].Text;
  ++I;
  if (Name == "defined") {
    bool Paren = I < Tokens.size() && isPunct(Tokens[I], "(");
    size_t NameAt = I + Paren;
    if (NameAt >= Tokens.size() || Tokens[NameAt].Kind != CondToken::Identifier)
      return false;
    llvm::StringRef Tested = Tokens[NameAt].Text;
    I = NameAt + 1;
    if (Paren) {
      if (I >= Tokens.size() || !isPunct(Tokens[I], ")"))
        return false;
      ++I;
    }
    Out.push_back({true,
                   Macros.isUncertain(Tested)
                       ? Value::unknown()
                       : Value::of(Macros.lookup(Tested).has_value()),
                   {}});
    return true;
  }
  if (Macros.isUncertain(Name)) {
    // __has_builtin(x) and the like: the whole call is unknown.
    Out.push_back({true, Value::unknown(), {}});
    return skipParens(Tokens, I);
  }
  std::optional<MacroDefinition> Def;
  if (!Active.contains(Name))
    Def = Macros.lookup(Name);
  bool Invoked = I < Tokens.size() && isPunct(Tokens[I], "(");
  if (!Def || (Def->FunctionLike && !Invoked)) {
    // Not a macro (or a function-like one not called): 0, as in #if.
    Out.push_back({true, Value::of(Name == "true"), {}});
    return true;
  }
  std::vector<CondToken> Replacement;
  if (!Def->FunctionLike) {
    Replacement = Def->Body;
  } else {
    std::vector<std::vector<CondToken>> Args;
    if (!collectArguments(Tokens, I, Args))
      return false;
    for (const CondToken &B : Def->Body) {
      if (B.Kind == CondToken::Identifier) {
        auto P = std::find(Def->Params.begin(), Def->Params.end(), B.Text);
        if (P != Def->Params.end()) {
          size_t N = P - Def->Params.begin();
          if (N < Args.size())
            llvm::append_range(Replacement, Args[N]);
          continue;
        }
        if (Def->Variadic && B.Text == "__VA_ARGS__") {
          for (size_t A = Def->Params.size(); A < Args.size(); ++A) {
            if (A > Def->Params.size())
              Replacement.push_back({CondToken::Punctuator, ","});
            llvm::append_range(Replacement, Args[A]);
          }
          continue;
        }
      }
      Replacement.push_back(B);
    }
  }
  Active.insert(Name);
  bool Ok = expand(Replacement, Out, Depth + 1);
  Active.erase(Name);
  return Ok;
}

/// Reads "( a, b(c, d), e )" from Tokens[I], leaving I after the ")".
bool Expander::collectArguments(llvm::ArrayRef<CondToken> Tokens, size_t &I,
                                std::vector<std::vector<CondToken>> &Args) {
  ++I; // "("
  Args.emplace_back();
  unsigned Level = 0;
  for (; I < Tokens.size(); ++I) {
    const CondToken &T = Tokens[I];
    if (isPunct(T, "(")) {
      ++Level;
    } else if (isPunct(T, ")")) {
      if (Level == 0) {
        ++I;
        return true;
      }
      --Level;
    } else if (isPunct(T, ",") && Level == 0) {
      Args.emplace_back();
      continue;
    }
    Args.back().push_back(T);
  }
  return false;
}

/// Recursive descent over the expanded items, C's precedence.
class Evaluator {
public:
  explicit Evaluator(llvm::ArrayRef<Item> Items) : Items(Items) {}

  std::optional<Value> evaluate() {
    std::optional<Value> V = conditional();
    if (!V || Pos != Items.size())
      return std::nullopt;
    return V;
  }

private:
  bool accept(llvm::StringRef P) {
    if (Pos < Items.size() && !Items[Pos].IsValue && Items[Pos].Punct == P) {
      ++Pos;
      return true;
    }
    return false;
  }

  std::optional<Value> conditional();
  std::optional<Value> binary(unsigned Level);
  std::optional<Value> unary();
  static Value apply(llvm::StringRef Op, Value L, Value R);

  llvm::ArrayRef<Item> Items;
  size_t Pos = 0;
};

std::optional<Value> Evaluator::conditional() {
  std::optional<Value> C = binary(0);
  if (!C || !accept("?"))
    return C;
  std::optional<Value> A = conditional();
  if (!A || !accept(":"))
    return std::nullopt;
  std::optional<Value> B = conditional();
  if (!B)
    return std::nullopt;
  if (C->Known)
    return C->Bits ? A : B;
  if (A->Known && B->Known && A->Bits == B->Bits)
    return A;
  return Value::unknown();
}

/// Binary operators by precedence level, loosest first.
const std::vector<std::vector<llvm::StringRef>> &levels() {
  static const std::vector<std::vector<llvm::StringRef>> L = {
      {"||"},
      {"&&"},
      {"|"},
      {"^"},
      {"&"},
      {"==", "!="},
      {"<", ">", "<=", ">="},
      {"<<", ">>"},
      {"+", "-"},
      {"*", "/", "%"}};
  return L;
}

std::optional<Value> Evaluator::binary(unsigned Level) {
  if (Level == levels().size())
    return unary();
  std::optional<Value> L = binary(Level + 1);
  while (L) {
    llvm::StringRef Op;
    for (llvm::StringRef Candidate : levels()[Level])
      if (accept(Candidate)) {
        Op = Candidate;
        break;
      }
    if (Op.empty())
      return L;
    std::optional<Value> R = binary(Level + 1);
    if (!R)
      return std::nullopt;
    L = apply(Op, *L, *R);
  }
  return L;
}

std::optional<Value> Evaluator::unary() {
  if (Pos >= Items.size())
    return std::nullopt;
  if (Items[Pos].IsValue)
    return Items[Pos++].V;
  if (accept("(")) {
    std::optional<Value> V = conditional();
    if (!V || !accept(")"))
      return std::nullopt;
    return V;
  }
  for (llvm::StringRef Op : {"!", "~", "-", "+"}) {
    if (!accept(Op))
      continue;
    std::optional<Value> V = unary();
    if (!V || !V->Known)
      return V;
    if (Op == "!")
      return Value::of(V->Bits == 0);
    if (Op == "~")
      return Value::of(~V->Bits, V->Unsigned);
    if (Op == "-")
      return Value::of(0 - V->Bits, V->Unsigned);
    return V;
  }
  return std::nullopt;
}

Value Evaluator::apply(llvm::StringRef Op, Value L, Value R) {
  // Short circuits decide without the unknown side.
  if (Op == "&&") {
    if (L.isFalse() || R.isFalse())
      return Value::of(0);
    return L.Known && R.Known ? Value::of(1) : Value::unknown();
  }
  if (Op == "||") {
    if (L.isTrue() || R.isTrue())
      return Value::of(1);
    return L.Known && R.Known ? Value::of(0) : Value::unknown();
  }
  if (!L.Known || !R.Known)
    return Value::unknown();
  bool U = L.Unsigned || R.Unsigned;
  uint64_t A = L.Bits, B = R.Bits;
  auto Less = [&](uint64_t X, uint64_t Y) {
    return U ? X < Y : int64_t(X) < int64_t(Y);
  };
  if (Op == "==")
    return Value::of(A == B);
  if (Op == "!=")
    return Value::of(A != B);
  if (Op == "<")
    return Value::of(Less(A, B));
  if (Op == ">")
    return Value::of(Less(B, A));
  if (Op == "<=")
    return Value::of(!Less(B, A));
  if (Op == ">=")
    return Value::of(!Less(A, B));
  if (Op == "|")
    return Value::of(A | B, U);
  if (Op == "^")
    return Value::of(A ^ B, U);
  if (Op == "&")
    return Value::of(A & B, U);
  if (Op == "+")
    return Value::of(A + B, U);
  if (Op == "-")
    return Value::of(A - B, U);
  if (Op == "*")
    return Value::of(A * B, U);
  if (Op == "<<")
    return B < 64 ? Value::of(A << B, L.Unsigned) : Value::unknown();
  if (Op == ">>")
    return B < 64 ? Value::of(L.Unsigned ? A >> B : uint64_t(int64_t(A) >> B),
                              L.Unsigned)
                  : Value::unknown();
  if (B == 0)
    return Value::unknown(); // division by zero: an error in #if
  if (Op == "/")
    return Value::of(U ? A / B : uint64_t(int64_t(A) / int64_t(B)), U);
  return Value::of(U ? A % B : uint64_t(int64_t(A) % int64_t(B)), U);
}

} // namespace

bool conditionIsUncertain(llvm::ArrayRef<CondToken> Condition,
                          MacroTable &Macros) {
  std::vector<Item> Items;
  if (!Expander(Macros).expand(Condition, Items, 0))
    return true;
  std::optional<Value> V = Evaluator(Items).evaluate();
  return !V || !V->Known;
}

} // namespace p3
