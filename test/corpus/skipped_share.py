#!/usr/bin/env python3
"""How much of a program's work lies in the functions p3-rewrite left alone.

A skipped function has no paths in p3's profile: its executions are invisible to the
user. This module measures them from outside p3, on the uninstrumented program:

  * gcov (the original built by its own build with `--coverage -fno-inline` added to its
    flags, the workload run once): per function its entries (gcov's function count) and
    its line executions (the sum of gcov's counts of the lines between the function's
    first and last line, as the manifest gives them);
  * perf (the original built with `-g` added, which does not change gcc's code, the
    workload run under `perf record`): per function its self samples, each sample given
    to the function whose lines hold the sample's innermost source line (perf's srcline,
    so code inlined into a caller counts for the function it was written in).

Definitions (docs/evaluation.md, "Skipped code: share of executions and time"):

  entries share      skipped functions' entries / entries of all functions of the
                     rewritten files (gcov)
  path share         the analogue of "the SBL profile's path executions": every entry of
                     a function starts at least one Ball-Larus path (every loop iteration
                     another), so a skipped function's entries are a lower bound on the
                     paths it would add; share = E_skipped / (SBL total + E_skipped)
  line share         skipped functions' line executions / all functions' (gcov): the work
                     done there, loops included
  time share         perf self samples in skipped functions / samples in all functions of
                     the rewritten files (samples in the C library, the kernel or files
                     not rewritten are outside both)
  rank               1 + the number of functions of the rewritten files with a strictly
                     larger figure (line executions, entries, or perf samples)

corpus.py --skipped-share collects the data (Harness.skipped_share); this module turns it
into figures and renders the table:

    skipped_share.py --doc docs/evaluation.md WORK/results.json [more results...]

Python 3 standard library only.
"""

import argparse
import bisect
import collections
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

from gcc_paths import MeasureError, gcc_paths

TOP = 20
# Flags the harness adds ($CORPUS_CFLAGS) for each measurement build.
COVERAGE_CFLAGS = "--coverage -fno-inline"
PERF_CFLAGS = "-g"
PERF_FREQUENCY = 2000  # samples per second (perf record -F)

BEGIN = "<!-- BEGIN skipped-share (test/corpus/skipped_share.py --doc) -->"
END = "<!-- END skipped-share -->"


# --------------------------------------------------------------------------
# Source files: gcov and perf name them in their own ways; the manifest names them
# relative to the rewrite's root.


class FileMatcher:
    """Maps a path from gcov or DWARF to a file of the manifest: relative to one of the
    trees the program was built in, else by the longest unique path suffix."""

    def __init__(self, files, trees):
        self.files = set(files)
        self.trees = [os.path.realpath(t) for t in trees]
        self.by_base = collections.defaultdict(list)
        for f in self.files:
            self.by_base[os.path.basename(f)].append(f)
        self.cache = {}

    def __call__(self, path):
        if path in self.cache:
            return self.cache[path]
        self.cache[path] = found = self._match(os.path.normpath(path))
        return found

    def not_rewritten(self, path):
        """path relative to its tree when it lies in one of the trees but is not a file of
        the manifest (a file the description leaves out, or a .c file another includes,
        which p3 sees as a header), else None."""
        path = os.path.normpath(path)
        if self(path) is not None:
            return None
        for t in self.trees:
            if path.startswith(t + os.sep):
                return path[len(t) + 1:]
        return None

    def _match(self, path):
        for t in self.trees:
            if path.startswith(t + os.sep):
                rel = path[len(t) + 1:]
                return rel if rel in self.files else None
        candidates = [f for f in self.by_base.get(os.path.basename(path), [])
                      if path == f or path.endswith(os.sep + f)]
        return candidates[0] if len(candidates) == 1 else None


C_FAMILY = (".c", ".h", ".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".inc", ".def",
            ".i", ".ii")


def line_directive_target(path):
    """Whether path is the target of a #line directive rather than a compiled file: a
    grammar or scanner source (parse.y, scan.l) whose generated C the build compiled. Its
    lines belong to the function of the generated file they were compiled in, which gcov
    and perf name by the function, not by these lines."""
    return not path.lower().endswith(C_FAMILY)


# --------------------------------------------------------------------------
# gcov


def gcov_json_documents(text):
    """gcov --stdout --json-format prints one JSON document per data file."""
    dec = json.JSONDecoder()
    i, docs = 0, []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return docs
        doc, i = dec.raw_decode(text, i)
        docs.append(doc)


def gcov_counts(tree, match, gcov="gcov"):
    """Runs gcov on every .gcda under tree. Returns (lines, functions, not_rewritten):
    lines[file][line] = executions summed over the translation units, functions[(file,
    name)] = [entries, Ball-Larus path executions] (gcc_paths), for the files match()
    knows; not_rewritten[file] = the line executions of the other files of the trees.
    Raises MeasureError when there is no data."""
    gcdas = sorted(glob.glob(os.path.join(tree, "**", "*.gcda"), recursive=True))
    if not gcdas:
        raise MeasureError("no .gcda file after the workload (did the build use CFLAGS?)")
    by_dir = collections.defaultdict(list)
    for g in gcdas:
        by_dir[os.path.dirname(g)].append(os.path.basename(g))
    lines = collections.defaultdict(collections.Counter)
    not_rewritten = collections.Counter()
    by_function = collections.Counter()  # lines of #line targets, by function name
    for d, names in sorted(by_dir.items()):
        p = subprocess.run([gcov, "--stdout", "--json-format"] + names, cwd=d,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode != 0:
            raise MeasureError(f"gcov failed in {d}: "
                               f"{p.stderr.decode(errors='replace').strip()[:200]}")
        for doc in gcov_json_documents(p.stdout.decode(errors="replace")):
            cwd = doc.get("current_working_directory", d)
            for f in doc.get("files", []):
                path = os.path.join(cwd, f["file"])
                rel = match(path)
                if rel is None and line_directive_target(path):
                    for ln in f.get("lines", []):
                        # no function named: a line in a function that starts in another
                        # file (a scanner's action inside yylex); counted in no function
                        by_function[ln.get("function_name", "")] += ln["count"]
                    continue
                if rel is None:
                    other = match.not_rewritten(path)
                    if other is not None:
                        not_rewritten[other] += sum(ln["count"] for ln in f.get("lines", []))
                    continue
                for ln in f.get("lines", []):
                    lines[rel][ln["line_number"]] += ln["count"]
    lines[None] = by_function
    return lines, gcc_paths(tree, match), not_rewritten


# --------------------------------------------------------------------------
# perf


def perf_available(perf="perf"):
    """None when perf record works for this user, else why not."""
    # Not "-o /dev/null": perf renames an existing non-empty output file to
    # NAME.old, which replaces /dev/null if anything ever made it a file.
    with tempfile.TemporaryDirectory() as tmp:
        try:
            p = subprocess.run([perf, "record", "-q", "-o", os.path.join(tmp, "probe.data"),
                                "-e", "cpu-clock", "--", "true"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        except OSError as e:
            return f"perf not found ({e})"
    if p.returncode != 0:
        return ("perf record fails: "
                + (p.stdout.decode(errors="replace").strip().splitlines() or ["?"])[-1][:200])
    return None


def perf_record_argv(data, perf="perf"):
    return [perf, "record", "-q", "-e", "cpu-clock", "-F", str(PERF_FREQUENCY),
            "-o", data, "--"]


SAMPLE_LINE = re.compile(r"^\s*[0-9a-f]+ (\S+) \((.*)\)\s*$")


def perf_samples(data, tree, match, perf="perf"):
    """Self samples of the workload's processes: returns (by_line, in_program, total,
    not_rewritten): by_line[(file, line)] for samples whose innermost source line is in a
    file match() knows, in_program the samples in executables or libraries under tree,
    total all user-space and kernel samples, not_rewritten[file] the samples in other
    files of the trees."""
    p = subprocess.run([perf, "script", "-i", data, "-F", "ip,sym,dso,srcline",
                        "--full-source-path", "--no-demangle"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise MeasureError(f"perf script failed: "
                           f"{p.stderr.decode(errors='replace').strip()[:200]}")
    return parse_perf_script(p.stdout.decode(errors="replace"), tree, match)


def parse_perf_script(text, tree, match):
    tree = os.path.realpath(tree)
    by_line = collections.Counter()
    not_rewritten = collections.Counter()
    in_program = total = 0
    dso = sym = None
    for line in text.splitlines():
        m = SAMPLE_LINE.match(line)
        if m:
            total += 1
            sym, dso = m.group(1), m.group(2)
            if dso.startswith(tree + os.sep):
                in_program += 1
            else:
                dso = None
            continue
        if dso is None:
            continue
        where = line.strip()
        dso = None
        file, _, num = where.rpartition(":")
        if not num.isdigit() or num == "0" or file in ("", "??"):
            continue  # no line information ("??:0" or a bare address)
        rel = match(file)
        if rel is None and line_directive_target(file):
            by_line[(None, sym)] += 1  # the function's, whatever its lines say
            continue
        if rel is not None:
            by_line[(rel, int(num))] += 1
        elif match.not_rewritten(file) is not None:
            not_rewritten[match.not_rewritten(file)] += 1
    return by_line, in_program, total, not_rewritten


# --------------------------------------------------------------------------
# Figures


def function_ranges(manifest):
    """The manifest's functions: (index, entry dict) with file, line range, name."""
    out = []
    for f in manifest["functions"]:
        out.append({"id": f["id"], "name": f["name"], "file": f["file"],
                    "line": f["line"], "end_line": f.get("end_line", f["line"]),
                    "skipped": not f.get("instrumented"),
                    "reason": f.get("skip_reason", "")})
    return out


def assign_lines(funcs, per_line):
    """Sums per_line[(file, line)] over each function's lines (the innermost function
    whose range holds the line); a key (None, name) goes to the function of that name
    (lines that #line directives gave to a grammar or scanner source). Returns (sums, the
    total of lines in no function)."""
    by_name = collections.defaultdict(list)
    for i, f in enumerate(funcs):
        by_name[f["name"]].append(i)
        mangled = f["id"].split(":", 1)[1] if ":" in f.get("id", "") else f["name"]
        if mangled != f["name"]:
            by_name[mangled].append(i)
    ranges = collections.defaultdict(list)
    for i, f in enumerate(funcs):
        ranges[f["file"]].append((f["line"], f["end_line"], i))
    index = {}
    for file, r in ranges.items():
        r.sort()
        starts = [a for a, _, _ in r]
        reach, top = [], 0  # reach[j]: the largest end among ranges 0..j
        for _, b, _ in r:
            top = max(top, b)
            reach.append(top)
        index[file] = (r, starts, reach)
    sums = [0] * len(funcs)
    outside = 0
    for (file, line), n in per_line.items():
        owner = None
        if file is None:
            owner = by_name[line][0] if len(by_name.get(line, ())) == 1 else None
        elif file in index:
            r, starts, reach = index[file]
            j = bisect.bisect_right(starts, line) - 1
            while j >= 0 and reach[j] >= line:
                if r[j][1] >= line:
                    owner = r[j][2]
                    break
                j -= 1
        if owner is None:
            outside += n
        else:
            sums[owner] += n
    return sums, outside


def ranks(values):
    """1 + the number of strictly larger values, for each value."""
    ordered = sorted(values, reverse=True)
    first = {}
    for pos, v in enumerate(ordered):
        first.setdefault(v, pos + 1)
    return [first[v] for v in values]


def share(part, whole):
    return part / whole if whole else None


def gcc_figures_of(funcs, gcc):
    """Per manifest function, gcc_paths' [entries, paths] matched by file and (mangled)
    name, or None when gcc has no record of it (never compiled, never run: no .gcda
    record, or inlined everywhere)."""
    out = []
    for f in funcs:
        mangled = f["id"].split(":", 1)[1] if ":" in f["id"] else f["name"]
        key = next((k for k in ((f["file"], mangled), (f["file"], f["name"])) if k in gcc),
                   None)
        out.append(gcc[key] if key else None)
    return out


def sbl_path_executions(profile):
    """Path executions per function id in p3's SBL profile."""
    return {f["id"]: sum(int(p["count"]) for p in f["paths"]) for f in profile["functions"]}


def measure(manifest, sbl_profile, gcov_data=None, perf_data=None, errors=None):
    """The figures of one program. gcov_data = (lines, functions) from gcov_counts,
    perf_data = (by_line, in_program, total) from perf_samples; either may be None, and
    errors = {"gcov": why, "perf": why} says why."""
    errors = errors or {}
    funcs = function_ranges(manifest)
    skipped = [i for i, f in enumerate(funcs) if f["skipped"]]
    by_reason = collections.defaultdict(list)
    for i in skipped:
        by_reason[re.sub(r"line \d+", "line N", funcs[i]["reason"])].append(funcs[i]["name"])
    paths = sbl_path_executions(sbl_profile)
    total_paths = sum(paths.values())
    res = {"functions": len(funcs), "skipped": len(skipped),
           "skipped_by_reason": {r: sorted(n) for r, n in sorted(by_reason.items())},
           "sbl_path_executions": total_paths, "top": TOP, "skipped_functions": []}
    rows = [{"name": funcs[i]["name"], "file": funcs[i]["file"], "line": funcs[i]["line"],
             "reason": funcs[i]["reason"]} for i in skipped]

    if gcov_data is not None:
        lines, gfuncs, lines_elsewhere = gcov_data
        # lines[None]: lines of #line targets by function name
        per_line = {(file, ln): n for file, c in lines.items() for ln, n in c.items()}
        line_sums, outside = assign_lines(funcs, per_line)
        figures = gcc_figures_of(funcs, gfuncs)
        entries = [g[0] if g else 0 for g in figures]
        gpaths = [g[1] if g and g[1] is not None else (g[0] if g else 0) for g in figures]
        e_skip = sum(entries[i] for i in skipped)
        p_skip = sum(gpaths[i] for i in skipped)
        l_skip = sum(line_sums[i] for i in skipped)
        # the estimate checked where p3 measured: gcc's paths of the instrumented
        # functions against their SBL path executions
        instr = [i for i, f in enumerate(funcs) if not f["skipped"]]
        gcc_instr = sum(gpaths[i] for i in instr)
        sbl_instr = sum(paths.get(funcs[i]["id"], 0) for i in instr)
        line_rank, entry_rank, path_rank = ranks(line_sums), ranks(entries), ranks(gpaths)
        res["gcov"] = {
            "flags": COVERAGE_CFLAGS,
            "entries_total": sum(entries), "entries_skipped": e_skip,
            "entries_share": share(e_skip, sum(entries)),
            "functions_without_gcc_record": sum(1 for g in figures if g is None),
            "functions_with_unsolved_arcs": sum(1 for g in figures if g and g[1] is None),
            "gcc_paths_total": sum(gpaths), "gcc_paths_skipped": p_skip,
            "path_share": share(p_skip, total_paths + p_skip),
            "gcc_paths_instrumented": gcc_instr,
            "gcc_paths_over_sbl": share(gcc_instr, sbl_instr),
            "line_executions_total": sum(line_sums), "line_executions_skipped": l_skip,
            "line_share": share(l_skip, sum(line_sums)),
            "line_executions_outside_functions": outside,
            "line_executions_not_rewritten": sum(lines_elsewhere.values()),
            "not_rewritten_files": lines_elsewhere.most_common(5),
            "hottest_by_lines": [funcs[i]["name"] for i in
                                 sorted(range(len(funcs)), key=lambda i: -line_sums[i])[:5]],
        }
        for row, i in zip(rows, skipped):
            row.update(entries=figures[i][0] if figures[i] else None,
                       gcc_paths=gpaths[i] if figures[i] else None,
                       line_executions=line_sums[i], rank_by_lines=line_rank[i],
                       rank_by_entries=entry_rank[i], rank_by_paths=path_rank[i])
    else:
        res["gcov"] = {"error": errors.get("gcov", "not measured")}

    if perf_data is not None:
        by_line, in_program, total, samples_elsewhere = perf_data
        sample_sums, outside = assign_lines(funcs, by_line)
        s_skip = sum(sample_sums[i] for i in skipped)
        s_all = sum(sample_sums)
        perf_rank = ranks(sample_sums)
        res["perf"] = {
            "samples_total": total, "samples_in_program": in_program,
            "samples_in_functions": s_all, "samples_skipped": s_skip,
            "time_share": share(s_skip, s_all),
            "samples_not_rewritten": sum(samples_elsewhere.values()),
            "not_rewritten_files": samples_elsewhere.most_common(5),
            "hottest_by_samples": [funcs[i]["name"] for i in
                                   sorted(range(len(funcs)), key=lambda i: -sample_sums[i])[:5]],
        }
        for row, i in zip(rows, skipped):
            row.update(samples=sample_sums[i], rank_by_samples=perf_rank[i])
    else:
        res["perf"] = {"error": errors.get("perf", "not measured")}

    for row in rows:
        row["in_top"] = any(row.get(k) is not None and row[k] <= TOP
                            for k in ("rank_by_paths", "rank_by_lines", "rank_by_samples"))
    res["skipped_functions"] = rows
    res["skipped_in_top"] = [r["name"] for r in rows if r["in_top"]]
    return res


# --------------------------------------------------------------------------
# The table (docs/evaluation.md)


def pct(x):
    if x is None:
        return "–"
    if x == 0:
        return "0"
    if x < 0.0001:
        return "<0.01%"
    return f"{100 * x:.2f}%"


def num(n):
    return "–" if n is None else f"{n:,}".replace(",", " ")


def load_results(paths):
    """Per program, its skipped_share figures (or error), from corpus.py results files
    (WORK/results.json or WORK/results/NAME.json); later files win."""
    out = {}
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        progs = data["programs"] if "programs" in data else {data.get("program", path): data}
        for name, res in progs.items():
            if "skipped_share" in res:
                out[name] = dict(res["skipped_share"], scale=res.get("scale"),
                                 commit=data.get("p3_commit") or res.get("p3_commit"))
            elif res.get("failures"):
                out.setdefault(name, {"error": "; ".join(res["failures"])[:300]})
    return out


def render(results):
    lines = [BEGIN, ""]
    lines.append("| program | functions | skipped | path executions in skipped (estimate) | "
                 "estimate / SBL, instrumented | entries in skipped | line executions in "
                 f"skipped | self time in skipped (perf) | skipped among the {TOP} hottest |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    details = []
    for name in sorted(results):
        r = results[name]
        if "functions" not in r:
            lines.append(f"| {name} | | | not measured: {r.get('error', '?')} | | | | | |")
            continue
        g, p = r.get("gcov", {}), r.get("perf", {})
        if "error" in g:
            path = f"gcov: {g['error']}"
            check = ent = lin = "–"
        else:
            path = f"{pct(g['path_share'])} ({num(g['gcc_paths_skipped'])})"
            check = "–" if g["gcc_paths_over_sbl"] is None else f"{g['gcc_paths_over_sbl']:.3f}"
            ent = f"{pct(g['entries_share'])} ({num(g['entries_skipped'])})"
            lin = f"{pct(g['line_share'])} ({num(g['line_executions_skipped'])})"
        if "error" in p:
            tim = f"perf: {p['error']}"
        else:
            tim = f"{pct(p['time_share'])} ({num(p['samples_skipped'])} of {num(p['samples_in_functions'])})"
        top = ", ".join(f"`{n}`" for n in r["skipped_in_top"]) or ("none" if r["skipped"] else "")
        lines.append(f"| {name} | {r['functions']} | {r['skipped']} | {path} | {check} | {ent} | "
                     f"{lin} | {tim} | {top} |")
        for row in r["skipped_functions"]:
            details.append(
                f"| {name} | `{row['name']}` | {row['reason']} | {num(row.get('entries'))} | "
                f"{num(row.get('gcc_paths'))} | {row.get('rank_by_paths', '–')} | "
                f"{num(row.get('line_executions'))} | {row.get('rank_by_lines', '–')} | "
                f"{num(row.get('samples'))} | {row.get('rank_by_samples', '–')} |")
    lines.append("")
    if details:
        lines.append("Each skipped function (ranks among all functions of the rewritten files, "
                     "1 = the hottest; equal figures share a rank):")
        lines.append("")
        lines.append("| program | function | reason (p3-rewrite) | entries | path executions "
                     "(estimate) | rank | line executions | rank | perf samples | rank |")
        lines.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
        lines += details
        lines.append("")
    elsewhere = []
    for name in sorted(results):
        r = results[name]
        g, p = r.get("gcov", {}), r.get("perf", {})
        gl, ps = g.get("line_executions_not_rewritten"), p.get("samples_not_rewritten")
        if not gl and not ps:
            continue
        files = [f for f, _ in (g.get("not_rewritten_files") or p.get("not_rewritten_files") or [])]
        elsewhere.append(
            f"| {name} | {pct(share(gl, (gl or 0) + g.get('line_executions_total', 0)))} | "
            f"{pct(share(ps, p.get('samples_in_program')))} | "
            f"{', '.join(f'`{f}`' for f in files[:4])} |")
    if elsewhere:
        lines.append("Code in the program's tree that p3 was not given (files the description "
                     "leaves out, or `.c` files that another file includes, which p3 treats as "
                     "headers): its share of line executions (gcov) and of the samples in the "
                     "program's executables (perf), and its hottest files:")
        lines.append("")
        lines.append("| program | line executions | perf samples | files |")
        lines.append("|---|---:|---:|---|")
        lines += elsewhere
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


def update_doc(doc_text, table):
    """Replaces the text between the markers (inclusive) by table."""
    a, b = doc_text.find(BEGIN), doc_text.find(END)
    if a < 0 or b < a:
        raise MeasureError(f"markers not found: {BEGIN!r} ... {END!r}")
    return doc_text[:a] + table + doc_text[b + len(END):]


def remeasure(work):
    """Recomputes the figures of a kept run (corpus.py --skipped-share --keep) from what
    it left in WORK/NAME (the SBL manifest and profile, the coverage tree with its counts,
    perf.data and the perf tree) into WORK/results/NAME.json, for every program measured.
    A measurement that had failed keeps its reason. Returns the files rewritten."""
    done = []
    for path in sorted(glob.glob(os.path.join(work, "results", "*.json"))):
        with open(path) as f:
            res = json.load(f)
        old = res.get("skipped_share")
        if not old:
            continue
        pdir = os.path.join(work, res["program"])
        with open(os.path.join(pdir, "out", "sbl-k1".ljust(8, "_"), "manifest.json")) as f:
            manifest = json.load(f)
        with open(os.path.join(pdir, "sbl-profile.json")) as f:
            profile = json.load(f)
        files = {fn["file"] for fn in manifest["functions"]}
        errors, gcov_data, perf_data = {}, None, None
        if "error" in old.get("gcov", {"error": "not measured"}):
            errors["gcov"] = old.get("gcov", {}).get("error", "not measured")
        else:
            tree = os.path.join(pdir, "coverage")
            gcov_data = gcov_counts(tree, FileMatcher(files, [tree, os.path.join(pdir, "src")]))
        if "error" in old.get("perf", {"error": "not measured"}):
            errors["perf"] = old.get("perf", {}).get("error", "not measured")
        else:
            tree = os.path.join(pdir, "perf")
            perf_data = perf_samples(os.path.join(pdir, "perf.data"), tree,
                                     FileMatcher(files, [tree, os.path.join(pdir, "src")]))
        res["skipped_share"] = measure(manifest, profile, gcov_data, perf_data, errors)
        with open(path, "w") as f:
            json.dump(res, f, indent=1, sort_keys=True)
        done.append(path)
    return done


def main(argv):
    ap = argparse.ArgumentParser(description="Render the skipped-code table from corpus.py "
                                 "--skipped-share results.")
    ap.add_argument("results", nargs="*", help="WORK/results.json or WORK/results/NAME.json")
    ap.add_argument("--remeasure", metavar="WORK",
                    help="first recompute the figures of a run kept with --keep in WORK "
                         "(WORK/results/NAME.json), and render those unless results are given")
    ap.add_argument("--doc", help="write the table between the markers of this file "
                    "(docs/evaluation.md); default: print it")
    args = ap.parse_args(argv)
    if args.remeasure:
        try:
            done = remeasure(args.remeasure)
        except (OSError, ValueError, MeasureError) as e:
            print(f"skipped_share: error: {e}", file=sys.stderr)
            return 2
        args.results = args.results or done
    if not args.results:
        ap.error("no results to render")
    table = render(load_results(args.results))
    if not args.doc:
        print(table)
        return 0
    with open(args.doc) as f:
        text = f.read()
    try:
        text = update_doc(text, table)
    except MeasureError as e:
        print(f"skipped_share: error: {args.doc}: {e}", file=sys.stderr)
        return 2
    with open(args.doc, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
