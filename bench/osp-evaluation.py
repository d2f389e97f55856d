#!/usr/bin/env python3
"""Online subpath profiling (p3-rewrite --mode=osp) on real programs: overhead,
memory and accuracy against the exact counter. Writes docs/osp-evaluation.md.

  bench/osp-evaluation.py                       # calc + bzip2 zlib libquantum lua
  bench/osp-evaluation.py --reps 3 calc bzip2   # fewer repetitions, some programs
  bench/osp-evaluation.py --out /tmp/osp.md --results /tmp/osp.json
  bench/osp-evaluation.py --update /tmp/osp.json lua  # re-measure lua only

For each program (the bundled example, examples/calc, and the corpus programs
that test/corpus/corpus.py fetches, prepares and builds from Debian sources):

 1. rewrite it with p3-rewrite --mode=osp and build the copy with the program's
    own build;
 2. timing, on the corpus workload (calc: its input repeated): the thesis's
    three times, measured side by side, interleaved, --reps times, medians of
    the CPU time (user + system) of the workload's processes:
      t1  the original program,
      t2  the OSP copy, sampling (default settings),
      t3  the OSP copy skipping only (P3_OSP_MODE=skip), at the sampling
          period t2 ended with (its largest process's), so that it skips as
          many blocks between two slow-path calls as t2 does at the end;
    total overhead (t2-t1)/t1, skipping (t3-t1)/t1, sampling (t2-t3)/t1;
 3. memory: the hot list's peak (bounded by P3_OSP_MEMORY, 64 KiB) and the
    per-thread sampler (22 bytes a block of the longest length and 2 KiB:
    24 KiB);
 4. accuracy, on a reduced workload (the exact counter keeps every distinct
    subpath of up to 1024 blocks): the copy runs it once sampling and once
    tracing every block (P3_OSP_MODE=trace), and
    p3-report --compare-exact --top 20 compares the sampled report with the
    exact counts: precision of the top 5 and top 20 (a subpath counts as right
    when its exact count is at least the exact 5th/20th), estimates within
    their bound, relative errors; with the default ranking (estimate less its
    bound) and with the thesis's (estimate).

Timing runs use the default settings: 64 KiB, lengths up to 1024, initial
period 64, sample size bound 16384, seed 0x5eed. The machine is shared: the
load average at the start of each program is recorded.
"""

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REPO, "test", "corpus"))
import corpus  # noqa: E402  (the corpus harness: fetch, prepare, build)

# Reduced workloads for the exact counter, run in the program's tree with
# $INPUTS naming the bench's input directory.
ACCURACY_INPUTS = "python3 \"$CORPUS_GEN\" text --size 8K --seed 2 > small.txt\n"
ACCURACY = {
    "calc": "./calc input.txt",
    "bzip2": "./bzip2 -9 < \"$INPUTS/small.txt\" > $TMPDIR/s.bz2 && ./bzip2 -d < $TMPDIR/s.bz2 > /dev/null",
    "zlib": "./minigzip -6 < \"$INPUTS/small.txt\" > $TMPDIR/s.gz && ./minigzip -d < $TMPDIR/s.gz > /dev/null",
    "libquantum": "./shor 15 3",  # seed 2 measures zero and exits 2, as the original does
    "lua": "./src/lua -e 'local t = {} for i = 1, 3000 do t[#t + 1] = (i * 7) % 13 end "
           "local s = 0 for _, v in ipairs(t) do s = s + v end print(s)'",
}
CALC_TIMING_REPEAT = 1500


def log(msg):
    print(msg, flush=True)


def run(cmd, cwd, env=None, check=True, capture=False):
    p = subprocess.run(cmd, cwd=cwd, env=env, shell=isinstance(cmd, str),
                       executable="/bin/bash" if isinstance(cmd, str) else None,
                       stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                       stderr=subprocess.PIPE if capture else subprocess.DEVNULL)
    if check and p.returncode != 0:
        raise RuntimeError("failed (%d): %s in %s\n%s" % (p.returncode, cmd, cwd,
                                                         (p.stderr or b"").decode()[-2000:]))
    return p


def cpu_time(cmd, cwd, env):
    """(cpu seconds of the children, wall seconds, status) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(["bash", "-c", cmd], cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, p.returncode


def hot_lists(directory):
    lists = []
    for f in sorted(os.listdir(directory)):
        if f.endswith(".osp"):
            with open(os.path.join(directory, f)) as fh:
                lines = fh.read().split("\n")
            cfg = lines[2].split()
            st = lines[3].split()
            d = {st[i]: int(st[i + 1]) for i in range(1, len(st) - 1, 2)}
            d.update({cfg[i]: cfg[i + 1] for i in range(1, len(cfg) - 1, 2)})
            lists.append(d)
    return lists


class Program:
    """Where a program's original and OSP copy are, and how to run them."""

    def __init__(self, name, orig, osp_dir, rel_workdir, workload, env, inputs):
        self.name, self.orig, self.osp = name, orig, osp_dir
        self.workdir, self.workload, self.env, self.inputs = rel_workdir, workload, env, inputs

    def tree(self, variant):
        base = self.orig if variant == "t1" else os.path.join(self.osp, "copy-0")
        return os.path.join(base, self.workdir)


def prepare_calc(args, work):
    src = os.path.join(work, "calc", "src")
    shutil.rmtree(os.path.join(work, "calc"), ignore_errors=True)
    shutil.copytree(os.path.join(REPO, "examples", "calc"), src)
    for junk in ("calc", "p3-out"):
        shutil.rmtree(os.path.join(src, junk), ignore_errors=True)
    orig = os.path.join(work, "calc", "orig")
    shutil.copytree(src, orig)
    run("make -s CC=gcc", orig)
    osp = os.path.join(work, "calc", "osp")
    run([os.path.join(args.bin, "p3-rewrite"), "--mode=osp", "--root", src, "-o", osp,
         "--force", "src/main.c", "src/lexer.c", "src/parser.c", "src/vars.c",
         "src/builtins.c", "--", "-Iinclude"], src)
    run("make -s CC=gcc", os.path.join(osp, "copy-0"))
    inputs = os.path.join(work, "calc", "inputs")
    os.makedirs(inputs, exist_ok=True)
    with open(os.path.join(src, "input.txt")) as f:
        text = f.read()
    with open(os.path.join(inputs, "big.txt"), "w") as f:
        f.write(text * CALC_TIMING_REPEAT)
    env = dict(os.environ)
    return Program("calc", orig, osp, ".", "./calc \"$INPUTS/big.txt\"", env, inputs)


def prepare_corpus(args, name, work):
    cargs = corpus.parse_args(["--bin", args.bin, "--work", work, "--prepare-only", name]
                              + (["--downloads", args.downloads] if args.downloads else []))
    h = corpus.Harness(cargs)
    prog = corpus.load_programs([name])[0]
    h.program(prog)  # fetch and prepare WORK/NAME/src, set up the harness
    h.make_inputs(prog)
    orig = os.path.join(h.pdir, "orig")
    h.clone_tree(orig)
    ok, _ = h.build_tree(prog, orig, "build-orig.log")
    if not ok:
        raise RuntimeError("%s: the original does not build (see %s)" % (name, h.logs))
    osp = os.path.join(h.pdir, "osp")
    cmd = [os.path.join(args.bin, "p3-rewrite"), "--mode=osp", "--root=" + h.src, "-o", osp,
           "--force"]
    if h.compile_db:  # each file with the flags the build compiled it with, as the harness
        cmd += ["-p", os.path.dirname(h.compile_db)] + prog.files
    else:
        cmd += prog.files + ["--"] + prog["rewrite_flags"].split()
    p = subprocess.run(cmd, cwd=h.src, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise RuntimeError("%s: p3-rewrite --mode=osp failed:\n%s" % (name, p.stdout.decode()[-3000:]))
    ok, _ = h.build_tree(prog, os.path.join(osp, "copy-0"), "build-osp.log")
    if not ok:
        raise RuntimeError("%s: the OSP copy does not build (see %s/build-osp.log)" % (name, h.logs))
    env = h.env(prog)
    run(ACCURACY_INPUTS, h.inputs, env)
    return Program(name, orig, osp, prog["workdir"], prog["workload"], env, h.inputs)


def timing(p, reps, scratch):
    variants = ["t1", "t2", "t3"]
    times = {v: [] for v in variants}
    walls = {v: [] for v in variants}
    k_final = None
    prof = os.path.join(scratch, "profiles-" + p.name)
    for r in range(reps):
        order = variants[r % 3:] + variants[:r % 3]
        for v in order:
            shutil.rmtree(prof, ignore_errors=True)
            os.makedirs(prof)
            env = dict(p.env, INPUTS=p.inputs, CORPUS_INPUTS=p.inputs, P3_PROFILE_DIR=prof,
                       TMPDIR=scratch)
            if v == "t3":
                env["P3_OSP_MODE"] = "skip"
                env["P3_OSP_PERIOD"] = str(2 ** (k_final or 6))
            cpu, wall, status = cpu_time(p.workload, p.tree(v), env)
            times[v].append(cpu)
            walls[v].append(wall)
            if v == "t2":
                lists = hot_lists(prof)
                if lists:
                    biggest = max(lists, key=lambda d: d["blocks"])
                    if k_final is None:
                        k_final = biggest["period_log2"]
                    last_lists = lists
        log("    rep %d: %s" % (r + 1, "  ".join("%s %.2fs" % (v, times[v][-1]) for v in variants)))
    if k_final is None:
        # t3 ran before any t2 on rep 0 order? (order starts with t1, t2 before t3)
        k_final = 6
    med = {v: statistics.median(times[v]) for v in variants}
    spread = {v: [min(times[v]), max(times[v])] for v in variants}
    return {"cpu": med, "cpu_range": spread, "wall": {v: statistics.median(walls[v]) for v in variants},
            "reps": reps, "k_final": k_final,
            "total": (med["t2"] - med["t1"]) / med["t1"],
            "skipping": (med["t3"] - med["t1"]) / med["t1"],
            "sampling": (med["t2"] - med["t3"]) / med["t1"],
            "hot_lists": last_lists}


def precision(rows, kth, k):
    """(right, k) of the first k rows: right when the exact count reaches the
    exact k-th count."""
    if len(rows) < k or kth is None:
        return None
    return [sum(r["exact"] >= kth for r in rows[:k]), k]


def judge(rows, exact_top, n=20):
    """The accuracy of the first n rows (a ranking of the compared subpaths)."""
    shown = rows[:n]
    errors = sorted(abs(r["estimate"] - r["exact"]) / r["exact"] if r["exact"] else float("inf")
                    for r in shown)
    kth = {k: exact_top[k - 1]["count"] if len(exact_top) >= k else None for k in (5, 20)}
    # Where the exact top 5 (ties broken as the exact counter lists them) are
    # in this ranking, and whether each wrong one of the first 5 is a tie
    # within its bound: the exact 5th count lies inside its reported interval
    # (estimate +- bound x estimate), so the report itself could not tell it
    # from the 5th.
    rank_of = {tuple(r["blocks"]): i for i, r in enumerate(rows)}
    ranks5 = [rank_of.get(tuple(s["blocks"])) for s in exact_top[:5]]
    wrong5 = [r for r in shown[:5] if kth[5] is not None and r["exact"] < kth[5]]
    tied = [r for r in wrong5
            if abs(r["estimate"] - kth[5]) <= (r["bound"] or 0) * r["estimate"]]
    return {
        "exact5_ranks": [None if x is None else x + 1 for x in ranks5],
        "exact5_in_top5": sum(x is not None and x < 5 for x in ranks5),
        "exact5_in_top20": sum(x is not None and x < 20 for x in ranks5),
        "wrong5": len(wrong5), "wrong5_tied": len(tied),
        "precision5": precision(shown, kth[5], 5), "precision20": precision(shown, kth[20], 20),
        "within": sum(abs(r["estimate"] - r["exact"]) <= r["bound"] * r["exact"] for r in shown),
        "compared": len(shown),
        "mean_error": statistics.mean(errors) if errors else 0,
        "median_error": statistics.median(errors) if errors else 0,
        "max_error": errors[-1] if errors else 0,
        "exact_top5": [s["count"] for s in exact_top[:5]],
        "top5": [{"text": r["text"], "estimate": r["estimate"], "bound": r["bound"],
                  "exact": r["exact"]} for r in shown[:5]],
    }


def accuracy(p, args, scratch):
    sample = os.path.join(scratch, "acc-sample-" + p.name)
    trace = os.path.join(scratch, "acc-trace-" + p.name)
    for d in (sample, trace):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    cmd = ACCURACY[p.name]
    base = dict(p.env, INPUTS=p.inputs, CORPUS_INPUTS=p.inputs, TMPDIR=scratch)
    run(cmd, p.tree("t2"), dict(base, P3_PROFILE_DIR=sample))
    run(cmd, p.tree("t2"), dict(base, P3_PROFILE_DIR=trace, P3_OSP_MODE="trace"))
    files = [os.path.join(sample, f) for f in sorted(os.listdir(sample))] + \
            [os.path.join(trace, f) for f in sorted(os.listdir(trace))]
    # One exact count serves both rankings: the 500 subpaths with the highest
    # estimates hold the top 20 by estimate less bound as well (checked).
    t0 = time.perf_counter()
    r = run([os.path.join(args.bin, "p3-report"), "--compare-exact", "--top", "500",
             "--rank", "estimate", "--json", p.osp, "-o", os.path.join(scratch, "cmp.json")] + files,
            scratch, capture=True)
    data = json.loads(r.stdout)
    c = data["comparison"]
    rows = [{"estimate": s["estimate"], "bound": s.get("bound", float("inf")),
             "at_least": s["at_least"], "exact": e, "text": s["text"],
             "blocks": s["blocks"]}
            for s, e in zip(data["subpaths"], c["exact"])]
    by_at_least = sorted(rows, key=lambda r: -r["at_least"])
    out = {"blocks": c["exact_blocks"], "hot_lists": data["hot_lists"],
           "seconds": time.perf_counter() - t0,
           "estimate": judge(rows, c["exact_top"]),
           "at-least": judge(by_at_least, c["exact_top"])}
    if len(rows) == 500 and by_at_least[19]["at_least"] < rows[-1]["estimate"]:
        out["warning"] = "the at-least top 20 may reach beyond the 500 highest estimates"
    return out


def stats_of(p, args):
    r = run([os.path.join(args.bin, "p3-report"), "--json", "--top", "1", p.osp,
             "-o", os.devnull], p.osp, check=False, capture=True)
    with open(os.path.join(p.osp, "manifest.json")) as f:
        m = json.load(f)
    instrumented = sum(fn["instrumented"] for fn in m["functions"])
    unobserved = sum(len(fn.get("unobserved", [])) for fn in m["functions"])
    return {"functions": len(m["functions"]), "instrumented": instrumented,
            "blocks": m["blocks"], "unobserved_blocks": unobserved}


def pct(x):
    return "%+.1f%%" % (100 * x)


def markdown(results, command):
    out = ["# OSP on real programs: overhead, memory, accuracy", "",
           "Generated by `%s` (bench/osp-evaluation.py) on %s; p3 %s. The method is in the "
           "script's header and in [osp.md](osp.md#measuring-it); what the columns mean is "
           "below each table." % (command, results["date"], results["commit"]), "",
           "Machine: %s, %d cores; the load average at the start of each program is in the "
           "last column (the machine is shared, and CPU times of a loaded machine are noisier "
           "than its idle ones)." % (results["machine"], os.cpu_count() or 0), "",
           "## Overhead", "",
           "| program | blocks run | t1 original | t2 OSP | t3 skipping only | total | skipping | sampling | final period | load |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, r in results["programs"].items():
        if "error" in r:
            out.append("| %s | failed: %s | | | | | | | | |" % (name, r["error"].split("\n")[0][:80]))
            continue
        t = r["timing"]
        blocks = sum(d["blocks"] for d in t["hot_lists"])
        out.append("| %s | %s | %.2f s | %.2f s | %.2f s | %s | %s | %s | 2^%d | %.1f |" % (
            name, "{:,}".format(blocks), t["cpu"]["t1"], t["cpu"]["t2"], t["cpu"]["t3"],
            pct(t["total"]), pct(t["skipping"]), pct(t["sampling"]), t["k_final"], r["load"]))
    out += ["",
            "CPU time (user + system) of the workload's processes, median of %d interleaved "
            "repetitions (ranges in the results JSON). total = (t2-t1)/t1, skipping = "
            "(t3-t1)/t1, sampling = (t2-t3)/t1, as in the thesis (equations 2.6-2.8). t3 skips "
            "at the period t2 ended with (the final period, of t2's largest process): it runs "
            "the slow path as rarely as t2 does at the end, without sampling." % results["reps"],
            "", "## Memory", "",
            "| program | processes | hot list peak (of 64 KiB) | subpaths kept | samples kept | resamplings | sampler per thread |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for name, r in results["programs"].items():
        if "error" in r:
            continue
        lists = r["timing"]["hot_lists"]
        big = max(lists, key=lambda d: d["blocks"])
        out.append("| %s | %d | %s bytes | %d | %s | %d | 24 KiB |" % (
            name, len(lists), "{:,}".format(max(d["memory_peak"] for d in lists)),
            big["entries"], "{:,}".format(big["samples"]), big["resamples"]))
    out += ["", "The hot list never exceeds P3_OSP_MEMORY (64 KiB by default; tested in "
            "test/sampling). Subpaths kept, samples and resamplings are those of the process "
            "that ran the most blocks. Each thread's sampler (a ring of the last 1024 blocks "
            "and the windows in flight) is mapped once per thread, outside the budget.", "",
            "## Accuracy", "",
            "| program | blocks (reduced run) | top-5 precision | top-20 precision | exact top 5 in reported top 5 / top 20 | wrong of top 5: tied within bound | within bound | mean / median error | exact top-5 counts |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for name, r in results["programs"].items():
        if "error" in r or "accuracy" not in r:
            continue
        a = r["accuracy"]
        d = a["at-least"]
        p5 = "%d/%d" % tuple(d["precision5"]) if d["precision5"] else "-"
        p20 = "%d/%d" % tuple(d["precision20"]) if d["precision20"] else "-"
        recall = "%d / %d" % (d["exact5_in_top5"], d["exact5_in_top20"]) if "exact5_in_top5" in d else "-"
        tied = "%d of %d" % (d["wrong5_tied"], d["wrong5"]) if "wrong5" in d else "-"
        out.append("| %s | %s | %s | %s | %s | %s | %d/%d | %.1f%% / %.1f%% | %s |" % (
            name, "{:,}".format(a["blocks"]), p5, p20, recall, tied, d["within"], d["compared"],
            100 * d["mean_error"], 100 * d["median_error"],
            ", ".join("{:,}".format(c) for c in d["exact_top5"])))
    out += ["", "The reduced workloads (the exact counter keeps every distinct subpath of up to "
            "1024 blocks of the whole trace):", ""]
    for name in results["programs"]:
        out.append("- %s: `%s`" % (name, ACCURACY[name]))
    out += ["", "Default settings, ranked by the estimate less its bound (p3-report's default). "
            "A reported top-k subpath is right when its exact count is at least the exact k-th "
            "count (ties count as right). Exact top 5 in reported top 5 / top 20: how many of "
            "the five subpaths the exact counter lists first (ties broken by its order) the "
            "report ranks among its first 5 / 20. Wrong of top 5, tied within bound: of the "
            "reported top 5 below the exact 5th count, those whose reported interval "
            "(estimate ± bound) holds the exact 5th count: the report says they may be as hot. "
            "Within bound: |estimate - exact| <= bound x exact for the 20 reported subpaths.", "",
            "Ranked by the estimate alone (the thesis's tables; `p3-report --rank=estimate`):", "",
            "| program | top-5 precision | top-20 precision | within bound | mean / median error |",
            "|---|---:|---:|---:|---:|"]
    for name, r in results["programs"].items():
        if "error" in r or "accuracy" not in r:
            continue
        d = r["accuracy"]["estimate"]
        p5 = "%d/%d" % tuple(d["precision5"]) if d["precision5"] else "-"
        p20 = "%d/%d" % tuple(d["precision20"]) if d["precision20"] else "-"
        out.append("| %s | %s | %s | %d/%d | %.1f%% / %.1f%% |" % (
            name, p5, p20, d["within"], d["compared"], 100 * d["mean_error"], 100 * d["median_error"]))
    out += ["", "## The hottest subpaths found", ""]
    for name, r in results["programs"].items():
        if "error" in r or "accuracy" not in r:
            continue
        out.append("%s (reduced run; estimate, bound, exact count):" % name)
        out.append("")
        for s in r["accuracy"]["at-least"]["top5"]:
            out.append("- %s ±%.0f%%, exact %s: `%s`" % ("{:,.0f}".format(s["estimate"]),
                                                        100 * (s["bound"] or 0),
                                                        "{:,}".format(s["exact"]), s["text"][:160]))
        out.append("")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("programs", nargs="*", default=["calc", "bzip2", "zlib", "libquantum", "lua"])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--bin", default=os.path.join(REPO, "build", "bin"))
    ap.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "p3-osp-eval"))
    ap.add_argument("--downloads", default=os.environ.get("P3_CORPUS_DOWNLOADS"))
    ap.add_argument("--out", default=os.path.join(REPO, "docs", "osp-evaluation.md"))
    ap.add_argument("--results", default=None, help="also write the results as JSON here")
    ap.add_argument("--no-accuracy", action="store_true")
    ap.add_argument("--update", metavar="RESULTS",
                    help="start from these results (JSON), re-measure the programs named "
                    "and write them back with the others")
    args = ap.parse_args()
    args.bin = os.path.abspath(args.bin)
    os.makedirs(args.work, exist_ok=True)
    scratch = os.path.join(args.work, "scratch")
    os.makedirs(scratch, exist_ok=True)
    commit = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"],
                            stdout=subprocess.PIPE).stdout.decode().strip()
    results = {"date": time.strftime("%Y-%m-%d"), "commit": commit, "reps": args.reps,
               "machine": "%s %s" % (platform.system(), platform.machine()), "programs": {}}
    if args.update:
        with open(args.update) as f:
            previous = json.load(f)
        if previous["reps"] != args.reps:
            ap.error("--update: those results used --reps %d" % previous["reps"])
        results["programs"] = previous["programs"]
        if previous["commit"] != commit:
            results["commit"] = "%s (%s: %s)" % (previous["commit"], commit,
                                                 ", ".join(args.programs))
        args.results = args.results or args.update
    for name in args.programs:
        log("== %s" % name)
        r = {"load": os.getloadavg()[0]}
        try:
            p = prepare_calc(args, args.work) if name == "calc" else prepare_corpus(args, name, args.work)
            r["stats"] = stats_of(p, args)
            log("  timing (%d reps)" % args.reps)
            r["timing"] = timing(p, args.reps, scratch)
            log("  total %s, skipping %s, sampling %s" % (pct(r["timing"]["total"]),
                                                           pct(r["timing"]["skipping"]),
                                                           pct(r["timing"]["sampling"])))
            if not args.no_accuracy:
                log("  accuracy")
                r["accuracy"] = accuracy(p, args, scratch)
                a = r["accuracy"]["at-least"]
                log("  precision top5 %s top20 %s, within %d/%d" % (a["precision5"], a["precision20"],
                                                                   a["within"], a["compared"]))
        except (RuntimeError, corpus.SetupError, subprocess.SubprocessError, KeyError,
                json.JSONDecodeError) as e:
            r["error"] = str(e)
            log("  FAILED: %s" % e)
        results["programs"][name] = r
    names = list(results["programs"])
    command = "bench/osp-evaluation.py" + (
        " --reps %d" % args.reps if args.reps != ap.get_default("reps") else "") + (
        "" if names == ap.get_default("programs") else " " + " ".join(names))
    if args.results:
        with open(args.results, "w") as f:
            json.dump(results, f, indent=1)
    with open(args.out, "w") as f:
        f.write(markdown(results, command))
    log("wrote %s" % args.out)
    return 1 if any("error" in r for r in results["programs"].values()) else 0


if __name__ == "__main__":
    sys.exit(main())
