#!/usr/bin/env python3
"""p3-rewrite -j 4 writes exactly what -j 1 writes, on real programs.

Prepares the corpus CI programs' sources with the corpus harness
(test/corpus/corpus.py --prepare-only: Debian source packages, unpacked and
prepared as their description says), rewrites each with their own files and
flags at -j 1 and -j 4 (P3, K = 4, --stats), and requires the two output
directories, and the two --stats outputs, to be identical byte for byte.

  corpus-jobs.py --bin BUILD/bin --work CORPUS-WORK --out SCRATCH [PROGRAM...]

Exit 0 when identical, 1 on any difference or failure.
"""
import argparse
import filecmp
import json
import os
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "corpus")
sys.path.insert(0, CORPUS)
import corpus  # noqa: E402  (the harness's description reader)


def differences(a, b, rel=""):
    """Paths (relative) that differ between directory trees a and b."""
    out = []
    cmp = filecmp.dircmp(a, b)
    out += [os.path.join(rel, f) + " (only in one)" for f in cmp.left_only + cmp.right_only]
    for f in cmp.common_files:
        if not filecmp.cmp(os.path.join(a, f), os.path.join(b, f), shallow=False):
            out.append(os.path.join(rel, f))
    out += [os.path.join(rel, f) + " (type)" for f in cmp.common_funny + cmp.funny_files]
    for d in cmp.common_dirs:
        out += differences(os.path.join(a, d), os.path.join(b, d), os.path.join(rel, d))
    return out


def build_files(work, prog):
    """The files and compilation database of a description that takes its
    flags from the build (the harness's prepare step wrote the database)."""
    db = os.path.join(os.path.abspath(work), prog.name, "compdb")
    with open(os.path.join(db, "compile_commands.json")) as f:
        entries = json.load(f)
    return db, [os.path.relpath(e["file"], e["directory"]) for e in entries]


def rewrite(tool, prog, src, out, jobs, work):
    args = [tool, "-k", "4", "-j", str(jobs), "--stats", "--progress=none",
            f"--root={src}", "-o", out, "--force"]
    args += shlex.split(prog["rewrite_options"])
    if prog.flags_from_build:
        db, files = build_files(work, prog)
        args += ["-p", db] + files
    else:
        args += prog.files + ["--"] + shlex.split(prog["rewrite_flags"])
    start = time.monotonic()
    p = subprocess.run(args, cwd=src, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    secs = time.monotonic() - start
    if p.returncode != 0:
        sys.stdout.write(p.stderr)
        raise RuntimeError(f"{prog.name}: p3-rewrite -j {jobs} exited {p.returncode}")
    return p.stdout, secs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--work", required=True, help="the corpus harness's work directory")
    ap.add_argument("--out", required=True, help="scratch directory for the rewrites")
    ap.add_argument("programs", nargs="*", default=["bzip2", "zlib"])
    args = ap.parse_args()
    tool = os.path.join(os.path.abspath(args.bin), "p3-rewrite")
    prep = subprocess.run([sys.executable, os.path.join(CORPUS, "corpus.py"), "--prepare-only",
                           "--reuse", "--bin", args.bin, "--work", args.work] + args.programs)
    if prep.returncode != 0:
        print("FAIL: the corpus harness could not prepare the sources")
        return 1
    failed = False
    for prog in corpus.load_programs(args.programs):
        src = os.path.join(os.path.abspath(args.work), prog.name, "src")
        outs = {}
        for jobs in (1, 4):
            out = os.path.join(os.path.abspath(args.out), f"{prog.name}-j{jobs}")
            shutil.rmtree(out, ignore_errors=True)
            stats, secs = rewrite(tool, prog, src, out, jobs, args.work)
            outs[jobs] = (out, stats, secs)
        diff = differences(outs[1][0], outs[4][0])
        if outs[1][1] != outs[4][1]:
            diff.append("--stats output")
        summary = [l for l in outs[1][1].splitlines() if l.startswith("summary:")]
        if diff:
            failed = True
            print(f"FAIL: {prog.name}: -j 4 differs from -j 1 in: " + ", ".join(diff[:20]))
        else:
            print(f"ok: {prog.name}: -j 4 output identical to -j 1 ("
                  f"{outs[1][2]:.1f} s vs {outs[4][2]:.1f} s); {summary[0] if summary else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
