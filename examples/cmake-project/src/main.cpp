// wordstats: word statistics of standard input.
//   wordstats [-n TOP] [-p] < text
#include "report.h"
#include "wordstats/tokenizer.h"
#include "wordstats_config.h"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

using namespace wordstats;

static int usage() {
  std::cerr << "usage: wordstats [-n TOP] [-p] [-v] < text\n";
  return 2;
}

int main(int argc, char **argv) {
  std::size_t TopN = 5;
  bool KeepPunct = false;
  for (int I = 1; I < argc; ++I) {
    if (std::strcmp(argv[I], "-n") == 0 && I + 1 < argc) {
      char *End;
      long N = std::strtol(argv[++I], &End, 10);
      if (*End || N < 0)
        return usage();
      TopN = static_cast<std::size_t>(N);
    } else if (std::strcmp(argv[I], "-p") == 0) {
      KeepPunct = true;
    } else if (std::strcmp(argv[I], "-v") == 0) {
      std::cout << "wordstats " WORDSTATS_VERSION "\n";
      return 0;
    } else {
      return usage();
    }
  }
  Tokenizer T(KeepPunct);
  Stats S;
  std::string Line;
  while (std::getline(std::cin, Line)) {
    ++S.Lines;
    for (const Token &Tok : T.split(Line)) {
      switch (Tok.Kind) {
      case TokenKind::Word:
        S.Words.add(Tok.Text);
        S.Lengths.add(Tok.Text.size());
        break;
      case TokenKind::Number:
        ++S.Numbers;
        break;
      case TokenKind::Punct:
        ++S.Punct;
        break;
      }
    }
  }
  printReport(S, TopN);
  return S.Words.total() ? 0 : 1;
}
