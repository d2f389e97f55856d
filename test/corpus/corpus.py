#!/usr/bin/env python3
"""p3 corpus harness: real programs from Debian source packages, end to end.

For each program described by test/corpus/programs/NAME.conf (format in
test/corpus/README.md) this script

  1. fetches the Debian source package (apt-get source --download-only),
  2. unpacks the upstream tarball and runs the program's prepare step,
  3. builds the original, generates the workload inputs (seeded), runs the
     workload twice on the original (it must be deterministic),
  4. rewrites the program with p3-rewrite: SBL (K=1) and every requested
     strategy and K, records --stats, the rewrite's time and peak memory,
  5. builds every copy with the program's own build (and compares compiler
     warnings with the original's),
  6. runs the workload on the copies with p3-run, compares every copy's
     stdout, stderr and exit status with the original's,
  7. checks that the merged profile equals SBL's (p3-report --check) and that
     the report has no warning (missing copy, nondeterminism, lost counts),
  8. records the overhead model (p3-report --overhead) and --simulate,
  9. optionally: probe-counting builds (-DP3_COUNT_PROBES) compared with the
     model, the program's own test suite on the copies of one P3 rewrite,
     wall-clock timings (interleaved repetitions, median) of the original, SBL,
     every P3 copy and a gcc -fprofile-arcs build, and clang -fsyntax-only on
     the same files.

Results go to WORK/results/NAME.json (bench/evaluation.py turns them into
docs/evaluation.md). The exit status is 0 when every check passed, 1 when one
failed (each failure is listed at the end), 2 on a usage or setup error.

Only the python3 standard library is used.
"""

import argparse
import concurrent.futures
import configparser
import datetime
import glob
import hashlib
import json
import os
import platform
import re
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import time

import build_commands
import debian_source
import skipped_share
from compiler_warnings import is_optimizer_warning, new_warnings

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PROGRAMS_DIR = os.path.join(HERE, "programs")
GEN = os.path.join(HERE, "gen-input.py")

KEYS = {
    # key: (required, default)
    "package": (True, None),
    "version": (True, None),
    "orig": (False, ""),
    "prepare": (False, ""),
    "build": (True, None),
    "rewrite": (False, ""),
    "rewrite_exclude": (False, ""),
    "rewrite_flags": (False, None),
    "rewrite_options": (False, ""),
    "inputs": (False, ""),
    "workdir": (False, "."),
    "workload": (True, None),
    "train": (False, ""),
    "scale": (False, "1"),
    "ci_scale": (False, ""),
    "test": (False, ""),
    "test_dir": (False, "."),
    "test_compare": (False, ""),
    "notes": (False, ""),
}


class SetupError(Exception):
    pass


def log(msg):
    print(msg, flush=True)


def now():
    return time.monotonic()


# --------------------------------------------------------------------------
# Program descriptions


class Program:
    def __init__(self, name, path):
        self.name = name
        self.path = path
        cp = configparser.ConfigParser(interpolation=None, comment_prefixes=("#",),
                                       inline_comment_prefixes=None, strict=True,
                                       empty_lines_in_values=False)
        with open(path) as f:
            cp.read_file(f)
        if not cp.has_section("program"):
            raise SetupError(f"{path}: no [program] section")
        sec = cp["program"]
        unknown = set(sec.keys()) - set(KEYS)
        if unknown:
            raise SetupError(f"{path}: unknown keys: {', '.join(sorted(unknown))}")
        self.cfg = {}
        for key, (required, default) in KEYS.items():
            if key in sec:
                self.cfg[key] = sec[key].strip()
            elif required:
                raise SetupError(f"{path}: missing key '{key}'")
            else:
                self.cfg[key] = default
        # Without 'rewrite_flags', each file is rewritten with the flags the build
        # compiled it with (recorded by bear), and without 'rewrite', every file of the
        # tree the build compiles is rewritten (minus 'rewrite_exclude').
        self.flags_from_build = self.cfg["rewrite_flags"] is None
        if self.flags_from_build:
            self.cfg["rewrite_flags"] = ""
        self.files = self.cfg["rewrite"].split()
        self.exclude = self.cfg["rewrite_exclude"].split()
        if not self.files and not self.flags_from_build:
            raise SetupError(f"{path}: 'rewrite' lists no file (with 'rewrite_flags', the "
                             f"files must be listed)")

    def __getitem__(self, key):
        return self.cfg[key]

    def digest(self, *keys):
        h = hashlib.sha256()
        for k in keys:
            h.update(k.encode() + b"\0" + self.cfg[k].encode() + b"\0")
        return h.hexdigest()[:16]

    @property
    def directory(self):
        """Where the description is: its companion files are named relative to it."""
        return os.path.dirname(os.path.abspath(self.path))


def load_programs(names, programs_dir=PROGRAMS_DIR):
    progs = []
    for n in names:
        path = os.path.join(programs_dir, n + ".conf")
        if not os.path.exists(path):
            avail = sorted(os.path.splitext(f)[0] for f in os.listdir(programs_dir)
                           if f.endswith(".conf"))
            raise SetupError(f"no program '{n}' (available: {', '.join(avail)})")
        progs.append(Program(n, path))
    return progs


# --------------------------------------------------------------------------
# Running commands


def run_shell(cmd, cwd, env, logfile, errexit=True, stdin=subprocess.DEVNULL,
              timeout=None):
    """Runs cmd with bash in cwd, output to logfile. Returns (status, seconds)."""
    opts = ["-e", "-o", "pipefail"] if errexit else []
    t0 = now()
    with open(logfile, "wb") as out:
        out.write(f"$ (cd {cwd} && {cmd})\n".encode())
        out.flush()
        try:
            p = subprocess.run(["bash"] + opts + ["-c", cmd], cwd=cwd, env=env,
                               stdout=out, stderr=subprocess.STDOUT, stdin=stdin,
                               timeout=timeout)
            status = p.returncode
        except subprocess.TimeoutExpired:
            out.write(f"\n[corpus] timed out after {timeout} s\n".encode())
            status = 124
    return status, now() - t0


def timed(argv, cwd, env, stdout, stderr):
    """Runs argv under /usr/bin/time; returns (status, seconds, peak KB)."""
    tfile = stderr + ".time"
    full = ["/usr/bin/time", "-f", "%e %M", "-o", tfile] + argv
    with open(stdout, "wb") as o, open(stderr, "wb") as e:
        p = subprocess.run(full, cwd=cwd, env=env, stdout=o, stderr=e,
                           stdin=subprocess.DEVNULL)
    secs, kb = None, None
    try:
        with open(tfile) as f:
            last = f.read().strip().splitlines()[-1].split()
            secs, kb = float(last[0]), int(last[1])
    except (OSError, IndexError, ValueError):
        pass
    return p.returncode, secs, kb


def simulation(data):
    """The results' form of `p3-report --json --simulate`: rows by "strategy-kK"."""
    rows = {f"{row['strategy']}-k{row['k']}": {"max_hits": json_int(row["max_hits"]),
                                               "ratio": row["ratio"],
                                               "hits": [json_int(h) for h in row["hits"]]}
            for row in data["rows"]}
    return {"sbl": json_int(data["sbl"]), "rows": rows}


def config_dir(root, tag):
    """The output directory of one rewrite. Every name has the same length: a program
    whose control flow depends on its working directory's path (sqlite3 walks it
    character by character to make a path absolute) then takes the same paths in the
    copies of every rewrite, and their merged profiles can be compared exactly."""
    return os.path.join(root, tag.ljust(8, "_"))


def read(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def rmtree(path):
    if os.path.lexists(path):
        shutil.rmtree(path, ignore_errors=True)


def json_int(v):
    return int(v) if isinstance(v, str) else v


# --------------------------------------------------------------------------
# p3-rewrite --stats

STATS_SUMMARY = re.compile(
    r"^summary: (\d+) functions, (\d+) instrumented, (\d+) skipped, (\d+) profitable; "
    r"strategy (\S+), k=(\d+); static probes per copy:(.*)$")
STATS_SKIP = re.compile(r"^(\S+:\d+) (\S+)\s.*\sskipped: (.*)$")


def normalize_reason(reason):
    return re.sub(r"line \d+", "line N", reason).strip()


def normalize_note(note):
    """A note's kind: its text without line numbers and block counts (functions per kind)."""
    note = re.sub(r"lines? \d+(-\d+)?", "line N", note.strip())
    return re.sub(r"\b\d+ blocks", "N blocks", note)


def parse_stats(text):
    st = {"skips": [], "notes": 0, "functions_with_notes": 0, "note_kinds": {}}
    in_func_has_note = False
    for line in text.splitlines():
        m = STATS_SUMMARY.match(line)
        if m:
            st.update(functions=int(m.group(1)), instrumented=int(m.group(2)),
                      skipped=int(m.group(3)), profitable=int(m.group(4)),
                      static_probes=[int(x) for x in m.group(7).split()])
            continue
        m = STATS_SKIP.match(line)
        if m:
            st["skips"].append({"where": m.group(1), "name": m.group(2),
                                "reason": m.group(3).strip(),
                                "kind": normalize_reason(m.group(3))})
            continue
        if line.startswith("    note:"):
            st["notes"] += 1
            kind = normalize_note(line.split("note:", 1)[1])
            if not in_func_has_note:
                st["functions_with_notes"] += 1
                in_func_has_note = set()
            if kind not in in_func_has_note:
                in_func_has_note.add(kind)
                st["note_kinds"][kind] = st["note_kinds"].get(kind, 0) + 1
        elif line and not line.startswith(" "):
            in_func_has_note = False
    if "functions" not in st:
        raise ValueError("no summary line in p3-rewrite --stats output")
    return st


# --------------------------------------------------------------------------
# The harness


class Harness:
    def __init__(self, args):
        self.args = args
        self.bin = os.path.abspath(args.bin)
        # real paths: the compile commands name files as p3-rewrite will see them
        self.work = os.path.realpath(args.work)
        self.downloads = os.path.realpath(args.downloads or os.path.join(self.work, "downloads"))
        for tool in ("p3-rewrite", "p3-run", "p3-report"):
            if not os.access(os.path.join(self.bin, tool), os.X_OK):
                raise SetupError(f"{self.bin}/{tool} not found: build p3 first "
                                 f"(ninja -C BUILD p3-rewrite p3-run p3-report) or pass --bin")
        self.all_configs = [("sbl", 1)]
        for s in args.strategies:
            for k in args.k:
                self.all_configs.append((s, k))
        self.configs = self.all_configs
        self.failures = []
        self.warnings = []

    def tool(self, name):
        return os.path.join(self.bin, name)

    def check_strategies(self):
        """Every strategy asked for, tried on a one-function file: whatever p3-rewrite's
        --strategy takes is accepted, and a name it rejects is a usage error now rather
        than a failure of every program later."""
        import tempfile
        with tempfile.TemporaryDirectory(prefix="p3-corpus-strategy-") as tmp:
            write(os.path.join(tmp, "t.c"), "int f(int x) { return x ? 1 : 2; }\n")
            for s in self.args.strategies:
                p = subprocess.run([self.tool("p3-rewrite"), "-k", "2", f"--strategy={s}",
                                    "-o", os.path.join(tmp, "out-" + s), "t.c", "--"],
                                   cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                if p.returncode != 0:
                    raise SetupError(f"--strategies: p3-rewrite --strategy={s} fails: "
                                     f"{p.stdout.decode(errors='replace').strip()[:300]}")

    # ---- bookkeeping

    def fail(self, prog, what):
        msg = f"{prog.name}: {what}"
        self.failures.append(msg)
        self.res.setdefault("failures", []).append(what)
        log(f"  FAIL {what}")

    def report_new_warnings(self, prog, tag, warnings):
        """A warning the copies add fails the check; one of gcc's optimizer (its
        middle end's flow-sensitive analyses, compiler_warnings.OPTIMIZER_FLAGS) is
        reported, each with its place, but does not: those follow the optimized code's
        shape, which every change of a function moves."""
        plain = [w for w in warnings if not is_optimizer_warning(w["flag"])]
        moved = [w for w in warnings if is_optimizer_warning(w["flag"])]
        if plain:
            n = len(plain)
            self.fail(prog, f"{tag}: {n} new compiler warning{'s' if n > 1 else ''} in the "
                            f"copies, e.g. {plain[0]['text']}")
        for w in moved:
            self.warn(prog, f"{tag}: gcc's optimizer warns {w['count']} more time"
                            f"{'s' if w['count'] > 1 else ''} in copies {w['copies']}: "
                            f"{w['text']}")

    def warn(self, prog, what):
        msg = f"{prog.name}: {what}"
        self.warnings.append(msg)
        self.res.setdefault("warnings", []).append(what)
        log(f"  warning: {what}")

    def env(self, prog, extra_cflags=""):
        e = dict(os.environ)
        e.update({
            "CORPUS_DIR": HERE,
            "CORPUS_PROGRAMS": prog.directory,
            "CORPUS_GEN": GEN,
            "CORPUS_INPUTS": self.inputs,
            "CORPUS_SCALE": self.scale,
            "CORPUS_CFLAGS": extra_cflags,
            "LC_ALL": "C",
            "TZ": "UTC",
        })
        e.pop("P3_PROFILE_DIR", None)
        e.pop("MAKEFLAGS", None)
        e.pop("MFLAGS", None)
        return e

    def build_env(self, prog, extra_cflags="", cache=True):
        """The environment of a build: env(), with ccache in front of the compilers when
        it is installed (and not turned off)."""
        e = self.env(prog, extra_cflags)
        if self.args.no_ccache or not cache:
            return e
        cached = build_commands.ccache_environment(e, self.pdir)
        return cached or e

    # ---- steps

    def enable_deb_src(self):
        if self.args.no_deb_src:
            return
        script = os.path.join(REPO, "scripts", "enable-deb-src.sh")
        p = subprocess.run(["bash", script], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise SetupError(f"{script} failed:\n{p.stdout.decode(errors='replace')}")

    def fetch(self, prog):
        try:
            got = debian_source.fetch(prog["package"], prog["version"], self.downloads,
                                      prog["orig"] or None, self.enable_deb_src)
        except debian_source.SourceError as e:
            raise SetupError(f"{prog.name}: {e}")
        for note in got.notes:
            self.warn(prog, note)
        self.res["package"] = prog["package"]
        self.res["version"] = got.version
        self.res["tarball"] = os.path.basename(got.tarball)
        self.res["tarball_sha256"] = got.sha256
        self.res["tarball_checked"] = got.verified
        return got.tarball

    def prepare(self, prog, tarball):
        src = self.src
        stamp = os.path.join(self.pdir, "prepared.stamp")
        key = prog.digest("orig", "prepare") + self.res["tarball_sha256"][:16]
        if self.args.reuse and os.path.exists(stamp) and read(stamp) == key and os.path.isdir(src):
            log("  prepare: reusing the prepared tree")
            return
        rmtree(src)
        os.makedirs(src)
        try:
            strip = debian_source.unpack(tarball, src)
        except debian_source.SourceError as e:
            raise SetupError(f"{prog.name}: {e}")
        self.res["tarball_top_directories"] = strip
        if prog["prepare"]:
            status, secs = run_shell(prog["prepare"], src, self.env(prog),
                                     os.path.join(self.logs, "prepare.log"))
            if status != 0:
                raise SetupError(f"{prog.name}: prepare failed (see {self.logs}/prepare.log)")
            log(f"  prepare: ok ({secs:.1f} s)")
        for f in prog.files:
            if not os.path.isfile(os.path.join(src, f)):
                raise SetupError(f"{prog.name}: file to rewrite {f} not found in the prepared tree")
        write(stamp, key)

    def clone_tree(self, dest):
        rmtree(dest)
        p = subprocess.run(["cp", "-a", self.src, dest])
        if p.returncode != 0:
            raise SetupError(f"cannot copy {self.src} to {dest}")

    def build_tree(self, prog, tree, logname, extra_cflags="", record=None, cache=True):
        """Runs the build in tree; with record, under bear, its compiles written there."""
        env = self.build_env(prog, extra_cflags, cache)
        cmd = prog["build"]
        if record:
            # bear runs bash (-e -o pipefail, as run_shell does) and records every compile
            cmd = shlex.join(build_commands.under_bear(
                ["bash", "-e", "-o", "pipefail", "-c", cmd], record))
        status, secs = run_shell(cmd, tree, env, os.path.join(self.logs, logname))
        return status == 0, secs

    def build_original(self, prog, orig):
        """Builds the original (under bear when it is installed) and settles the files to
        rewrite and their flags: the description's, or the build's."""
        record = None
        if build_commands.bear_available():
            record = os.path.join(self.pdir, "compile_commands.orig.json")
            if os.path.exists(record):
                os.remove(record)
        elif prog.flags_from_build:
            raise SetupError(f"{prog.name}: the description takes the compile flags from the "
                             f"build, which needs bear (apt-get install bear), or give "
                             f"'rewrite_flags'")
        ok, secs = self.build_tree(prog, orig, "build-orig.log", record=record)
        if not ok:
            raise SetupError(f"{prog.name}: the original does not build "
                             f"(see {self.logs}/build-orig.log)")
        self.res["build_orig_seconds"] = secs
        self.res["ccache"] = self.build_env(prog).get("CCACHE_BASEDIR") is not None
        self.compile_db = None
        if not record:
            return
        try:
            commands = build_commands.BuildCommands(build_commands.load(record), orig,
                                                    self.src)
        except build_commands.BuildCommandsError as e:
            raise SetupError(f"{prog.name}: {e}")
        if not prog.files:
            self.prog.files = commands.files(prog.exclude)
            if not self.prog.files:
                raise SetupError(f"{prog.name}: the build compiles no C or C++ file of the "
                                 f"prepared tree (see {record})")
            self.res["files"] = prog.files
            log(f"  files to rewrite: the {len(prog.files)} file{'s' if len(prog.files) > 1 else ''} the build compiles")
        if commands.generated:
            self.res["compiled_not_rewritten"] = sorted(commands.generated)
            log(f"  not rewritten: {len(commands.generated)} files the build generates "
                f"(generate them in 'prepare' to instrument them)")
        missing = [f for f in prog.files if f not in commands.by_file]
        if missing:
            self.warn(prog, f"the build never compiles {len(missing)} of the files to rewrite "
                            f"(their probes would never run): {', '.join(missing[:5])}")
        if prog.flags_from_build:
            if missing:
                raise SetupError(f"{prog.name}: no flags from the build for "
                                 f"{', '.join(missing[:5])}")
            self.check_single_preprocessing(prog, commands)
            self.compile_db = commands.write_database(os.path.join(self.pdir, "compdb"),
                                                      prog.files)

    def check_single_preprocessing(self, prog, commands):
        """A file the build compiles twice with different preprocessor flags is rewritten
        as its first compile sees it: say so when the texts the compiler sees differ."""
        clang = shutil.which("clang-19") or shutil.which("clang")
        for f, variants in commands.compiled_differently(prog.files).items():
            same = (build_commands.same_preprocessing(clang, commands.by_file[f])
                    if clang else None)
            if same:
                continue
            self.warn(prog, f"the build compiles {f} {len(variants)} times with different "
                            f"preprocessor flags ({' | '.join(' '.join(v) for v in variants)})"
                            + (", and the preprocessed texts differ" if same is False else "")
                            + ": p3 rewrites it as the first compile sees it; code that only "
                            "the others compile is not profiled correctly")

    def make_inputs(self, prog):
        rmtree(self.inputs)
        os.makedirs(self.inputs)
        if prog["inputs"]:
            status, secs = run_shell(prog["inputs"], self.inputs, self.env(prog),
                                     os.path.join(self.logs, "inputs.log"))
            if status != 0:
                raise SetupError(f"{prog.name}: generating inputs failed (see {self.logs}/inputs.log)")
            log(f"  inputs: ok ({secs:.1f} s)")
        # read-only, so that no workload writes into the shared inputs by mistake
        for root, dirs, files in os.walk(self.inputs):
            for f in files:
                os.chmod(os.path.join(root, f), 0o444)

    def run_workload_plain(self, prog, tree, tag, profile_dir=None, wrapper=()):
        """Runs the workload in tree/workdir (under wrapper, a command prefix, when
        given); returns (stdout, stderr, status)."""
        cwd = os.path.join(tree, prog["workdir"])
        env = self.env(prog)
        if profile_dir:
            env["P3_PROFILE_DIR"] = profile_dir
        out = os.path.join(self.logs, f"workload-{tag}.stdout")
        err = os.path.join(self.logs, f"workload-{tag}.stderr")
        with open(out, "wb") as o, open(err, "wb") as e:
            p = subprocess.run(list(wrapper) + ["bash", self.workload_script], cwd=cwd, env=env,
                               stdout=o, stderr=e, stdin=subprocess.DEVNULL)
        return read(out, "rb"), read(err, "rb"), p.returncode

    def rewrite(self, prog, strategy, k, outdir, tag):
        args = [self.tool("p3-rewrite"), "-k", str(k), f"--strategy={strategy}", "--stats",
                f"--root={self.src}", "-o", outdir, "--force"]
        if strategy == "auto" and self.train_profile:
            args.append(f"--train={self.train_profile}")
        args += shlex.split(prog["rewrite_options"])
        if self.compile_db:
            # each file with the flags the build compiled it with
            args += ["-p", os.path.dirname(self.compile_db)] + prog.files
        else:
            args += prog.files + ["--"] + shlex.split(prog["rewrite_flags"])
        stdout = os.path.join(self.logs, f"rewrite-{tag}.stats")
        stderr = os.path.join(self.logs, f"rewrite-{tag}.log")
        status, secs, kb = timed(args, self.src, self.env(prog), stdout, stderr)
        return status, secs, kb, read(stdout) + read(stderr)

    def rewritten_hashes(self, outdir, k):
        hashes = {}
        for c in range(k):
            for f in self.prog.files:
                p = os.path.join(outdir, f"copy-{c}", f)
                hashes[(c, f)] = hashlib.sha256(read(p, "rb")).hexdigest()
        return hashes

    def check_rewritten_intact(self, prog, outdir, k, hashes, when):
        bad = [f"copy-{c}/{f}" for (c, f), h in sorted(self.rewritten_hashes(outdir, k).items())
               if hashes[(c, f)] != h]
        if bad:
            self.fail(prog, f"{os.path.basename(outdir)}: the {when} changed rewritten files "
                            f"(regenerated from the sources?): {', '.join(bad[:5])}")
        return not bad

    def build_copies(self, prog, outdir, k, tag, extra_cflags=""):
        def one(c):
            ok, secs = self.build_tree(prog, os.path.join(outdir, f"copy-{c}"),
                                       f"build-{tag}-copy{c}.log", extra_cflags)
            return c, ok, secs
        results = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.args.jobs) as ex:
            for c, ok, secs in ex.map(one, range(k)):
                results[c] = (ok, secs)
        return results

    def compare_outputs(self, prog, cfg, outdir, k, expected, p3run_status, p3run_err):
        exp_out, exp_err, exp_status = expected
        diffs = []
        for c in range(k):
            got_out = read(os.path.join(outdir, "run", f"copy-{c}.stdout"), "rb")
            got_err = read(os.path.join(outdir, "run", f"copy-{c}.stderr"), "rb")
            if got_out != exp_out:
                diffs.append(f"copy {c} stdout differs from the original's"
                             f" ({first_difference(exp_out, got_out)})")
            if got_err != exp_err:
                diffs.append(f"copy {c} stderr differs from the original's"
                             f" ({first_difference(exp_err, got_err)})")
        if p3run_status != exp_status:
            diffs.append(f"exit status {p3run_status} (copy 0), original {exp_status}")
        for line in p3run_err.splitlines():
            if "nondeterminism" in line or "did not behave identically" in line \
                    or "killed by signal" in line:
                diffs.append(f"p3-run: {line.strip()}")
        return diffs

    def report_json(self, outdir, *extra):
        # options first, then the directory, then raw files (paths ending in .raw)
        opts = [e for e in extra if not e.endswith(".raw")]
        raws = [e for e in extra if e.endswith(".raw")]
        p = subprocess.run([self.tool("p3-report"), "--json", "--top=0",
                            "--top-per-function=0"] + opts + [outdir] + raws,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            data = json.loads(p.stdout)
        except ValueError:
            data = None
        return p.returncode, data, p.stderr.decode(errors="replace")

    def report_problems(self, data):
        probs = []
        if data.get("missing_copies"):
            probs.append(f"no raw profile from copies {data['missing_copies']}")
        if data.get("nondeterminism"):
            probs.append(f"{len(data['nondeterminism'])} paths counted differently by copies")
        lost = sum(json_int(f.get("lost", 0)) for f in data.get("functions", []))
        if lost:
            probs.append(f"{lost} path executions lost by the runtime")
        return probs

    def run_config(self, prog, strategy, k, root, tag, extra_cflags="", prefix=""):
        """Rewrites, builds, runs and checks one configuration. Returns its result dict.
        Logs are named after prefix + tag; failures too."""
        outdir = config_dir(root, tag)
        tag = prefix + tag
        r = {"strategy": strategy, "k": k}
        log(f"  [{tag}] rewrite")
        status, secs, kb, stats_text = self.rewrite(prog, strategy, k, outdir, tag)
        r["rewrite"] = {"status": status, "seconds": secs, "max_rss_kb": kb}
        if status != 0:
            self.fail(prog, f"{tag}: p3-rewrite exited {status} (see {self.logs}/rewrite-{tag}.log)")
            return r
        try:
            r["stats"] = parse_stats(stats_text)
        except ValueError as e:
            self.fail(prog, f"{tag}: {e}")
            return r
        hashes = self.rewritten_hashes(outdir, k)
        log(f"  [{tag}] build {k} cop{'y' if k == 1 else 'ies'}"
            f" (rewrite {secs:.1f} s, {kb / 1024:.0f} MB)")
        builds = self.build_copies(prog, outdir, k, tag, extra_cflags)
        r["build"] = {"seconds": [builds[c][1] for c in range(k)], "ok": True,
                      "new_warnings": []}
        for c in range(k):
            if not builds[c][0]:
                r["build"]["ok"] = False
                self.fail(prog, f"{tag}: copy {c} does not build "
                                f"(see {self.logs}/build-{tag}-copy{c}.log)")
        if not r["build"]["ok"]:
            return r
        # -DP3_COUNT_PROBES does not change the original's code: its warnings are build-orig's
        orig_log = os.path.join(self.logs, "build-orig.log")
        orig_trees = [os.path.join(self.pdir, "orig"), self.src]
        seen = set()
        for c in range(k):
            copy_trees = [os.path.join(outdir, f"copy-{c}"), self.src]
            for w in new_warnings(orig_log, orig_trees,
                                  os.path.join(self.logs, f"build-{tag}-copy{c}.log"), copy_trees):
                key = (w["file"], w["line"], w["flag"])
                if key not in seen:
                    seen.add(key)
                    w["copies"] = [c]
                    r["build"]["new_warnings"].append(w)
                else:
                    for x in r["build"]["new_warnings"]:
                        if (x["file"], x["line"], x["flag"]) == key:
                            x["copies"].append(c)
        self.report_new_warnings(prog, tag, r["build"]["new_warnings"])
        self.check_rewritten_intact(prog, outdir, k, hashes, "build")

        log(f"  [{tag}] run the workload on {k} cop{'y' if k == 1 else 'ies'}")
        cwd = os.path.join(self.src, prog["workdir"])
        t0 = now()
        p = subprocess.run([self.tool("p3-run"), "--fresh", outdir, "--", "bash",
                            self.workload_script], cwd=cwd, env=self.env(prog),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL)
        r["run_seconds"] = now() - t0
        p3err = p.stderr.decode(errors="replace")
        write(os.path.join(self.logs, f"p3-run-{tag}.stderr"), p3err)
        diffs = self.compare_outputs(prog, tag, outdir, k, self.expected, p.returncode, p3err)
        r["outputs_identical"] = not diffs
        if diffs:
            r["output_differences"] = diffs
            for d in diffs[:5]:
                self.fail(prog, f"{tag}: {d}")
        if not os.path.exists(os.path.join(outdir, "profile.json")):
            self.fail(prog, f"{tag}: p3-run wrote no profile.json "
                            f"(see {self.logs}/p3-run-{tag}.stderr)")
            return r

        status, data, err = self.report_json(outdir, "--overhead")
        if status != 0 or data is None:
            self.fail(prog, f"{tag}: p3-report --overhead failed ({status}): {err.strip()[:300]}")
            return r
        probs = self.report_problems(data)
        r["report_problems"] = probs
        for pr in probs:
            self.fail(prog, f"{tag}: report: {pr}")
        ppc = data.get("processes_per_copy") or []
        r["processes_per_copy"] = ppc
        if len(set(ppc)) > 1:
            # Not a failure by itself: an executable of the program with no instrumented
            # function in some copy (PBL at large K) leaves no raw profile from that copy.
            # Real nondeterminism shows in the outputs and in the exactness check.
            self.warn(prog, f"{tag}: raw profiles per copy differ: {ppc}")
        r["total_executions"] = json_int(data.get("total_executions", 0))
        ov = data.get("overhead", {})
        r["overhead"] = {
            "copies": [json_int(c["model"]) for c in ov.get("copies", [])],
            "measured": [json_int(c["measured"]) for c in ov.get("copies", [])
                         if "measured" in c],
            "forked": [c.get("forked_processes", 0) for c in ov.get("copies", [])],
            "max": json_int(ov.get("max", 0)),
            "sbl": json_int(ov.get("sbl", 0)),
            "ratio": ov.get("ratio"),
        }
        if "measured_agrees" in ov:
            r["overhead"]["measured_agrees"] = ov["measured_agrees"]
        if "function_disagreements" in ov:
            r["overhead"]["function_disagreements"] = [
                {"name": d["name"], "copy": d["copy"], "model": json_int(d["model"]),
                 "measured": json_int(d["measured"])}
                for d in ov["function_disagreements"]]
        r["functions_executed"] = sum(1 for f in data.get("functions", [])
                                      if json_int(f.get("executed_paths", 0)) > 0)

        if strategy == "sbl" and not prefix:
            r["exact"] = True  # the reference itself
            if r["total_executions"] == 0:
                self.fail(prog, f"{tag}: the SBL profile is empty: the workload ran no instrumented code")
        else:
            ref = os.path.join(self.pdir, "sbl-profile.json")
            p = subprocess.run([self.tool("p3-report"), f"--check={ref}", "--top=0",
                                "--top-per-function=0", "-o", os.path.join(outdir, "checked-profile.json"),
                                outdir], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            text = p.stdout.decode(errors="replace")
            write(os.path.join(self.logs, f"check-{tag}.txt"), text)
            r["exact"] = p.returncode == 0
            if p.returncode != 0:
                lines = [l for l in text.splitlines() if l.startswith("check:")]
                self.fail(prog, f"{tag}: merged profile differs from SBL's "
                                f"({lines[0] if lines else 'exit ' + str(p.returncode)}; "
                                f"see {self.logs}/check-{tag}.txt)")
        r["outdir"] = outdir
        return r

    # ---- the whole program

    def program(self, prog):
        self.prog = prog
        self.res = {"program": prog.name, "conf": os.path.relpath(prog.path, REPO),
                    "notes": prog["notes"], "files": prog.files,
                    "scale": None, "configs": {}, "failures": [], "warnings": []}
        self.compile_db = None
        self.pdir = os.path.join(self.work, prog.name)
        self.logs = os.path.join(self.pdir, "logs")
        self.src = os.path.join(self.pdir, "src")
        self.inputs = os.path.join(self.pdir, "inputs")
        self.scale = prog["ci_scale"] if (self.args.ci and prog["ci_scale"]) else prog["scale"]
        if self.args.scale:
            self.scale = self.args.scale
        self.res["scale"] = self.scale
        os.makedirs(self.logs, exist_ok=True)
        self.workload_script = os.path.join(self.pdir, "workload.sh")
        write(self.workload_script, prog["workload"] + "\n")
        self.train_script = os.path.join(self.pdir, "train.sh")
        write(self.train_script, prog["train"] + "\n")
        self.train_profile = None
        # --simulate-only: SBL (and the training run) only; every strategy's figures come
        # from p3-report --simulate on the SBL profile
        self.simulate_only = prog.name in self.args.simulate_only
        self.configs = [("sbl", 1)] if self.simulate_only else self.all_configs
        self.res["simulate_only"] = self.simulate_only
        t_start = now()
        log(f"== {prog.name}")

        tarball = self.fetch(prog)
        log(f"  fetch: {self.res['tarball']} ({self.res['package']} {self.res['version']})")
        self.prepare(prog, tarball)
        if self.args.prepare_only and not prog.flags_from_build:
            self.count_lines(prog)
            log(f"  prepared: {self.src}")
            return self.res
        if not self.args.prepare_only:
            self.make_inputs(prog)

        orig = os.path.join(self.pdir, "orig")
        self.clone_tree(orig)
        self.build_original(prog, orig)
        self.count_lines(prog)
        log(f"  build original: ok ({self.res['build_orig_seconds']:.1f} s"
            f"{', ccache' if self.res['ccache'] else ''})")
        if self.args.prepare_only:
            # the files and flags come from the build: prepared means ready to rewrite
            self.res["compile_db"] = self.compile_db
            log(f"  prepared: {self.src}, compile commands {self.compile_db}")
            return self.res
        t0 = now()
        first = self.run_workload_plain(prog, orig, "orig-1")
        self.res["workload_orig_seconds"] = now() - t0
        second = self.run_workload_plain(prog, orig, "orig-2")
        if first != second:
            raise SetupError(f"{prog.name}: the workload is not deterministic on the original "
                             f"({first_difference(first[0] + first[1], second[0] + second[1])}); "
                             f"fix the program description")
        self.expected = first
        self.res["workload_status"] = first[2]
        log(f"  workload on the original: exit {first[2]}, {len(first[0])} bytes of output, "
            f"{self.res['workload_orig_seconds']:.1f} s, deterministic")

        outroot = os.path.join(self.pdir, "out")
        os.makedirs(outroot, exist_ok=True)
        timing_needs = {"sbl-k1"} | {f"{s}-k{k}" for s in ("p3", "pbl", "auto")
                                     for k in self.args.k} if self.timed(prog) else set()
        test_cfg = self.test_config()
        for strategy, k in self.configs:
            tag = f"{strategy}-k{k}"
            r = self.run_config(prog, strategy, k, outroot, tag)
            self.res["configs"][tag] = r
            if strategy == "sbl":
                src_profile = os.path.join(config_dir(outroot, tag), "profile.json")
                if not os.path.exists(src_profile):
                    raise SetupError(f"{prog.name}: no SBL profile; cannot check the others")
                shutil.copy(src_profile, os.path.join(self.pdir, "sbl-profile.json"))
                if r.get("outputs_identical"):
                    self.check_profile_deterministic(prog, config_dir(outroot, tag))
                if prog["train"] and "auto" in self.args.strategies:
                    self.run_training(prog, config_dir(outroot, tag))
            if tag == test_cfg and prog["test"] and not self.args.no_tests and r.get("build", {}).get("ok"):
                self.run_tests(prog, r, outroot, tag, k)
            if not self.args.keep and tag not in timing_needs:
                self.drop_copies(config_dir(outroot, tag), k)
            ratio = r.get("overhead", {}).get("ratio")
            log(f"  [{tag}] {'exact' if r.get('exact') else 'NOT EXACT'}, "
                f"outputs {'identical' if r.get('outputs_identical') else 'DIFFER'}"
                + (f", slowest copy {ratio:.3f} x SBL" if ratio is not None else ""))

        self.simulate(prog)
        self.hot_functions(prog, outroot)
        if self.args.count_probes and not self.simulate_only:
            self.count_probes(prog, outroot)
        if self.args.bench:
            self.clang_syntax(prog)
        if self.timed(prog):
            self.timing(prog, orig, outroot)
        if self.args.skipped_share:
            self.skipped_share(prog, outroot)
        if not self.args.keep:
            for strategy, k in self.configs:
                self.drop_copies(config_dir(outroot, f"{strategy}-k{k}"), k)
            rmtree(orig)
            rmtree(os.path.join(self.pdir, "gcov"))
            rmtree(os.path.join(self.pdir, "coverage"))
            rmtree(os.path.join(self.pdir, "perf"))
            if os.path.exists(os.path.join(self.pdir, "perf.data")):
                os.remove(os.path.join(self.pdir, "perf.data"))
        self.res["seconds"] = now() - t_start
        return self.res

    def timed(self, prog):
        """Wall-clock timings: with --bench, unless the program is --simulate-only or
        in --no-timing."""
        return (self.args.bench and not self.simulate_only
                and prog.name not in self.args.no_timing)

    # ---- issue 12's measure: how much work lies in the functions p3 skipped

    def skipped_share(self, prog, outroot):
        """Builds the original twice more with its own build: with gcov's instrumentation
        (per function entries and line executions) and with -g for perf (self time per
        function, inlined code given to the function it was written in), runs the
        workload on each, and measures the share of both in the functions the SBL
        rewrite skipped (skipped_share.py defines every figure). A measurement that
        cannot be taken is recorded with its reason, never a failure of the run."""
        log("  [skipped share] gcov and perf on the original")
        sbl = config_dir(outroot, "sbl-k1")
        try:
            manifest = json.load(open(os.path.join(sbl, "manifest.json")))
            profile = json.load(open(os.path.join(self.pdir, "sbl-profile.json")))
        except (OSError, ValueError) as e:
            self.fail(prog, f"skipped share: no SBL manifest or profile ({e})")
            return
        files = {f["file"] for f in manifest["functions"]}
        errors = {}
        gcov_data = self.measure_coverage(prog, files, errors)
        perf_data = self.measure_perf(prog, files, errors)
        r = skipped_share.measure(manifest, profile, gcov_data, perf_data, errors)
        self.res["skipped_share"] = r
        g, p = r["gcov"], r["perf"]
        log(f"  [skipped share] {r['skipped']} of {r['functions']} functions skipped; "
            + (f"gcov: {skipped_share.pct(g['entries_share'])} of entries, "
               f"{skipped_share.pct(g['line_share'])} of line executions"
               if "error" not in g else f"gcov: {g['error']}")
            + "; " + (f"perf: {skipped_share.pct(p['time_share'])} of self samples"
                      if "error" not in p else f"perf: {p['error']}")
            + (f"; among the {r['top']} hottest: {', '.join(r['skipped_in_top'])}"
               if r["skipped_in_top"] else ""))

    def measurement_build(self, prog, name, cflags, cache):
        """Builds a fresh tree pdir/name with cflags added; returns it, or raises
        MeasureError with the reason."""
        tree = os.path.join(self.pdir, name)
        try:
            self.clone_tree(tree)
        except SetupError as e:
            raise skipped_share.MeasureError(str(e))
        ok, _ = self.build_tree(prog, tree, f"build-{name}.log", cflags, cache=cache)
        if not ok:
            raise skipped_share.MeasureError(
                f"the build with {cflags} failed (see {self.logs}/build-{name}.log)")
        return tree

    def measure_coverage(self, prog, files, errors):
        try:
            # no ccache: an object compiled in another tree would write its counts there
            tree = self.measurement_build(prog, "coverage", skipped_share.COVERAGE_CFLAGS,
                                          cache=False)
            # the counts of the build's own runs of the program (tcc compiles its runtime
            # library with the tcc it just built) are not the workload's
            for gcda in glob.glob(os.path.join(tree, "**", "*.gcda"), recursive=True):
                os.remove(gcda)
            out, err, status = self.run_workload_plain(prog, tree, "coverage")
            if (out, status) != (self.expected[0], self.expected[2]):
                raise skipped_share.MeasureError(
                    f"the coverage build's workload output differs from the original's "
                    f"(see {self.logs}/workload-coverage.stdout)")
            match = skipped_share.FileMatcher(files, [tree, self.src])
            return skipped_share.gcov_counts(tree, match)
        except skipped_share.MeasureError as e:
            errors["gcov"] = str(e)
            self.warn(prog, f"skipped share: gcov: {e}")
            return None

    def measure_perf(self, prog, files, errors):
        why = skipped_share.perf_available()
        if why:
            errors["perf"] = why
            self.warn(prog, f"skipped share: {why}")
            return None
        try:
            # no ccache either: an object cached from another tree names that tree's
            # files in its debug information
            tree = self.measurement_build(prog, "perf", skipped_share.PERF_CFLAGS, cache=False)
            data = os.path.join(self.pdir, "perf.data")
            out, err, status = self.run_workload_plain(
                prog, tree, "perf", wrapper=skipped_share.perf_record_argv(data))
            if (out, status) != (self.expected[0], self.expected[2]):
                raise skipped_share.MeasureError(
                    f"the workload's output under perf differs from the original's "
                    f"(see {self.logs}/workload-perf.stdout)")
            match = skipped_share.FileMatcher(files, [tree, self.src])
            return skipped_share.perf_samples(data, tree, match)
        except skipped_share.MeasureError as e:
            errors["perf"] = str(e)
            self.warn(prog, f"skipped share: perf: {e}")
            return None

    def count_lines(self, prog):
        self.res["files"] = prog.files
        self.res["c_lines"] = sum(read(os.path.join(self.src, f), "rb").count(b"\n")
                                  for f in prog.files)

    def check_profile_deterministic(self, prog, sbl_dir):
        """Runs the workload on the SBL copy a second time: its path profile must be the
        first run's. A difference is the program's (paths that depend on the time, on
        addresses, on a generator seeded by the clock), not p3's, and would make every
        comparison with SBL meaningless: a setup error, before any merged profile is
        compared."""
        log("  [sbl-k1] run the workload again: is the path profile deterministic?")
        first = os.path.join(self.pdir, "sbl-profile.json")
        p = subprocess.run([self.tool("p3-run"), "--fresh", sbl_dir, "--", "bash",
                            self.workload_script], cwd=os.path.join(self.src, prog["workdir"]),
                           env=self.env(prog), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL)
        p3err = p.stderr.decode(errors="replace")
        write(os.path.join(self.logs, "p3-run-sbl-k1-again.stderr"), p3err)
        for d in self.compare_outputs(prog, "sbl-k1", sbl_dir, 1, self.expected,
                                      p.returncode, p3err)[:5]:
            self.fail(prog, f"sbl-k1, second run: {d}")
        again = os.path.join(self.pdir, "sbl-profile-again.json")
        check = os.path.join(self.logs, "check-sbl-k1-again.txt")
        q = subprocess.run([self.tool("p3-report"), f"--check={first}", "--top=0",
                            "--top-per-function=0", "-o", again, sbl_dir],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        write(check, q.stdout.decode(errors="replace"))
        self.res["sbl_deterministic"] = q.returncode == 0
        if q.returncode != 0:
            lines = [l for l in q.stdout.decode(errors="replace").splitlines()
                     if l.startswith("check:")]
            raise SetupError(
                f"{prog.name}: the original's path profile is not deterministic: two runs of "
                f"the workload on the SBL copy counted different paths "
                f"({'; '.join(lines[:3]) or 'exit ' + str(q.returncode)}; see {check}). "
                f"This is the program's (time, addresses, a generator seeded by the clock), "
                f"not p3's: make it deterministic in the description")
        # the profile of the first run stays the reference
        shutil.copy(first, os.path.join(sbl_dir, "profile.json"))

    def run_training(self, prog, sbl):
        """The training workload on the SBL copy: its profile is what auto plans with
        (trained on `train`, measured on `workload`), and the reverse simulation
        measures on it. The workload's raw profiles and profile.json are put back."""
        profiles = os.path.join(sbl, "profiles")
        kept = os.path.join(sbl, "profiles-workload")
        rmtree(kept)
        os.rename(profiles, kept)
        log("  [train] run the training workload on the SBL copy")
        cwd = os.path.join(self.src, prog["workdir"])
        t0 = now()
        p = subprocess.run([self.tool("p3-run"), "--fresh", sbl, "--", "bash", self.train_script],
                           cwd=cwd, env=self.env(prog), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        write(os.path.join(self.logs, "train.stdout"), p.stdout.decode(errors="replace"))
        write(os.path.join(self.logs, "train.stderr"), p.stderr.decode(errors="replace"))
        train_raw = os.path.join(sbl, "profiles-train")
        rmtree(train_raw)
        if os.path.isdir(profiles):
            os.rename(profiles, train_raw)
        os.rename(kept, profiles)
        merged = os.path.join(sbl, "profile.json")
        self.res["train"] = {"seconds": now() - t0, "status": p.returncode}
        if p.returncode != 0 or not os.path.exists(merged):
            self.fail(prog, f"the training workload failed (exit {p.returncode}, see "
                            f"{self.logs}/train.stderr)")
        else:
            self.train_profile = os.path.join(self.pdir, "train-profile.json")
            shutil.copy(merged, self.train_profile)
            data = json.load(open(self.train_profile))
            self.res["train"]["total_executions"] = sum(
                json_int(q["count"]) for f in data["functions"] for q in f["paths"])
        shutil.copy(os.path.join(self.pdir, "sbl-profile.json"), merged)

    def test_config(self):
        if self.args.test_config:
            return self.args.test_config
        ks = sorted(self.args.k)
        if not self.args.strategies or not ks:
            return "sbl-k1"
        strategy = "p3" if "p3" in self.args.strategies else self.args.strategies[0]
        return f"{strategy}-k{ks[0]}"

    def drop_copies(self, outdir, k):
        for c in range(k):
            rmtree(os.path.join(outdir, f"copy-{c}"))

    def run_tests(self, prog, r, outroot, tag, k):
        """The program's own test suite on the original and on every copy of rewrite tag:
        each copy must give the original's exit status and, with 'test_compare', the
        same per-test outcomes (what matters when some tests fail on the original)."""
        outdir = config_dir(outroot, tag)
        log(f"  test suite on the original and the {k} copies of {tag}")
        hashes = self.rewritten_hashes(outdir, k)
        t = {"config": tag, "command": prog["test"]}
        trees = [("orig", os.path.join(self.pdir, "orig"))]
        trees += [(f"copy{c}", os.path.join(outdir, f"copy-{c}")) for c in range(k)]
        runs = {}
        for name, tree in trees:
            env = self.env(prog)
            if name != "orig":
                # the copies' raw profiles go aside, not into the test suite's directories
                env["P3_PROFILE_DIR"] = os.path.join(self.pdir, "test-profiles", name)
                rmtree(env["P3_PROFILE_DIR"])
                os.makedirs(env["P3_PROFILE_DIR"])
            cwd = os.path.join(tree, prog["test_dir"])
            st, secs = run_shell(prog["test"], cwd, env,
                                 os.path.join(self.logs, f"test-{name}.log"),
                                 timeout=self.args.test_timeout)
            runs[name] = {"status": st, "seconds": secs}
            if prog["test_compare"]:
                out = os.path.join(self.logs, f"test-{name}.outcomes")
                cst, _ = run_shell(prog["test_compare"], cwd, self.env(prog), out)
                # the log's first line is the command
                runs[name]["outcomes"] = read(out).split("\n", 1)[-1] if cst == 0 else None
                if cst != 0:
                    self.fail(prog, f"test suite: 'test_compare' failed on {name} (see {out})")
        t["orig"] = runs["orig"]
        t["copies"] = [runs[f"copy{c}"] for c in range(k)]
        status = t["orig"]["status"]
        if status != 0:
            self.warn(prog, f"the test suite fails on the original too (exit {status}, "
                            f"see {self.logs}/test-orig.log)"
                      + (": the copies must have the same outcomes" if prog["test_compare"] else ""))
        for c, x in enumerate(t["copies"]):
            if x["status"] != status:
                self.fail(prog, f"test suite: exit {x['status']} on copy {c} of {tag}, "
                                f"{status} on the original (see {self.logs}/test-copy{c}.log)")
            if prog["test_compare"] and x.get("outcomes") != t["orig"].get("outcomes"):
                self.fail(prog, f"test suite: the outcomes of copy {c} of {tag} differ from "
                                f"the original's (diff {self.logs}/test-orig.outcomes "
                                f"{self.logs}/test-copy{c}.outcomes)")
        t["passed"] = status == 0 and all(x["status"] == 0 for x in t["copies"])
        t["same_outcomes"] = all(x["status"] == status and x.get("outcomes") == t["orig"].get("outcomes")
                                 for x in t["copies"])
        if prog["test_compare"] and t["orig"].get("outcomes") is not None:
            t["orig_outcomes"] = t["orig"]["outcomes"]
        t["intact"] = self.check_rewritten_intact(prog, outdir, k, hashes, "test suite")
        r["test"] = t
        self.res["test"] = t
        log(f"  test suite: original exit {status}, copies "
            f"{[x['status'] for x in t['copies']]}"
            + ("" if not prog["test_compare"] else
               f", outcomes {'the same' if t['same_outcomes'] else 'DIFFER'}"))

    def simulate(self, prog):
        ks = sorted(set(self.args.k) | {2, 4, 8})
        sbl = config_dir(os.path.join(self.pdir, "out"), "sbl-k1")
        # p3-ends (P3 with a loop-aware partition) is simulated even when it is not one of
        # the rewrites the harness builds: its figures show what that partition gains.
        base = ["sbl", "pbl", "p3", "p3-ends"]
        wanted = base + [s for s in self.args.strategies if s not in base]
        # auto is planned from static estimates, or trained on the training workload
        train = [f"--train={self.train_profile}"] if "auto" in wanted and self.train_profile else []
        status, data, err = self.report_json(sbl, "--simulate=" + ",".join(map(str, ks)),
                                             "--strategies=" + ",".join(wanted), *train)
        if status != 0 and wanted != base:
            self.warn(prog, f"p3-report --simulate does not take every strategy of "
                            f"{','.join(wanted)} ({err.strip()[:200]}); simulated {','.join(base)}")
            status, data, err = self.report_json(sbl, "--simulate=" + ",".join(map(str, ks)),
                                                 "--strategies=" + ",".join(base))
        if status != 0 or not data or "simulate" not in data:
            self.fail(prog, f"p3-report --simulate failed: {err.strip()[:300]}")
            return
        self.res["simulate"] = simulation(data["simulate"])
        rows = self.res["simulate"]["rows"]
        if "auto" in wanted:
            # auto static keeps pbl's plan; the plan its static estimates (with the
            # call graph) would give, to show what trusting them would change
            status, odata, err = self.report_json(sbl, "--simulate=" + ",".join(map(str, ks)),
                                                  "--strategies=auto", "--plan-static-estimates")
            if status == 0 and odata and "simulate" in odata:
                self.res["simulate_estimates"] = simulation(odata["simulate"])
            else:
                self.warn(prog, f"p3-report --plan-static-estimates failed: {err.strip()[:200]}")
        if train:
            # The reverse: trained on the workload, measured on the training run.
            raws = sorted(glob.glob(os.path.join(sbl, "profiles-train", "*.raw")))
            status, rdata, err = self.report_json(
                sbl, "--simulate=" + ",".join(map(str, ks)), "--strategies=" + ",".join(wanted),
                "--train=" + os.path.join(self.pdir, "sbl-profile.json"),
                "-o", os.path.join(self.pdir, "train-remerged.json"), *raws)
            if status != 0 or not rdata or "simulate" not in rdata:
                self.fail(prog, f"p3-report --simulate on the training run failed: "
                                f"{err.strip()[:300]}")
            else:
                self.res["simulate_train"] = simulation(rdata["simulate"])
        # the model on the real rewrite must equal the simulation of the same plan
        for tag, r in self.res["configs"].items():
            row = tag
            if r["strategy"] == "auto" and train:
                row = "auto+train-k" + tag.split("-k")[1]
            if r["strategy"] == "sbl" or "overhead" not in r or row not in rows:
                continue
            r["simulate_agrees"] = r["overhead"]["max"] == rows[row]["max_hits"]
            if not r["simulate_agrees"] and r.get("exact"):
                self.fail(prog, f"{tag}: the slowest copy of the rewrite has "
                                f"{r['overhead']['max']} probe hits, --simulate plans "
                                f"{rows[row]['max_hits']} for the same strategy and K")

    def hot_functions(self, prog, outroot, top=8):
        """Where the path executions are, and how each strategy placed those functions."""
        try:
            profile = json.load(open(os.path.join(self.pdir, "sbl-profile.json")))
        except (OSError, ValueError):
            return
        execs = {}
        for f in profile["functions"]:
            execs[f["id"]] = sum(json_int(p["count"]) for p in f["paths"])
        total = sum(execs.values()) or 1
        manifests = {}
        for strategy, k in self.configs:
            tag = f"{strategy}-k{k}"
            try:
                manifests[tag] = {f["id"]: f for f in
                                  json.load(open(os.path.join(config_dir(outroot, tag),
                                                              "manifest.json")))["functions"]}
            except (OSError, ValueError):
                pass
        hot = []
        for fid, n in sorted(execs.items(), key=lambda x: -x[1])[:top]:
            entry = {"id": fid, "executions": n, "share": n / total, "placement": {}}
            for tag, funcs in manifests.items():
                f = funcs.get(fid)
                if not f or not f.get("instrumented"):
                    continue
                copies = [i["copy"] for i in f.get("instances", []) if i.get("kind") != "none"]
                entry["placement"][tag] = {"tasks": len(f.get("tasks", [])), "copies": copies,
                                           "call_sites": f.get("call_sites")}
            hot.append(entry)
        shares = {}
        for tag, funcs in manifests.items():
            if tag.startswith("p3-"):
                split = sum(n for fid, n in execs.items()
                            if len(funcs.get(fid, {}).get("tasks", [])) > 1)
                shares[tag] = split / total
        self.res["hot_functions"] = hot
        self.res["executions_in_split_functions"] = shares
        self.res["total_executions"] = total

    @staticmethod
    def function_disagreements_text(rows, shown=5):
        """The functions p3-report found measured != model in, for a message."""
        if not rows:
            return ""
        parts = [f"{d['name']} (copy {d['copy']}: {d['measured'] - d['model']:+d})"
                 for d in rows[:shown]]
        more = f" and {len(rows) - shown} more" if len(rows) > shown else ""
        return "; in " + ", ".join(parts) + more

    def count_probes(self, prog, outroot):
        """Builds with -DP3_COUNT_PROBES: measured probes must equal the model."""
        if self.args.count_probes != "all" and prog.name not in self.args.count_probes.split(","):
            return
        # "cnt", as long as "out": the copies run at paths of the same length as the
        # other rewrites' (config_dir says why).
        croot = os.path.join(self.pdir, "cnt")
        os.makedirs(croot, exist_ok=True)
        results = {}
        for strategy, k in self.configs:
            tag = f"{strategy}-k{k}"
            if strategy == "sbl" and self.args.ci:
                continue
            if self.args.count_strategies and strategy not in self.args.count_strategies:
                continue
            log(f"  [count {tag}] -DP3_COUNT_PROBES")
            r = self.run_config(prog, strategy, k, croot, tag, extra_cflags="-DP3_COUNT_PROBES",
                                prefix="count-")
            ov = r.get("overhead", {})
            entry = {"model": ov.get("copies"), "measured": ov.get("measured"),
                     "agrees": ov.get("measured_agrees"), "exact": r.get("exact"),
                     "outputs_identical": r.get("outputs_identical")}
            if not ov.get("measured") or len(ov["measured"]) != k:
                self.fail(prog, f"count {tag}: no measured probe counts in the raw profiles")
                entry["agrees"] = False
            elif ov.get("measured_agrees") is not True:
                diff = [m - n for m, n in zip(ov["measured"], ov["copies"])]
                entry["difference"] = diff
                where = self.function_disagreements_text(ov.get("function_disagreements", []))
                if where:
                    entry["functions"] = ov["function_disagreements"]
                forked = ov.get("forked") or [0] * len(diff)
                if any(d < 0 and not f for d, f in zip(diff, forked)):
                    self.fail(prog, f"count {tag}: the runtime counted fewer probes than the "
                                    f"model: measured {ov['measured']}, model {ov['copies']}"
                                    f"{where}")
                else:
                    # Probes on paths that never end (a process that exits, or longjmps,
                    # from a callee) run but are never counted as paths: the model cannot
                    # see them. A forked child finishes the paths in progress at its fork,
                    # whose earlier probes were counted in the parent: fewer measured
                    # (test/corpus/FINDINGS.md 1 and 7).
                    forks = (f" ({sum(forked)} forked processes finished paths begun before "
                             f"their fork)" if any(d < 0 for d in diff) else "")
                    self.warn(prog, f"count {tag}: measured probes differ from the model by "
                                    f"{diff} (model {ov['copies']}){forks}{where}")
            results[tag] = entry
            if not self.args.keep:
                self.drop_copies(config_dir(croot, tag), k)
        self.res["count_probes"] = results

    def clang_syntax(self, prog):
        clang = shutil.which("clang-19") or shutil.which("clang")
        if not clang:
            self.warn(prog, "no clang for the -fsyntax-only comparison")
            return
        out = os.path.join(self.logs, "clang-syntax.stdout")
        err = os.path.join(self.logs, "clang-syntax.stderr")
        if self.compile_db:
            # one clang per file, each with the build's flags: times add up, memory peaks
            status, secs, kb = 0, 0.0, 0
            for entry in json.load(open(self.compile_db)):
                args = [clang, "-fsyntax-only", "-w"] + entry["arguments"][1:]
                st, s1, k1 = timed(args, entry["directory"], self.env(prog), out, err)
                status = status or st
                secs = None if secs is None or s1 is None else secs + s1
                kb = None if kb is None or k1 is None else max(kb, k1)
        else:
            args = [clang, "-fsyntax-only", "-w"] + shlex.split(prog["rewrite_flags"]) + prog.files
            status, secs, kb = timed(args, self.src, self.env(prog), out, err)
        self.res["clang_syntax"] = {"status": status, "seconds": secs, "max_rss_kb": kb,
                                    "clang": os.path.basename(clang)}
        if status != 0:
            self.warn(prog, f"clang -fsyntax-only exited {status} (see {err})")

    def timing(self, prog, orig, outroot):
        """Wall-clock, interleaved repetitions, median per variant."""
        gcov = os.path.join(self.pdir, "gcov")
        self.clone_tree(gcov)
        ok, secs = self.build_tree(prog, gcov, "build-gcov.log", "-fprofile-arcs")
        variants = [("orig", orig, None)]
        if not ok:
            self.fail(prog, f"the gcc -fprofile-arcs build failed (see {self.logs}/build-gcov.log)")
        variants.append(("sbl", os.path.join(config_dir(outroot, "sbl-k1"), "copy-0"), 0))
        for k in sorted(self.args.k):
            if "p3" not in self.args.strategies or self.args.time_by_model:
                break
            for c in range(k):
                variants.append((f"p3-k{k}-c{c}",
                                 os.path.join(config_dir(outroot, f"p3-k{k}"), f"copy-{c}"), 0))
        # pbl and auto: the copy the overhead model says is slowest (timing every copy
        # of every strategy would multiply the run's length)
        by_model = {}
        for strategy in (("p3",) if self.args.time_by_model else ()) + ("pbl", "auto"):
            if strategy not in self.args.strategies:
                continue
            for k in sorted(self.args.k):
                tag = f"{strategy}-k{k}"
                copies = self.res["configs"].get(tag, {}).get("overhead", {}).get("copies")
                if not copies:
                    continue
                c = max(range(len(copies)), key=lambda i: copies[i])
                by_model[tag] = f"{tag}-c{c}"
                variants.append((f"{tag}-c{c}",
                                 os.path.join(config_dir(outroot, tag), f"copy-{c}"), 0))
        if ok:
            variants.append(("gcov", gcov, None))
        profiles = os.path.join(self.pdir, "timing-profiles")
        reps = self.args.reps
        log(f"  timing: {len(variants)} variants x {reps} repetitions, interleaved")
        wall = {v[0]: [] for v in variants}
        cpu = {v[0]: [] for v in variants}
        load = []
        for rep in range(reps):
            # rotate the order so that no variant always runs first or last
            order = variants[rep % len(variants):] + variants[:rep % len(variants)]
            load.append(os.getloadavg()[0])
            for name, tree, _ in order:
                rmtree(profiles)
                os.makedirs(profiles)
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.perf_counter()
                out, err, status = self.run_workload_plain(prog, tree, "timing", profiles)
                wall[name].append(time.perf_counter() - t0)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu[name].append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
                if (out, err, status) != self.expected:
                    self.fail(prog, f"timing run of {name}: output differs from the original's")
        rmtree(profiles)
        med = {n: statistics.median(v) for n, v in wall.items()}
        medcpu = {n: statistics.median(v) for n, v in cpu.items()}
        t = {"reps": reps, "load_average": load, "median_wall": med, "median_cpu": medcpu,
             "wall": wall, "cpu": cpu, "slowest": {}}
        for k in sorted(self.args.k):
            names = [n for n in med if n.startswith(f"p3-k{k}-c")]
            if names:
                slow = max(names, key=lambda n: med[n])
                t["slowest"][f"p3-k{k}"] = {"copy": slow, "wall": med[slow],
                                           "cpu": max(medcpu[n] for n in names)}
        for tag, name in by_model.items():
            t["slowest"][tag] = {"copy": name, "wall": med[name], "cpu": medcpu[name],
                                 "by_model": True}
        self.res["timing"] = t
        base = med["orig"]
        parts = [f"sbl {med['sbl'] / base:.2f}"]
        parts += [f"{n} {v['wall'] / base:.2f}" for n, v in t["slowest"].items()]
        if "gcov" in med:
            parts.append(f"gcov {med['gcov'] / base:.2f}")
        log(f"  timing (median wall time / original's {base:.2f} s): " + ", ".join(parts))


def first_difference(a, b):
    if isinstance(a, tuple):
        a = repr(a).encode()
    if isinstance(b, tuple):
        b = repr(b).encode()
    n = min(len(a), len(b))
    i = next((j for j in range(n) if a[j] != b[j]), n)
    line = a[:i].count(b"\n") + 1
    def snip(x):
        start = x.rfind(b"\n", 0, i) + 1
        return x[start:start + 80].split(b"\n")[0].decode(errors="replace")
    if i == n and len(a) != len(b):
        return f"line {line}: one output is a prefix of the other ({len(a)} vs {len(b)} bytes)"
    return f"line {line}: expected {snip(a)!r}, got {snip(b)!r}"


def machine_info():
    cpu = "unknown"
    try:
        for line in read("/proc/cpuinfo").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = None
    try:
        for line in read("/proc/meminfo").splitlines():
            if line.startswith("MemTotal"):
                mem = int(line.split()[1]) // 1024
    except OSError:
        pass
    def version(cmd):
        try:
            return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
                                  ).stdout.decode().splitlines()[0]
        except (OSError, IndexError):
            return "unknown"
    osname = "unknown"
    try:
        m = re.search(r'^PRETTY_NAME="?([^"\n]*)', read("/etc/os-release"), re.M)
        osname = m.group(1) if m else osname
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_mb": mem, "kernel": platform.release(),
            "os": osname, "gcc": version(["gcc", "--version"]),
            "clang": version([shutil.which("clang-19") or "clang", "--version"])}


def p3_version():
    """The commit of the p3 sources, with '+dirty' when lib/, tool/ or runtime/ differ from it."""
    def git(*a):
        try:
            return subprocess.run(["git", "-C", REPO] + list(a), stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL).stdout.decode().strip()
        except OSError:
            return ""
    if os.environ.get("P3_COMMIT"):  # tools built from an export of that commit
        return os.environ["P3_COMMIT"]
    commit = git("rev-parse", "--short=12", "HEAD") or "unknown"
    if git("status", "--porcelain", "--", "lib", "tool", "runtime", "CMakeLists.txt", "cmake"):
        commit += "+dirty"
    return commit


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="p3 corpus harness: rewrite real programs with p3, build, run, check, measure.",
        epilog="Examples:\n"
               "  corpus.py --ci                          # the CI subset (bzip2, zlib; K=2,4; P3, PBL)\n"
               "  corpus.py bzip2 --k 2,4 --keep          # one program, keep the trees\n"
               "  corpus.py --bench                       # everything, with timings (bench/run-evaluation.sh)\n",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("programs", nargs="*", help="programs (test/corpus/programs/NAME.conf); "
                    "default: all, or bzip2 and zlib with --ci")
    ap.add_argument("--programs-dir", default=PROGRAMS_DIR,
                    help="where the program descriptions are (default: %(default)s)")
    ap.add_argument("--bin", default=os.path.join(REPO, "build", "bin"),
                    help="directory with p3-rewrite, p3-run, p3-report (default: %(default)s)")
    ap.add_argument("--work", default=os.environ.get("P3_CORPUS_WORK",
                    os.path.join(os.environ.get("TMPDIR", "/tmp"), "p3-corpus")),
                    help="work directory for sources, builds, logs and results "
                         "(default: $P3_CORPUS_WORK or $TMPDIR/p3-corpus)")
    ap.add_argument("--downloads", default=os.environ.get("P3_CORPUS_DOWNLOADS"),
                    help="where source packages are downloaded and cached "
                         "(default: $P3_CORPUS_DOWNLOADS or WORK/downloads)")
    ap.add_argument("--k", default=None, help="comma-separated K values (default 2,4,8; CI 2,4)")
    ap.add_argument("--strategies", default="p3,pbl",
                    help="strategies besides SBL, any that p3-rewrite --strategy takes "
                         "(default p3,pbl; SBL, K=1, always runs; "
                         "auto is trained on the program's train workload when it has one)")
    ap.add_argument("--ci", action="store_true", help="the reduced CI run: bzip2 and zlib, "
                    "K=2,4, P3 and PBL, CI-sized workloads, probe counting on bzip2")
    ap.add_argument("--bench", action="store_true", help="also measure wall-clock times, "
                    "gcc -fprofile-arcs and clang -fsyntax-only")
    ap.add_argument("--skipped-share", action="store_true",
                    help="also measure the share of executions (gcov) and of time (perf) "
                         "in the functions p3-rewrite skipped (docs/evaluation.md; "
                         "test/corpus/skipped_share.py renders the table)")
    ap.add_argument("--count-probes", default=None,
                    help="programs (comma-separated, or 'all') whose copies are also built with "
                         "-DP3_COUNT_PROBES and checked against the model")
    ap.add_argument("--reps", type=int, default=5, help="timing repetitions (default 5)")
    ap.add_argument("--time-by-model", action="store_true",
                    help="time only the copy the overhead model says is slowest for P3 too "
                         "(default: every P3 copy; PBL and auto are always timed by the model)")
    ap.add_argument("--no-timing", default="",
                    help="programs (comma-separated) not timed even with --bench")
    ap.add_argument("--count-strategies", default="",
                    help="with --count-probes: only these strategies' rewrites (comma-separated, "
                         "sbl included; default all)")
    ap.add_argument("--simulate-only", default="",
                    help="programs (comma-separated) for which only SBL is rewritten, built and "
                         "run (and the training workload): every strategy's figures come from "
                         "p3-report --simulate on its profile (for programs whose copies take "
                         "minutes to build)")
    ap.add_argument("--scale", default=None, help="override every program's workload scale")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                    help="copies built at once (default: number of CPUs)")
    ap.add_argument("--test-config", default=None,
                    help="rewrite whose copies run the test suite (default: P3 at the smallest K)")
    ap.add_argument("--test-timeout", type=int, default=1800)
    ap.add_argument("--no-tests", action="store_true", help="skip the programs' test suites")
    ap.add_argument("--no-ccache", action="store_true",
                    help="build without ccache (default: ccache in front of the compilers "
                         "when it is installed)")
    ap.add_argument("--keep", action="store_true", help="keep the built trees")
    ap.add_argument("--reuse", action="store_true",
                    help="reuse a prepared source tree from an earlier run (same description)")
    ap.add_argument("--prepare-only", action="store_true",
                    help="fetch and prepare the source trees (WORK/NAME/src), nothing else")
    ap.add_argument("--no-deb-src", action="store_true",
                    help="do not run scripts/enable-deb-src.sh before apt-get source")
    ap.add_argument("--results", default=None,
                    help="write all results to this JSON file too (default WORK/results.json)")
    args = ap.parse_args(argv)
    if args.k is None:
        args.k = "2,4" if args.ci else "2,4,8"
    try:
        args.k = sorted({int(x) for x in args.k.split(",") if x})
    except ValueError:
        ap.error("--k takes comma-separated integers")
    if any(k < 2 for k in args.k):
        ap.error("--k values must be at least 2 (K=1 is SBL, always run)")
    args.strategies = [s for s in dict.fromkeys(args.strategies.split(",")) if s and s != "sbl"]
    if not args.programs:
        args.programs = ["bzip2", "zlib"] if args.ci else \
            sorted(os.path.splitext(f)[0] for f in os.listdir(args.programs_dir)
                   if f.endswith(".conf"))
    if args.count_probes is None:
        args.count_probes = "bzip2" if args.ci else ""
    args.no_timing = [x for x in args.no_timing.split(",") if x]
    args.count_strategies = [x for x in args.count_strategies.split(",") if x]
    args.simulate_only = [x for x in args.simulate_only.split(",") if x]
    return args


def main(argv):
    args = parse_args(argv)
    try:
        h = Harness(args)
        progs = load_programs(args.programs, args.programs_dir)
        h.check_strategies()
    except SetupError as e:
        print(f"corpus: error: {e}", file=sys.stderr)
        return 2
    os.makedirs(os.path.join(h.work, "results"), exist_ok=True)
    started = datetime.datetime.now(datetime.timezone.utc)
    all_results = {"started": started.isoformat(timespec="seconds"),
                   "command": " ".join(shlex.quote(a) for a in [sys.argv[0]] + argv),
                   "machine": machine_info(), "p3_commit": p3_version(),
                   "options": {"k": args.k, "strategies": args.strategies, "ci": args.ci,
                               "bench": args.bench, "reps": args.reps,
                               "count_probes": args.count_probes,
                               "count_strategies": args.count_strategies,
                               "simulate_only": args.simulate_only,
                               "no_timing": args.no_timing,
                               "time_by_model": args.time_by_model, "scale": args.scale},
                   "programs": {}}
    setup_errors = []
    for prog in progs:
        try:
            res = h.program(prog)
        except SetupError as e:
            print(f"corpus: error: {e}", file=sys.stderr)
            setup_errors.append(f"{prog.name}: {e}")
            res = dict(h.res) if hasattr(h, "res") else {"program": prog.name}
            res.setdefault("failures", []).append(f"setup: {e}")
            h.failures.append(f"{prog.name}: setup: {e}")
        all_results["programs"][prog.name] = res
        with open(os.path.join(h.work, "results", prog.name + ".json"), "w") as f:
            json.dump(res, f, indent=1, sort_keys=True)
    all_results["finished"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    all_results["failures"] = h.failures
    all_results["warnings"] = h.warnings
    out = args.results or os.path.join(h.work, "results.json")
    with open(out, "w") as f:
        json.dump(all_results, f, indent=1, sort_keys=True)
    log("")
    log(f"results: {out}")
    for w in h.warnings:
        log(f"warning: {w}")
    if h.failures:
        log(f"{len(h.failures)} failure(s):")
        for f in h.failures:
            log(f"  FAIL {f}")
        # only setup errors: the programs could not be tested (2), not a failure of p3 (1)
        return 2 if len(setup_errors) == len(h.failures) else 1
    log("prepared" if args.prepare_only else "all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
