#include "wordstats/tokenizer.h"

#include <cctype>

namespace wordstats {

namespace {

bool isWordChar(char C) {
  return std::isalpha(static_cast<unsigned char>(C)) || C == '\'';
}

} // namespace

std::vector<Token> Tokenizer::split(const std::string &Line) const {
  std::vector<Token> Tokens;
  std::size_t I = 0;
  while (I < Line.size()) {
    char C = Line[I];
    if (std::isspace(static_cast<unsigned char>(C))) {
      ++I;
      continue;
    }
    if (isWordChar(C)) {
      std::string W;
      while (I < Line.size() && isWordChar(Line[I]))
        W += static_cast<char>(std::tolower(static_cast<unsigned char>(Line[I++])));
      // A lone apostrophe is punctuation, not a word.
      if (W == "'") {
        if (KeepPunct)
          Tokens.push_back({TokenKind::Punct, W});
        continue;
      }
      Tokens.push_back({TokenKind::Word, W});
    } else if (std::isdigit(static_cast<unsigned char>(C))) {
      std::string N;
      bool Point = false;
      while (I < Line.size() &&
             (std::isdigit(static_cast<unsigned char>(Line[I])) ||
              (Line[I] == '.' && !Point))) {
        if (Line[I] == '.')
          Point = true;
        N += Line[I++];
      }
      Tokens.push_back({TokenKind::Number, N});
    } else {
      if (KeepPunct)
        Tokens.push_back({TokenKind::Punct, std::string(1, C)});
      ++I;
    }
  }
  return Tokens;
}

} // namespace wordstats
