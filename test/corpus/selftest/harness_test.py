#!/usr/bin/env python3
"""Self-test of the corpus harness (ctest corpus-harness): no network, no Debian archive.

    harness_test.py --bin BUILD/bin [unittest options]

The parts of corpus.py that decide what a description means (which tarball, how to
unpack it, which files and flags to rewrite with, which warnings are new) are tested on
their own; then corpus.py runs whole on a toy program (toy.c, Makefile here) served by a
fake `apt-get` and `apt-cache` (fake_apt.py) from a scratch "archive": a flat tarball
(no top directory) whose Debian patches are missing on the mirror, flags that only the
build knows, a companion file named relative to the description, the program's own test
suite; and three descriptions that must not pass: a path profile that differs between
two runs, a copy with a compiler warning the original has not, an unknown strategy.
Python 3 standard library only.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
sys.path.insert(0, CORPUS)
import build_commands  # noqa: E402
import compiler_warnings  # noqa: E402
import debian_source  # noqa: E402
import gcc_paths  # noqa: E402
import skipped_share  # noqa: E402

BIN = None  # --bin


def load_json(path):
    with open(path) as f:
        return json.load(f)


class TarLayout(unittest.TestCase):
    def test_top_directory(self):
        strip = debian_source.top_directory_components
        self.assertEqual(strip(["zlib-1.2/", "zlib-1.2/a.c", "zlib-1.2/sub/b.c"]), 1)
        self.assertEqual(strip(["bc-1.07/INSTALL", "bc-1.07/bc/bc.c"]), 1)  # no dir entry
        self.assertEqual(strip([".gitignore", "COPYING", "tcc.c", "lib/x.c"]), 0)  # flat
        self.assertEqual(strip(["./", "./top/", "./top/a.c"]), 2)  # GNU tar counts "."
        self.assertEqual(strip(["./a.c", "./b.c"]), 1)
        self.assertEqual(strip(["only.c"]), 0)  # one file at the top is not a directory
        self.assertEqual(strip(["lib/", "lib/a.c"]), 1)
        self.assertEqual(strip([]), 0)

    def test_unpack_flat_and_nested(self):
        with tempfile.TemporaryDirectory() as tmp:
            for name, members in (("flat", ["a.c", "d/b.c"]), ("nested", ["p-1/a.c", "p-1/d/b.c"])):
                tarball = os.path.join(tmp, name + ".tar.gz")
                with tarfile.open(tarball, "w:gz") as t:
                    for m in members:
                        src = os.path.join(tmp, "x")
                        with open(src, "w") as f:
                            f.write(m)
                        t.add(src, arcname=m)
                dest = os.path.join(tmp, name)
                os.makedirs(dest)
                debian_source.unpack(tarball, dest)
                self.assertTrue(os.path.isfile(os.path.join(dest, "a.c")), name)
                self.assertTrue(os.path.isfile(os.path.join(dest, "d", "b.c")), name)


class OrigSelection(unittest.TestCase):
    SHOWSRC = ("Package: zlib\nVersion: 1:1.2.13.dfsg-1\nChecksums-Sha256:\n"
               " aa 10 zlib_1.2.13.dfsg-1.dsc\n bb 20 zlib_1.2.13.dfsg.orig.tar.bz2\n"
               " cc 30 zlib_1.2.13.dfsg.orig.tar.bz2.asc\n dd 40 zlib_1.2.13.dfsg.orig-docs.tar.xz\n"
               " ee 50 zlib_1.2.13.dfsg-1.debian.tar.xz\n\n"
               "Package: zlib\nVersion: 1:1.2.13.dfsg-1+deb12u1\nChecksums-Sha256:\n"
               " ff 10 zlib_1.2.13.dfsg-1+deb12u1.dsc\n bb 20 zlib_1.2.13.dfsg.orig.tar.bz2\n")

    def test_versions(self):
        self.assertEqual(debian_source.upstream_version("1:1.2.13.dfsg-1"), "1.2.13.dfsg")
        self.assertEqual(debian_source.upstream_version("0.9.27+git2020-1"), "0.9.27+git2020")
        self.assertEqual(debian_source.upstream_version("3.1"), "3.1")  # native

    def test_exact_upstream_tarball(self):
        index = debian_source.parse_showsrc(self.SHOWSRC)
        self.assertEqual(sorted(index), ["1:1.2.13.dfsg-1", "1:1.2.13.dfsg-1+deb12u1"])
        self.assertEqual(debian_source.expected_tarball("zlib", "1:1.2.13.dfsg-1", index),
                         ("zlib_1.2.13.dfsg.orig.tar.bz2", "bb"))
        self.assertIsNone(debian_source.expected_tarball("zlib", "1:1.0-1", index))

    def test_signatures_and_components_are_not_tarballs(self):
        ok = debian_source.is_upstream_tarball
        self.assertTrue(ok("bzip2_1.0.8.orig.tar.gz", "bzip2"))
        self.assertFalse(ok("bzip2_1.0.8.orig.tar.gz.asc", "bzip2"))
        self.assertFalse(ok("bzip2_1.0.8.orig-docs.tar.gz", "bzip2"))
        self.assertFalse(ok("bzip2_1.0.8-5.debian.tar.bz2", "bzip2"))
        self.assertFalse(ok("bzip2x_1.0.8.orig.tar.gz", "bzip2"))
        self.assertTrue(ok("dash_0.5.12.tar.gz", "dash"))  # a native package's tarball
        with tempfile.TemporaryDirectory() as tmp:
            for n in ("p_1.0.orig.tar.gz", "p_1.0.orig.tar.gz.asc", "p_1.0.orig-doc.tar.xz"):
                open(os.path.join(tmp, n), "w").close()
            found = debian_source.cached_tarballs(tmp, "p", "1.0-1")
            self.assertEqual([os.path.basename(f) for f in found], ["p_1.0.orig.tar.gz"])
            found = debian_source.cached_tarballs(tmp, "p", "1.0-1", "p_1.0.orig.tar.*")
            self.assertEqual([os.path.basename(f) for f in found], ["p_1.0.orig.tar.gz"])


class CompileCommands(unittest.TestCase):
    def test_sanitize(self):
        args = ["/usr/lib/ccache/gcc", "-c", "-O2", "-DA=1", "-MD", "-MF", "x.d", "-o", "x.o",
                "-I/t/include", "x.c", "y.o", "-lm", "-Wl,-z,now", "-L/lib"]
        self.assertEqual(build_commands.sanitize(args, "/s/x.c"),
                         ["/usr/lib/ccache/gcc", "-O2", "-DA=1", "-I/t/include", "/s/x.c"])

    def test_relocation_and_generated_files(self):
        with tempfile.TemporaryDirectory() as tmp:
            built, src = os.path.join(tmp, "orig"), os.path.join(tmp, "src")
            for tree in (built, src):
                os.makedirs(os.path.join(tree, "lib"))
                open(os.path.join(tree, "lib", "a.c"), "w").close()
            open(os.path.join(built, "gen.c"), "w").close()  # made by the build
            entries = [
                {"directory": os.path.join(built, "lib"), "file": "a.c",
                 "arguments": ["gcc", "-c", f"-I{built}/include", "-DPIC", "-fPIC", "a.c",
                               "-o", ".libs/a.o"]},
                {"directory": os.path.join(built, "lib"), "file": "a.c",
                 "arguments": ["gcc", "-c", f"-I{built}/include", "a.c", "-o", "a.o"]},
                {"directory": built, "file": "gen.c", "arguments": ["gcc", "-c", "gen.c"]},
                {"directory": "/usr/src", "file": "/usr/src/other.c",
                 "arguments": ["gcc", "-c", "other.c"]},
            ]
            bc = build_commands.BuildCommands(entries, built, src)
            self.assertEqual(bc.files(), ["lib/a.c"])
            self.assertEqual(bc.generated, {"gen.c"})
            self.assertEqual(bc.outside, {"/usr/src/other.c"})
            self.assertEqual(bc.files(["lib/*"]), [])
            directory, first = bc.by_file["lib/a.c"][0]
            self.assertEqual(directory, os.path.join(os.path.realpath(src), "lib"))
            self.assertIn(f"-I{os.path.realpath(src)}/include", first)
            self.assertEqual(first[-1], os.path.join(os.path.realpath(src), "lib", "a.c"))
            self.assertEqual(list(bc.compiled_differently(["lib/a.c"])), ["lib/a.c"])
            db = load_json(bc.write_database(os.path.join(tmp, "db"), ["lib/a.c"]))
            self.assertEqual(len(db), 1)
            self.assertEqual(db[0]["arguments"], first)


class Warnings(unittest.TestCase):
    def test_new_warnings_relative_to_trees(self):
        with tempfile.TemporaryDirectory() as tmp:
            a, b = os.path.join(tmp, "a.log"), os.path.join(tmp, "b.log")
            with open(a, "w") as f:
                f.write("/w/orig/x.c:3:5: warning: unused variable 'u' [-Wunused-variable]\n")
            with open(b, "w") as f:
                f.write("/w/out/p3-k2/copy-0/x.c:3:5: warning: unused variable 'u' "
                        "[-Wunused-variable]\n"
                        "x.c:9:1: warning: ISO C90 forbids mixed declarations and code "
                        "[-Wdeclaration-after-statement]\n")
            new = compiler_warnings.new_warnings(a, ["/w/orig"], b, ["/w/out/p3-k2/copy-0"])
            self.assertEqual([(w["file"], w["line"], w["flag"]) for w in new],
                             [("x.c", 9, "-Wdeclaration-after-statement")])

    def test_optimizer_warnings_are_told_apart(self):
        # flex's scanner: gcc repeats a middle-end warning on duplicated code and adds one
        # on a threaded path; a front-end warning stays a front-end warning.
        self.assertTrue(compiler_warnings.is_optimizer_warning("-Wstringop-overflow="))
        self.assertTrue(compiler_warnings.is_optimizer_warning("-Wstringop-truncation"))
        self.assertTrue(compiler_warnings.is_optimizer_warning("-Warray-bounds=1"))
        self.assertFalse(compiler_warnings.is_optimizer_warning("-Wdeclaration-after-statement"))
        self.assertFalse(compiler_warnings.is_optimizer_warning("-Wimplicit-fallthrough="))
        self.assertFalse(compiler_warnings.is_optimizer_warning("unused variable 'u'"))


class SkippedShareFigures(unittest.TestCase):
    """skipped_share.py's parts, on inputs small enough to check by hand."""

    def test_ranks_share_ties(self):
        self.assertEqual(skipped_share.ranks([5, 9, 5, 0]), [2, 1, 2, 4])

    def test_lines_go_to_the_innermost_function(self):
        funcs = [{"id": "a.c:f", "name": "f", "file": "a.c", "line": 1, "end_line": 10},
                 {"id": "a.c:g", "name": "g", "file": "a.c", "line": 12, "end_line": 20},
                 {"id": "a.c:m", "name": "m", "file": "a.c", "line": 14, "end_line": 15},
                 {"id": "b.c:f", "name": "f", "file": "b.c", "line": 1, "end_line": 5}]
        per_line = {("a.c", 3): 7, ("a.c", 11): 1, ("a.c", 13): 2, ("a.c", 15): 4,
                    ("a.c", 20): 1, ("b.c", 5): 3, ("c.c", 1): 9,
                    (None, "g"): 5,   # lines of a #line target (scan.l) in function g
                    (None, "f"): 6}   # two functions named f: not guessed
        sums, outside = skipped_share.assign_lines(funcs, per_line)
        self.assertEqual(sums, [7, 3 + 5, 4, 3])
        self.assertEqual(outside, 1 + 9 + 6)

    def test_paths_of_a_gcc_cfg(self):
        # entry 0 -> 2; 2 -> 3 (loop head); 3 -> 4 (body) -> 3 (back edge); 3 -> 1 (exit).
        # Off the spanning tree (measured): 0->2 = 5 entries, 4->3 = 40 iterations.
        arcs = [(0, 2, 4), (2, 3, 1 | 4), (3, 4, 1), (4, 3, 0), (3, 1, 1)]
        count = gcc_paths.solve_arcs(5, arcs, [5, 40])
        self.assertEqual(count, [5, 5, 40, 40, 5])
        self.assertEqual(gcc_paths.path_executions(5, arcs, count), (5, 45))

    def test_perf_script_samples_by_source_line(self):
        text = ("  401000 f (/w/prog/perf/bin/tool)\n  /w/prog/perf/src/a.c:12\n"
                "  401004 main (/w/prog/perf/bin/tool)\n  /w/prog/perf/src/a.c:12\n"
                "  401008 f (/w/prog/perf/bin/tool)\n  ??:0\n"
                "  40100c g (/w/prog/perf/bin/tool)\n  /w/prog/perf/src/inc.c:3\n"
                "  401010 yylex (/w/prog/perf/bin/tool)\n  /w/prog/perf/src/scan.l:40\n"
                "  7f0000 memcpy (/usr/lib/x86_64-linux-gnu/libc.so.6)\n  memcpy.S:100\n"
                "  ffffffff81000000 [unknown] ([kernel.kallsyms])\n"
                "  [kernel.kallsyms][ffffffff81000000]\n")
        match = skipped_share.FileMatcher(["src/a.c"], ["/w/prog/perf"])
        by_line, in_program, total, elsewhere = skipped_share.parse_perf_script(
            text, "/w/prog/perf", match)
        # inlined code counts by its innermost source line; a #line target by the symbol
        self.assertEqual(dict(by_line), {("src/a.c", 12): 2, (None, "yylex"): 1})
        self.assertEqual(dict(elsewhere), {"src/inc.c": 1})  # in the tree, not rewritten
        self.assertEqual((in_program, total), (5, 7))

    def test_files_by_tree_or_unique_suffix(self):
        match = skipped_share.FileMatcher(["src/a.c", "lib/a.c", "src/b.c"], ["/w/t"])
        self.assertEqual(match("/w/t/src/a.c"), "src/a.c")
        self.assertEqual(match("/elsewhere/src/b.c"), "src/b.c")
        self.assertIsNone(match("/elsewhere/a.c"))  # two candidates: not guessed
        self.assertIsNone(match("/w/t/other.c"))

    def test_table_between_markers(self):
        doc = f"intro\n{skipped_share.BEGIN}\nold\n{skipped_share.END}\nrest\n"
        table = skipped_share.render({"tcc": {"error": "setup: the original does not build"}})
        self.assertIn("| tcc | | | not measured: setup: the original does not build |", table)
        out = skipped_share.update_doc(doc, table)
        self.assertTrue(out.startswith("intro\n" + skipped_share.BEGIN))
        self.assertTrue(out.endswith(skipped_share.END + "\nrest\n"))
        self.assertNotIn("old", out)
        with self.assertRaises(skipped_share.MeasureError):
            skipped_share.update_doc("no markers", table)


# ---------------------------------------------------------------------------
# corpus.py end to end on the toy program

TOY_DESCRIPTION = """\
# The self-test's toy program (test/corpus/selftest): flags only in its Makefile.
[program]
package = toy
version = 1.0-1
prepare =
  test -f toy.c -a -f Makefile
build = make toy EXTRA="{extra}"
inputs =
  cp "$CORPUS_PROGRAMS/toy-input.txt" input.txt
workload =
  {workload}
  echo "toy: exit $?"
test = make check
"""

SKIPPY_DESCRIPTION = """\
# skippy.c: a hot function p3 skips (it calls getcontext).
[program]
package = toy
version = 1.0-1
# a build that runs what it built (as tcc's does): those runs are not the workload's
build =
  make skippy EXTRA="$CORPUS_CFLAGS"
  ./skippy 1000 > /dev/null
workload =
  ./skippy {n}
"""


class EndToEnd(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="p3-corpus-selftest-")
        archive = os.path.join(cls.tmp, "archive")
        os.makedirs(archive)
        tarball = os.path.join(archive, "toy_1.0.orig.tar.gz")
        with tarfile.open(tarball, "w:gz") as t:  # flat: no top directory
            for name in ("toy.c", "Makefile", "skippy.c"):
                t.add(os.path.join(HERE, name), arcname=name)
        for extra in ("toy_1.0.orig.tar.gz.asc", "toy_1.0.orig-docs.tar.gz"):
            with open(os.path.join(archive, extra), "w") as f:
                f.write("not the upstream tarball\n")
        sha = {n: debian_source.sha256_of(os.path.join(archive, n)) for n in os.listdir(archive)}
        with open(os.path.join(archive, "toy.showsrc"), "w") as f:
            f.write("Package: toy\nVersion: 1.0-1\nChecksums-Sha256:\n"
                    + "".join(f" {h} 1 {n}\n" for n, h in sorted(sha.items()))
                    + " 00 1 toy_1.0-1.debian.tar.xz\n")
        # fake apt-get, apt-cache: the archive above, its Debian tarball missing
        cls.fakebin = os.path.join(cls.tmp, "fakebin")
        os.makedirs(cls.fakebin)
        for tool in ("apt-get", "apt-cache"):
            path = os.path.join(cls.fakebin, tool)
            with open(path, "w") as f:
                f.write(f"#!/bin/sh\nexec python3 {os.path.join(HERE, 'fake_apt.py')} "
                        f"{tool} \"$@\"\n")
            os.chmod(path, 0o755)
        cls.archive = archive

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def describe(self, name, workload="./toy < \"$CORPUS_INPUTS/input.txt\"", extra="$CORPUS_CFLAGS"):
        programs = os.path.join(self.tmp, "programs-" + name)
        os.makedirs(programs, exist_ok=True)
        with open(os.path.join(programs, "toy.conf"), "w") as f:
            f.write(TOY_DESCRIPTION.format(workload=workload, extra=extra))
        shutil.copy(os.path.join(HERE, "toy-input.txt"), programs)
        return programs

    def harness(self, name, programs, *options):
        work = os.path.join(self.tmp, "work-" + name)
        env = dict(os.environ, PATH=self.fakebin + os.pathsep + os.environ["PATH"],
                   FAKE_APT_ARCHIVE=self.archive)
        argv = [sys.executable, os.path.join(CORPUS, "corpus.py"), "--bin", BIN,
                "--work", work, "--programs-dir", programs, "--no-deb-src", "--k", "2"]
        p = subprocess.run(argv + list(options) + ["toy"], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        out = p.stdout.decode(errors="replace")
        results = os.path.join(work, "results", "toy.json")
        res = load_json(results) if os.path.exists(results) else {}
        return p.returncode, out, res

    def test_any_debian_program_with_a_description_only(self):
        status, out, res = self.harness("ok", self.describe("ok"),
                                        "--strategies", "p3,pbl,p3-ends")
        self.assertEqual(status, 0, out)
        self.assertEqual(res["tarball"], "toy_1.0.orig.tar.gz")  # not .asc, not orig-docs
        self.assertTrue(res["tarball_checked"])
        self.assertEqual(res["tarball_top_directories"], 0)  # a flat tarball
        self.assertEqual(res["files"], ["toy.c"])  # from the build
        self.assertTrue(res["sbl_deterministic"])
        self.assertTrue(any("debian.tar.xz" in w and "it is all the harness uses" in w
                            for w in res["warnings"]), res["warnings"])
        for tag in ("sbl-k1", "p3-k2", "pbl-k2", "p3-ends-k2"):
            self.assertTrue(res["configs"][tag]["exact"], tag)
            self.assertTrue(res["configs"][tag]["outputs_identical"], tag)
        self.assertTrue(res["test"]["passed"])
        db = load_json(os.path.join(self.tmp, "work-ok", "toy", "compdb",
                                    "compile_commands.json"))
        self.assertIn("-DTOY_LIMIT=1000", db[0]["arguments"])

    def test_nondeterministic_profile_is_the_programs(self):
        # the output never changes, the paths do: each run passes a new number to toy
        workload = ('n=$(cat runs 2>/dev/null || echo 0); echo $((n + 1)) > runs; '
                    './toy "$n" < "$CORPUS_INPUTS/input.txt"')
        status, out, res = self.harness("clock", self.describe("clock", workload),
                                        "--strategies", "p3")
        self.assertEqual(status, 2, out)
        self.assertIn("the original's path profile is not deterministic", out)
        self.assertNotIn("p3-k2", res.get("configs", {}))  # no merged profile compared

    def test_new_warning_in_a_copy_fails(self):
        extra = "$CORPUS_CFLAGS $([ -e p3_runtime.h ] && echo -DTOY_EXTRA_WARNING)"
        status, out, res = self.harness("warning", self.describe("warning", extra=extra),
                                        "--strategies", "p3", "--no-tests")
        self.assertEqual(status, 1, out)
        self.assertIn("new compiler warning", out)
        self.assertEqual(res["configs"]["sbl-k1"]["build"]["new_warnings"][0]["flag"],
                         "-Wunused-variable")

    def test_probes_below_the_model_in_forked_children_warn(self):
        # main's path is in progress at the fork and finished by both processes; its
        # probes before the fork are counted in the parent only: measured < model, a
        # warning that names main, not a failure (FINDINGS.md 7).
        extra = "$CORPUS_CFLAGS -DTOY_FORK"
        status, out, res = self.harness("fork", self.describe("fork", extra=extra),
                                        "--strategies", "p3", "--no-tests",
                                        "--count-probes", "toy")
        self.assertEqual(status, 0, out)
        count = res["count_probes"]["p3-k2"]
        self.assertTrue(any(d < 0 for d in count["difference"]), count)
        self.assertTrue(any(f["name"] == "main" and f["measured"] < f["model"]
                            for f in count["functions"]), count)
        self.assertIn("forked processes finished paths begun before their fork", out)

    # --skipped-share on skippy.c, N = SKIPPY_N. Hand-computed from the loops:
    #   spin: 4 entries; its outer loop runs N times a call, the inner one 100 times an
    #     outer iteration: Ball-Larus paths = 4 entries + 4N + 400N back edges = 404N + 4.
    #   main: 1 entry, 4 + N back edges: N + 5 paths; mix: 4N + N entries, 5N paths.
    #   The SBL profile has main's and mix's: 6N + 5. gcc's figure for them is the same.
    #   Line executions (gcov, gcc 12 -O2): spin's lines 13, 16, 23 run 4 times, the outer
    #     for 4N + 4, its body 4N, the inner for 4N * 101, its body 400N: 812N + 16;
    #     main's lines 26, 27, 33 once, the k loop 5 and 4 times, the i loop N + 1 and N:
    #     2N + 13; mix's two lines 5N each: 10N.
    SKIPPY_N = 300000

    @classmethod
    def skipped_share_run(cls):
        if not hasattr(cls, "_skippy"):
            self = cls("test_skipped_share_gcov")
            programs = os.path.join(cls.tmp, "programs-skippy")
            os.makedirs(programs, exist_ok=True)
            with open(os.path.join(programs, "toy.conf"), "w") as f:
                f.write(SKIPPY_DESCRIPTION.format(n=cls.SKIPPY_N))
            cls._skippy = self.harness("skippy", programs, "--strategies", "",
                                       "--skipped-share", "--no-tests", "--keep")
        return cls._skippy

    def test_skipped_share_gcov(self):
        status, out, res = self.skipped_share_run()
        self.assertEqual(status, 0, out)
        n = self.SKIPPY_N
        r = res["skipped_share"]
        self.assertEqual((r["functions"], r["skipped"]), (3, 1))
        self.assertEqual(list(r["skipped_by_reason"].values()), [["spin"]])
        self.assertIn("getcontext", list(r["skipped_by_reason"])[0])
        self.assertEqual(r["sbl_path_executions"], 6 * n + 5)
        g = r["gcov"]
        self.assertEqual(g["gcc_paths_skipped"], 404 * n + 4)
        self.assertEqual(g["gcc_paths_instrumented"], 6 * n + 5)
        self.assertEqual(g["gcc_paths_over_sbl"], 1.0)
        self.assertAlmostEqual(g["path_share"], (404 * n + 4) / (410 * n + 9), places=12)
        self.assertEqual((g["entries_skipped"], g["entries_total"]), (4, 5 * n + 5))
        self.assertEqual((g["line_executions_skipped"], g["line_executions_total"]),
                         (812 * n + 16, 824 * n + 29))
        spin = r["skipped_functions"][0]
        self.assertEqual((spin["name"], spin["entries"], spin["gcc_paths"]),
                         ("spin", 4, 404 * n + 4))
        self.assertEqual((spin["rank_by_paths"], spin["rank_by_lines"],
                          spin["rank_by_entries"]), (1, 1, 2))  # entries: mix 5N, spin 4, main 1
        self.assertEqual(r["skipped_in_top"], ["spin"])
        table = skipped_share.render(skipped_share.load_results(
            [os.path.join(self.tmp, "work-skippy", "results", "toy.json")]))
        self.assertIn("| toy | 3 | 1 | ", table)
        self.assertIn("| toy | `spin` | calls getcontext", table)

    def test_skipped_share_perf(self):
        status, out, res = self.skipped_share_run()
        self.assertEqual(status, 0, out)
        p = res["skipped_share"]["perf"]
        if "error" in p:
            self.skipTest(f"perf cannot sample here: {p['error']}")
        # spin runs 400N multiply-adds, the rest 5N calls of mix: nearly all the time.
        self.assertGreaterEqual(p["samples_in_functions"], 20, p)
        self.assertGreater(p["time_share"], 0.8, p)
        self.assertEqual(res["skipped_share"]["skipped_functions"][0]["rank_by_samples"], 1)

    def test_skipped_share_remeasured_from_the_kept_run(self):
        status, out, res = self.skipped_share_run()
        self.assertEqual(status, 0, out)
        work = os.path.join(self.tmp, "work-skippy")
        p = subprocess.run([sys.executable, os.path.join(CORPUS, "skipped_share.py"),
                            "--remeasure", work], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        self.assertEqual(p.returncode, 0, p.stdout.decode(errors="replace"))
        self.assertIn("| toy | `spin` |", p.stdout.decode())
        again = load_json(os.path.join(work, "results", "toy.json"))
        self.assertEqual(again["skipped_share"], res["skipped_share"])

    def test_unknown_strategy_is_a_usage_error(self):
        status, out, _ = self.harness("bogus", self.describe("bogus"), "--strategies", "p3,bogus")
        self.assertEqual(status, 2, out)
        self.assertIn("--strategy=bogus", out)


def main():
    global BIN
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("--bin", required=True)
    args, rest = ap.parse_known_args()
    BIN = os.path.abspath(args.bin)
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)


if __name__ == "__main__":
    main()
