#!/usr/bin/env python3
"""The cost of p3-rewrite against parsing alone (clang -fsyntax-only), side by side.

    bench/rewrite-cost.py                      # the sqlite3 amalgamation, -k 8, 3 repetitions
    bench/rewrite-cost.py --k 4 --reps 5 zlib  # any program of test/corpus/programs
    bench/rewrite-cost.py --root DIR FILE... -- FLAGS...   # your own files

Both commands run on the same files with the same flags, alternating, each under
/usr/bin/time; the table shows the median wall-clock time and the largest peak memory of
each, and their ratios. p3-rewrite's time includes what it does beyond parsing: building
and numbering every function's path graph, placing probes for K copies, and writing K
mirrors of the root directory (`--root`, the source tree, as a user would give it).

A corpus program's source tree is fetched and prepared by test/corpus/corpus.py
(`--prepare-only`, into --work, reused when it is there).
Python 3 standard library only.
"""

import argparse
import json
import os
import shlex
import shutil
import statistics
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "test", "corpus"))
import corpus  # noqa: E402  (the program descriptions, prepared trees, timed)


def timed(argv, cwd, scratch):
    """corpus.timed, exiting on failure: (seconds, peak KB)."""
    err = os.path.join(scratch, "stderr")
    status, secs, kb = corpus.timed(argv, cwd, None, os.devnull, err)
    if status != 0 or secs is None:
        with open(err, errors="replace") as f:
            sys.exit(f"rewrite-cost: {shlex.join(argv)} failed (exit {status}):\n"
                     + f.read()[-2000:])
    return secs, kb


def prepared_program(name, work):
    """(root, files, flags, compile_db) of a corpus program, its tree prepared by corpus.py.
    compile_db: the compilation database when the description takes the files and flags
    from the build (corpus.py --prepare-only then builds the original to record them)."""
    prog = corpus.load_programs([name])[0]
    status = corpus.main(["--prepare-only", "--reuse", "--work", work,
                          "--results", os.devnull, name])
    if status != 0:
        sys.exit(f"rewrite-cost: could not prepare {name} (corpus.py exit {status})")
    with open(os.path.join(work, "results", name + ".json")) as f:
        res = json.load(f)
    return (os.path.join(work, name, "src"), res.get("files") or prog.files,
            shlex.split(prog["rewrite_flags"]), res.get("compile_db"))


def syntax_only(clang, root, files, flags, compile_db):
    """clang -fsyntax-only on the files: one command with the flags, or, with a
    compilation database, each file with its own flags, one after the other."""
    if not compile_db:
        return [clang, "-fsyntax-only", "-w"] + flags + files
    with open(compile_db) as f:
        entries = json.load(f)
    script = " && ".join(f"(cd {shlex.quote(e['directory'])} && "
                         f"{shlex.join([clang, '-fsyntax-only', '-w'] + e['arguments'][1:])})"
                         for e in entries)
    return ["bash", "-c", script]


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:5]))
    ap.add_argument("what", nargs="*", help="a corpus program (default sqlite3), or, with "
                    "--root, the files to rewrite, then -- and the compiler flags")
    ap.add_argument("--root", help="the source tree, for your own files")
    ap.add_argument("--k", type=int, default=8, help="copies (default 8)")
    ap.add_argument("--reps", type=int, default=3, help="repetitions of each (default 3)")
    ap.add_argument("--bin", default=os.path.join(TOP, "build", "bin"),
                    help="directory with p3-rewrite (default build/bin)")
    ap.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"),
                                                   "p3-rewrite-cost"),
                    help="where corpus.py prepares the program (default $TMPDIR/p3-rewrite-cost; "
                         "downloads go to $P3_CORPUS_DOWNLOADS if set)")
    flags = []
    if "--" in argv:
        cut = argv.index("--")
        argv, flags = argv[:cut], argv[cut + 1:]
    args = ap.parse_args(argv)
    args.flags = flags
    return args


def main(argv):
    args = parse_args(argv)
    clang = shutil.which("clang-19") or shutil.which("clang")
    rewrite = os.path.join(args.bin, "p3-rewrite")
    if not clang or not os.access(rewrite, os.X_OK):
        sys.exit("rewrite-cost: needs clang-19 and build/bin/p3-rewrite (scripts/setup.sh)")
    compile_db = None
    if args.root:
        root, files, flags = os.path.abspath(args.root), args.what, args.flags
        if not files:
            sys.exit("rewrite-cost: --root needs the files to rewrite")
    else:
        root, files, flags, compile_db = prepared_program((args.what or ["sqlite3"])[0],
                                                          args.work)
    lines = sum(open(os.path.join(root, f), "rb").read().count(b"\n") for f in files)

    with tempfile.TemporaryDirectory(prefix="p3-rewrite-cost-") as tmp:
        out = os.path.join(tmp, "out")
        flag_args = (["-p", os.path.dirname(compile_db)] + files if compile_db
                     else files + ["--"] + flags)
        commands = {
            "clang -fsyntax-only": syntax_only(clang, root, files, flags, compile_db),
            f"p3-rewrite -k {args.k}": [rewrite, "-k", str(args.k), f"--root={root}", "-o",
                                        out, "--force"] + flag_args,
        }
        times = {name: [] for name in commands}
        peaks = {name: [] for name in commands}
        for rep in range(args.reps):
            order = list(commands) if rep % 2 == 0 else list(reversed(commands))
            for name in order:
                secs, kb = timed(commands[name], root, tmp)
                times[name].append(secs)
                peaks[name].append(kb)

    base = "clang -fsyntax-only"
    print(f"{len(files)} file(s), {lines} lines, root {root}; {args.reps} repetitions, "
          f"alternating; median time, largest peak memory")
    print(f"{'command':<22} {'seconds':>8} {'x clang':>8} {'peak MB':>8} {'x clang':>8}")
    for name in commands:
        t, m = statistics.median(times[name]), max(peaks[name])
        print(f"{name:<22} {t:8.2f} {t / statistics.median(times[base]):8.2f} "
              f"{m / 1024:8.0f} {m / max(peaks[base]):8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
