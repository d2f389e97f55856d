#!/usr/bin/env python3
"""A stand-in for apt-get and apt-cache in the harness's self-test (harness_test.py).

    fake_apt.py apt-cache showsrc [--only-source] PACKAGE
    fake_apt.py apt-get source --download-only PACKAGE=VERSION

The archive is the directory $FAKE_APT_ARCHIVE: PACKAGE.showsrc is what `apt-cache
showsrc` prints; `apt-get source` copies the package's files into the current directory
and, like a mirror that lost a security update's Debian tarball, fails on every file
the index lists that the archive does not hold (exit 100, as apt-get does).
"""

import os
import re
import shutil
import sys


def main(argv):
    archive = os.environ["FAKE_APT_ARCHIVE"]
    tool, args = argv[0], [a for a in argv[1:] if not a.startswith("-")]
    if tool == "apt-cache" and args[:1] == ["showsrc"]:
        path = os.path.join(archive, args[1] + ".showsrc")
        if not os.path.exists(path):
            return 0  # apt-cache prints nothing for an unknown source package
        with open(path) as f:
            sys.stdout.write(f.read())
        return 0
    if tool == "apt-get" and args[:1] == ["source"]:
        package = args[1].split("=")[0]
        with open(os.path.join(archive, package + ".showsrc")) as f:
            index = f.read()
        status = 0
        for name in re.findall(r"^ \S+ \d+ (\S+)$", index, re.M):
            src = os.path.join(archive, name)
            if os.path.exists(src):
                shutil.copy(src, name)
            else:
                print(f"E: Failed to fetch http://archive.invalid/pool/{name}  404  Not Found")
                status = 100
        if status:
            print("E: Failed to fetch some archives.")
        return status
    print(f"fake_apt: unexpected command {argv}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
