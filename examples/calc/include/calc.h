/* calc: a small expression calculator, the example program of p3. */
#ifndef CALC_H
#define CALC_H

enum token_kind {
  TOK_NUM, TOK_IDENT, TOK_PLUS, TOK_MINUS, TOK_STAR, TOK_SLASH, TOK_PERCENT,
  TOK_CARET, TOK_LPAREN, TOK_RPAREN, TOK_ASSIGN, TOK_COMMA, TOK_END, TOK_ERROR
};

struct token {
  enum token_kind kind;
  long value;     /* TOK_NUM */
  char name[32];  /* TOK_IDENT */
};

struct lexer {
  const char *p;
};

void lexer_init(struct lexer *lx, const char *text);
struct token lexer_next(struct lexer *lx);

/* Evaluates one line: an expression or "name = expression".
   Returns 0 and sets *result on success, -1 on a syntax or math error. */
int eval_line(const char *line, long *result, char *error, int error_size);

/* Variables. */
int var_get(const char *name, long *value);
void var_set(const char *name, long value);
int var_count(void);

/* Built-in functions: min, max, abs, gcd, fib, sumto. */
int call_builtin(const char *name, const long *args, int nargs, long *result);

#endif
