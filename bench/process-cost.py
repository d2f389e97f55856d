#!/usr/bin/env python3
"""What an instrumented copy costs per process, side by side in one run.

A workload of many short processes (tcc's corpus workload runs about 200 compilations)
pays per process what a long one pays once: the counter pages the process touches, the
registry, and writing its raw profile at exit (gcov: merging its .gcda files). This
runs one command N times in each of several builds, interleaved (the order rotates
every round), and prints per-process medians: CPU time (user + system is the
scheduler's exact runtime; its split between user and system is sampled at timer ticks,
so the two columns alone are coarse for a process of a few ms), minor page faults, context switches (from wait4's rusage), and the raw profile's size; optionally
the system calls of one process (strace -c -f) and its user-space instructions
(valgrind --tool=callgrind, with the part spent at exit: p3_dump or gcov's exit).

    bench/process-cost.py --variant orig=DIR --variant gcov=DIR --variant sbl=DIR \\
        --cmd './tcc -B. -I./include -c {input} -o {out}' --input prog1.c --runs 200

    bench/process-cost.py --tcc-work /tmp/w --input /tmp/w/tcc/inputs/prog1.c --strace \\
        --callgrind
      # the trees of `test/corpus/corpus.py --keep --work /tmp/w ... tcc` (orig, SBL copy
      # 0), and a gcc -fprofile-arcs build (WORK/tcc/gcov, built from WORK/tcc/src once)

    CORPUS_INPUTS=DIR CORPUS_SCALE=30 bench/process-cost.py --tcc-work /tmp/w \\
        --cmd 'bash /tmp/w/tcc/workload.sh' --input /dev/null --runs 5
      # the whole corpus workload (DIR: prog1.c..prog30.c from test/e2e/gen_program.py
      # and the broken*.c of WORK/tcc/inputs), its processes' totals per run

Each command runs in its variant's directory with P3_PROFILE_DIR set to a directory of
its own, which is emptied before every round unless --keep-profiles (the corpus bench
deletes the previous run's profiles: the file system then allocates new inodes beside
recently deleted ones). Every process must exit 0. Seconds on a loaded machine are
noisy: page faults, system calls and instructions are the figures to compare.
Python 3 standard library only; strace and valgrind for the options that use them.
"""

import argparse
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def spawn_wait(argv, cwd, env):
    """Runs argv, returns (status, rusage) of that one child."""
    pid = os.fork()
    if pid == 0:
        try:
            os.chdir(cwd)
            devnull = os.open(os.devnull, os.O_RDWR)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            os.execve(argv[0] if "/" in argv[0] else shutil.which(argv[0], path=env["PATH"]),
                      argv, env)
        finally:
            os._exit(127)
    _, status, ru = os.wait4(pid, 0)
    return status, ru


def dir_size(d):
    n = b = 0
    for name in os.listdir(d):
        n += 1
        b += os.path.getsize(os.path.join(d, name))
    return n, b


def strace_counts(argv, cwd, env, scratch):
    out = os.path.join(scratch, "strace.txt")
    subprocess.run(["strace", "-f", "-c", "-o", out] + argv, cwd=cwd, env=env,
                   stdout=subprocess.DEVNULL, check=True)
    counts = {}
    for line in open(out):
        f = line.split()
        if len(f) >= 5 and f[0][0].isdigit() and f[-1] != "total":
            counts[f[-1]] = int(f[3])
    return counts


def callgrind(argv, cwd, env, scratch):
    """User-space instructions of one process, and those of its exit-time profile
    writer (inclusive): p3_dump's, or gcov's __gcov_exit."""
    out = os.path.join(scratch, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + argv,
                   cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    p = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                       stdout=subprocess.PIPE, universal_newlines=True, check=True)
    total, parts = 0, {}
    for line in p.stdout.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(.*)", line)
        if not m:
            continue
        ir = int(m.group(1).replace(",", ""))
        what = m.group(2)
        if what.startswith("PROGRAM TOTALS"):
            total = ir
            continue
        fn = what.split(":", 1)[-1].split(" ")[0]
        for key in ("p3_dump", "p3_sort", "p3_put_record", "p3_put_u64", "p3_cache_drain",
                    "p3_hash_add", "__gcov_exit", "gcov_do_dump", "p3_fork"):
            if fn.startswith(key):
                parts[fn] = max(parts.get(fn, 0), ir)
    return total, parts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", action="append", default=[], metavar="NAME=DIR",
                    help="a build to run the command in (the first is the baseline)")
    ap.add_argument("--tcc-work", help="take orig, gcov and sbl from a corpus --keep work "
                    "directory (builds WORK/tcc/gcov with gcc -fprofile-arcs if missing)")
    ap.add_argument("--cmd", default="./tcc -B. -I./include -c {input} -o {out}",
                    help="the command ({input}: --input, {out}: a scratch output file)")
    ap.add_argument("--input", required=True)
    ap.add_argument("--runs", type=int, default=100, help="processes per variant")
    ap.add_argument("--keep-profiles", action="store_true",
                    help="do not empty the profile directories between rounds")
    ap.add_argument("--strace", action="store_true", help="system calls of one process")
    ap.add_argument("--callgrind", action="store_true",
                    help="user-space instructions of one process (valgrind)")
    a = ap.parse_args()

    variants = []
    if a.tcc_work:
        t = os.path.join(a.tcc_work, "tcc")
        gcov = os.path.join(t, "gcov")
        if not os.path.exists(os.path.join(gcov, "tcc")):
            shutil.rmtree(gcov, ignore_errors=True)
            shutil.copytree(os.path.join(t, "src"), gcov, symlinks=True)
            subprocess.run("make clean >/dev/null 2>&1; make CPPFLAGS=-fprofile-arcs "
                           "LDFLAGS=-fprofile-arcs > build-gcov.log 2>&1", shell=True,
                           cwd=gcov, check=True)
        variants += [("orig", os.path.join(t, "orig")), ("gcov", gcov),
                     ("sbl", os.path.join(t, "out", "sbl-k1__", "copy-0"))]
    for v in a.variant:
        name, _, d = v.partition("=")
        variants.append((name, os.path.abspath(d)))
    if not variants:
        ap.error("no variant")

    scratch = tempfile.mkdtemp(prefix="p3-process-cost-")
    inp = os.path.abspath(a.input)
    env0 = dict(os.environ)
    envs, argvs, pdirs = {}, {}, {}
    for name, d in variants:
        pdirs[name] = os.path.join(scratch, "profiles-" + name)
        os.makedirs(pdirs[name])
        env = dict(env0, P3_PROFILE_DIR=pdirs[name])
        envs[name] = env
        argvs[name] = [x.format(input=inp, out=os.path.join(scratch, name + ".o"))
                       for x in shlex.split(a.cmd)]

    stats = {name: {"user": [], "sys": [], "minflt": [], "majflt": [], "nvcsw": [],
                    "nivcsw": [], "oublock": []} for name, _ in variants}
    files = {name: [0, 0] for name, _ in variants}
    names = [n for n, _ in variants]
    dirs = dict(variants)
    loads = []
    t0 = time.time()
    for r in range(a.runs):
        if r % 20 == 0:
            loads.append(os.getloadavg()[0])
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            if not a.keep_profiles:
                for f in os.listdir(pdirs[name]):
                    os.unlink(os.path.join(pdirs[name], f))
            # (gcov's .gcda files stay: merging into them is what each process of a
            # real workload pays)
            status, ru = spawn_wait(argvs[name], dirs[name], envs[name])
            if status != 0:
                sys.exit(f"{name}: {argvs[name]} exited with status {status}")
            s = stats[name]
            s["user"].append(ru.ru_utime * 1e3)
            s["sys"].append(ru.ru_stime * 1e3)
            s["minflt"].append(ru.ru_minflt)
            s["majflt"].append(ru.ru_majflt)
            s["nvcsw"].append(ru.ru_nvcsw)
            s["nivcsw"].append(ru.ru_nivcsw)
            s["oublock"].append(ru.ru_oublock)
            n, b = dir_size(pdirs[name])
            files[name][0] += n
            files[name][1] += b
    elapsed = time.time() - t0

    print(f"# {a.runs} processes per variant, interleaved; {elapsed:.0f} s; load "
          f"{min(loads):.1f}-{max(loads):.1f}")
    print(f"# command: {a.cmd} (input {a.input})")
    base = names[0]
    cols = ["user", "sys", "minflt", "nvcsw", "nivcsw"]
    print("| variant | " + " | ".join(
        ["user ms", "sys ms", "user+sys ms", "x " + base, "page faults", "vol. cs",
         "invol. cs", "profile bytes"]) + " |")
    print("|---" * 9 + "|")
    tot_base = statistics.median([u + s for u, s in zip(stats[base]["user"],
                                                         stats[base]["sys"])])
    for name in names:
        s = stats[name]
        tot = statistics.median([u + v for u, v in zip(s["user"], s["sys"])])
        med = {c: statistics.median(s[c]) for c in cols}
        nfiles, nbytes = files[name]
        per = nbytes / a.runs if not a.keep_profiles else nbytes / max(nfiles, 1)
        print(f"| {name} | {med['user']:.2f} | {med['sys']:.2f} | {tot:.2f} | "
              f"{tot / tot_base:.2f} | {med['minflt']:.0f} | {med['nvcsw']:.0f} | "
              f"{med['nivcsw']:.0f} | {per:.0f} |")

    if a.strace:
        counts = {}
        for name in names:
            counts[name] = strace_counts(argvs[name], dirs[name], envs[name], scratch)
        calls = sorted(set().union(*counts.values()))
        print("\nsystem calls of one process (strace -f -c):")
        print("| call | " + " | ".join(names) + " |")
        print("|---" * (len(names) + 1) + "|")
        for c in calls:
            row = [counts[n].get(c, 0) for n in names]
            if len(set(row)) > 1:
                print(f"| {c} | " + " | ".join(str(x) for x in row) + " |")
        print("| total | " + " | ".join(str(sum(counts[n].values())) for n in names) + " |")

    if a.callgrind:
        print("\nuser-space instructions of one process (valgrind --tool=callgrind):")
        for name in names:
            total, parts = callgrind(argvs[name], dirs[name], envs[name], scratch)
            detail = ", ".join(f"{k} {v:,}" for k, v in sorted(parts.items(),
                                                                key=lambda kv: -kv[1]))
            print(f"  {name}: {total:,}" + (f" (inclusive: {detail})" if detail else ""))
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
