#!/usr/bin/env python3
"""Build, run and compare a program and its OSP copy (p3-rewrite --mode=osp).

  ospcheck.py verify OUT [options] FILE...
      Run from the source root (where p3-rewrite ran). Builds the original
      program from FILE... and OUT/copy-0 from the same files with each
      compiler (C: gcc, clang, tcc; C++: g++, clang++; --compilers) and
      -Wall -Wextra -Werror, runs each build (the copy inside its own tree)
      and requires the original's stdout, stderr and exit status from the
      copy in each runtime mode: sampling (P3_OSP_PERIOD=1, so that small
      programs are sampled densely), skipping only (P3_OSP_MODE=skip) and
      tracing (P3_OSP_MODE=trace). Then:
        - every process wrote a hot list (*.osp, "dump ... exit") that
          p3-report reads without error, and one trace;
        - the block counts agree: the hot lists' "blocks" (sampling and
          skipping) equal the number of blocks in the traces;
        - every compiler ran every block the same number of times (the order
          of blocks in operands C leaves unordered may differ);
        - register mode is exact: the copy built as it is and built with
          -DP3_OSP_SHARED_COUNTER (every action on the thread's counter)
          write the same hot lists, bit for bit, when they sample at
          periods 4 and 32 with the same seed (the same blocks start the
          same windows, which record the same blocks); not with
          --threads (threads interleave differently from run to run);
        - an action as one asm statement (gcc and clang on x86-64: subtract,
          branch, the slow path out of line) samples exactly as its C form:
          the copy built as it is and built with -DP3_OSP_C_STEP write the
          same hot lists, bit for bit, at periods 1, 3 and 32 (not with
          --threads);
        - the fast record (gcc and clang on x86-64: a block recorded into an
          open window without a start or an end there is recorded by a
          function that saves only the integer registers) samples exactly as
          the full slow path: the copy built as it is and built with
          -DP3_OSP_NO_FAST_RECORD write the same hot lists, bit for bit, at
          periods 3 and 32 (not with --threads);
        - with --unchained OUT2 (the same files rewritten with
          -osp-no-chains: every block its own action): chains are exact:
          both copies write the same traces (every block, in order) and the
          same hot lists, bit for bit, sampling at periods 1, 3 and 32;
        - prints, for FileCheck, how often each block ran (from the traces of
          the first compiler): "BLOCK <function> <lines>: <count>", in id
          order, and the exact top subpaths of length 2 as p3-report --exact
          prints them (--top N).

The compilers come from the environment (P3_TEST_CC, P3_TEST_CLANG,
P3_TEST_TCC, P3_TEST_CXX, P3_TEST_CLANGXX), set by lit.local.cfg.
"""

import argparse
import collections
import glob
import json
import os
import shlex
import shutil
import struct
import subprocess
import sys

WARN = ["-Wall", "-Wextra", "-Werror"]


def fail(msg):
    sys.stderr.write("ospcheck: FAIL: " + msg + "\n")
    sys.exit(1)


def compilers_for(files, names):
    cxx = any(f.endswith((".cpp", ".cc", ".cxx", ".C")) for f in files)
    env = os.environ
    keys = {"gcc": "P3_TEST_CC", "clang": "P3_TEST_CLANG", "tcc": "P3_TEST_TCC",
            "g++": "P3_TEST_CXX", "clang++": "P3_TEST_CLANGXX"}
    if names:
        return [(n, env.get(keys.get(n, ""), n)) for n in names.split(",")]
    if cxx:
        return [("g++", env.get("P3_TEST_CXX", "g++")),
                ("clang++", env.get("P3_TEST_CLANGXX", "clang++-19"))]
    return [("gcc", env.get("P3_TEST_CC", "gcc")),
            ("clang", env.get("P3_TEST_CLANG", "clang-19")),
            ("tcc", env.get("P3_TEST_TCC", "tcc"))]


def build(compiler, flags, files, cwd, out):
    cmd = [compiler] + flags + files + ["-o", out]
    if compiler.endswith("tcc"):
        cmd = [c for c in cmd if not c.startswith("-std=")]
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if r.returncode != 0 or r.stdout.strip():
        fail("build in %s: %s\n%s" % (cwd, " ".join(shlex.quote(c) for c in cmd), r.stdout))


def run(binary, args, cwd, stdin_data, env_extra):
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("P3_"):
            del env[k]
    env.update(env_extra)
    try:
        r = subprocess.run(["prog"] + args, executable=binary, cwd=cwd, input=stdin_data,
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    except subprocess.TimeoutExpired:
        fail("%s %s timed out in %s" % (binary, args, cwd))
    return (r.stdout, r.stderr, r.returncode)


def read_trace(path):
    """{thread: [block ids]} of one trace file."""
    data = open(path, "rb").read()
    eol = data.index(b"\n")
    if not data.startswith(b"P3OSPTRACE 1 "):
        fail("%s is not a trace" % path)
    pos, threads = eol + 1, collections.defaultdict(list)
    while pos < len(data):
        thread, n = struct.unpack_from("<II", data, pos)
        pos += 8
        threads[thread].extend(struct.unpack_from("<%dI" % n, data, pos))
        pos += 4 * n
    return threads


def hot_list_blocks(path):
    with open(path) as f:
        head = [next(f) for _ in range(4)]
    if not head[1].startswith("dump ") or not head[1].split()[2] == "exit":
        fail("%s: not a final dump: %s" % (path, head[1]))
    state = head[3].split()
    return int(state[state.index("blocks") + 1])


def hot_lists_of(pdir):
    """The hot lists of a directory, without their first line (the pid)."""
    lists = []
    for path in sorted(glob.glob(os.path.join(pdir, "*.osp"))):
        with open(path) as f:
            lists.append(f.read().split("\n", 1)[1])
    return sorted(lists)


def check_same_hot_lists(name, builds, periods, copy_dir, work, runs,
                         stdin_data, what):
    """Each run of the two BUILDS ((kind, binary) pairs) writes the same hot
    lists, bit for bit, at every period."""
    (kind_a, _), (kind_b, _) = builds
    for period in periods:
        for i, r in enumerate(runs):
            got = {}
            for kind, binary in builds:
                pdir = os.path.join(work, "%s-%s-p%s-r%d" % (name, kind, period, i))
                os.makedirs(pdir)
                run(binary, r, copy_dir, stdin_data,
                    {"P3_PROFILE_DIR": pdir, "P3_OSP_PERIOD": period})
                got[kind] = hot_lists_of(pdir)
            if not got[kind_a]:
                fail("%s build, period %s, run %s: no hot list" % (name, period, r))
            if got[kind_a] != got[kind_b]:
                fail("%s build, period %s, run %s: %s wrote different hot lists:"
                     "\n%s\n---\n%s" % (name, period, r, what,
                                          got[kind_a][0][:2000],
                                          (got[kind_b] or [""])[0][:2000]))


def check_register_mode(name, cc, flags, files, copy_dir, copy_bin, work, runs,
                        stdin_data):
    shared_bin = copy_bin + "-shared"
    build(cc, flags + ["-DP3_OSP_SHARED_COUNTER"], files, copy_dir, shared_bin)
    check_same_hot_lists(name, (("register", copy_bin), ("shared", shared_bin)),
                         ("4", "32"), copy_dir, work, runs, stdin_data,
                         "register mode and the shared counter")


def check_asm_step(name, cc, flags, files, copy_dir, copy_bin, work, runs,
                   stdin_data):
    """The copy as built (gcc and clang on x86-64: an action is one asm
    statement) and built with -DP3_OSP_C_STEP (the C form) write the same hot
    lists, bit for bit, at periods 1, 3 and 32."""
    cform_bin = copy_bin + "-cform"
    build(cc, flags + ["-DP3_OSP_C_STEP"], files, copy_dir, cform_bin)
    check_same_hot_lists(name, (("asm", copy_bin), ("cform", cform_bin)),
                         ("1", "3", "32"), copy_dir, work, runs, stdin_data,
                         "the asm and C forms of the actions")


def check_fast_record(name, cc, flags, files, copy_dir, copy_bin, work, runs,
                      stdin_data):
    """The copy as built and built with -DP3_OSP_NO_FAST_RECORD (every
    slow path through the thunk that saves every register) write the same
    hot lists, bit for bit, at periods 3 and 32 (at period 1 every block
    starts a window: the fast record never runs)."""
    full_bin = copy_bin + "-nofast"
    build(cc, flags + ["-DP3_OSP_NO_FAST_RECORD"], files, copy_dir, full_bin)
    check_same_hot_lists(name, (("fast", copy_bin), ("full", full_bin)),
                         ("3", "32"), copy_dir, work, runs, stdin_data,
                         "the fast record and the full slow path")


def traces_of(pdir):
    """The blocks each process ran, per thread, in file order."""
    return [sorted(read_trace(t).items())
            for t in sorted(glob.glob(os.path.join(pdir, "*.trace")))]


def check_chains(name, cc, flags, files, copy_dir, copy_bin, unchained, work,
                 runs, stdin_data):
    plain_dir = os.path.join(unchained, "copy-0")
    plain_bin = copy_bin + "-unchained"
    build(cc, flags, files, plain_dir, plain_bin)
    settings = [("trace", {"P3_OSP_MODE": "trace"})] + [
        ("p" + p, {"P3_OSP_PERIOD": p}) for p in ("1", "3", "32")]
    for label, env in settings:
        for i, r in enumerate(runs):
            got = {}
            for kind, binary, cwd in (("chained", copy_bin, copy_dir),
                                      ("unchained", plain_bin, plain_dir)):
                pdir = os.path.join(work, "%s-%s-%s-r%d" % (name, kind, label, i))
                os.makedirs(pdir)
                run(binary, r, cwd, stdin_data, dict(env, P3_PROFILE_DIR=pdir))
                got[kind] = traces_of(pdir) if label == "trace" else hot_lists_of(pdir)
            if not got["chained"]:
                fail("%s build, %s, run %s: nothing written" % (name, label, r))
            if got["chained"] != got["unchained"]:
                fail("%s build, %s, run %s: the chained and unchained copies "
                     "differ" % (name, label, r))


def verify(args):
    out = os.path.abspath(args.out)
    root = os.getcwd()
    with open(os.path.join(out, "manifest.json")) as f:
        manifest = json.load(f)
    if manifest.get("format") != "p3-osp-manifest":
        fail("%s is not an OSP output" % out)
    blocks = {}
    for fn in manifest["functions"]:
        for bid, _, line, end in fn.get("blocks", []):
            blocks[bid] = (fn["name"], line, end)
    flags = WARN + (["-std=" + args.std] if args.std else []) + shlex.split(args.cflags or "")
    runs = [shlex.split(r) for r in args.run] if args.run else [[]]
    stdin_data = open(args.stdin, "rb").read() if args.stdin else b""
    work = os.path.join(out, "ospcheck")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    modes = [("sample", {"P3_OSP_PERIOD": "1"}), ("skip", {"P3_OSP_MODE": "skip"}),
             ("trace", {"P3_OSP_MODE": "trace"})]
    counts_of = {}
    first_trace_dir = None
    for name, cc in compilers_for(args.files, args.compilers):
        orig = os.path.join(work, "orig-" + name)
        build(cc, flags, args.files, root, orig)
        expected = [run(orig, r, root, stdin_data, {}) for r in runs]
        copy_dir = os.path.join(out, "copy-0")
        copy_bin = os.path.join(work, "copy-" + name)
        build(cc, flags, args.files, copy_dir, copy_bin)
        blocks_by_mode = {}
        for mode, env in modes:
            pdir = os.path.join(work, "%s-%s" % (name, mode))
            os.makedirs(pdir)
            env = dict(env, P3_PROFILE_DIR=pdir)
            for r, exp in zip(runs, expected):
                got = run(copy_bin, r, copy_dir, stdin_data, env)
                for what, a, b in zip(["stdout", "stderr", "exit status"], exp, got):
                    if a != b:
                        fail("%s build, %s mode, run %s: %s differs: original %r, copy %r"
                             % (name, mode, r, what, a, b))
            if mode == "trace":
                traces = sorted(glob.glob(os.path.join(pdir, "*.trace")))
                if len(traces) < len(runs):
                    fail("%s build: %d traces for %d runs" % (name, len(traces), len(runs)))
                total = collections.Counter()
                n = 0
                for t in traces:
                    for ids in read_trace(t).values():
                        total.update(ids)
                        n += len(ids)
                blocks_by_mode[mode] = n
                counts_of[name] = total
                unknown = [b for b in total if b not in blocks]
                if unknown:
                    fail("%s build: block ids %s are not in the manifest" % (name, unknown[:5]))
                if first_trace_dir is None:
                    first_trace_dir = pdir
            else:
                lists = sorted(glob.glob(os.path.join(pdir, "*.osp")))
                if len(lists) < len(runs):
                    fail("%s build, %s mode: %d hot lists for %d runs"
                         % (name, mode, len(lists), len(runs)))
                blocks_by_mode[mode] = sum(hot_list_blocks(p) for p in lists)
                r = subprocess.run(["p3-report", "--top", "3", out, "-o",
                                    os.path.join(work, "report.json")] + lists,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   universal_newlines=True)
                if r.returncode != 0:
                    fail("p3-report on the %s %s hot lists:\n%s" % (name, mode, r.stdout))
        if not args.threads:
            check_register_mode(name, cc, flags, args.files, copy_dir, copy_bin, work,
                                runs, stdin_data)
            if name != "tcc":
                check_asm_step(name, cc, flags, args.files, copy_dir, copy_bin, work,
                               runs, stdin_data)
                check_fast_record(name, cc, flags, args.files, copy_dir, copy_bin, work,
                                  runs, stdin_data)
            if args.unchained:
                check_chains(name, cc, flags, args.files, copy_dir, copy_bin,
                             os.path.abspath(args.unchained), work, runs, stdin_data)
        if len(set(blocks_by_mode.values())) != 1:
            fail("%s build: blocks per mode differ: %s" % (name, blocks_by_mode))
    names = list(counts_of)
    for n in names[1:]:
        if counts_of[n] != counts_of[names[0]]:
            diff = {b: (counts_of[names[0]][b], counts_of[n][b])
                    for b in set(counts_of[n]) | set(counts_of[names[0]])
                    if counts_of[n][b] != counts_of[names[0]][b]}
            fail("block counts differ between %s and %s: %s" % (names[0], n, diff))
    if args.quiet:
        return
    for bid in sorted(blocks):
        fn, line, end = blocks[bid]
        lines = str(line) if line == end else "%d-%d" % (line, end)
        print("BLOCK %s %s: %d" % (fn, lines, counts_of[names[0]][bid]))
    traces = sorted(glob.glob(os.path.join(first_trace_dir, "*.trace")))
    for length in (2,):
        r = subprocess.run(["p3-report", "--exact", "--max-length", str(length), "--top",
                            str(args.top), out, "-o", os.path.join(work, "exact.json")] + traces,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if r.returncode != 0:
            fail("p3-report --exact:\n" + r.stdout)
        print("EXACT max-length %d" % length)
        rows = r.stdout.split("subpath\n", 1)[1] if "subpath\n" in r.stdout else ""
        sys.stdout.write(rows)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd")
    v = sub.add_parser("verify")
    v.add_argument("out")
    v.add_argument("files", nargs="+")
    v.add_argument("--std")
    v.add_argument("--cflags")
    v.add_argument("--compilers")
    v.add_argument("--run", action="append")
    v.add_argument("--stdin")
    v.add_argument("--top", type=int, default=5)
    v.add_argument("--quiet", action="store_true")
    v.add_argument("--unchained", metavar="OUT2",
                   help="the same files rewritten with -osp-no-chains: require "
                        "the same traces and hot lists")
    v.add_argument("--threads", action="store_true",
                   help="the program runs threads: no bit-for-bit comparison "
                        "of register mode and the shared counter")
    args = p.parse_args()
    if args.cmd != "verify":
        p.print_help()
        sys.exit(2)
    verify(args)


if __name__ == "__main__":
    main()
