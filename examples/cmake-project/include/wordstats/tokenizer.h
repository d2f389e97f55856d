#pragma once
#include <string>
#include <vector>

namespace wordstats {

enum class TokenKind { Word, Number, Punct };

struct Token {
  TokenKind Kind;
  std::string Text;
};

/// Splits a line into words (letters and apostrophes, lower-cased), numbers
/// (digits, one optional decimal point) and punctuation.
class Tokenizer {
public:
  explicit Tokenizer(bool KeepPunct) : KeepPunct(KeepPunct) {}
  std::vector<Token> split(const std::string &Line) const;

private:
  bool KeepPunct;
};

} // namespace wordstats
