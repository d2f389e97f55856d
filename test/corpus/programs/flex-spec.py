#!/usr/bin/env python3
"""Deterministic lex specifications for the flex workload (python3 stdlib only).

    flex-spec.py --rules N --seed S [--conditions]   a scanner spec on standard output

Keywords, identifiers, numbers in several bases, strings with escapes, operators and
random regular expressions (classes, alternations, repetitions, bounded repeats,
trailing context), and with --conditions start conditions (exclusive and inclusive,
BEGIN, yymore, yyless): flex's regex parser, NFA construction, subset construction,
minimization and table compression all see real work. The text depends only on the
arguments (Python's Mersenne Twister with an integer seed).
"""
import argparse
import random

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def word(rng, lo=2, hi=9):
    return "".join(rng.choice(LETTERS) for _ in range(rng.randint(lo, hi)))


def char_class(rng):
    parts = []
    for _ in range(rng.randint(1, 3)):
        a = rng.randrange(26)
        b = min(25, a + rng.randint(0, 6))
        parts.append(LETTERS[a] + ("-" + LETTERS[b] if b > a else ""))
    if rng.random() < 0.3:
        parts.append("0-9")
    neg = "^" if rng.random() < 0.15 else ""
    return "[" + neg + "".join(parts) + "]"


def regex(rng):
    """A literal prefix (which keeps the combined DFA from blowing up) and a random tail:
    classes, alternations, repetitions, bounded repeats."""
    parts = ['"' + word(rng, 2, 4) + '"']
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if r < 0.4:
            atom = char_class(rng)
        elif r < 0.7:
            atom = "(" + "|".join(word(rng, 1, 3) for _ in range(rng.randint(2, 4))) + ")"
        else:
            atom = word(rng, 1, 3)
        q = rng.random()
        if q < 0.2:
            atom += "*"
        elif q < 0.4:
            atom += "+"
        elif q < 0.5:
            atom += "?"
        elif q < 0.6 and atom.startswith("["):
            lo = rng.randint(1, 3)
            atom += "{%d,%d}" % (lo, lo + rng.randint(0, 2))
        parts.append(atom)
    return "".join(parts)


def spec(rules, seed, conditions):
    rng = random.Random(seed)
    out = ["%{", "#include <stdio.h>", "static long counts[%d];" % (rules + 16), "%}",
           "%option noyywrap nounput noinput", "DIGIT [0-9]", "HEX [0-9a-fA-F]",
           "ID [a-zA-Z_][a-zA-Z0-9_]*"]
    if conditions:
        out += ["%x COMMENT STR", "%s AFTERKW"]
    out.append("%%")
    kws = sorted({word(rng, 2, 8) for _ in range(rules // 3 + 3)})
    n = 0
    for kw in kws:
        out.append('"%s" { counts[%d]++;%s }' % (kw, n, " BEGIN(AFTERKW);" if conditions else ""))
        n += 1
    for _ in range(rules - len(kws)):
        r = regex(rng)
        if rng.random() < 0.1:
            r += "/" + char_class(rng)  # trailing context
        out.append("%s { counts[%d]++; }" % (r, n))
        n += 1
    out += ["0[xX]{HEX}+ { counts[%d]++; }" % n,
            "{DIGIT}+(\\.{DIGIT}*)?([eE][-+]?{DIGIT}+)? { counts[%d]++; }" % (n + 1),
            "{ID} { counts[%d]++; }" % (n + 2)]
    if conditions:
        out += ['"/*" { BEGIN(COMMENT); }', '<COMMENT>"*/" { BEGIN(INITIAL); }',
                '<COMMENT>[^*\\n]+ { yymore(); }', '<COMMENT>.|\\n { }',
                '\\" { BEGIN(STR); }', '<STR>\\\\. { }', '<STR>\\" { BEGIN(INITIAL); }',
                '<STR>[^"\\\\\\n]+ { }', '<AFTERKW>[ \\t]+ { BEGIN(INITIAL); }',
                '"<<"[a-z]+ { yyless(2); }']
    out += ["[ \\t\\n]+ { }", ". { counts[%d]++; }" % (n + 3), "%%",
            "int main(void) { long t = 0; int i; while (yylex()) ;",
            "  for (i = 0; i < %d; i++) t += counts[i] * (i + 1);" % (n + 4),
            '  printf("%ld\\n", t); return 0; }']
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--conditions", action="store_true")
    args = ap.parse_args()
    print(spec(args.rules, args.seed, args.conditions), end="")


if __name__ == "__main__":
    main()
