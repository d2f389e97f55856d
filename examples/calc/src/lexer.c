#include <ctype.h>
#include <string.h>

#include "calc.h"

void lexer_init(struct lexer *lx, const char *text) { lx->p = text; }

static struct token make(enum token_kind kind) {
  struct token t;
  t.kind = kind;
  t.value = 0;
  t.name[0] = '\0';
  return t;
}

struct token lexer_next(struct lexer *lx) {
  while (*lx->p == ' ' || *lx->p == '\t')
    lx->p++;
  char c = *lx->p;
  if (c == '\0' || c == '\n' || c == '#')
    return make(TOK_END);
  if (isdigit((unsigned char)c)) {
    struct token t = make(TOK_NUM);
    while (isdigit((unsigned char)*lx->p))
      t.value = t.value * 10 + (*lx->p++ - '0');
    return t;
  }
  if (isalpha((unsigned char)c) || c == '_') {
    struct token t = make(TOK_IDENT);
    size_t n = 0;
    do {
      if (n + 1 < sizeof t.name)
        t.name[n++] = *lx->p;
      lx->p++;
    } while (isalnum((unsigned char)*lx->p) || *lx->p == '_');
    t.name[n] = '\0';
    return t;
  }
  lx->p++;
  switch (c) {
  case '+': return make(TOK_PLUS);
  case '-': return make(TOK_MINUS);
  case '*': return make(TOK_STAR);
  case '/': return make(TOK_SLASH);
  case '%': return make(TOK_PERCENT);
  case '^': return make(TOK_CARET);
  case '(': return make(TOK_LPAREN);
  case ')': return make(TOK_RPAREN);
  case '=': return make(TOK_ASSIGN);
  case ',': return make(TOK_COMMA);
  default: return make(TOK_ERROR);
  }
}
