#!/usr/bin/env python3
"""Build, run and compare a program and its p3 copies (rewriter tests).

  p3check.py verify OUT [options] FILE...
      Run from the source root (where p3-rewrite ran). Builds the original
      program from FILE... and every copy OUT/copy-<i> from the same files,
      with each compiler (C: gcc, clang, tcc; C++: g++, clang++; see
      --compilers) and -Wall -Wextra -Werror, runs each build (inside its own
      tree, like p3-run) and requires the same stdout, stderr and exit status
      as the original built by the same compiler (--cflags for every build,
      --copy-cflags for the copies only; --run ARGS, repeatable, for several
      runs; --stdin FILE). Then:
        - merges each compiler's raw profiles with p3-report (no warnings
          allowed) and requires the same profile for every compiler (tcc's
          without the paths cut short by exit() or longjmp in a callee that
          a function counts by a frame (tcc counts only those counted eagerly),
          which tcc builds do not count);
        - keeps the first compiler's raw profiles in OUT/profiles and its
          merged profile in OUT/profile.json (for `p3-report OUT --check`);
        - rebuilds the copies with -DP3_COUNT_PROBES and requires
          `p3-report --overhead` to say the measured probes agree with the
          model;
        - prints the merged profile (see `profile`).
  p3check.py profile PROFILE.json
      Prints a profile.json as text, for FileCheck: per function (in manifest
      order) a line "FUNC <name>: <executions> executions, <executed>/<total>
      paths", then one line per executed path, "  <count>: <lines>", sorted by
      the path's source lines (not by id, which depends on edge order). The
      lines are the blocks the path runs through, "3-4 > 7 > 8" (consecutive
      repeats merged); `verify` also marks, as the text report does, a path
      that starts after a back edge with "... ", one that ends on a back
      edge with " ..." and one cut short (a call that did not return) with
      " CUT".

The compilers come from the environment (P3_TEST_CC, P3_TEST_CLANG,
P3_TEST_TCC, P3_TEST_CXX, P3_TEST_CLANGXX), set by lit.local.cfg.
"""

import argparse
import glob
import json
import os
import shlex
import shutil
import subprocess
import sys

WARN = ["-Wall", "-Wextra", "-Werror"]


def fail(msg):
    sys.stderr.write("p3check: FAIL: " + msg + "\n")
    sys.exit(1)


def compilers_for(files, names):
    cxx = any(f.endswith((".cpp", ".cc", ".cxx", ".C")) for f in files)
    env = os.environ
    if names:
        out = []
        for n in names.split(","):
            key = {"gcc": "P3_TEST_CC", "clang": "P3_TEST_CLANG", "tcc": "P3_TEST_TCC",
                   "g++": "P3_TEST_CXX", "clang++": "P3_TEST_CLANGXX"}.get(n)
            out.append((n, env.get(key, n) if key else n))
        return out
    if cxx:
        return [("g++", env.get("P3_TEST_CXX", "g++")),
                ("clang++", env.get("P3_TEST_CLANGXX", "clang++-19"))]
    return [("gcc", env.get("P3_TEST_CC", "gcc")),
            ("clang", env.get("P3_TEST_CLANG", "clang-19")),
            ("tcc", env.get("P3_TEST_TCC", "tcc"))]


def build(compiler, flags, files, cwd, out):
    cmd = [compiler] + flags + files + ["-o", out]
    if compiler.endswith("tcc"):
        # tcc's -std accepts only c99/c11; -Wextra is accepted and ignored.
        cmd = [c for c in cmd if not c.startswith("-std=")]
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if r.returncode != 0:
        fail("build failed in %s: %s\n%s" % (cwd, " ".join(shlex.quote(c) for c in cmd),
                                            r.stdout))
    if r.stdout.strip():
        fail("build printed diagnostics in %s: %s\n%s" % (cwd, " ".join(cmd), r.stdout))


def run(binary, args, cwd, stdin_data, env_extra):
    env = dict(os.environ)
    env.update(env_extra)
    try:
        # argv[0] is "prog" for every build (assert messages print it).
        r = subprocess.run(["prog"] + args, executable=binary, cwd=cwd, input=stdin_data, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    except subprocess.TimeoutExpired:
        fail("%s %s timed out in %s" % (binary, args, cwd))
    return (r.stdout, r.stderr, r.returncode)


def describe_difference(what, a, b):
    names = ["stdout", "stderr", "exit status"]
    for n, x, y in zip(names, a, b):
        if x != y:
            return "%s: %s differs: original %r, copy %r" % (what, n, x[:400] if isinstance(x, bytes) else x,
                                                             y[:400] if isinstance(y, bytes) else y)
    return None


def path_strings(out, raws, tmp):
    """{(function id, sbl id): path as the text report shows it}, from
    p3-report --json: "… " at the start when the path starts after a back edge,
    " …" at the end when it ends on one."""
    r = subprocess.run(["p3-report", "--json", "--top", "1000000000", out, "-o", tmp] + raws,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        fail("p3-report --json failed:\n" + r.stderr.decode())
    report = json.loads(r.stdout.decode())
    shown = {}
    for h in report["hottest"]:
        text = h["path"]
        # Drop the file name ("a.c:3-4 → 7" -> "3-4 → 7") and use ASCII arrows.
        cut = " \u2702 cut (the call did not return)"
        is_cut = text.endswith(cut)
        if is_cut:
            text = text[:-len(cut)]
        start = text.startswith("\u2026 ")
        end = text.endswith(" \u2026")
        core = text[2 if start else 0:len(text) - 2 if end else len(text)]
        core = core.split(":", 1)[1] if ":" in core else core
        core = core.replace(" \u2192 ", " > ")
        shown[(h["function"], str(h["sbl_id"]))] = (("... " if start else "") + core + (" ..." if end else "")
                                                    + (" CUT" if is_cut else ""))
    return shown


def profile_text(path, shown=None):
    with open(path) as f:
        prof = json.load(f)
    lines = []
    for fn in prof["functions"]:
        paths = fn.get("paths", [])
        total = sum(int(p["count"]) for p in paths)
        lines.append("FUNC %s: %d executions, %d/%s paths" % (
            fn["name"], total, len(paths), fn["total_paths"]))
        if fn.get("lost"):
            lines.append("  LOST %s" % fn["lost"])

        def text(p):
            if shown is not None:
                return shown[(fn["id"], str(p["sbl_id"]))]
            segs = []
            for a, b in p["lines"]:
                segs.append(str(a) if a == b else "%d-%d" % (a, b))
            return " > ".join(segs)

        def key(p):
            return ([tuple(l) for l in p["lines"]], text(p))

        for p in sorted(paths, key=key):
            lines.append("  %s: %s" % (p["count"], text(p)))
    return "\n".join(lines) + "\n"


def paths_only(path):
    with open(path) as f:
        prof = json.load(f)
    return {fn["id"]: sorted((str(p["sbl_id"]), str(p["count"])) for p in fn.get("paths", []))
            for fn in prof["functions"]}


def copies_of(out):
    with open(os.path.join(out, "manifest.json")) as f:
        manifest = json.load(f)
    k = manifest.get("strategy", {}).get("k")
    if k is None:
        k = len(glob.glob(os.path.join(out, "copy-*[0-9]")))
    return ["copy-%d" % i for i in range(int(k))]


def verify(args):
    out = os.path.abspath(args.out)
    root = os.getcwd()
    files = args.files
    flags = WARN + (["-std=" + args.std] if args.std else []) + shlex.split(args.cflags or "")
    copy_flags = shlex.split(args.copy_cflags or "")
    runs = [shlex.split(r) for r in args.run] if args.run else [[]]
    stdin_data = open(args.stdin, "rb").read() if args.stdin else b""
    comps = compilers_for(files, args.compilers)
    copies = copies_of(out)
    binname = "p3check.bin"
    work = os.path.join(out, "p3check")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    first_profile = None
    for name, cc in comps:
        orig_bin = os.path.join(work, "orig-" + name)
        build(cc, flags, files, root, orig_bin)
        expected = [run(orig_bin, r, root, stdin_data, {}) for r in runs]
        # The first compiler's raw profiles go where p3-report looks for them.
        rawdir = (os.path.join(out, "profiles") if first_profile is None
                  else os.path.join(work, "raw-" + name))
        shutil.rmtree(rawdir, ignore_errors=True)
        os.makedirs(rawdir)
        for copy in copies:
            cdir = os.path.join(out, copy)
            cbin = os.path.join(cdir, binname)
            build(cc, flags + copy_flags, files, cdir, cbin)
            for r, exp in zip(runs, expected):
                got = run(cbin, r, cdir, stdin_data, {"P3_PROFILE_DIR": rawdir})
                d = describe_difference("%s built with %s, run %s" % (copy, name, r), exp, got)
                if d:
                    fail(d)
            os.unlink(cbin)
        raws = sorted(glob.glob(os.path.join(rawdir, "*.raw")))
        if not raws:
            fail("no raw profile from the copies built with %s" % name)
        prof = os.path.join(work, "profile-%s.json" % name)
        r = subprocess.run(["p3-report", out, "-o", prof] + raws, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
        if r.returncode != 0:
            fail("p3-report failed on the %s profiles:\n%s" % (name, r.stdout))
        if "WARNING" in r.stdout and not args.allow_warnings:
            fail("p3-report warned on the %s profiles:\n%s" % (name, r.stdout))
        if first_profile is None:
            first_profile = prof
            shown = path_strings(out, raws, os.path.join(work, "report.json"))
            shutil.copy(prof, os.path.join(out, "profile.json"))
            with open(os.path.join(out, "p3check-report.txt"), "w") as f:
                f.write(r.stdout)
        elif name == "tcc":
            # tcc has neither __thread nor the cleanup attribute: its copies
            # count the paths cut short only in functions that count them
            # eagerly, not by a frame (p3_runtime.h); those it counts have
            # the same counts, and the rest must be the same.
            cut = {k for k, v in shown.items() if v.endswith(" CUT")}
            got = paths_only(prof)
            expected_paths = {f: [p for p in ps if (f, p[0]) not in cut
                                  or p in got.get(f, [])]
                              for f, ps in paths_only(first_profile).items()}
            if got != expected_paths:
                fail("the profile of the tcc builds differs from the %s builds' "
                     "without the paths cut short (%s vs %s)"
                     % (comps[0][0], prof, first_profile))
        elif paths_only(prof) != paths_only(first_profile):
            fail("the profile of the %s builds differs from the %s builds' (%s vs %s)"
                 % (name, comps[0][0], prof, first_profile))

    if not args.no_probes:
        name, cc = comps[0]
        rawdir = os.path.join(work, "raw-probes")
        os.makedirs(rawdir)
        for copy in copies:
            cdir = os.path.join(out, copy)
            cbin = os.path.join(cdir, binname)
            build(cc, flags + copy_flags + ["-DP3_COUNT_PROBES"], files, cdir, cbin)
            for r in runs:
                run(cbin, r, cdir, stdin_data, {"P3_PROFILE_DIR": rawdir})
            os.unlink(cbin)
        raws = sorted(glob.glob(os.path.join(rawdir, "*.raw")))
        r = subprocess.run(["p3-report", "--overhead", out, "-o",
                            os.path.join(work, "profile-probes.json")] + raws,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if r.returncode != 0 or "measured probe counts agree with the model" not in r.stdout:
            fail("probe counts (-DP3_COUNT_PROBES) do not agree with the model:\n" + r.stdout)
    if not args.quiet:
        sys.stdout.write(profile_text(os.path.join(out, "profile.json"), shown))


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd")
    v = sub.add_parser("verify")
    v.add_argument("out")
    v.add_argument("files", nargs="+")
    v.add_argument("--std")
    v.add_argument("--cflags")
    v.add_argument("--copy-cflags", help="extra flags for the copies only")
    v.add_argument("--compilers")
    v.add_argument("--run", action="append", help="arguments of one run (repeatable)")
    v.add_argument("--stdin")
    v.add_argument("--no-probes", action="store_true")
    v.add_argument("--allow-warnings", action="store_true")
    v.add_argument("--quiet", action="store_true")
    pr = sub.add_parser("profile")
    pr.add_argument("json")
    args = p.parse_args()
    if args.cmd == "verify":
        verify(args)
    elif args.cmd == "profile":
        sys.stdout.write(profile_text(args.json))
    else:
        p.print_help()
        sys.exit(2)


if __name__ == "__main__":
    main()
