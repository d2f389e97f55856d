#!/usr/bin/env python3
"""What profiling costs at run time, side by side in one interleaved run.

One script past the usual size because it is one pipeline (build the variants, check
their profiles, time them interleaved, attribute with perf, merge earlier runs, render
the tables) over one results document, and it must run with the standard library only
from a bare checkout; the corpus's own steps (fetch, build, workloads) come from
test/corpus.

    bench/probe-cost.py                               # every corpus program, gcc and clang
    bench/probe-cost.py libquantum lua --reps 7       # some programs
    bench/probe-cost.py --compilers gcc --k 4 --strategies p3 bzip2
    bench/probe-cost.py --perf libquantum             # + per-function perf attribution
    bench/probe-cost.py --markdown docs/probe-cost.md # the table as docs/evaluation.md links it

For each program of test/corpus/programs and each compiler (gcc -O2, and clang -O2
through a `gcc` on PATH that runs clang-19, so the programs' own builds are unchanged;
tcc the same way, on request), it builds: the uninstrumented program; edge profiling
(gcc -fprofile-arcs, i.e. gcov's counters; clang -fprofile-instr-generate; tcc has none,
so its column is empty and its copies compare with the uninstrumented tcc build only);
SBL (p3-rewrite -k 1); and every copy of each strategy at each K (auto: planned with
the profile of the program's `train` workload on the SBL copy when the program has one,
as test/corpus/corpus.py does; from static estimates otherwise). It then times the
program's corpus workload:

 1. once per copy of every rewrite, with the raw profiles kept: the merged profile of
    each rewrite must equal SBL's (p3-report --check), and the copy with the largest
    CPU time is that rewrite's slowest copy (what K cores would wait for);
 2. --reps interleaved repetitions of: original, edge profiling, SBL and the slowest
    copy of each rewrite (the order rotates every repetition, so slow phases of the
    machine are spread over all variants). CPU time (user + system of the workload's
    processes) and wall-clock time; each repetition's time is divided by the original's
    in the same repetition, and the table shows the median of those ratios and their
    range [min-max].

Every run's output and exit status must equal the original's. Sources, inputs and
builds come from test/corpus/corpus.py (its Harness), under --work.

Merging runs: --from-json A.json B.json ... renders the tables of several runs' --json
files (a program's row with one compiler from the last file that has it), and with --json
writes the merged document, which later merges take as their first file
(bench/probe-cost-results.json is the one behind docs/evaluation.md section 5). A
Markdown file this script wrote (docs/probe-cost.md) can stand for the runs behind it:
its cells, ranges, loads and perf shares are read back (the rendering of what is read
is the same text; the repetitions' times and the perf samples are not in it).
Python 3 standard library only; perf (linux-perf) for --perf.
"""

import argparse
import json
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "test", "corpus"))
import corpus  # noqa: E402  (program descriptions, fetching, preparing, building)

BEGIN = "<!-- probe-cost:begin (bench/probe-cost-evaluation.sh writes this part) -->"
END = "<!-- probe-cost:end -->"
# The compiler's own edge profiling; tcc has none (None: no edge variant).
EDGE_FLAGS = {"gcc": "-fprofile-arcs", "clang": "-fprofile-instr-generate", "tcc": None}
EDGE_NAME = {"gcc": "gcc -fprofile-arcs", "clang": "clang -fprofile-instr-generate"}


def log(msg):
    print(msg, flush=True)


class Bench:
    def __init__(self, args):
        self.args = args
        cargs = ["--work", args.work, "--bin", args.bin, "--reuse", "--no-tests",
                 "--jobs", str(args.jobs)]
        if args.downloads:
            cargs += ["--downloads", args.downloads]
        self.h = corpus.Harness(corpus.parse_args(cargs + args.programs))
        self.scratch = tempfile.mkdtemp(prefix="p3-probe-cost-")
        # A directory per compiler with `gcc` and `cc` that run it (gcc: none, the
        # machine's own).
        self.shims = {}
        for cc, exe in (("clang", shutil.which("clang-19") or shutil.which("clang")),
                        ("tcc", shutil.which("tcc"))):
            if cc not in args.compilers:
                continue
            if not exe:
                raise corpus.SetupError(f"{cc} is not installed")
            self.shims[cc] = os.path.join(self.scratch, f"{cc}-as-gcc")
            os.makedirs(self.shims[cc])
            for name in ("gcc", "cc"):
                path = os.path.join(self.shims[cc], name)
                with open(path, "w") as f:
                    f.write(f"#!/bin/sh\nexec {exe} \"$@\"\n")
                os.chmod(path, 0o755)
        self.path = os.environ.get("PATH", "")
        self.results = {}

    # ---- the corpus harness, as its program() step sets it up

    def setup(self, prog):
        h = self.h
        h.prog = prog
        h.res = {"program": prog.name, "configs": {}, "failures": [], "warnings": []}
        h.pdir = os.path.join(h.work, prog.name)
        h.logs = os.path.join(h.pdir, "logs-probe-cost")
        h.src = os.path.join(h.pdir, "src")
        h.inputs = os.path.join(h.pdir, "inputs")
        h.scale = self.args.scale.get(prog.name, self.args.scale.get("*")) or prog["scale"]
        os.makedirs(h.logs, exist_ok=True)
        h.workload_script = os.path.join(h.pdir, "workload.sh")
        corpus.write(h.workload_script, prog["workload"] + "\n")
        h.train_script = os.path.join(h.pdir, "train.sh")
        corpus.write(h.train_script, prog["train"] + "\n")
        h.train_profile = None
        h.prepare(prog, h.fetch(prog))
        h.make_inputs(prog)
        # The files to rewrite and their flags, as the corpus harness settles them: the
        # description's, or those the original's build compiles (recorded with bear).
        self.compiler("gcc")
        h.compile_db = None
        settled = os.path.join(h.pdir, "probe-cost-settle")
        h.clone_tree(settled)
        h.build_original(prog, settled)
        corpus.rmtree(settled)

    def compiler(self, cc):
        """Puts the compiler's `gcc` first on PATH (clang, tcc: the shim)."""
        shim = self.shims.get(cc)
        os.environ["PATH"] = (shim + os.pathsep + self.path) if shim else self.path

    def build(self, prog, tree, tag, cflags=""):
        ok, secs = self.h.build_tree(prog, tree, f"build-{tag}.log", cflags)
        if not ok:
            raise corpus.SetupError(f"{prog.name}: {tag} does not build "
                                    f"(see {self.h.logs}/build-{tag}.log)")
        return secs

    def rewrite(self, prog, strategy, k, outdir, tag, extra=()):
        h = self.h
        args = [h.tool("p3-rewrite"), "-k", str(k), f"--strategy={strategy}",
                f"--root={h.src}", "-o", outdir, "--force"] + list(extra)
        if strategy == "auto" and h.train_profile:
            args.append(f"--train={h.train_profile}")
        args += shlex.split(prog["rewrite_options"])
        if h.compile_db:
            args += ["-p", os.path.dirname(h.compile_db)] + prog.files
        else:
            args += prog.files + ["--"] + shlex.split(prog["rewrite_flags"])
        log_file = os.path.join(h.logs, f"rewrite-{tag}.log")
        status, secs, kb = corpus.timed(args, h.src, h.env(prog), log_file + ".out", log_file)
        if status != 0:
            raise corpus.SetupError(f"{prog.name}: p3-rewrite {tag} exited {status} "
                                    f"(see {self.h.logs}/rewrite-{tag}.log)")

    def run(self, prog, tree, tag, profiles):
        """One run of the workload: (cpu, wall), checked against the original's output."""
        os.makedirs(profiles, exist_ok=True)
        # A file name without a directory, so in the workload's directory: with one, clang's
        # profile runtime creates the directory at start-up and leaves errno = EEXIST, which
        # programs that test errno without a failed call then report (bzip2recover: "I/O
        # error reading ...: File exists" at the end of its input).
        os.environ["LLVM_PROFILE_FILE"] = "p3-probe-cost-llvm-%p.profraw"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        got = self.h.run_workload_plain(prog, tree, tag, profiles)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if self.expected is None:
            self.expected = got
        elif got != self.expected:
            raise corpus.SetupError(f"{prog.name}: {tag}: the output differs from the "
                                    f"original's ({corpus.first_difference(self.expected, got)})")
        return cpu, wall

    # ---- one program, one compiler

    def program(self, prog, cc):
        a, h = self.args, self.h
        self.compiler(cc)
        root = os.path.join(h.pdir, f"probe-cost-{cc}")
        corpus.rmtree(root)
        os.makedirs(root)
        log(f"== {prog.name} ({cc} -O2)")
        variants = {}  # name -> tree
        builds = [("orig", "")] + ([("edge", EDGE_FLAGS[cc])] if EDGE_FLAGS[cc] else [])
        for name, cflags in builds:
            tree = os.path.join(root, name)
            h.clone_tree(tree)
            self.build(prog, tree, f"{cc}-{name}", cflags)
            variants[name] = tree
        self.expected = None
        self.run(prog, variants["orig"], "orig", os.path.join(root, "orig-profiles"))

        configs = [("sbl", 1, "sbl-k1", ())]
        if a.ablation:
            configs.append(("sbl", 1, "sbl-mem", ("--no-loop-counters",)))
        configs += [(s, k, f"{s}-k{k}", ()) for s in a.strategies for k in a.k]
        if a.cache_ablation:
            configs += [(s, k, f"{tag}-nocache", extra + ("--no-hash-cache",))
                        for s, k, tag, extra in list(configs)]
        slowest, screen = {}, {}
        sbl_profile = None
        for n, (strategy, k, tag, extra) in enumerate(configs):
            # config_dir pads names to 8 characters, so that every copy runs at a path of
            # the same length; longer tags (the ablations') get a numbered name instead
            out = corpus.config_dir(root, tag if len(tag) <= 8 else f"cfg{n}")
            self.rewrite(prog, strategy, k, out, f"{cc}-{tag}", extra)
            results = h.build_copies(prog, out, k, f"{cc}-{tag}")
            bad = [c for c, (ok, _) in results.items() if not ok]
            if bad:
                raise corpus.SetupError(f"{prog.name}: {tag} copies {bad} do not build "
                                        f"(see {h.logs}/build-{cc}-{tag}-copy*.log)")
            profiles = os.path.join(out, "profiles")
            cpu = {}
            for c in range(k):
                cpu[c], _ = self.run(prog, os.path.join(out, f"copy-{c}"), f"{tag}-c{c}", profiles)
            check = [h.tool("p3-report"), out] + (["--check", sbl_profile] if sbl_profile else [])
            p = subprocess.run(check, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if p.returncode != 0:
                raise corpus.SetupError(f"{prog.name}: {tag}: the merged profile is not SBL's:\n"
                                        + p.stderr.decode(errors="replace")[-2000:])
            if sbl_profile is None:
                sbl_profile = os.path.join(root, "sbl-profile.json")
                shutil.copy(os.path.join(out, "profile.json"), sbl_profile)
                if "auto" in a.strategies and prog["train"] and not h.train_profile:
                    # auto plans with the training workload's profile on the SBL copy, as
                    # the corpus harness does (trained on `train`, measured on `workload`);
                    # once per program: paths are the source's, whichever compiler built it
                    shutil.copy(sbl_profile, os.path.join(h.pdir, "sbl-profile.json"))
                    h.run_training(prog, out)
                    if not h.train_profile:
                        raise corpus.SetupError(f"{prog.name}: the training workload failed "
                                                f"(see {h.logs}/train.stderr)")
            slow = max(cpu, key=cpu.get)
            slowest[tag] = slow
            screen[tag] = cpu
            variants[tag] = os.path.join(out, f"copy-{slow}")
            log(f"  {tag}: profile = SBL's; slowest copy {slow} "
                f"({', '.join(f'{cpu[c]:.2f}' for c in range(k))} s cpu)")

        names = list(variants)
        times = {n: {"cpu": [], "wall": []} for n in names}
        loads = []
        for rep in range(a.reps):
            order = names[rep % len(names):] + names[:rep % len(names)]
            loads.append(os.getloadavg()[0])
            for n in order:
                cpu, wall = self.run(prog, variants[n], f"timing-{n}",
                                     os.path.join(self.scratch, "timing-profiles"))
                corpus.rmtree(os.path.join(self.scratch, "timing-profiles"))
                times[n]["cpu"].append(cpu)
                times[n]["wall"].append(wall)
            log(f"  repetition {rep + 1}/{a.reps} (load {loads[-1]:.1f})")
        res = {"compiler": cc, "reps": a.reps, "load_average": loads, "times": times,
               "slowest_copy": slowest, "screening_cpu": screen,
               "auto_trained": bool(h.train_profile) if "auto" in a.strategies else None}
        for kind in ("cpu", "wall"):
            res[kind] = {}
            for n in names:
                ratios = [t / o for t, o in zip(times[n][kind], times["orig"][kind])]
                res[kind][n] = {"median": statistics.median(ratios), "min": min(ratios),
                                "max": max(ratios)}
        res["orig_seconds"] = {k: statistics.median(times["orig"][k]) for k in ("cpu", "wall")}
        summary = ", ".join(f"{n} {res['cpu'][n]['median']:.2f}" for n in names if n != "orig")
        log(f"  cpu / original ({res['orig_seconds']['cpu']:.2f} s): {summary}")
        if prog.name in a.perf:
            res["perf"] = self.perf(prog, variants)
        if not a.keep:
            corpus.rmtree(root)
        return res

    # ---- per-function attribution

    def perf(self, prog, variants):
        """cpu-clock samples per function of the original, edge profiling (if the
        compiler has it) and SBL."""
        table = {}
        for n in (v for v in ("orig", "edge", "sbl-k1") if v in variants):
            data = os.path.join(self.scratch, f"perf-{n}.data")
            cwd = os.path.join(variants[n], prog["workdir"])
            env = self.h.env(prog)
            env["P3_PROFILE_DIR"] = os.path.join(self.scratch, "perf-profiles")
            os.makedirs(env["P3_PROFILE_DIR"], exist_ok=True)
            subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-o", data, "--",
                            "bash", self.h.workload_script], cwd=cwd, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            p = subprocess.run(["perf", "report", "-i", data, "--stdio", "--sort", "sym",
                                "-F", "sample,sym", "--field-separator=\t"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               universal_newlines=True, check=True)
            samples = {}
            for line in p.stdout.splitlines():
                if line.startswith("#") or "\t" not in line:
                    continue
                count, sym = line.split("\t", 1)
                try:
                    samples[sym.strip().replace("[.] ", "")] = int(count)
                except ValueError:
                    pass
            table[n] = samples
        return fold_perf(table)

    def main(self):
        a = self.args
        started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        self.compiler("gcc")  # the machine's gcc, not the clang shim
        machine = corpus.machine_info()
        commit = corpus.p3_version()  # now: the tree may move while this runs
        def document():
            return {"started": started,
                    "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                    "command": " ".join(shlex.quote(x) for x in sys.argv),
                    "machine": machine, "p3_commit": commit,
                    "options": {"reps": a.reps, "k": a.k, "strategies": a.strategies,
                                "compilers": a.compilers, "scale": a.scale,
                                "scales": {n: r.get("scale") for n, r in
                                           self.results.items()},
                                "ablation": a.ablation,
                                "cache_ablation": a.cache_ablation},
                    "programs": self.results}

        for prog in corpus.load_programs(a.programs):
            self.setup(prog)
            self.results[prog.name] = {"scale": self.h.scale}
            for cc in a.compilers:
                self.results[prog.name][cc] = self.program(prog, cc)
                if a.json:  # after each measurement: a long run that stops keeps them
                    with open(a.json, "w") as f:
                        json.dump(document(), f, indent=1, sort_keys=True)
        self.compiler("gcc")
        doc = document()
        shutil.rmtree(self.scratch, ignore_errors=True)
        return write_markdown(doc, a)


# ---- the report

def write_markdown(doc, a):
    notes = ""
    if a.notes:
        with open(a.notes) as f:
            notes = "\n" + f.read()
    text = markdown(doc) + notes
    print("\n" + text)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(text)
    if a.evaluation:
        with open(a.evaluation) as f:
            old = f.read()
        start, end = old.find(BEGIN), old.find(END)
        if start < 0 or end < start:
            sys.exit(f"probe-cost: error: {a.evaluation} has no '{BEGIN}' ... '{END}' part")
        # two levels deeper: the part sits inside a subsection of that file
        body = "\n".join("##" + l if l.startswith("#") else l
                          for l in (markdown(doc, title=False) + notes).splitlines())
        with open(a.evaluation, "w") as f:
            f.write(old[:start + len(BEGIN)] + "\n\n" + body.strip() + "\n\n" + old[end:])
    return 0


OTHERS = "(functions under 5 samples in every variant)"


def fold_perf(table, floor=5):
    """A perf table with the functions that have fewer than `floor` samples in every
    variant summed into one entry (OTHERS, never listed): the totals stay, the JSON
    file shrinks (flex: about 950 functions per variant, most with a sample or two)."""
    small = {s for s in set().union(*table.values())
             if s != OTHERS and all(v.get(s, 0) < floor for v in table.values())}
    # a table folded before (a merged document's) keeps what it had folded
    return {n: dict({s: c for s, c in v.items() if s not in small},
                    **{OTHERS: v.get(OTHERS, 0) + sum(c for s, c in v.items() if s in small)})
            for n, v in table.items()}


def load_document(path):
    """A run's --json file, or the tables of an earlier merge recovered from the Markdown
    this script wrote (a .md file: docs/probe-cost.md), for runs whose JSON is lost."""
    if path.endswith(".md"):
        return recover(path)
    with open(path) as f:
        return json.load(f)


def merged(files):
    """Several runs' results as one document: the programs of all, each program's
    measurement with each compiler from the last file that has it; every run's command
    and time listed (a merged document's runs one by one)."""
    docs = [load_document(path) for path in files]
    doc = dict(docs[-1])
    doc["programs"] = {}
    o = doc["options"] = dict(docs[-1]["options"])
    o["strategies"] = list(o["strategies"])
    o["compilers"] = list(o["compilers"])
    runs = []
    for d in docs:
        for name, per_cc in d["programs"].items():
            # per compiler: a gcc-only run and a later clang-only run both stay
            doc["programs"].setdefault(name, {}).update(per_cc)
        do = d["options"]
        o["k"] = sorted(set(o["k"]) | set(do["k"]))
        o["strategies"] += [s for s in do["strategies"] if s not in o["strategies"]]
        o["compilers"] += [c for c in do["compilers"] if c not in o["compilers"]]
        o["ablation"] = o.get("ablation") or do.get("ablation")
        o["cache_ablation"] = o.get("cache_ablation") or do.get("cache_ablation")
        o["reps"] = min(o["reps"], do["reps"])
        runs += d.get("runs") or [{"command": d["command"], "started": d["started"],
                                   "finished": d["finished"], "p3_commit": d["p3_commit"],
                                   "programs": sorted(d["programs"])}]
    o["compilers"] = [c for c in EDGE_FLAGS if c in o["compilers"]]  # gcc, clang, tcc
    doc["runs"] = runs
    return doc


def recover(path):
    """The document behind the tables of a Markdown file this script wrote: each cell's
    median and range, the load range, the original's seconds, SBL/edge as printed, and
    the perf tables' shares (not the samples: the runs' JSON files are lost). Rendering
    it again gives the same tables (bench/probe-cost.py --check-recovery)."""
    import re
    with open(path) as f:
        lines = f.read().splitlines()
    runs, programs, options = [], {}, {"k": [], "strategies": [], "compilers": [],
                                       "ablation": False, "cache_ablation": False}
    machine, reps, trained = {}, None, []
    tag_of = {"SBL": "sbl-k1", "SBL, no loop locals": "sbl-mem"}
    number = re.compile(r"^(\d+\.\d+) \[(\d+\.\d+)-(\d+\.\d+)\]$")
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^- `(?P<command>.*)`: (?P<programs>[^;]*); started (?P<started>\S+), "
                     r"finished (?P<finished>\S+), p3 at `(?P<commit>.*)`$", line)
        if m:
            runs.append({"command": m["command"], "started": m["started"],
                         "finished": m["finished"], "p3_commit": m["commit"],
                         "programs": m["programs"].split(", ")})
        m = re.match(r"^Machine: (.*), (\S+) cores; (.*); (.*)\.$", line)
        if m:
            machine = {"cpu": m[1], "cores": m[2], "gcc": m[3], "clang": m[4]}
        m = re.search(r"median over (\d+) \(or more\)", line)
        if m:
            reps = int(m[1])
        m = re.search(r"training workload on the SBL copy \(([^)]*)\)", line)
        if m:
            trained = m[1].split(", ")
        if line.startswith("Workload scale (CORPUS_SCALE) per program: "):
            for item in line.split(": ", 1)[1].rstrip(".").split(", "):
                name, value = item.split(" ")
                programs.setdefault(name, {})["scale"] = value
        m = re.match(r"^## (gcc|clang|tcc)(?: -O2)?: (CPU time|Wall-clock time)", line)
        if m:
            cc, kind = m[1], ("cpu" if m[2] == "CPU time" else "wall")
            if cc not in options["compilers"]:
                options["compilers"].append(cc)
            cols = [c.strip() for c in lines[i + 2].strip("|").split("|")]
            i += 4
            while i < len(lines) and lines[i].startswith("|"):
                row = dict(zip(cols, (c.strip() for c in lines[i].strip("|").split("|"))))
                r = programs.setdefault(row["program"], {}).setdefault(
                    cc, {"compiler": cc, "reps": reps, "recovered": True})
                lo, hi = row["load avg"].split("-")
                r["load_average"] = [float(lo), float(hi)]
                r.setdefault("orig_seconds", {})[kind] = float(row["original (s)"])
                r.setdefault("sbl_edge", {})[kind] = row["SBL/edge"]
                cells = r.setdefault(kind, {})
                for col, text in row.items():
                    head = col.replace(", no hash cache", "")
                    mh = re.match(r"^([A-Z0-9]+) K=(\d+)$", head)
                    if head == "edge":
                        tag = "edge"
                    elif head in tag_of:
                        tag = tag_of[head]
                    elif mh:
                        tag = f"{mh[1].lower()}-k{mh[2]}"
                        options["k"] = sorted(set(options["k"]) | {int(mh[2])})
                        if mh[1].lower() not in options["strategies"]:
                            options["strategies"].append(mh[1].lower())
                    else:
                        continue
                    if col.endswith(", no hash cache"):
                        tag += "-nocache"
                        options["cache_ablation"] = True
                    if tag == "sbl-mem":
                        options["ablation"] = True
                    mc = number.match(text)
                    if mc:
                        cells[tag] = {"median": float(mc[1]), "min": float(mc[2]),
                                      "max": float(mc[3])}
                i += 1
            continue
        m = re.match(r"^## Where the time goes: (\S+) \((gcc|clang|tcc)(?: -O2)?, perf", line)
        if m:
            rows, total = [], None
            i += 6
            while i < len(lines) and lines[i].startswith("|"):
                c = [x.strip() for x in lines[i].strip("|").split("|")]
                if c[0] == "total":
                    total = [float(x) if x else None for x in c[1:4]]
                else:
                    rows.append([c[0].strip("`")] + [float(x) if x else None for x in c[1:5]])
                i += 1
            programs[m[1]][m[2]]["perf_shares"] = {"rows": rows, "total": total}
            continue
        i += 1
    options["reps"] = reps
    for name in trained:
        for r in programs[name].values():
            if isinstance(r, dict):
                r["auto_trained"] = True
    return {"runs": runs, "machine": machine, "options": options, "programs": programs,
            "command": f"(recovered from {path})", "started": runs[0]["started"],
            "finished": runs[-1]["finished"], "p3_commit": runs[-1]["p3_commit"]}

def cell(r):
    return f"{r['median']:.2f} [{r['min']:.2f}-{r['max']:.2f}]"


def markdown(doc, title=True):
    o = doc["options"]
    runs = doc.get("runs") or [{"command": doc["command"], "started": doc["started"],
                                "finished": doc["finished"], "p3_commit": doc["p3_commit"],
                                "programs": sorted(doc["programs"])}]
    lines = [
        "# Probe cost: instrumented copies against the uninstrumented program",
        "",
    ] if title else []
    trained = sorted(n for n, per_cc in doc["programs"].items()
                     if any(isinstance(r, dict) and r.get("auto_trained") for r in per_cc.values()))
    lines += [
        "Generated by `bench/probe-cost.py` (do not edit by hand; `--from-json` merges "
        "runs). Runs:",
        "",
    ]
    for r in runs:
        lines.append(f"- `{r['command']}`: {', '.join(r['programs'])}; started {r['started']}, "
                     f"finished {r['finished']}, p3 at `{r['p3_commit']}`")
    lines += [
        "",
        f"Machine: {doc['machine'].get('cpu', '?')}, {doc['machine'].get('cores', '?')} cores; "
        f"{doc['machine'].get('gcc', '')}; {doc['machine'].get('clang', '')}.",
        "",
        "Each cell: the variant's time divided by the original's in the same repetition, "
        f"median over {o['reps']} (or more) interleaved repetitions [min-max]. *edge*: the compiler's "
        "edge profiling (gcc -fprofile-arcs, i.e. gcov; clang -fprofile-instr-generate). "
        "*SBL*: one copy profiling every path (*no loop locals*: rewritten with "
        "`--no-loop-counters`; *no hash cache*: with `--no-hash-cache`, every count of a "
        "function above the array limit a call of its hash table). *P3 K=n*, *PBL K=n*: "
        "the slowest copy of that "
        "rewrite (found by one run of every copy, whose merged profile was checked equal to "
        "SBL's). *SBL/edge*: the ratio of the two medians."
        + ((" *AUTO K=n*: the same for `--strategy=auto`, " + (
            "planned with the profile of the program's training workload on the SBL copy ("
            + ", ".join(trained) + "), from static estimates for the others." if trained else
            "planned from static estimates (the programs measured with it have no training "
            "workload).")) if "auto" in o["strategies"] else ""),
        "",
        "Workload scale (CORPUS_SCALE) per program: " + ", ".join(
            f"{n} {r.get('scale')}" for n, r in sorted(doc["programs"].items())) + ".",
        "",
    ]
    tags = ["sbl-k1"] + (["sbl-mem"] if o.get("ablation") else []) + \
        [f"{s}-k{k}" for s in o["strategies"] for k in o["k"]]
    head = {"sbl-k1": "SBL", "sbl-mem": "SBL, no loop locals"}
    for s in o["strategies"]:
        for k in o["k"]:
            head[f"{s}-k{k}"] = f"{s.upper()} K={k}"
    if o.get("cache_ablation"):
        for t in list(tags):
            head[f"{t}-nocache"] = head[t] + ", no hash cache"
        tags += [f"{t}-nocache" for t in list(tags)]
    for cc in o["compilers"]:
        # only the columns some program has with this compiler (the ablations', a K that
        # one compiler's runs did not measure)
        measured = {t for per_cc in doc["programs"].values() for t in per_cc.get(cc, {}).get("cpu", {})}
        cc_tags = [t for t in tags if t == "sbl-k1" or t in measured]
        for kind, title in (("cpu", "CPU time (user + system)"), ("wall", "Wall-clock time")):
            lines.append(f"## {cc if cc == 'tcc' else cc + ' -O2'}: {title}")
            lines.append("")
            cols = ["program", "original (s)", "edge"] + [head[t] for t in cc_tags] + \
                ["SBL/edge", "load avg"]
            lines.append("| " + " | ".join(cols) + " |")
            lines.append("|" + "---|" * len(cols))
            for name, per_cc in sorted(doc["programs"].items()):
                r = per_cc.get(cc)
                if not r:
                    continue
                edge = r[kind].get("edge")
                row = [name, f"{r['orig_seconds'][kind]:.2f}", cell(edge) if edge else ""]
                row += [cell(r[kind][t]) if t in r[kind] else "" for t in cc_tags]
                if "sbl_edge" in r:  # recovered: as the table printed it
                    row.append(r["sbl_edge"][kind])
                else:
                    row.append(f"{r[kind]['sbl-k1']['median'] / edge['median']:.2f}" if edge else "")
                row.append(f"{min(r['load_average']):.1f}-{max(r['load_average']):.1f}")
                lines.append("| " + " | ".join(row) + " |")
            lines.append("")
    for cc in o["compilers"]:
        for name, per_cc in sorted(doc["programs"].items()):
            lines += perf_table(name, cc, per_cc.get(cc, {}))
    return "\n".join(lines)


def perf_table(name, cc, r):
    """The perf attribution of one program built by one compiler: samples per function
    as shares of the original's (or the shares of a recovered document)."""
    shares = r.get("perf_shares")
    perf = r.get("perf")
    if not (perf or shares):
        return []
    lines = [f"## Where the time goes: {name} ({cc if cc == 'tcc' else cc + ' -O2'}, "
             "perf cpu-clock samples)", "",
             "Samples per function, as a share of all the original's samples "
             "(so a column adds up to that variant's time ratio), largest SBL first.", "",
             "| function | original | edge | SBL | SBL - original |",
             "|---|---:|---:|---:|---:|"]
    fmt = lambda v: "" if v is None else f"{v:.3f}"
    if shares:
        for s, o, e, b, d in shares["rows"]:
            lines.append(f"| `{s}` | {fmt(o)} | {fmt(e)} | {fmt(b)} | {d:+.3f} |")
        lines.append("| total | " + " | ".join(fmt(v) for v in shares["total"]) + " | |")
        return lines + [""]
    total = sum(perf["orig"].values()) or 1
    names = [n if n in perf else None for n in ("orig", "edge", "sbl-k1")]
    syms = sorted((s for s in perf["sbl-k1"] if s != OTHERS),
                  key=lambda s: -perf["sbl-k1"][s])[:15]
    for s in syms:
        v = [perf[n].get(s, 0) / total if n else None for n in names]
        lines.append(f"| `{s}` | {fmt(v[0])} | {fmt(v[1])} | {fmt(v[2])} | {v[2] - v[0]:+.3f} |")
    lines.append("| total | " + " | ".join(
        fmt(sum(perf[n].values()) / total if n else None) for n in names) + " | |")
    return lines + [""]


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:7]))
    ap.add_argument("programs", nargs="*", help="corpus programs (default: all)")
    ap.add_argument("--compilers", default="gcc,clang",
                    help="gcc, clang and/or tcc (default gcc,clang; tcc has no edge profiling)")
    ap.add_argument("--k", default="2,4,8", help="K values (default 2,4,8)")
    ap.add_argument("--strategies", default="p3,pbl", help="strategies besides SBL (default p3,pbl)")
    ap.add_argument("--reps", type=int, default=5, help="interleaved repetitions (default 5)")
    ap.add_argument("--scale", default="",
                    help="override the programs' workload scale: one value for every "
                         "program, or NAME=VALUE,... per program")
    ap.add_argument("--ablation", action="store_true",
                    help="also time SBL rewritten with --no-loop-counters (every back edge "
                         "counts into the array), to show what loop locals save")
    ap.add_argument("--cache-ablation", action="store_true",
                    help="also time SBL and each rewrite with --no-hash-cache (every count "
                         "of a function above the array limit a call of its hash table), to "
                         "show what the cache saves")
    ap.add_argument("--perf", default="", metavar="PROGRAM[,PROGRAM...]",
                    help="per-function perf attribution for these programs (with each "
                         "compiler measured; tcc's without an edge column)")
    ap.add_argument("--bin", default=os.path.join(TOP, "build", "bin"),
                    help="p3 tools (default build/bin)")
    ap.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "p3-probe-cost"),
                    help="corpus work directory (default $TMPDIR/p3-probe-cost)")
    ap.add_argument("--downloads", default=None,
                    help="where the corpus's source packages are cached (the harness's "
                         "--downloads; default $P3_CORPUS_DOWNLOADS or WORK/downloads)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="copies built at once")
    ap.add_argument("--json", default=None, help="write every measurement to this file")
    ap.add_argument("--markdown", default=None, help="write the tables to this file")
    ap.add_argument("--evaluation", default=None, metavar="MD",
                    help="also write the tables and notes into this file (docs/evaluation.md) "
                         f"between the lines '{BEGIN}' and '{END}', which must be there")
    ap.add_argument("--notes", default=None,
                    help="a Markdown file appended to the tables (what the figures mean, "
                         "what remains: bench/probe-cost-notes.md)")
    ap.add_argument("--from-json", nargs="+", default=None, metavar="JSON",
                    help="measure nothing: write the tables of earlier runs (--json files, "
                         "merged; a program of a later file replaces an earlier one's)")
    ap.add_argument("--check-recovery", default=None, metavar="MD",
                    help="measure nothing: check that the tables of MD (a --markdown file) "
                         "read back and rendered again give the same text (exit 1 if not)")
    ap.add_argument("--keep", action="store_true", help="keep the builds")
    args = ap.parse_args(argv)
    args.compilers = [c for c in args.compilers.split(",") if c]
    if any(c not in EDGE_FLAGS for c in args.compilers):
        ap.error("--compilers takes gcc, clang and/or tcc")
    args.k = sorted({int(x) for x in args.k.split(",") if x})
    args.strategies = [s for s in args.strategies.split(",") if s]
    args.perf = [p for p in args.perf.split(",") if p]
    scales = {}
    for item in (x for x in args.scale.split(",") if x):
        name, eq, value = item.rpartition("=")
        scales[name if eq else "*"] = value
    args.scale = scales
    if not args.programs:
        args.programs = sorted(os.path.splitext(f)[0] for f in os.listdir(corpus.PROGRAMS_DIR)
                               if f.endswith(".conf"))
    return args


if __name__ == "__main__":
    args = parse_args(sys.argv[1:])
    if args.check_recovery:
        with open(args.check_recovery) as f:
            text = f.read()
        again = markdown(recover(args.check_recovery))
        if text != again and not text.startswith(again + "\n"):  # the notes follow
            line = next((i for i, (a, b) in enumerate(zip(text.splitlines(),
                                                         again.splitlines())) if a != b),
                        len(again.splitlines()))
            sys.exit(f"probe-cost: {args.check_recovery}: read back, its tables render "
                     f"differently from line {line + 1} on")
        print(f"probe-cost: {args.check_recovery}: its tables read back as they are")
        sys.exit(0)
    if args.from_json:
        doc = merged(args.from_json)
        if args.json:  # the merged document, to merge further runs into later
            for per_cc in doc["programs"].values():
                for r in per_cc.values():
                    if isinstance(r, dict) and r.get("perf"):
                        r["perf"] = fold_perf(r["perf"])
            with open(args.json, "w") as f:
                json.dump(doc, f, indent=1, sort_keys=True)
        sys.exit(write_markdown(doc, args))
    try:
        sys.exit(Bench(args).main())
    except corpus.SetupError as e:
        sys.exit(f"probe-cost: error: {e}")
