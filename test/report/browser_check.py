#!/usr/bin/env python3
"""Opens p3-report's HTML report in headless Chromium and checks what it renders.

usage: browser_check.py REPORT_DIR PROFILE_JSON [--chromium PATH] [--max-paths N]

Drives Chromium over its DevTools protocol on a pipe (--remote-debugging-pipe:
file descriptors 3 and 4, NUL-terminated JSON), Python standard library only.
Checks, page by page:
  - no JavaScript exception and no console or log message of level error;
  - index.html: every row of the function table shows the numbers
    profile.json has for that function (path executions = the sum of its
    paths' counts, paths covered = how many paths it lists, of N =
    total_paths), and the summary's totals;
  - each file page: choosing a path (a click on its row) highlights exactly
    the source lines its row lists ("lines 8 8(false) 11 ..."), lights its
    edges in the function's picture when there is one, and choosing another
    path clears the first.
Exit status 0 when everything holds, 1 otherwise, 77 (and a SKIPPED line)
when Chromium is not installed.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


class Chromium:
    """A headless Chromium and one page, over the DevTools pipe."""

    def __init__(self, binary):
        self.profile = tempfile.mkdtemp(prefix="p3-chromium-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def child_fds():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync",
             "--disable-extensions", "--remote-debugging-pipe",
             f"--user-data-dir={self.profile}", "about:blank"],
            pass_fds=(3, 4), preexec_fn=child_fds,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            self.call(domain + ".enable")

    def send(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self, timeout):
        deadline = time.time() + timeout
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self.from_chrome, 65536)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, params=None, timeout=60):
        wanted = self.send(method, params)
        while True:
            message = self.receive(timeout)
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_event(self, name, timeout=60):
        for i, e in enumerate(self.events):
            if e["method"] == name:
                return self.events.pop(i)
        while True:
            message = self.receive(timeout)
            if message.get("method") == name:
                return message
            if "method" in message:
                self.events.append(message)

    def open(self, url):
        self.events = []
        self.call("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")

    def eval(self, expression):
        result = self.call("Runtime.evaluate",
                           {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluating {expression[:60]}...: "
                               f"{result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def errors(self):
        """Exceptions and error-level console or log messages seen so far."""
        out = []
        for e in self.events:
            p = e.get("params", {})
            if e["method"] == "Runtime.exceptionThrown":
                out.append("exception: " + p["exceptionDetails"].get("text", "?") +
                           " " + str(p["exceptionDetails"].get("exception", {}).get(
                               "description", "")))
            elif e["method"] == "Runtime.consoleAPICalled" and p.get("type") in (
                    "error", "assert"):
                out.append("console.error: " + " ".join(
                    str(a.get("value", a.get("description", ""))) for a in p["args"]))
            elif e["method"] == "Log.entryAdded" and p["entry"]["level"] == "error":
                out.append("log: " + p["entry"]["text"])
        return out

    def close(self):
        try:
            self.send("Browser.close")
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def as_int(v):
    return int(v)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("report")
    ap.add_argument("profile")
    ap.add_argument("--chromium", default=shutil.which("chromium") or
                    shutil.which("chromium-browser"))
    ap.add_argument("--max-paths", type=int, default=40,
                    help="paths chosen per function (default 40)")
    args = ap.parse_args()
    if not args.chromium:
        print("SKIPPED: chromium is not installed (scripts/setup.sh installs it)")
        return 77

    profile = json.load(open(args.profile))
    by_index = {f["index"]: f for f in profile["functions"]}
    report = os.path.abspath(args.report)
    problems = []
    checked_paths = 0
    browser = Chromium(args.chromium)
    try:
        browser.open("file://" + os.path.join(report, "index.html"))
        rows = browser.eval("""Array.from(document.querySelectorAll('#functions tbody tr'))
            .map(r => ({fn: +r.dataset.fn, name: r.cells[0].textContent,
                        exec: r.querySelector('.exec').textContent,
                        covered: r.querySelector('.covered').textContent,
                        total: r.querySelector('.total').textContent,
                        all: r.querySelector('.total').dataset.all,
                        href: r.querySelector('a').getAttribute('href')}))""")
        if len(rows) != len(profile["functions"]):
            problems.append(f"index.html lists {len(rows)} functions, profile.json "
                            f"{len(profile['functions'])}")
        total_exec = total_covered = total_paths = 0
        for r in rows:
            f = by_index.get(r["fn"])
            if not f:
                problems.append(f"index.html: function {r['fn']} is not in profile.json")
                continue
            executions = sum(as_int(p["count"]) for p in f["paths"])
            total_exec += executions
            total_covered += len(f["paths"])
            total_paths += as_int(f["total_paths"])
            # "of N" leaves out paths into code LCOV_EXCL markers exclude;
            # data-all has them all.
            want = (str(executions), str(len(f["paths"])), str(as_int(f["total_paths"])))
            got = (r["exec"], r["covered"], r["all"])
            if int(r["total"]) > int(r["all"]):
                problems.append(f"index.html: {r['name']}: {r['total']} paths shown, "
                                f"more than its {r['all']}")
            if r["name"] != f["name"] or got != want:
                problems.append(f"index.html: {r['name']}: shows executions, covered, "
                                f"total = {got}, profile.json has {want}")
        summary = browser.eval("""[document.getElementById('executions').textContent,
            document.getElementById('paths-covered').textContent,
            document.getElementById('paths-all').textContent]""")
        if summary != [str(total_exec), str(total_covered), str(total_paths)]:
            problems.append(f"index.html: summary {summary}, profile.json "
                            f"{[total_exec, total_covered, total_paths]}")
        # Sorting by a numeric column orders the rows by it.
        browser.eval("document.querySelector('#functions th:nth-child(4)').click()")
        browser.eval("document.querySelector('#functions th:nth-child(4)').click()")
        order = browser.eval("""Array.from(document.querySelectorAll(
            '#functions tbody .exec')).map(c => +c.textContent)""")
        if order != sorted(order, reverse=True):
            problems.append("index.html: sorting by path executions does not order "
                            "the rows")
        problems += [f"index.html: {e}" for e in browser.errors()]

        pages = sorted({r["href"].split("#")[0] for r in rows})
        for page in pages:
            browser.open("file://" + os.path.join(report, page))
            paths = browser.eval("""Array.from(document.querySelectorAll('tr.path'))
                .map(r => ({id: r.id, fn: r.dataset.fn,
                            text: r.querySelector('td.lines').textContent}))""")
            per_function = {}
            for p in paths:
                per_function.setdefault(p["fn"], []).append(p)
            for fn, rows_of_fn in per_function.items():
                for p in rows_of_fn[:args.max_paths]:
                    got = browser.eval(f"""(() => {{
                        document.getElementById({json.dumps(p['id'])}).click();
                        return {{lines: Array.from(document.querySelectorAll(
                                   '#source tr.on-path')).map(r => +r.id.slice(1)),
                                 edges: document.querySelectorAll(
                                   '#fn-{fn} svg .on-path').length,
                                 svg: !!document.querySelector('#fn-{fn} svg'),
                                 selected: document.querySelectorAll(
                                   'tr.path.selected').length}}; }})()""")
                    want = sorted({int(x) for x in re.findall(r"(\d+)", p["text"])})
                    checked_paths += 1
                    if sorted(got["lines"]) != want:
                        problems.append(f"{page}: {p['id']} lists lines {want}, choosing "
                                        f"it highlights {sorted(got['lines'])}")
                    if got["svg"] and got["edges"] == 0:
                        problems.append(f"{page}: {p['id']}: nothing lit in the picture")
                    if got["selected"] != 1:
                        problems.append(f"{page}: {p['id']}: {got['selected']} rows "
                                        f"selected")
            problems += [f"{page}: {e}" for e in browser.errors()]
    finally:
        browser.close()

    print(f"checked {len(rows)} functions on index.html, {checked_paths} path "
          f"selections on {len(pages)} file pages")
    if problems:
        print(f"{len(problems)} problems:")
        for p in problems[:50]:
            print("  " + p)
        return 1
    print("the report renders profile.json's numbers, highlights each chosen path's "
          "lines, and logs no error")
    return 0


if __name__ == "__main__":
    sys.exit(main())
