#!/usr/bin/env python3
"""Deterministic workload inputs for the corpus harness (python3 stdlib only).

    gen-input.py text   --size BYTES --seed N   text-like data (words, lines, numbers)
    gen-input.py binary --size BYTES --seed N   mixed data: text, runs, random bytes
    gen-input.py random --size BYTES --seed N   uniformly random bytes (incompressible)

The output depends only on the arguments (Python's Mersenne Twister with an
integer seed gives the same sequence on every platform and Python 3 version),
so every run of the harness, on every machine, feeds the programs the same bytes.
Sizes accept a K or M suffix (powers of 1024). Output goes to standard output.
"""
import argparse
import random
import sys

SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "ta", "shi", "po", "ve", "an", "el", "or",
             "qu", "ix", "str", "th", "ing", "ed", "er", "zo", "bu", "ca", "de", "fa"]


def size_arg(text):
    text = text.strip().upper()
    mult = 1
    if text.endswith("K"):
        mult, text = 1024, text[:-1]
    elif text.endswith("M"):
        mult, text = 1024 * 1024, text[:-1]
    return int(text) * mult


def vocabulary(rng, n):
    words = set()
    while len(words) < n:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4))))
    return sorted(words)


def text_chunk(rng, vocab, cum_weights, nbytes):
    out = []
    total = 0
    while total < nbytes:
        # words in bulk (one call), then cut into lines of 3..16 words
        words = rng.choices(vocab, cum_weights=cum_weights, k=max(64, nbytes // 5))
        i = 0
        while i < len(words) and total < nbytes:
            n = rng.randint(3, 16)
            line = " ".join(words[i:i + n])
            i += n
            if rng.random() < 0.15:
                line += " " + str(rng.randint(0, 100000))
            line = line.capitalize() + ("." if rng.random() < 0.7 else ",") + "\n"
            out.append(line)
            total += len(line)
    return "".join(out).encode()[:nbytes]


def random_bytes(rng, n):
    return rng.getrandbits(8 * n).to_bytes(n, "little") if n else b""


def generate(kind, size, seed):
    rng = random.Random(seed)
    if kind == "random":
        return random_bytes(rng, size)
    vocab = vocabulary(rng, 2000)
    weights, acc = [], 0.0
    for i in range(len(vocab)):  # Zipf-like
        acc += 1.0 / (i + 1)
        weights.append(acc)
    if kind == "text":
        return text_chunk(rng, vocab, weights, size)
    # binary: blocks of text, byte runs, random bytes and repeated earlier blocks
    out = bytearray()
    while len(out) < size:
        n = rng.randint(256, 65536)
        r = rng.random()
        if r < 0.45:
            out += text_chunk(rng, vocab, weights, n)
        elif r < 0.6:
            out += bytes([rng.getrandbits(8)]) * n
        elif r < 0.8:
            out += random_bytes(rng, min(n, 4096))
        elif out:
            start = rng.randrange(len(out))
            out += out[start:start + n]
        else:
            out += bytes(range(256)) * (n // 256)
    return bytes(out[:size])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=["text", "binary", "random"])
    ap.add_argument("--size", type=size_arg, required=True)
    ap.add_argument("--seed", type=int, required=True)
    args = ap.parse_args()
    sys.stdout.buffer.write(generate(args.kind, args.size, args.seed))


if __name__ == "__main__":
    main()
