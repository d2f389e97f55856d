#!/usr/bin/env python3
"""p3-rewrite -j N against clang -fsyntax-only run as xargs -P N, side by side.

    bench/rewrite-jobs.py                       # sqlite3 and lua, -j 1,2,4, 3 repetitions
    bench/rewrite-jobs.py --jobs 1,2 --reps 5 lua zlib
    bench/rewrite-jobs.py --root DIR FILE... -- FLAGS...   # your own files

For each N, both commands run on the same files with the same flags, alternating, each
under /usr/bin/time: p3-rewrite -k K -j N (parsing N files at a time on N threads, then
planning and writing the K copies) and "xargs -P N -n 1 clang -fsyntax-only" (N compiler
processes, parsing only). The table shows the median wall-clock time with the spread
(fastest-slowest), their ratio, and each command's speed-up over its own N = 1. The sqlite3
amalgamation is one translation unit (the parse cannot be split: what -j costs), lua has
~35 (what -j gains). Corpus programs' trees are prepared by test/corpus/corpus.py
(--prepare-only, into --work, reused). Python 3 standard library only.
"""

import argparse
import os
import shlex
import shutil
import statistics
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "test", "corpus"))
import corpus  # noqa: E402  (program descriptions, prepared trees, timed)


def timed(argv, cwd, scratch):
    """Seconds of argv, exiting on failure."""
    err = os.path.join(scratch, "stderr")
    status, secs, _ = corpus.timed(argv, cwd, None, os.devnull, err)
    if status != 0 or secs is None:
        with open(err, errors="replace") as f:
            sys.exit(f"rewrite-jobs: {shlex.join(argv)} failed (exit {status}):\n"
                     + f.read()[-2000:])
    return secs


def prepared_program(name, work):
    prog = corpus.load_programs([name])[0]
    status = corpus.main(["--prepare-only", "--reuse", "--work", work,
                          "--results", os.devnull, name])
    if status != 0:
        sys.exit(f"rewrite-jobs: could not prepare {name} (corpus.py exit {status})")
    return (os.path.join(work, name, "src"), prog.files,
            shlex.split(prog["rewrite_flags"]))


def measure(name, root, files, flags, args, clang, rewrite):
    lines = sum(open(os.path.join(root, f), "rb").read().count(b"\n") for f in files)
    rows = []
    with tempfile.TemporaryDirectory(prefix="p3-rewrite-jobs-") as tmp:
        out = os.path.join(tmp, "out")
        for n in args.jobs:
            xargs = ("printf '%s\\n' " + " ".join(shlex.quote(f) for f in files) +
                     f" | xargs -P {n} -n 1 {shlex.quote(clang)} -fsyntax-only -w " +
                     " ".join(shlex.quote(f) for f in flags))
            commands = {
                "p3": [rewrite, "-k", str(args.k), "-j", str(n), "--progress=none",
                       f"--root={root}", "-o", out, "--force"] + files + ["--"] + flags,
                "clang": ["sh", "-c", xargs],
            }
            times = {c: [] for c in commands}
            for rep in range(args.reps):
                order = list(commands) if rep % 2 == 0 else list(reversed(commands))
                for c in order:
                    times[c].append(timed(commands[c], root, tmp))
            rows.append((n, times["p3"], times["clang"]))

    print(f"\n{name}: {len(files)} file(s), {lines} lines; p3-rewrite -k {args.k}; "
          f"{args.reps} repetitions, alternating; median seconds [fastest-slowest]")
    print(f"{'N':>3} {'p3-rewrite -j N':>22} {'clang xargs -P N':>22} {'ratio':>6} "
          f"{'p3 speed-up':>11} {'clang speed-up':>14}")
    p1, c1 = statistics.median(rows[0][1]), statistics.median(rows[0][2])
    for n, p, c in rows:
        pm, cm = statistics.median(p), statistics.median(c)
        print(f"{n:>3} {pm:9.2f} [{min(p):5.2f}-{max(p):5.2f}] {cm:9.2f} "
              f"[{min(c):5.2f}-{max(c):5.2f}] {pm / cm:6.2f} {p1 / pm:11.2f} {c1 / cm:14.2f}")


def main(argv):
    flags = []
    if "--" in argv:
        cut = argv.index("--")
        argv, flags = argv[:cut], argv[cut + 1:]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:5]))
    ap.add_argument("what", nargs="*", help="corpus programs (default sqlite3 lua), or, "
                    "with --root, the files, then -- and the compiler flags")
    ap.add_argument("--root", help="the source tree, for your own files")
    ap.add_argument("--jobs", default="1,2,4", help="values of N (default 1,2,4)")
    ap.add_argument("--k", type=int, default=4, help="copies (default 4)")
    ap.add_argument("--reps", type=int, default=3, help="repetitions (default 3)")
    ap.add_argument("--bin", default=os.path.join(TOP, "build", "bin"))
    ap.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"),
                                                   "p3-rewrite-jobs"),
                    help="where corpus.py prepares the programs")
    args = ap.parse_args(argv)
    args.jobs = [int(x) for x in args.jobs.split(",") if x]
    if not args.jobs or min(args.jobs) < 1:
        ap.error("--jobs takes positive integers")
    clang = shutil.which("clang-19") or shutil.which("clang")
    rewrite = os.path.join(args.bin, "p3-rewrite")
    if not clang or not os.access(rewrite, os.X_OK):
        sys.exit("rewrite-jobs: needs clang-19 and build/bin/p3-rewrite (scripts/setup.sh)")
    print(f"machine: {os.cpu_count()} CPUs; {clang}")
    if args.root:
        if not args.what:
            sys.exit("rewrite-jobs: --root needs the files to rewrite")
        measure(args.root, os.path.abspath(args.root), args.what, flags, args, clang, rewrite)
        return 0
    for name in args.what or ["sqlite3", "lua"]:
        root, files, pflags = prepared_program(name, args.work)
        measure(name, root, files, pflags, args, clang, rewrite)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
