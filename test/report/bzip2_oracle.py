#!/usr/bin/env python3
"""The gcov oracle on Debian's bzip2 (ctest report-gcov-bzip2).

Prepares bzip2's source tree with the corpus harness (test/corpus/corpus.py
--prepare-only: the Debian source package, downloaded once into a cache),
generates two inputs with the corpus's generator, and runs gcov_oracle.py:
K=2 P3 copies built with bzip2's Makefile against the original built with
gcc --coverage, on a workload that compresses, decompresses and tests both
inputs at two block sizes. The understood differences are in
test/report/known/bzip2.txt.

usage: bzip2_oracle.py --work DIR [--downloads DIR] [--bin build/bin]
Exit status: 0 equal, 1 a difference, 2 a setup failure, 77 skipped.
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
FILES = ("blocksort.c huffman.c crctable.c randtable.c compress.c decompress.c "
         "bzlib.c bzip2.c bzip2recover.c")
FLAGS = "-D_FILE_OFFSET_BITS=64"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", required=True)
    ap.add_argument("--downloads")
    ap.add_argument("--bin", default=os.path.join(REPO, "build", "bin"))
    args = ap.parse_args()
    for tool in ("gcc", "lcov", "genhtml", "make", "apt-get"):
        if not shutil.which(tool):
            print(f"SKIPPED: {tool} is not installed (scripts/setup.sh installs it)")
            return 77
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    prepare = [sys.executable, os.path.join(REPO, "test", "corpus", "corpus.py"),
               "--prepare-only", "--reuse", "--bin", args.bin, "--work",
               os.path.join(work, "corpus")]
    if args.downloads:
        prepare += ["--downloads", args.downloads]
    p = subprocess.run(prepare + ["bzip2"], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    if p.returncode != 0:
        sys.stdout.write(p.stdout.decode(errors="replace")[-3000:])
        print("setup failed: the corpus harness could not prepare bzip2")
        return 2
    src = os.path.join(work, "corpus", "bzip2", "src")
    inputs = os.path.join(work, "inputs")
    os.makedirs(inputs, exist_ok=True)
    gen = os.path.join(REPO, "test", "corpus", "gen-input.py")
    for kind, seed, name in (("text", "2", "words.txt"), ("binary", "1", "mixed.bin")):
        with open(os.path.join(inputs, name), "wb") as out:
            subprocess.run([sys.executable, gen, kind, "--size", "200K", "--seed", seed],
                           stdout=out, check=True)
    workload = (
        f"set -e; I={inputs}; for f in mixed.bin words.txt; do for l in 1 9; do "
        f"./bzip2 -$l < $I/$f > $f.$l.bz2; ./bzip2 -d < $f.$l.bz2 | cmp - $I/$f; "
        f"./bzip2 -t $f.$l.bz2; done; done; ./bzip2 -s -d < words.txt.9.bz2 > /dev/null; "
        f"rm -f *.bz2")
    make = "make -s CC=gcc CFLAGS=\"{} -D_FILE_OFFSET_BITS=64\" bzip2 bzip2recover"
    return subprocess.run([
        sys.executable, os.path.join(HERE, "gcov_oracle.py"), "--src", src,
        "--work", os.path.join(work, "oracle"), "--files", FILES, f"--flags={FLAGS}",
        "--build", make.format("-Wall -Winline -O2"),
        "--gcov-build", make.format("-O0 --coverage"),
        "--workload", workload, "--bin", args.bin,
        "--known", os.path.join(HERE, "known", "bzip2.txt")]).returncode


if __name__ == "__main__":
    sys.exit(main())
