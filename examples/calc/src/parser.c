/* Recursive descent: expr := term (('+'|'-') term)*,
   term := factor (('*'|'/'|'%') factor)*, factor := unary ('^' factor)?,
   unary := '-' unary | primary, primary := NUM | IDENT | IDENT '(' args ')' | '(' expr ')' */
#include <stdio.h>
#include <string.h>

#include "calc.h"

struct parser {
  struct lexer lx;
  struct token tok;
  char *error;
  int error_size;
  int failed;
};

static void advance(struct parser *ps) { ps->tok = lexer_next(&ps->lx); }

static long fail(struct parser *ps, const char *message) {
  if (!ps->failed)
    snprintf(ps->error, ps->error_size, "%s", message);
  ps->failed = 1;
  return 0;
}

static long expr(struct parser *ps);

static long power(long base, long exp) {
  long r = 1;
  while (exp > 0) {
    if (exp & 1)
      r *= base;
    base *= base;
    exp >>= 1;
  }
  return r;
}

static long primary(struct parser *ps) {
  struct token t = ps->tok;
  switch (t.kind) {
  case TOK_NUM:
    advance(ps);
    return t.value;
  case TOK_LPAREN: {
    advance(ps);
    long v = expr(ps);
    if (ps->tok.kind != TOK_RPAREN)
      return fail(ps, "expected ')'");
    advance(ps);
    return v;
  }
  case TOK_IDENT: {
    advance(ps);
    if (ps->tok.kind == TOK_LPAREN) {
      long args[8];
      int n = 0;
      advance(ps);
      if (ps->tok.kind != TOK_RPAREN) {
        for (;;) {
          long v = expr(ps);
          if (ps->failed)
            return 0;
          if (n < 8)
            args[n++] = v;
          if (ps->tok.kind == TOK_COMMA) {
            advance(ps);
            continue;
          }
          break;
        }
      }
      if (ps->tok.kind != TOK_RPAREN)
        return fail(ps, "expected ')' after arguments");
      advance(ps);
      long r;
      if (call_builtin(t.name, args, n, &r) != 0)
        return fail(ps, "bad function call");
      return r;
    }
    long v;
    if (var_get(t.name, &v) != 0)
      return fail(ps, "unknown variable");
    return v;
  }
  default:
    return fail(ps, "unexpected token");
  }
}

static long unary(struct parser *ps) {
  if (ps->tok.kind == TOK_MINUS) {
    advance(ps);
    return -unary(ps);
  }
  return primary(ps);
}

static long factor(struct parser *ps) {
  long base = unary(ps);
  if (ps->tok.kind == TOK_CARET) {
    advance(ps);
    long e = factor(ps);
    return e < 0 ? fail(ps, "negative exponent") : power(base, e);
  }
  return base;
}

static long term(struct parser *ps) {
  long v = factor(ps);
  while (!ps->failed && (ps->tok.kind == TOK_STAR || ps->tok.kind == TOK_SLASH ||
                         ps->tok.kind == TOK_PERCENT)) {
    enum token_kind op = ps->tok.kind;
    advance(ps);
    long r = factor(ps);
    if (op == TOK_STAR)
      v *= r;
    else if (r == 0)
      return fail(ps, "division by zero");
    else
      v = op == TOK_SLASH ? v / r : v % r;
  }
  return v;
}

static long expr(struct parser *ps) {
  long v = term(ps);
  while (!ps->failed && (ps->tok.kind == TOK_PLUS || ps->tok.kind == TOK_MINUS)) {
    int plus = ps->tok.kind == TOK_PLUS;
    advance(ps);
    long r = term(ps);
    v = plus ? v + r : v - r;
  }
  return v;
}

int eval_line(const char *line, long *result, char *error, int error_size) {
  struct parser ps;
  char target[32] = "";
  ps.error = error;
  ps.error_size = error_size;
  ps.failed = 0;
  lexer_init(&ps.lx, line);
  advance(&ps);
  /* "name = expr": look ahead one token. */
  if (ps.tok.kind == TOK_IDENT) {
    struct lexer save = ps.lx;
    struct token first = ps.tok;
    advance(&ps);
    if (ps.tok.kind == TOK_ASSIGN) {
      strcpy(target, first.name);
      advance(&ps);
    } else {
      ps.lx = save;
      ps.tok = first;
    }
  }
  long v = expr(&ps);
  if (!ps.failed && ps.tok.kind != TOK_END)
    fail(&ps, "trailing input");
  if (ps.failed)
    return -1;
  if (target[0])
    var_set(target, v);
  *result = v;
  return 0;
}
