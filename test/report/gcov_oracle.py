#!/usr/bin/env python3
"""The gcov oracle for p3's line and branch counts.

Builds a program twice from one tree: K instrumented copies with p3-rewrite
(then run side by side by p3-run, and exported with p3-report --lcov), and the
original with gcc --coverage (captured with lcov/geninfo); runs the same
workload on both and compares the two tracefiles line by line
(lcov_compare.py). genhtml must accept p3's export.

usage: gcov_oracle.py --src DIR --work DIR --files "a.c b.c" [--flags "-Iinc"]
         --build "make CC=gcc" --gcov-build "make CC=gcc CFLAGS=..."
         --workload "./prog input" [--k 2] [--strategy p3] [--bin build/bin]

Exit status: 0 equal, 1 a difference, 2 a setup failure (a build, a run),
77 skipped (a tool is missing).
Standard library only.
"""
import argparse
import os
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, cwd, log, env=None, shell=False):
    with open(log, "ab") as out:
        out.write(f"$ (cd {cwd}; {cmd if shell else shlex.join(cmd)})\n".encode())
        out.flush()
        p = subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                           env=env, shell=shell, executable="/bin/bash" if shell else None)
    return p.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--src", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--files", required=True)
    ap.add_argument("--flags", default="")
    ap.add_argument("--build", required=True, help="builds a copy (run in it)")
    ap.add_argument("--gcov-build", required=True,
                    help="builds the original with gcc --coverage -O0")
    ap.add_argument("--workload", required=True)
    ap.add_argument("--k", default="2")
    ap.add_argument("--strategy", default="p3")
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
    ap.add_argument("--known", help="understood differences (lcov_compare.py)")
    args = ap.parse_args()

    for tool in ("gcc", "lcov", "genhtml", "make"):
        if not shutil.which(tool):
            print(f"SKIPPED: {tool} is not installed (scripts/setup.sh installs it)")
            return 77
    bin_dir = os.path.abspath(args.bin)
    env = dict(os.environ)
    env["PATH"] = bin_dir + os.pathsep + env["PATH"]
    env["LC_ALL"] = "C"
    env.pop("MAKEFLAGS", None)
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    tree = os.path.join(work, "tree")
    shutil.copytree(args.src, tree, symlinks=True)
    log = os.path.join(work, "oracle.log")
    out = os.path.join(tree, "p3-out")

    def step(what, cmd, cwd, shell=False):
        if run(cmd, cwd, log, env, shell) != 0:
            print(f"setup failed: {what} (see {log})")
            with open(log, errors="replace") as f:
                sys.stdout.write("".join(f.readlines()[-30:]))
            sys.exit(2)

    step("p3-rewrite", ["p3-rewrite", "-k", args.k, f"--strategy={args.strategy}",
                        "--root", tree, "-o", out] + args.files.split() + ["--"]
         + shlex.split(args.flags), tree)
    copies = sorted(d for d in os.listdir(out)
                    if d.startswith("copy-") and os.path.isdir(os.path.join(out, d)))
    for c in copies:
        step(f"building {c}", args.build, os.path.join(out, c), shell=True)
    step("building the original with --coverage", args.gcov_build, tree, shell=True)
    lcov_rc = ["--rc", "lcov_branch_coverage=1"]
    base = os.path.join(work, "base.info")
    ran = os.path.join(work, "run.info")
    gcov = os.path.join(work, "gcov.info")
    step("lcov -c -i (zero counts for what does not run)",
         ["lcov", "-q", "-c", "-i", "-d", tree, "--no-external", "-o", base] + lcov_rc, tree)
    step("the workload on the original", args.workload, tree, shell=True)
    step("lcov -c", ["lcov", "-q", "-c", "-d", tree, "--no-external", "-o", ran] + lcov_rc,
         tree)
    step("lcov -a", ["lcov", "-q", "-a", base, "-a", ran, "-o", gcov] + lcov_rc, tree)
    step("p3-run", ["p3-run", "--fresh", out, "--", "bash", "-c", args.workload], tree)
    p3 = os.path.join(work, "p3.info")
    step("p3-report --lcov", ["p3-report", "--lcov", p3, out], tree)
    step("genhtml on p3's export", ["genhtml", "-q", "--branch-coverage", "-o",
                                    os.path.join(work, "genhtml"), p3], tree)
    print(f"genhtml accepted {p3}")
    compare = [sys.executable, os.path.join(HERE, "lcov_compare.py"),
               os.path.join(out, "manifest.json"), p3, gcov]
    if args.known:
        compare += ["--known", os.path.abspath(args.known)]
    return subprocess.run(compare).returncode


if __name__ == "__main__":
    sys.exit(main())
