#!/usr/bin/env python3
"""The HTML report in a real browser (ctest report-browser).

For examples/calc and for a source whose text holds "</script>", "&" and
markup (test/report/escape/prog.c): rewrites it into K=2 copies, builds and
runs them (p3-run), writes p3-report --html, and checks it in headless
Chromium with browser_check.py (the numbers are profile.json's, choosing a
path highlights exactly its lines, no console error). For the escaping
program, also that the page shows the source text exactly as it is in the
file.

usage: browser_test.py --work DIR [--bin build/bin]
Exit status: 0 ok, 1 a problem, 2 a setup failure, 77 skipped.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import browser_check  # noqa: E402


def run(cmd, cwd, env, shell=False):
    p = subprocess.run(cmd, cwd=cwd, env=env, shell=shell, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    if p.returncode != 0:
        sys.stdout.write(p.stdout.decode(errors="replace")[-3000:])
        print(f"setup failed: {cmd}")
        sys.exit(2)
    return p.stdout.decode(errors="replace")


def build_report(name, src, files, flags, build, workload, work, env):
    tree = os.path.join(work, name)
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(src, tree)
    run(["p3-rewrite", "-k", "2", "-o", "p3-out"] + files + ["--"] + flags, tree, env)
    for c in ("copy-0", "copy-1"):
        run(build, os.path.join(tree, "p3-out", c), env, shell=True)
    run(["p3-run", "p3-out", "--", "bash", "-c", workload], tree, env)
    run(["p3-report", "--html", "p3-out/report", "p3-out"], tree, env)
    return tree


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", required=True)
    ap.add_argument("--bin", default=os.path.join(REPO, "build", "bin"))
    args = ap.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("SKIPPED: chromium is not installed (scripts/setup.sh installs it); "
              "the HTML report was not checked in a browser")
        return 77
    for tool in ("gcc", "make"):
        if not shutil.which(tool):
            print(f"SKIPPED: {tool} is not installed")
            return 77
    env = dict(os.environ)
    env["PATH"] = os.path.abspath(args.bin) + os.pathsep + env["PATH"]
    env.pop("MAKEFLAGS", None)
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    status = 0
    calc = build_report("calc", os.path.join(REPO, "examples", "calc"),
                        ["src/main.c", "src/lexer.c", "src/parser.c", "src/vars.c",
                         "src/builtins.c"], ["-Iinclude"], "make -s CC=gcc",
                        "./calc input.txt > /dev/null", work, env)
    escape_src = os.path.join(work, "escape-src")
    shutil.rmtree(escape_src, ignore_errors=True)
    os.makedirs(escape_src)
    shutil.copy(os.path.join(HERE, "escape", "prog.c"), escape_src)
    with open(os.path.join(escape_src, "Makefile"), "w") as f:
        f.write("prog: prog.c\n\t$(CC) -O1 -o prog prog.c\n")
    escape = build_report("escape", escape_src, ["prog.c"], [], "make -s CC=gcc",
                          "./prog '<arg> & more' > /dev/null", work, env)

    for tree in (calc, escape):
        print(f"== {os.path.basename(tree)}")
        sys.argv = ["browser_check.py", os.path.join(tree, "p3-out", "report"),
                    os.path.join(tree, "p3-out", "profile.json"), "--chromium", chromium]
        status |= browser_check.main()

    # The escaping program's page shows its text as it is.
    page = os.path.join(escape, "p3-out", "report", "files", "prog.c.html")
    browser = browser_check.Chromium(chromium)
    try:
        browser.open("file://" + page)
        shown = browser.eval("""Array.from(document.querySelectorAll('#source td.code'))
            .map(c => c.textContent.replace(/^\\u25b8/, ''))""")
        scripts = browser.eval("document.scripts.length")
        errors = browser.errors()
    finally:
        browser.close()
    text = open(os.path.join(escape, "prog.c")).read().split("\n")
    if text and text[-1] == "":
        text.pop()
    if shown != text:
        diff = [(i + 1, a, b) for i, (a, b) in enumerate(zip(shown, text)) if a != b]
        print(f"escape: the page's source differs from prog.c: {diff[:3]} "
              f"({len(shown)} lines shown, {len(text)} in the file)")
        status = 1
    elif scripts != 2 or errors:
        print(f"escape: {scripts} scripts on the page (want 2: data and p3.js), "
              f"errors: {errors}")
        status = 1
    else:
        print("escape: the page shows prog.c's text exactly, </script> and & "
              "included, and runs only its own two scripts")
    return status


if __name__ == "__main__":
    sys.exit(main())
