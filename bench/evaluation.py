#!/usr/bin/env python3
"""Writes docs/evaluation.md from the results of test/corpus/corpus.py --bench.

    evaluation.py RESULTS.json --command "bench/run-evaluation.sh" > docs/evaluation.md

Every number in the output comes from RESULTS.json (one run of the harness); the only
other numbers are the paper's, quoted as such. Python 3 standard library only.
"""

import argparse
import json
import os
import statistics
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "test", "corpus"))
import corpus  # noqa: E402  (the program descriptions)

PAPER = {  # Afraz, Saha, Kanade, ESEC/FSE 2015, section 4 (abstract and RQ2/RQ3)
    "p3_vs_sbl_reduction": {2: 23, 4: 43, 8: 56},
    "p3_vs_pbl_less": {2: 5, 4: 18, 8: 25},
}



def test_verdict(t):
    """pass, FAIL, or, for a suite that fails on the original too, whether the copies have
    its per-test outcomes (test_compare) and which tests fail on all of them."""
    if t["passed"]:
        return "pass"
    if t.get("same_outcomes") and t.get("orig_outcomes") is not None:
        lines = [l.strip() for l in t["orig_outcomes"].splitlines() if l.strip()]
        failing = [l for l in lines if "FAIL" in l or "ERROR" in l] if any(
            "PASS" in l for l in lines) else lines
        return (f"same outcomes as the original, whose suite fails {len(failing)} test"
                f"{'s' if len(failing) != 1 else ''} ({', '.join(f'`{x}`' for x in failing[:6])}"
                f"{' ...' if len(failing) > 6 else ''})")
    return "FAIL"

def current_notes(name, recorded):
    """The notes of the program's description in this checkout: they explain decisions, not
    results, and are kept up to date with the descriptions (the run's own are the fallback)."""
    try:
        return corpus.Program(name, os.path.join(corpus.PROGRAMS_DIR, name + ".conf"))["notes"]
    except (OSError, corpus.SetupError):
        return recorded


def pct(x, digits=0):
    return "–" if x is None else f"{100 * x:.{digits}f}%"


def ratio(x, digits=3):
    return "–" if x is None else f"{x:.{digits}f}"


def num(n):
    if n is None:
        return "–"
    return f"{n:,}".replace(",", " ")


def secs(x):
    return "–" if x is None else f"{x:.2f}"


def mb(kb):
    return "–" if kb is None else f"{kb / 1024:.0f}"


def table(head, rows, align=None):
    align = align or ["l"] + ["r"] * (len(head) - 1)
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(c) for c in r) + " |")
    return "\n".join(out)


def short_fn(fid):
    return fid.split(":", 1)[1] if ":" in fid else fid


# The two directions of the strategy tables (issue 11): the results key of each
# simulation and its title.
DIRECTIONS = (("simulate", "Measured on the workload, trained on `train`"),
              ("simulate_train", "Measured on `train`, trained on the workload"))


def sim_ratios(pr, key, k, cols):
    """A program's slowest copy / SBL at K = k for each column (None where missing), from
    its simulation `key`; the column auto-est from its plan on static estimates."""
    sim = pr.get(key, {}).get("rows", {})
    rr = {c: sim.get(f"{c}-k{k}", {}).get("ratio") for c in cols}
    if "auto-est" in rr:
        rr["auto-est"] = (pr.get("simulate_estimates", {}).get("rows", {})
                          .get(f"auto-k{k}", {}).get("ratio"))
    return rr


def trained_margin(rr):
    """auto trained less the best of p3, p3-ends and pbl (None when either is missing)."""
    others = [rr.get(c) for c in ("p3", "p3-ends", "pbl") if rr.get(c) is not None]
    if rr.get("auto+train") is None or not others:
        return None
    return rr["auto+train"] - min(others)


def mean_or_none(values):
    return statistics.mean(values) if values else None


# Why measured probes can exceed the model (docs/rewriter.md, "Paths cut short").
CUT_PATHS_NOTE = (
    "Where measured exceeds the model, a process ended, or a longjmp unwound, while a "
    "function's path was unfinished, and that path was not counted as cut short: the "
    "function has a call that may not return with no place to note its path (a manifest "
    "note names it), or the copy was built without cut paths (tcc, `--no-cut-paths`, or "
    "tools older than 2026-11-25, which counted none). Its probes ran, but no path count "
    "carries them into the model (test/corpus/FINDINGS.md 1).")

class Doc:
    def __init__(self, res, command):
        self.res = res
        self.command = command
        self.progs = res["programs"]
        self.ks = res["options"]["k"]
        self.lines = []

    def p(self, text=""):
        self.lines.append(text)

    def runs_name(self):
        return "these runs" if self.res.get("runs") else "this run"

    def cfg(self, prog, tag):
        return self.progs[prog].get("configs", {}).get(tag, {})

    def ratio_of(self, prog, strategy, k):
        ov = self.cfg(prog, f"{strategy}-k{k}").get("overhead")
        return ov.get("ratio") if ov else None

    # ------------------------------------------------------------------
    def header(self):
        r = self.res
        m = r["machine"]
        self.p("# Evaluation: p3 on real programs")
        self.p()
        self.p("This file is generated: do not edit it by hand. It is the output of the corpus "
               "harness (test/corpus/README.md) and `bench/evaluation.py`; every number in it "
               "was produced by the run(s) named below, except the paper's, which are quoted as "
               "such.")
        self.p()
        self.p(f"- **Regenerate** (from a fresh clone): `{self.command}`")
        if r.get("runs"):
            self.p("- **Runs**: these results merge runs of the harness "
                   "(`bench/merge-results.py`); each program comes from the last run that had "
                   "it:")
            for run in r["runs"]:
                self.p(f"  - started {run['started']}, finished {run['finished']} (UTC), p3 at "
                       f"commit `{run['p3_commit']}`: {', '.join(run['programs'])} "
                       f"(`{run['command']}`)")
        else:
            self.p(f"- **Run**: started {r['started']}, finished {r['finished']} (UTC); p3 at "
                   f"commit `{r['p3_commit']}`")
            self.p(f"- **Harness command**: `{r['command']}`")
        if r.get("resimulated"):
            sim = r["resimulated"]
            self.p(f"- **Simulations** (`p3-report --simulate`, section 3) of the run started "
                   f"{sim['run_started']} recomputed from its kept SBL rewrites at commit "
                   f"`{sim['p3_commit']}`, to add `p3-ends` (the other strategies' figures were "
                   f"checked unchanged): `{sim['command']}`")
        self.p(f"- **Machine**: {m['cpu']}, {m['cores']} cores, {num(m['memory_mb'])} MB; "
               f"{m['os']}, Linux {m['kernel']}; {m['gcc']}; {m['clang']}")
        self.p(f"- **Configurations**: SBL (K=1), and {', '.join(s.upper() for s in r['options']['strategies'])} "
               f"at K = {', '.join(map(str, self.ks))}; probe-counting builds for "
               f"{r['options']['count_probes'] or 'no program'}; {r['options']['reps']} timing "
               f"repetitions")
        self.p()

    def checks(self):
        self.p("## 1. Checks: do the copies behave like the original, is the profile exact?")
        self.p()
        self.p("Per program, over every rewrite of the run (SBL, and each strategy and K): "
               "copies that built, rewrites whose every copy gave the original's stdout, "
               "stderr and exit status (and p3-run saw no difference between copies), rewrites "
               "whose merged profile equals SBL's (`p3-report --check`, no missing copy, no "
               "nondeterminism, no lost counts), the program's own test suite on every copy of "
               "one P3 rewrite, and compiler warnings the copies have and the original has not "
               "(distinct file:line:flag, over all rewrites).")
        self.p()
        rows = []
        for name, pr in self.progs.items():
            cfgs = pr.get("configs", {})
            n = len(cfgs)
            built = sum(1 for c in cfgs.values() if c.get("build", {}).get("ok"))
            copies = sum(c["k"] for c in cfgs.values())
            copies_ok = sum(c["k"] for c in cfgs.values() if c.get("build", {}).get("ok"))
            same = sum(1 for c in cfgs.values() if c.get("outputs_identical"))
            exact = sum(1 for c in cfgs.values() if c.get("exact") and not c.get("report_problems"))
            t = pr.get("test")
            if t:
                tests = (f"`{t['command']}` on {t['config']}: {test_verdict(t)} "
                         f"(original {t['orig']['status']}, copies "
                         f"{', '.join(str(c['status']) for c in t['copies'])})")
            else:
                tests = "none in the tarball"
            warns = set()
            for c in cfgs.values():
                for w in c.get("build", {}).get("new_warnings", []):
                    warns.add((w["file"], w["line"], w["flag"]))
            rows.append([name, f"{pr.get('package', '?')} {pr.get('version', '?')}",
                         f"{copies_ok}/{copies}", f"{same}/{n}", f"{exact}/{n}", tests,
                         len(warns)])
        self.p(table(["program", "Debian package", "copies built", "same outputs",
                      "merged = SBL", "own test suite", "new warnings"], rows,
                     ["l", "l", "r", "r", "r", "l", "r"]))
        self.p()
        fails = self.res.get("failures", [])
        if fails:
            self.p(f"**{len(fails)} check(s) failed in {self.runs_name()}:**")
            self.p()
            for f in fails:
                self.p(f"- {f}")
        else:
            self.p(f"**Every check passed in {self.runs_name()}.**")
        self.p()
        warns = self.res.get("warnings", [])
        if warns:
            self.p("Warnings (reported, not failures; test/corpus/README.md says which is which):")
            self.p()
            for w in warns:
                self.p(f"- {w}")
            self.p()
        details = []
        for name, pr in self.progs.items():
            seen = {}
            for tag, c in pr.get("configs", {}).items():
                for w in c.get("build", {}).get("new_warnings", []):
                    key = (w["file"], w["line"], w["flag"])
                    seen.setdefault(key, (w, []))[1].append(tag)
            for (f, l, flag), (w, tags) in sorted(seen.items()):
                details.append([name, f"{f}:{l}", f"`{flag}`", ", ".join(tags),
                                w["text"].replace("|", "\\|")[:160]])
        if details:
            self.p("New compiler warnings in the copies:")
            self.p()
            self.p(table(["program", "where", "flag", "rewrites", "first occurrence"], details,
                         ["l", "l", "l", "l", "l"]))
            self.p()

    def table1(self):
        self.p("## 2. The programs (the paper's Table 1)")
        self.p()
        self.p("C lines: lines of the files given to p3-rewrite (`wc -l`). Functions: function "
               "definitions in them, as `p3-rewrite --stats` counts. Instrumented / skipped: "
               "from the same statistics (a skipped function is left untouched in every copy, "
               "reasons below). Coarse: instrumented functions with at least one note (blocks "
               "inside macros counted as one step, paths into a noreturn call in a macro not "
               "profiled, returns counted by a cleanup). Profitable: functions P3 splits into "
               "more than one task, at each K (Δ = max(out-degree of ENTRY, K), at most one call "
               "site, as in the paper), and the share of the workload's path executions that "
               "run in them.")
        self.p()
        head = ["program", "C lines", "functions", "instrumented", "skipped", "coarse"]
        for k in self.ks:
            head.append(f"profitable K={k}")
        rows = []
        for name, pr in self.progs.items():
            sbl = self.cfg(name, "sbl-k1").get("stats", {})
            row = [name, num(pr.get("c_lines")), sbl.get("functions", "–"),
                   sbl.get("instrumented", "–"), sbl.get("skipped", "–"),
                   sbl.get("functions_with_notes", "–")]
            for k in self.ks:
                st = self.cfg(name, f"p3-k{k}").get("stats")
                share = pr.get("executions_in_split_functions", {}).get(f"p3-k{k}")
                if st:
                    row.append(f"{st['profitable']} ({pct(st['profitable'] / max(1, st['functions']))}; "
                               f"{pct(share)} of executions)")
                else:
                    row.append("–")
            rows.append(row)
        self.p(table(head, rows))
        self.p()
        self.p("The paper's Table 1 (SPEC CPU2006) has 6–35% of procedures profitable "
               "(462.libquantum: 14 of 115, 12%).")
        self.p()
        self.p("### Skipped functions and why")
        self.p()
        rows = []
        for name, pr in self.progs.items():
            st = self.cfg(name, "sbl-k1").get("stats", {})
            kinds = {}
            for s in st.get("skips", []):
                kinds.setdefault(s["kind"], []).append(s["name"])
            if not kinds:
                rows.append([name, "none", "", ""])
            for kind, names in sorted(kinds.items(), key=lambda x: -len(x[1])):
                rows.append([name, kind, len(names), ", ".join(f"`{n}`" for n in names[:8])
                             + (" ..." if len(names) > 8 else "")])
        self.p(table(["program", "reason (p3-rewrite --stats)", "functions", "which"], rows,
                     ["l", "l", "r", "l"]))
        self.p()
        self.p("### Notes on instrumented functions")
        self.p()
        rows = []
        for name, pr in self.progs.items():
            st = self.cfg(name, "sbl-k1").get("stats", {})
            for kind, n in sorted(st.get("note_kinds", {}).items(), key=lambda x: -x[1]):
                rows.append([name, kind, n])
        self.p(table(["program", "note (p3-rewrite --stats)", "functions"], rows, ["l", "l", "r"]))
        self.p()
        notes = [(n, current_notes(n, pr.get("notes"))) for n, pr in self.progs.items()
                 if pr.get("notes")]
        if notes:
            self.p("### Decisions per program (from test/corpus/programs/*.conf)")
            self.p()
            for n, text in notes:
                self.p(f"- **{n}**: {' '.join(text.split())}")
            self.p()

    def figures(self):
        self.p("## 3. Probe hits of the slowest copy relative to SBL (the paper's Figures 5–7)")
        self.p()
        self.p("For each rewrite, `p3-report --overhead` applies the overhead model to the exact "
               "merged profile: per copy, the probes that run (register set or reset at a path "
               "start, nonzero increments, counter updates), summed over the workload's path "
               "executions; the slowest copy divided by SBL's hits on the same profile. Lower is "
               "better; 1.000 is no gain over one copy. The model is applied to the copies as "
               "p3-rewrite actually built them (skipped functions cost nothing in any strategy). "
               "Avg is the mean over the programs, as in the paper.")
        self.p()
        head = ["program"]
        for k in self.ks:
            head += [f"P3 K={k}", f"PBL K={k}"]
        rows = []
        vals = {(s, k): [] for s in ("p3", "pbl") for k in self.ks}
        per_prog_rel = {k: [] for k in self.ks}
        for name in self.progs:
            row = [name]
            for k in self.ks:
                a, b = self.ratio_of(name, "p3", k), self.ratio_of(name, "pbl", k)
                row += [ratio(a), ratio(b)]
                if a is not None:
                    vals[("p3", k)].append(a)
                if b is not None:
                    vals[("pbl", k)].append(b)
                if a is not None and b:
                    per_prog_rel[k].append(1 - a / b)
            rows.append(row)
        avg = {key: (statistics.mean(v) if v else None) for key, v in vals.items()}
        row = ["**Avg**"]
        for k in self.ks:
            row += [f"**{ratio(avg[('p3', k)])}**", f"**{ratio(avg[('pbl', k)])}**"]
        rows.append(row)
        self.p(table(head, rows))
        self.p()
        self.p("Summary against the paper (P3 vs SBL: reduction of the slowest copy's hits, "
               "1 − Avg; P3 vs PBL: mean over programs of 1 − P3/PBL, positive when P3 is "
               "better, and in brackets 1 − Avg(P3)/Avg(PBL)):")
        self.p()
        rows = []
        for k in self.ks:
            red = None if avg[("p3", k)] is None else 1 - avg[("p3", k)]
            rel = statistics.mean(per_prog_rel[k]) if per_prog_rel[k] else None
            rel2 = (1 - avg[("p3", k)] / avg[("pbl", k)]) if avg[("p3", k)] and avg[("pbl", k)] else None
            pbl_red = None if avg[("pbl", k)] is None else 1 - avg[("pbl", k)]
            rows.append([f"K={k}", pct(red), f"{PAPER['p3_vs_sbl_reduction'].get(k, '–')}%",
                         pct(pbl_red), f"{pct(rel)} ({pct(rel2)})",
                         f"{PAPER['p3_vs_pbl_less'].get(k, '–')}%",
                         sum(1 for name in self.progs
                             if self.ratio_of(name, "p3", k) is not None
                             and self.ratio_of(name, "pbl", k) is not None
                             and self.ratio_of(name, "p3", k) < self.ratio_of(name, "pbl", k))])
        self.p(table(["K", "P3 vs SBL (here)", "(paper)", "PBL vs SBL (here)",
                      "P3 less than PBL (here)", "(paper)", "programs where P3 < PBL"], rows))
        self.p()
        self.ends_table()
        self.auto_tables()
        self.sim_check()
        self.hot()

    def sim_ratio(self, prog, strategy, k):
        row = self.progs[prog].get("simulate", {}).get("rows", {}).get(f"{strategy}-k{k}")
        return row["ratio"] if row else None

    def ends_table(self):
        """p3-ends next to P3 and PBL, all three from --simulate on the SBL profile."""
        if not any(self.sim_ratio(n, "p3-ends", k) is not None
                   for n in self.progs for k in self.ks):
            return
        self.p("### P3 with a loop-aware partition (`p3-ends`, simulated)")
        self.p()
        self.p("`--strategy=p3-ends` is p3's variant of P3: it partitions a split function's "
               "paths by the edge they end on (a loop's back edge, or the function's exit), so "
               "each loop's iterations are profiled by one copy and the other copies skip the "
               "loop's probes (docs/graph-library.md). The harness does not build it; these "
               "figures are `p3-report --simulate` on the SBL profile, next to the simulation "
               "of P3 and PBL for the same K (which agree with the rewrites when the check "
               "below says so).")
        self.p()
        head = ["program"]
        for k in self.ks:
            head += [f"P3 K={k}", f"p3-ends K={k}", f"PBL K={k}"]
        strategies = ("p3", "p3-ends", "pbl")
        vals = {(st, k): [] for st in strategies for k in self.ks}
        rows = []
        for name in self.progs:
            row = [name]
            for k in self.ks:
                for st in strategies:
                    v = self.sim_ratio(name, st, k)
                    row.append(ratio(v))
                    if v is not None:
                        vals[(st, k)].append(v)
            rows.append(row)
        row = ["**Avg**"]
        for k in self.ks:
            for st in strategies:
                v = vals[(st, k)]
                row.append(f"**{ratio(statistics.mean(v)) if v else ratio(None)}**")
        rows.append(row)
        self.p(table(head, rows))
        self.p()

    def auto_tables(self):
        """auto static and trained next to p3, p3-ends, pbl and the bound, both ways."""
        if not any(self.sim_ratio(n, "auto+train", k) is not None
                   for n in self.progs for k in self.ks):
            return
        self.p("### Cost-aware planning: `auto`, trained on another workload")
        self.p()
        self.p("`--strategy=auto` places every function whole or split so that the slowest copy "
               "runs the fewest probes, by the overhead model weighted with how often each path "
               "runs (docs/graph-library.md). *auto static* plans from static estimates; *auto "
               "trained* from the merged profile of the program's `train` workload "
               "(test/corpus/programs/*.conf: the same kind of use on other data), and is "
               "measured on the `workload`, so no figure below comes from the input it was "
               "trained on; the second table is the reverse (trained on the workload, measured "
               "on the training run). *bound*: no plan of auto's options does better on the "
               "measured run (auto planned with the measured profile itself). All figures are "
               "`p3-report --simulate` on the SBL profile of the measured run; the rewrites "
               "`auto` (trained) are checked equal to their simulation below, and exact "
               "(section 1). Targets (issue 11): auto trained ≤ min(p3, p3-ends, pbl) on every "
               "program and K, on average ≤ 0.60 / 0.35 / 0.22 at K = 2 / 4 / 8 where the bound "
               "allows, auto static ≤ pbl on average.")
        self.p()
        targets = {2: 0.60, 4: 0.35, 8: 0.22}
        cols = [("p3", "p3"), ("p3-ends", "p3-ends"), ("pbl", "pbl"), ("auto", "auto static"),
                ("auto+train", "auto trained"), ("bound", "bound")]
        for key, title in DIRECTIONS:
            self.p(f"**{title}** (slowest copy / SBL):")
            self.p()
            for k in self.ks:
                rows, vals = [], {c: [] for c, _ in cols}
                for name, pr in self.progs.items():
                    if f"auto+train-k{k}" not in pr.get(key, {}).get("rows", {}):
                        continue
                    r = sim_ratios(pr, key, k, [c for c, _ in cols])
                    above = trained_margin(r)
                    won = above is not None and above <= 1e-12
                    row = [name] + [ratio(r[c]) if c != "auto+train" else
                                    (ratio(r[c]) if won else f"**{ratio(r[c])}**") for c, _ in cols]
                    row.append("yes" if won else "–" if above is None else f"no (+{above:.3f})")
                    t = targets.get(k)
                    row.append("–" if t is None or r["bound"] is None else
                               ("yes" if r["bound"] <= t else f"no (+{r['bound'] - t:.3f})"))
                    rows.append(row)
                    for c, _ in cols:
                        if r[c] is not None:
                            vals[c].append(r[c])
                if not rows:
                    continue
                avg = ["**Avg**"] + [f"**{ratio(mean_or_none(vals[c]))}**" if vals[c] else "–"
                                     for c, _ in cols]
                t = targets.get(k)
                avg += ["", f"target {t:.2f}" if t else ""]
                rows.append(avg)
                self.p(f"K = {k}:")
                self.p()
                self.p(table(["program"] + [t for _, t in cols] +
                             ["auto trained ≤ others", "bound ≤ target"], rows))
                self.p()
        self.p("A bound above the target means one function dominates the run and none of its "
               "forms (whole, or split by either partition into any number of groups) spreads "
               "its cost further: no plan of whole functions and PSPP shares can reach the "
               "target there.")
        self.p()

    def sim_check(self):
        rows = []
        for name, pr in self.progs.items():
            sim = pr.get("simulate", {}).get("rows", {})
            for k in self.ks:
                for s in ("p3", "pbl", "auto"):
                    tag = f"{s}-k{k}"
                    c = self.cfg(name, tag)
                    row = f"auto+train-k{k}" if s == "auto" and f"auto+train-k{k}" in sim else tag
                    if row in sim and c.get("overhead"):
                        rows.append([name, tag, ratio(c["overhead"]["ratio"]),
                                     ratio(sim[row]["ratio"]),
                                     "yes" if c["overhead"]["max"] == sim[row]["max_hits"] else "**no**"])
        if not rows:
            return
        self.p("### The rewritten copies against `p3-report --simulate`")
        self.p()
        self.p("`--simulate` plans every strategy from the SBL manifest and profile without "
               "rewriting. It must give the same slowest copy as the rewrite of the same "
               "strategy and K (the harness fails otherwise): this is what makes the simulated "
               "`p3-ends` figures above comparable with the rewrites'.")
        self.p()
        self.p(table(["program", "rewrite", "copies (model)", "--simulate", "same"], rows,
                     ["l", "l", "r", "r", "l"]))
        self.p()

    def hot(self):
        self.p("### Where the path executions are, and how P3 and PBL place those functions")
        self.p()
        kmax = max(self.ks)
        self.p(f"The hottest functions of each workload (share of all path executions in the "
               f"SBL profile), and at K={kmax}: how many tasks P3 made of the function and how "
               f"many copies instrument it (a copy instruments it when it holds one of its "
               f"tasks, and then runs its path-start probe on every path, its own or not), and "
               f"the copy PBL gave it to.")
        self.p()
        rows = []
        for name, pr in self.progs.items():
            for h in pr.get("hot_functions", [])[:5]:
                p3 = h["placement"].get(f"p3-k{kmax}", {})
                pbl = h["placement"].get(f"pbl-k{kmax}", {})
                rows.append([name, f"`{short_fn(h['id'])}`", pct(h["share"], 1),
                             p3.get("tasks", "–"), len(p3.get("copies", [])) if p3 else "–",
                             ",".join(map(str, pbl.get("copies", []))) if pbl else "–"])
        self.p(table(["program", "function", "executions", f"P3 tasks (K={kmax})",
                      "P3 copies", "PBL copy"], rows))
        self.p()

    def count_probes(self):
        self.p("## 4. The model against the probe-counting runtime (`-DP3_COUNT_PROBES`)")
        self.p()
        self.p("The same rewrites built with `-DP3_COUNT_PROBES`: the runtime counts every "
               "probe it runs. Model: the overhead model's hits summed over the copies; "
               "measured: the runtime's counts summed over the copies; per copy, the model "
               "and the count should be equal. The slowest copy's ratio to SBL, measured, is "
               "the figure of section 3 measured instead of modelled.")
        self.p()
        rows = []
        any_ = False
        for name, pr in self.progs.items():
            cp = pr.get("count_probes") or {}
            sbl_meas = (cp.get("sbl-k1") or {}).get("measured")
            for tag, e in cp.items():
                any_ = True
                model = e.get("model") or []
                meas = e.get("measured") or []
                diff = sum(meas) - sum(model) if meas and model else None
                equal = sum(1 for a, b in zip(model, meas) if a == b)
                mratio = (max(meas) / sbl_meas[0]) if meas and sbl_meas else None
                rows.append([name, tag, num(sum(model)) if model else "–",
                             num(sum(meas)) if meas else "–",
                             "–" if diff is None else (f"+{num(diff)}" if diff > 0 else num(diff)),
                             f"{equal}/{len(model)}",
                             ratio(self.cfg(name, tag).get("overhead", {}).get("ratio")),
                             ratio(mratio)])
        if not any_:
            self.p("**Not run** in this run (no program was given to `--count-probes`).")
            self.p()
            return
        self.p(table(["program", "rewrite", "model (sum)", "measured (sum)", "difference",
                      "copies equal", "slowest/SBL model", "slowest/SBL measured"], rows))
        self.p()
        self.p(CUT_PATHS_NOTE + " The model never exceeds the measurement, except in "
               "copies with forked children (a child's runtime starts from zero).")
        self.p()

    def wallclock(self):
        self.p("## 5. Wall-clock time")
        self.p()
        self.p("The cost of the probes themselves, side by side with gcc's and clang's edge "
               "profiling, for SBL and the slowest copy of each strategy at K = 2, 4, 8, with "
               "gcc -O2 and clang -O2, per-function attribution and what loop-local counting "
               "saves: [probe-cost.md](probe-cost.md) (`bench/probe-cost.py`).")
        self.p()
        progs = [(n, pr) for n, pr in self.progs.items() if pr.get("timing")]
        if not progs:
            self.p("**Not measured** in this run.")
            self.p()
            return
        reps = progs[0][1]["timing"]["reps"]
        self.p(f"The workload of each variant, one process at a time, {reps} interleaved "
               f"repetitions (the order rotates every repetition), median; each as a ratio to "
               f"the uninstrumented original built the same way. SBL: the K=1 copy. P3: the "
               f"slowest copy at each K (each copy run alone: what K cores would wait for). gcov: "
               f"the original built with `gcc -fprofile-arcs` (edge counters, no paths). The "
               f"workload includes its own shell commands (md5sum, sed) and process start-up.")
        self.p()
        for title, key in (("wall-clock", "median_wall"), ("CPU time (user + system)", "median_cpu")):
            head = ["program", "original (s)", "SBL"] + [f"P3 K={k}" for k in self.ks] + \
                   ["gcc -fprofile-arcs", "load avg"]
            rows = []
            for name, pr in progs:
                t = pr["timing"]
                base = t[key]["orig"]
                row = [name, secs(base), ratio(t[key]["sbl"] / base, 2)]
                for k in self.ks:
                    s = t["slowest"].get(f"p3-k{k}")
                    v = (s["wall"] if key == "median_wall" else s["cpu"]) if s else None
                    row.append(ratio(v / base, 2) if v is not None else "–")
                row.append(ratio(t[key]["gcov"] / base, 2) if "gcov" in t[key] else "–")
                la = t.get("load_average") or []
                row.append(f"{min(la):.1f}–{max(la):.1f}" if la else "–")
                rows.append(row)
            self.p(f"Median {title}:")
            self.p()
            self.p(table(head, rows))
            self.p()
        if any(f"auto-k{k}" in pr["timing"]["slowest"] for _, pr in progs for k in self.ks):
            self.p("Slowest copy of P3, PBL and auto (trained), median wall-clock as a ratio to "
                   "the original, same interleaved run. P3: the slowest of its copies timed "
                   "one by one; PBL and auto: the copy the overhead model says is slowest (timing "
                   "every copy of every strategy would multiply the run's length).")
            self.p()
            head = ["program"]
            for k in self.ks:
                head += [f"P3 K={k}", f"PBL K={k}", f"auto K={k}"]
            rows = []
            for name, pr in progs:
                t = pr["timing"]
                base = t["median_wall"]["orig"]
                row = [name]
                for k in self.ks:
                    for s in ("p3", "pbl", "auto"):
                        v = t["slowest"].get(f"{s}-k{k}")
                        row.append(ratio(v["wall"] / base, 2) if v else "–")
                rows.append(row)
            self.p(table(head, rows))
            self.p()
        self.p("The machine is shared: the load average (1 minute, at the start of each "
               "repetition) shows how busy it was; with a load above the number of cores the "
               "wall-clock ratios are noisy, the CPU-time ratios less so.")
        self.p()

    def rewrite_cost(self):
        self.p("## 6. Cost of p3-rewrite")
        self.p()
        self.p("`p3-rewrite` (parse, lower, plan, write K mirrors of the tree) against "
               "`clang -fsyntax-only -w` (parse only) on the same files with the same flags: "
               "elapsed seconds and peak resident memory (`/usr/bin/time`, one run each).")
        self.p()
        head = ["program", "files", "C lines", "clang -fsyntax-only s", "MB", "SBL (K=1) s", "MB"]
        kmax = max(self.ks)
        head += [f"P3 K={kmax} s", "MB", "P3 K=8 / clang (time)"]
        rows = []
        for name, pr in self.progs.items():
            cl = pr.get("clang_syntax") or {}
            s1 = self.cfg(name, "sbl-k1").get("rewrite", {})
            sk = self.cfg(name, f"p3-k{kmax}").get("rewrite", {})
            rel = (sk["seconds"] / cl["seconds"]) if sk.get("seconds") and cl.get("seconds") else None
            rows.append([name, len(pr.get("files", [])), num(pr.get("c_lines")),
                         secs(cl.get("seconds")), mb(cl.get("max_rss_kb")),
                         secs(s1.get("seconds")), mb(s1.get("max_rss_kb")),
                         secs(sk.get("seconds")), mb(sk.get("max_rss_kb")), ratio(rel, 1)])
        self.p(table(head, rows))
        self.p()

    def comparison(self):
        kmax = max(self.ks)
        self.p("## 7. Comparison with the paper")
        self.p()
        self.p("The paper reports, over 13 SPEC CPU2006 programs and its hit-count model, that "
               "P3's slowest copy runs 23%, 43% and 56% fewer probes than SBL at K = 2, 4, 8, "
               "and 5%, 18% and 25% fewer than PBL. Section 3 has this run's numbers for the "
               "programs here. What they show:")
        self.p()
        avg = {}
        for s in ("p3", "pbl"):
            for k in self.ks:
                v = [self.ratio_of(n, s, k) for n in self.progs]
                v = [x for x in v if x is not None]
                avg[(s, k)] = statistics.mean(v) if v else None
        have = all(avg[(s, k)] is not None for s in ("p3", "pbl") for k in self.ks)
        if have:
            red = ", ".join(f"{pct(1 - avg[('p3', k)])} at K={k}" for k in self.ks)
            self.p(f"- **P3 against SBL**: the slowest copy runs {red} fewer probes than SBL on "
                   f"average (paper: " + ", ".join(f"{PAPER['p3_vs_sbl_reduction'][k]}%"
                                                   for k in self.ks if k in PAPER['p3_vs_sbl_reduction'])
                   + ").")
            seq = [avg[("p3", k)] for k in self.ks]
            mono = all(a >= b for a, b in zip(seq, seq[1:]))
            self.p("- **More copies**: " + (
                "P3's average improves with every larger K, as in the paper." if mono else
                "P3's average does not improve with every larger K: " +
                ", ".join(f"{ratio(avg[('p3', k)])} at K={k}" for k in self.ks) +
                ". More copies give more tasks of the same hot functions, hence more copies "
                "that run those functions' path-start probes (below)."))
            wins = {k: [n for n in self.progs if self.ratio_of(n, "p3", k) is not None
                        and self.ratio_of(n, "pbl", k) is not None
                        and self.ratio_of(n, "p3", k) < self.ratio_of(n, "pbl", k)] for k in self.ks}
            better = [k for k in self.ks if avg[("p3", k)] < avg[("pbl", k)]]
            self.p("- **P3 against PBL**: " + "; ".join(
                f"K={k}: P3 {ratio(avg[('p3', k)])}, PBL {ratio(avg[('pbl', k)])}, P3 lower in "
                f"{len(wins[k])} of {len(self.progs)} programs"
                + (f" ({', '.join(wins[k])})" if wins[k] else "") for k in self.ks) + ". "
                + ("P3 is better than PBL on average at every K, as in the paper."
                   if len(better) == len(self.ks) else
                   "Unlike the paper, P3 is not better than PBL on average at " +
                   ", ".join(f"K={k}" for k in self.ks if k not in better) + "."))
        self.p()
        self.p(f"Per program, at K = {kmax}, with the function that holds most path executions:")
        self.p()
        for name, pr in self.progs.items():
            a, b = self.ratio_of(name, "p3", kmax), self.ratio_of(name, "pbl", kmax)
            hot = pr.get("hot_functions") or []
            if a is None or b is None or not hot:
                self.p(f"- **{name}**: no figures (see the checks above).")
                continue
            h = hot[0]
            p3 = h["placement"].get(f"p3-k{kmax}", {})
            verdict = "P3 beats PBL" if a < b else ("P3 ties PBL" if a == b else "PBL beats P3")
            split = (f"P3 split it into {p3.get('tasks')} tasks, instrumented in "
                     f"{len(p3.get('copies', []))} copies" if p3.get("tasks", 0) > 1 else
                     "P3 did not split it" if p3 else "it is not instrumented")
            share = pr.get("executions_in_split_functions", {}).get(f"p3-k{kmax}")
            self.p(f"- **{name}**: P3 {ratio(a)}, PBL {ratio(b)} of SBL: {verdict}. "
                   f"`{short_fn(h['id'])}` has {pct(h['share'], 1)} of the path executions; "
                   f"{split}. All functions P3 split at this K hold {pct(share)} of the "
                   f"executions.")
        self.p()
        self.p(COMPARISON_TEXT)
        self.p()

    def footer(self):
        self.p("## 8. What this run does not show")
        self.p()
        self.p(LIMITS_TEXT)
        self.p()

    def render(self):
        self.header()
        self.checks()
        self.table1()
        self.figures()
        self.count_probes()
        self.wallclock()
        self.rewrite_cost()
        self.comparison()
        self.footer()
        return "\n".join(self.lines).rstrip() + "\n"



BEGIN_MARK = "<!-- BEGIN strategies (bench/run-evaluation.sh --tables): generated, do not edit -->"
END_MARK = "<!-- END strategies -->"
TARGETS = {2: 0.60, 4: 0.35, 8: 0.22}


class StrategySection(Doc):
    """The strategy section alone (issue 11): every strategy at K = 2, 4, 8 from
    --simulate, the rewrites the run built, probe counts and wall-clock."""

    def sim_ks(self):
        ks = set()
        for pr in self.progs.values():
            for tag in pr.get("simulate", {}).get("rows", {}):
                ks.add(int(tag.rsplit("-k", 1)[1]))
        return sorted(ks)

    def render_section(self):
        r = self.res
        m = r["machine"]
        ks = self.sim_ks()
        self.p(BEGIN_MARK)
        self.p("## 3b. Every strategy, static and trained: `p3`, `p3-ends`, `pbl`, `auto`")
        self.p()
        self.p("This section is rewritten in place by its own run, separately from the rest of "
               "this file (the tables above come from the full-scale runs named at the top).")
        self.p()
        self.p(f"- **Regenerate**: `{self.command}`")
        if r.get("runs"):
            self.p("- **Runs** (merged by `bench/merge-results.py`; each program from the run "
                   "that had it):")
            for run in r["runs"]:
                self.p(f"  - started {run['started']}, finished {run['finished']} (UTC), p3 at "
                       f"commit `{run['p3_commit']}`: {', '.join(run['programs'])} "
                       f"(`{run['command']}`)")
        else:
            self.p(f"- **Run**: started {r['started']}, finished {r['finished']} (UTC); p3 at "
                   f"commit `{r['p3_commit']}`; harness command `{r['command']}`")
        self.p(f"- **Machine**: {m['cpu']}, {m['cores']} cores, shared with other jobs; "
               f"{m['os']}; {m['gcc']}")
        scales = ", ".join(f"{n} {pr.get('scale')}" for n, pr in self.progs.items())
        built = sorted({t for pr in self.progs.values() for t in pr.get("configs", {})})
        sim_only = [n for n, pr in self.progs.items() if pr.get("simulate_only")]
        self.p(f"- **Workloads**: scale per program ({scales}); CI-sized unless the command says "
               f"`--scale full`. Rewrites built, run and checked: {', '.join(built)}"
               + (f" (simulated only: {', '.join(sim_only)})" if sim_only else ""))
        self.p()
        self.p("All figures of the tables below are `p3-report --simulate` on the SBL profile of "
               "the measured workload: the overhead model (every probe that runs: path starts, "
               "nonzero increments, counter updates) of the slowest copy divided by SBL's. The "
               "harness checks that each rewrite it builds has exactly the slowest copy its "
               "simulation predicts (column *sim = rewrite* of the checks). *auto static*: "
               "auto without a profile, which keeps pbl's plan (whole functions by static "
               "probes; docs/graph-library.md, \"Where static estimates fail\", says why); "
               "*auto trained*: planned with the "
               "merged profile of the program's `train` workload (test/corpus/programs/*.conf: "
               "the same kind of use on other data), measured on `workload`; the second table is "
               "the reverse. *bound*: no plan of auto's options does better on the measured run "
               "(auto planned with the measured profile itself; a lower bound on what planning "
               "can reach). *auto planned on static estimates*: the plan auto's search makes "
               "on its static estimates (Wu-Larus branch probabilities, invocations from the "
               "call graph; `p3-report --simulate --plan-static-estimates`), which auto static "
               "does not use, to show what trusting them would give. Issue 11's targets: auto trained ≤ min(p3, p3-ends, pbl) on every "
               "program and K; on average ≤ 0.60 / 0.35 / 0.22 at K = 2 / 4 / 8 where the bound "
               "allows; auto static ≤ pbl on average.")
        self.p()
        self.section_checks()
        base_cols = [("p3", "p3"), ("p3-ends", "p3-ends"), ("pbl", "pbl"),
                     ("auto", "auto static"), ("auto+train", "auto trained"), ("bound", "bound")]
        avgs = {}
        for key, title in DIRECTIONS:
            self.p(f"### {title} (slowest copy / SBL)")
            self.p()
            cols = base_cols + ([("auto-est", "auto planned on static estimates")]
                                if key == "simulate" else [])
            progs = [(n, pr) for n, pr in self.progs.items()
                     if pr.get(key, {}).get("rows", {})]
            # one table per K keeps the lines readable
            for k in ks:
                rows, wins = [], []
                vals = {c: [] for c, _ in cols}
                for name, pr in progs:
                    rr = sim_ratios(pr, key, k, [c for c, _ in cols])
                    above = trained_margin(rr)
                    won = above is not None and above <= 1e-12
                    if above is not None:
                        wins.append((name, won, above))
                    row = [name]
                    for c, _ in cols:
                        v = rr[c]
                        cell = ratio(v)
                        if c == "auto+train" and v is not None and not won:
                            cell = f"**{cell}**"
                        row.append(cell)
                        if v is not None:
                            vals[c].append(v)
                    rows.append(row)
                avg = ["**Avg**"]
                for c, _ in cols:
                    avgs[(key, c, k)] = mean_or_none(vals[c])
                    avg.append(f"**{ratio(avgs[(key, c, k)])}**")
                rows.append(avg)
                self.p(f"K = {k}:")
                self.p()
                self.p(table(["program"] + [t for _, t in cols], rows))
                self.p()
                lost = [(n, d) for n, w, d in wins if not w]
                self.p(f"auto trained ≤ min(p3, p3-ends, pbl): {len(wins) - len(lost)} of "
                       f"{len(wins)} programs"
                       + (" (not on " + ", ".join(f"{n}: +{d:.3f}" for n, d in lost) + ", in bold)"
                          if lost else "") + ".")
                self.p()
        self.verdicts(ks, avgs)
        self.section_counts()
        self.section_wallclock()
        fails = [f for f in self.res.get("failures", [])]
        if fails:
            self.p(f"**{len(fails)} check(s) failed in this run:**")
            self.p()
            for f in fails:
                self.p(f"- {f}")
            self.p()
        warns = self.res.get("warnings", [])
        if warns:
            self.p("Warnings of this run (reported, not failures):")
            self.p()
            for w in warns:
                self.p(f"- {w}")
            self.p()
        self.p(END_MARK)
        return "\n".join(self.lines).rstrip() + "\n"

    def verdicts(self, ks, avgs):
        def against(key, a_col, b_col, mark):
            """'K=2 0.738 vs 0.738 (≤)', ... for the averages of two columns."""
            out = []
            for k in ks:
                a, b = avgs.get((key, a_col, k)), avgs.get((key, b_col, k))
                if a is not None and b is not None:
                    out.append(f"K={k} {ratio(a)} vs {ratio(b)}" +
                               ("" if not mark else
                                " (≤)" if a <= b + 1e-12 else " (**worse**)"))
            return out

        self.p("### Against the targets")
        self.p()
        for key, title in (("simulate", "measured on the workload"),
                           ("simulate_train", "measured on `train`")):
            parts = []
            for k in ks:
                a, b = avgs.get((key, "auto+train", k)), avgs.get((key, "bound", k))
                t = TARGETS.get(k)
                if a is None or t is None:
                    continue
                verdict = "met" if a <= t else (
                    f"not met, and the bound itself is {ratio(b)}" if b is not None and b > t
                    else "not met")
                parts.append(f"K={k}: {ratio(a)} against {t:.2f} ({verdict})")
            st = against(key, "auto", "pbl", True)
            p3 = against(key, "auto", "p3", True)
            self.p(f"- **{title}**: auto trained on average " + "; ".join(parts) +
                   ". auto static against pbl on average: " + ", ".join(st) +
                   "; against p3: " + ", ".join(p3) + ".")
            est = against(key, "auto-est", "pbl", False)
            if est:
                self.p("  auto planned on its static estimates against pbl on average: "
                       + ", ".join(est) + ".")
        self.p()
        self.p("Without a profile, auto keeps pbl's plan: static estimates of how often each "
               "function runs are off by orders of magnitude (a loop over data, a global flag: "
               "docs/graph-library.md, \"Where static estimates fail\", with libquantum's "
               "functions, and programs outside the five), so a plan balanced on them wins or "
               "loses against pbl program by program, and loses on average (column *auto "
               "planned on static estimates*). A training profile removes the guess.")
        self.p()

    def section_checks(self):
        self.p("### Checks of the rewrites this run built")
        self.p()
        rows = []
        for name, pr in self.progs.items():
            for tag, c in pr.get("configs", {}).items():
                rows.append([name, tag, "yes" if c.get("build", {}).get("ok") else "**no**",
                             "yes" if c.get("outputs_identical") else "**no**",
                             "yes" if c.get("exact") and not c.get("report_problems") else "**no**",
                             ratio(c.get("overhead", {}).get("ratio")),
                             "–" if "simulate_agrees" not in c else
                             ("yes" if c["simulate_agrees"] else "**no**")])
        self.p(table(["program", "rewrite", "built", "same outputs", "merged = SBL",
                      "slowest / SBL", "sim = rewrite"], rows,
                     ["l", "l", "l", "l", "l", "r", "l"]))
        self.p()
        self.p("Every `auto` rewrite is planned with the training profile (`--train`) and "
               "profiles the measured workload exactly: merged = SBL is `p3-report --check` "
               "against the SBL copy's profile of the same workload.")
        self.p()

    def section_counts(self):
        rows = []
        for name, pr in self.progs.items():
            for tag, e in (pr.get("count_probes") or {}).items():
                model, meas = e.get("model") or [], e.get("measured") or []
                rows.append([name, tag, ", ".join(num(x) for x in model) or "–",
                             ", ".join(num(x) for x in meas) or "–",
                             f"{sum(1 for a, b in zip(model, meas) if a == b)}/{len(model)}",
                             "–" if not (model and meas) else
                             (f"+{num(sum(meas) - sum(model))}" if sum(meas) > sum(model)
                              else num(sum(meas) - sum(model)))])
        if not rows:
            return
        self.p("### The model against the probe-counting runtime (`-DP3_COUNT_PROBES`)")
        self.p()
        self.p("The same rewrites built with `-DP3_COUNT_PROBES`: per copy, the probes the "
               "overhead model predicts on the merged profile and the probes the runtime "
               "counted.")
        self.p()
        self.p(table(["program", "rewrite", "model per copy", "measured per copy",
                      "copies equal", "difference (sum)"], rows,
                     ["l", "l", "r", "r", "r", "r"]))
        self.p()
        self.p(CUT_PATHS_NOTE)
        self.p()

    def section_wallclock(self):
        progs = [(n, pr) for n, pr in self.progs.items() if pr.get("timing")]
        if not progs:
            return
        t0 = progs[0][1]["timing"]
        self.p("### Wall-clock of the slowest copy: p3, pbl and auto trained")
        self.p()
        self.p(f"The workload on each variant, one process at a time, {t0['reps']} interleaved "
               f"repetitions (the order rotates), median wall-clock as a ratio to the "
               f"uninstrumented original; for each strategy the copy the overhead model says is "
               f"slowest. The machine is shared: the load average (1 minute, at each "
               f"repetition's start) shows how noisy the figures are.")
        self.p()
        tags = sorted({t for _, pr in progs for t in pr["timing"]["slowest"]},
                      key=lambda t: (int(t.rsplit("-k", 1)[1]), t))
        head = ["program", "original (s)", "SBL"] + [t.replace("-k", " K=") for t in tags] + \
               ["gcc -fprofile-arcs", "load avg"]
        rows = []
        for name, pr in progs:
            t = pr["timing"]
            base = t["median_wall"]["orig"]
            row = [name, secs(base), ratio(t["median_wall"]["sbl"] / base, 2)]
            for tag in tags:
                v = t["slowest"].get(tag)
                row.append(ratio(v["wall"] / base, 2) if v else "–")
            row.append(ratio(t["median_wall"]["gcov"] / base, 2) if "gcov" in t["median_wall"] else "–")
            la = t.get("load_average") or []
            row.append(f"{min(la):.1f}–{max(la):.1f}" if la else "–")
            rows.append(row)
        self.p(table(head, rows))
        self.p()


def splice(doc_path, section):
    """Replaces the text between the markers of doc_path by section (markers
    included); without markers, inserts it before section 4 (or at the end)."""
    with open(doc_path) as f:
        text = f.read()
    if BEGIN_MARK in text and END_MARK in text:
        a = text.index(BEGIN_MARK)
        b = text.index(END_MARK) + len(END_MARK)
        new = text[:a] + section.rstrip("\n") + text[b:]
    else:
        anchor = "\n## 4. "
        i = text.find(anchor)
        if i < 0:
            new = text.rstrip("\n") + "\n\n" + section
        else:
            new = text[:i + 1] + section + "\n" + text[i + 1:]
    tmp = doc_path + ".tmp"
    with open(tmp, "w") as f:
        f.write(new)
    os.replace(tmp, doc_path)


COMPARISON_TEXT = """\
Why P3 gains less here than in the paper, and where p3 falls short (the mechanism; the
numbers are in the tables above):

- **Splitting a hot function costs every copy that holds a share of it.** A copy that
  profiles some of a function's paths still runs, on every path of the function, the
  register set or reset at the path's start and the increments on edges its labelling
  needs; it saves only the counter updates (and increments) of paths other copies profile.
  For a function whose time is a tight loop, each iteration is one short path, so this fixed
  cost dominates and a function split over n copies costs nearly n times what its one copy
  costs under PBL. When one or two functions hold most of the executions (the table of
  hottest functions), PBL's slowest copy is the one holding the hottest function, and P3 can
  only do better by splitting exactly that function, which is where splitting costs most.
  The paper's profitability test is static (diamonds and triangles of the reduced DAG, at
  most one call site); it does not weigh this per-path cost, and p3 follows the paper.
- **The paper's partition shares loops.** `find_partition` cuts a function's paths by how
  they start; with loops, every share keeps every loop its start can reach, so each copy
  holding a share pays the loop's back-edge counter update and register reset on every
  iteration (docs/graph-library.md). p3's `p3-ends` partitions by the edge a path ends on
  instead, so one copy holds each loop; section 3's simulated table shows how much of the
  gap to PBL that closes, and where PBL (whole functions) still wins.
- **The balance is static.** P3 and PBL both distribute tasks by their static probe counts
  (LPT, as in the paper), not by how often they run. A function that is not split (more than
  one call site, a guarded return, no diamonds or triangles) is one task, and the copy it lands
  in is the slowest copy whenever that function dominates the workload; what else LPT puts in
  that copy differs between P3 and PBL by the luck of the static costs, so either can come out
  ahead on a given program, and a larger K can make P3 worse.
- **The unit.** p3's model counts every action that runs, including the register set or reset
  at each path start (docs/reading-reports.md). The paper defines a procedure's static
  overhead as its non-zero edges and its hit count as the probes executed, without saying
  whether the register initialisation counts; if it does not, splitting looks cheaper there
  than here, because that is exactly the probe every sharing copy pays.
- **The programs.** These are small programs whose time concentrates in a few functions, like
  the paper's smaller benchmarks (462.libquantum, 470.lbm, the rand programs), where the
  paper's gains were also smallest, rather than 403.gcc or 445.gobmk, whose executions spread
  over thousands of procedures that any distribution balances well.
- **Skipped and coarse functions.** A function p3-rewrite skips costs nothing under every
  strategy and is absent from the profile, and a function whose macro-internal blocks are
  contracted has fewer, longer paths than its source: both make the figures describe a
  somewhat different program than the paper's LLVM-level instrumentation would (section 2
  lists them, test/corpus/FINDINGS.md the ones that are p3's limitations rather than
  design).
- **Wall-clock** (section 5) is what P3 is for. It depends on more than probe hits (counter
  updates in memory against increments of a register, code size, how the compiler optimises
  around the probes), and on this two-core machine the copies were timed one at a time
  rather than each on its own core."""

LIMITS_TEXT = """\
- **Parallel wall-clock on K cores.** The machine has two cores; the P3 copies were timed one
  at a time, and "the slowest copy" is the largest of those times. p3-run runs the K copies at
  once; with K > cores they compete, which measures the machine, not P3.
- **Multiple inputs per program.** The paper averages over all SPEC tests of a program; each
  program here has one workload (several commands).
- **Programs without a test suite in their upstream tarball** (lua, libquantum) are checked by
  their workload only.
- **Probe counting for sqlite3** is not run by default (its copies take minutes each to
  build); `bench/run-evaluation.sh --count-probes all` adds it.
- **Debian patches** are not applied: the harness builds the upstream tarball (`.orig`)."""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results")
    ap.add_argument("--command", default="bench/run-evaluation.sh")
    ap.add_argument("--strategy-section", metavar="DOC",
                    help="rewrite only the strategy section of DOC in place (between its "
                         "markers; inserted before section 4 when it has none)")
    args = ap.parse_args()
    with open(args.results) as f:
        res = json.load(f)
    if args.strategy_section:
        splice(args.strategy_section, StrategySection(res, args.command).render_section())
        return
    sys.stdout.write(Doc(res, args.command).render())


if __name__ == "__main__":
    main()
