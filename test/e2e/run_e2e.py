#!/usr/bin/env python3
"""End-to-end tests of p3: rewrite, build, run, merge, compare.

  run_e2e.py [--tools DIR] [--work DIR] [--jobs N] [--keep] SUITE [ARGS]

Suites:
  generated-c SEEDS     programs from gen_program.py (C), SEEDS like 1-30
  generated-cxx SEEDS   the same in C++ (even seeds throw across functions;
                        in C, seeds divisible by 4 longjmp across them)
  project [DIR]         the multi-file project (default: project/ next to
                        this script), built with plain `make`

For every program ("case") and every strategy and K in COMBOS:
  1. p3-rewrite -k K --strategy=S -o OUT <sources> -- <flags>, from the
     program's root (so every copy is a full mirror of it);
  2. the original is built (after the rewrites, so that no build product is
     mirrored) and run on every input: stdout, stderr and exit status are the
     reference;
  3. every copy is built the same way (no extra flag), all copies are run with
     p3-run on every input, and p3-run's output (copy 0's) must equal the
     original's, with no nondeterminism reported;
  4. the merged profile must equal the K=1 SBL profile exactly (p3-report
     OUT --check SBL/profile.json), with no warning in the report;
  5. for the combinations in PROBE_COMBOS the copies are built again with
     -DP3_COUNT_PROBES and run again: `p3-report --overhead` must say that the
     measured probes agree with the model (skipped, and said, for C++ programs
     whose exceptions cross functions: a path cut short runs probes that no
     path count carries, see test/lit/rewrite/FINDINGS.md; and for tcc builds
     of C programs that longjmp across functions, since tcc builds do not
     count paths cut short).
Each case uses one compiler configuration (compiler, language standard,
optimisation), rotating over the cases so that the suite covers gcc, clang and
tcc at C99, C11 and C17, and g++ and clang++ at C++11, 14, 17 and 20. Programs
and copies are built with -Wall -Wextra -Werror.

Prints one line per case; on failure, the reason, and keeps the case's
directory. Exit status 1 if any case failed.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# "auto-train" is --strategy=auto --train with the SBL profile of the same
# runs (rewritten once that profile exists); "auto" plans from static
# estimates.
COMBOS = [("sbl", 1), ("pbl", 1), ("p3", 1),
          ("sbl", 2), ("pbl", 2), ("p3", 2),
          ("sbl", 4), ("pbl", 4), ("p3", 4),
          ("auto", 4), ("auto-train", 3)]
PROBE_COMBOS = [("sbl", 1), ("pbl", 2), ("p3", 4), ("auto-train", 3)]

WARN = "-Wall -Wextra -Werror"
C_CONFIGS = [
    ("gcc-c99-O0", "gcc", "-std=c99 -O0"),
    ("clang-c11-O1", "clang-19", "-std=c11 -O1"),
    ("tcc", "tcc", ""),
    ("gcc-c11-O2", "gcc", "-std=c11 -O2"),
    ("clang-c17-O0", "clang-19", "-std=c17 -O0"),
    ("gcc-c17-O1", "gcc", "-std=c17 -O1"),
    ("clang-c99-O0", "clang-19", "-std=c99 -O0"),
]
CXX_CONFIGS = [
    ("g++-c++11-O0", "g++", "-std=c++11 -O0"),
    ("clang++-c++14-O2", "clang++-19", "-std=c++14 -O2"),
    ("g++-c++17-O2", "g++", "-std=c++17 -O2"),
    ("clang++-c++20-O0", "clang++-19", "-std=c++20 -O0"),
    ("g++-c++20-O1", "g++", "-std=c++20 -O1"),
    ("clang++-c++11-O1", "clang++-19", "-std=c++11 -O1"),
    ("g++-c++14-O0", "g++", "-std=c++14 -O0"),
    ("clang++-c++17-O2", "clang++-19", "-std=c++17 -O2"),
]
PROJECT_CONFIGS = [("make-gcc", "gcc", "-O2"), ("make-clang", "clang-19", "-O0"),
                   ("make-tcc", "tcc", "")]


class Failure(Exception):
    pass


def sh(cmd, cwd, stdin=None, env=None, timeout=120):
    """Runs cmd (a list) and returns (stdout, stderr, status) as bytes."""
    started = time.time()
    try:
        r = subprocess.run(cmd, cwd=cwd, input=stdin, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure("timed out: %s (in %s)" % (" ".join(cmd), cwd))
    if os.environ.get("P3_E2E_TRACE") and time.time() - started > 0.5:
        sys.stderr.write("%.1fs %s (in %s)\n" % (time.time() - started, " ".join(cmd), cwd))
    return r.stdout, r.stderr, r.returncode


def must(cmd, cwd, what, **kw):
    out, err, rc = sh(cmd, cwd, **kw)
    if rc != 0:
        raise Failure("%s failed (status %d): %s\n%s%s" % (
            what, rc, " ".join(shlex.quote(c) for c in cmd), out.decode(errors="replace")[-2000:],
            err.decode(errors="replace")[-2000:]))
    return out, err


class Case:
    """One program: a root directory, its sources, how to build, its runs."""

    def __init__(self, name, root, sources, lang, config, runs, rewrite_flags, build, probes=True,
                 combos=COMBOS):
        self.name = name
        self.root = root
        self.sources = sources
        self.lang = lang
        self.config = config
        self.runs = runs  # [(args, stdin bytes)]
        self.rewrite_flags = rewrite_flags
        self.build = build  # function(tree, extra_flags) -> None
        self.probes = probes
        self.combos = combos


def run_case(case, tools, keep_all):
    env = dict(os.environ)
    if tools:
        env["PATH"] = tools + os.pathsep + env["PATH"]
    work = os.path.dirname(case.root)
    started = time.time()
    exe = "./prog"
    try:
        outs = {}

        def rewrite(s, k, extra=()):
            out = os.path.join(work, "out-%s%d" % (s, k))
            strategy = "auto" if s == "auto-train" else s
            must(["p3-rewrite", "-k", str(k), "--strategy=" + strategy, "-o", out] +
                 list(extra) + case.sources + ["--"] + case.rewrite_flags, case.root,
                 "p3-rewrite (%s, k=%d)" % (s, k), env=env)
            outs[(s, k)] = out

        for s, k in case.combos:
            if s != "auto-train":
                rewrite(s, k)
        trained = [c for c in case.combos if c[0] == "auto-train"]
        if trained:
            # The training profile: SBL's on the same runs, before the original
            # is built (so that no build product is mirrored into the copies).
            sbl = outs[("sbl", 1)]
            case.build(os.path.join(sbl, "copy-0"), [])
            for n, (args, data) in enumerate(case.runs):
                sh(["p3-run"] + (["--fresh"] if n == 0 else []) + [sbl, "--", exe] + args,
                   case.root, stdin=data, env=env)
            train = os.path.join(work, "train.json")
            shutil.copyfile(os.path.join(sbl, "profile.json"), train)
            for s, k in trained:
                rewrite(s, k, ["--train", train])
        case.build(case.root, [])
        expected = [sh([exe] + args, case.root, stdin=data, env=env) for args, data in case.runs]
        ref = os.path.join(outs[("sbl", 1)], "profile.json")

        def run_all(out, what):
            for n, ((args, data), exp) in enumerate(zip(case.runs, expected)):
                cmd = ["p3-run", "--no-merge"] + (["--fresh"] if n == 0 else []) + \
                      [out, "--", exe] + args
                got_out, got_err, rc = sh(cmd, case.root, stdin=data, env=env)
                lines = got_err.decode(errors="replace").splitlines(True)
                own = [l for l in lines if l.startswith("p3-run:")]
                prog_err = "".join(l for l in lines if not l.startswith("p3-run:"))
                if any("nondeterminism" in l or "differ" in l for l in own):
                    raise Failure("%s, run %s: p3-run reports: %s" % (what, args, "".join(own)))
                if got_out != exp[0]:
                    raise Failure("%s, run %s: stdout differs from the original's" % (what, args))
                if prog_err != exp[1].decode(errors="replace"):
                    raise Failure("%s, run %s: stderr differs from the original's:\n%s\nvs\n%s" % (
                        what, args, prog_err, exp[1].decode(errors="replace")))
                if rc != exp[2]:
                    raise Failure("%s, run %s: exit status %d, the original's %d" % (
                        what, args, rc, exp[2]))

        for (s, k), out in outs.items():
            what = "%s k=%d" % (s, k)
            for c in range(k):
                case.build(os.path.join(out, "copy-%d" % c), [])
            run_all(out, what)
            if (s, k) == ("sbl", 1):
                rep, _ = must(["p3-report", out], case.root, "p3-report " + what, env=env)
            else:
                rep, _ = must(["p3-report", out, "--check", ref, "-o",
                               os.path.join(out, "merged.json")], case.root,
                              "p3-report --check (%s): the merged profile differs from SBL's" % what,
                              env=env)
            if b"WARNING" in rep:
                raise Failure("%s: the report warns:\n%s" % (what, rep.decode(errors="replace")))
        probe_note = ""
        if case.probes:
            for s, k in [c for c in PROBE_COMBOS if c in outs] or [case.combos[-1]]:
                out = outs[(s, k)]
                what = "%s k=%d with -DP3_COUNT_PROBES" % (s, k)
                for c in range(k):
                    case.build(os.path.join(out, "copy-%d" % c), ["-DP3_COUNT_PROBES"])
                run_all(out, what)
                rep, _ = must(["p3-report", "--overhead", out, "--check", ref, "-o",
                               os.path.join(out, "probes.json")], case.root,
                              "p3-report --overhead (%s)" % what, env=env)
                if b"measured probe counts agree with the model" not in rep:
                    raise Failure("%s: measured probes differ from the model:\n%s" % (
                        what, rep.decode(errors="replace")[-3000:]))
        else:
            probe_note = ", probes not checked (exceptions cross functions, or tcc with longjmp)"
        if not keep_all:
            shutil.rmtree(work, ignore_errors=True)
        return True, "PASS %s [%s] %.1fs%s" % (case.name, case.config[0], time.time() - started,
                                              probe_note)
    except Failure as e:
        return False, "FAIL %s [%s]: %s\n  (kept %s)" % (case.name, case.config[0], e, work)


def compile_build(config, lang, sources):
    """A build function: compile sources into ./prog at the tree's root."""
    name, cc, flags = config

    def build(tree, extra):
        cmd = [cc] + WARN.split() + flags.split() + extra + sources + ["-o", "prog"]
        must(cmd, tree, "build with %s in %s" % (name, tree))
    return build


def make_build(config):
    name, cc, flags = config

    def build(tree, extra):
        # -B: the probe-counting build must not reuse objects of the first.
        must(["make", "-s", "-B", "CC=" + cc, "CFLAGS=" + " ".join([flags] + WARN.split() + extra)],
             tree, "make (%s) in %s" % (name, tree))
        if not os.path.exists(os.path.join(tree, "prog")):
            os.symlink("wstat", os.path.join(tree, "prog"))
    return build


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            seeds.extend(range(int(a), int(b) + 1))
        else:
            seeds.append(int(part))
    return seeds


def generated_cases(lang, seeds, work):
    cases = []
    configs = C_CONFIGS if lang == "c" else CXX_CONFIGS
    for n, seed in enumerate(seeds):
        config = configs[n % len(configs)]
        name = "gen-%s-%d" % (lang, seed)
        root = os.path.join(work, name, "src")
        os.makedirs(root)
        src = "prog.c" if lang == "c" else "prog.cpp"
        across = lang == "cxx" and seed % 2 == 0
        # C: every fourth seed longjmps across functions and may exit() deep down.
        jumps = lang == "c" and seed % 4 == 0
        cmd = [sys.executable, os.path.join(HERE, "gen_program.py"), str(seed), "--lang", lang,
               "-o", os.path.join(root, src)] + (["--throw-across"] if across else []) + (
                   ["--jump-across"] if jumps else [])
        subprocess.run(cmd, check=True)
        runs = [(["1", "2", "3"], b""), ([str(seed * 7), str(seed * 13 + 5)], b""),
                (["4000000000", "0", str(seed)], b"")]
        std = [f for f in config[2].split() if f.startswith("-std=")]
        cases.append(Case(name, root, [src], lang, config, runs, std,
                          compile_build(config, lang, [src]),
                          probes=not across and not (jumps and config[1] == "tcc")))
    return cases


def project_cases(project, work):
    cases = []
    inputs = {}
    for f in sorted(os.listdir(os.path.join(project, "inputs"))):
        with open(os.path.join(project, "inputs", f), "rb") as fh:
            inputs[f] = fh.read()
    runs = [([], inputs["prose.txt"]), (["-n", "5"], inputs["prose.txt"]),
            (["-a", "-n", "20", "-m", "4"], inputs["prose.txt"]), (["-s"], inputs["code.txt"]),
            (["-k", "-n", "3"], inputs["code.txt"]), ([], inputs["empty.txt"]),
            (["-x"], b""), (["-n"], b"")]
    for config in PROJECT_CONFIGS:
        name = "project-" + config[0]
        root = os.path.join(work, name, "src")
        shutil.copytree(project, root, ignore=shutil.ignore_patterns("*.o", "wstat", "prog"))
        srcs = sorted("src/" + f for f in os.listdir(os.path.join(root, "src")) if f.endswith(".c"))
        combos = [("sbl", 1), ("p3", 4), ("pbl", 4), ("p3", 2), ("pbl", 2), ("auto", 4),
                  ("auto-train", 2)]
        cases.append(Case(name, root, srcs, "c", config, runs, ["-Iinclude"], make_build(config),
                          combos=combos))
    return cases


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tools", default=os.environ.get("P3_TOOLS"),
                   help="directory with p3-rewrite, p3-run, p3-report (default: $P3_TOOLS or PATH)")
    p.add_argument("--work", help="work directory (default: a new temporary one)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--keep", action="store_true", help="keep the directories of passing cases")
    p.add_argument("suite", choices=["generated-c", "generated-cxx", "project"])
    p.add_argument("arg", nargs="?")
    args = p.parse_args()
    tools = os.path.abspath(args.tools) if args.tools else ""
    work = args.work or tempfile.mkdtemp(prefix="p3-e2e-")
    work = os.path.abspath(work)
    if os.path.exists(work) and os.listdir(work):
        shutil.rmtree(work)
    os.makedirs(work, exist_ok=True)
    if args.suite == "project":
        cases = project_cases(args.arg or os.path.join(HERE, "project"), work)
    else:
        cases = generated_cases("c" if args.suite == "generated-c" else "cxx",
                                parse_seeds(args.arg or "1-5"), work)
    started = time.time()
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for ok, line in pool.map(lambda c: run_case(c, tools, args.keep), cases):
            print(line, flush=True)
            failed += not ok
    print("%s: %d cases, %d failed, %.0fs" % (args.suite, len(cases), failed, time.time() - started))
    if not failed and not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
