"""Debian source packages for the corpus harness: which upstream tarball, fetching it,
unpacking it.

A program description names a source package and its Debian version; the harness uses
the upstream tarball (`PACKAGE_UPSTREAM.orig.tar.*`) and nothing else. The archive's
index (`apt-cache showsrc`) names that file exactly and gives its SHA-256, so neither a
signature (`.orig.tar.gz.asc`) nor a component tarball (`.orig-docs.tar.xz`) is ever
taken for it, and a partial download is caught. `apt-get source --download-only` also
fetches the `.dsc` and Debian's patches; the harness does not need them, so a mirror
that lacks them (a security update whose `.debian.tar` or `.diff.gz` is gone while the
`.orig` is there) is not a setup error when the `.orig` arrived.

Python 3 standard library only.
"""

import fnmatch
import functools
import glob
import hashlib
import os
import re
import subprocess

SIGNATURE_SUFFIXES = (".asc", ".sig", ".sign", ".gpg")


class SourceError(Exception):
    """The package cannot be fetched or unpacked: a setup error, not a p3 failure."""


def upstream_version(version):
    """`1:1.2.13.dfsg-1` -> `1.2.13.dfsg`: no epoch, no Debian revision."""
    v = version.split(":", 1)[1] if re.match(r"^\d+:", version) else version
    return v.rsplit("-", 1)[0] if "-" in v else v


def is_upstream_tarball(name, package=None):
    """The main upstream tarball of a source package (not a signature, not a component,
    not Debian's own tarball). Native packages have no .orig: `PACKAGE_VERSION.tar.*`."""
    if name.endswith(SIGNATURE_SUFFIXES):
        return False
    if package and not name.startswith(package + "_"):
        return False
    if re.search(r"\.orig\.tar\.[a-z0-9]+$", name):
        return True
    return (re.search(r"\.tar\.[a-z0-9]+$", name) is not None
            and ".orig-" not in name and ".debian.tar." not in name)


def parse_showsrc(text):
    """`apt-cache showsrc` output -> {version: {file name: sha256}} (stanzas of one package)."""
    out = {}
    for stanza in re.split(r"\n\s*\n", text):
        m = re.search(r"^Version: (\S+)$", stanza, re.M)
        if not m:
            continue
        files = {}
        sums = re.search(r"^Checksums-Sha256:\n((?: .*\n?)+)", stanza, re.M)
        for line in (sums.group(1).splitlines() if sums else []):
            parts = line.split()
            if len(parts) == 3:
                files[parts[2]] = parts[0]
        out[m.group(1)] = files
    return out


def archive_index(package):
    """What the archive's index says about the package's versions ({} if nothing)."""
    try:
        p = subprocess.run(["apt-cache", "showsrc", "--only-source", package],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except OSError:
        return {}
    return parse_showsrc(p.stdout.decode(errors="replace")) if p.returncode == 0 else {}


def expected_tarball(package, version, index, pattern=None):
    """(file name, sha256) of the upstream tarball of PACKAGE=VERSION from the index, or
    None when the index does not know that version. pattern: the description's 'orig'
    glob, which must then match it."""
    files = index.get(version)
    if not files:
        return None
    names = [n for n in files if is_upstream_tarball(n, package)
             and (not pattern or fnmatch.fnmatchcase(n, pattern))]
    orig = [n for n in names if ".orig.tar." in n]
    names = orig or names
    if len(names) != 1:
        raise SourceError(f"{package} {version}: cannot tell the upstream tarball among "
                          f"{sorted(files)}" + ("" if pattern else
                          "; name it with 'orig' in the description"))
    return names[0], files[names[0]]


def cached_tarballs(downloads, package, version, pattern=None):
    """Upstream tarballs of the package in the download cache matching the description's
    'orig' glob, or, without one, the name the version implies."""
    if pattern:
        found = glob.glob(os.path.join(downloads, pattern))
    else:
        up = upstream_version(version)
        found = (glob.glob(os.path.join(downloads, f"{package}_{up}.orig.tar.*"))
                 or glob.glob(os.path.join(downloads, f"{package}_{up}.tar.*")))
    return sorted(f for f in found if is_upstream_tarball(os.path.basename(f)))


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def apt_get_source(spec, downloads):
    """apt-get source --download-only SPEC in downloads: (status, last lines of output)."""
    p = subprocess.run(["apt-get", "source", "--download-only", spec], cwd=downloads,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    text = p.stdout.decode(errors="replace")
    errors = [l for l in text.splitlines() if l.startswith("E:")]
    return p.returncode, "; ".join(errors[:3]) or text.strip()[-300:]


def top_directory_components(names):
    """How many leading path components every member shares as a top directory (what
    tar's --strip-components must drop): 0 for a flat tarball (files at its top), 1 for
    `NAME-1.0/...`, and one more per leading `./` (GNU tar counts `.` as a component)."""
    split = []
    for n in names:
        parts = [p for p in n.split("/") if p]
        if parts:
            split.append(parts)
    if not split:
        return 0
    dots = 0
    while all(len(p) > dots and p[dots] == "." for p in split):
        dots += 1
    rest = [p[dots:] for p in split if len(p) > dots]
    if not rest:
        return dots
    tops = {p[0] for p in rest}
    # one top-level name with something under it: a directory every file lives in
    if len(tops) == 1 and any(len(p) > 1 for p in rest):
        return dots + 1
    return dots


def unpack(tarball, dest):
    """Unpacks tarball into dest (which must exist) without its top directory, if any."""
    p = subprocess.run(["tar", "tf", tarball], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise SourceError(f"cannot list {tarball}: {p.stderr.decode(errors='replace')}")
    strip = top_directory_components(p.stdout.decode(errors="replace").splitlines())
    p = subprocess.run(["tar", "xf", tarball, "-C", dest, f"--strip-components={strip}"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode != 0:
        raise SourceError(f"cannot unpack {tarball}: {p.stdout.decode(errors='replace')}")
    return strip


class Fetched:
    """The result of fetch(): the tarball and what is known about where it comes from."""

    def __init__(self, tarball, version, sha256, verified, notes):
        self.tarball = tarball
        self.version = version  # the Debian version whose upstream tarball this is
        self.sha256 = sha256
        self.verified = verified  # the archive's index gave this SHA-256
        self.notes = notes  # warnings for the results (fallbacks taken)


def fetch(package, version, downloads, pattern=None, enable_deb_src=None):
    """The upstream tarball of PACKAGE=VERSION in downloads, downloaded when missing.

    enable_deb_src: called once before the first download (deb-src entries). Falls back
    to the archive's current version when the exact one is gone, with a note."""
    os.makedirs(downloads, exist_ok=True)
    notes = []
    index = archive_index(package)
    want = expected_tarball(package, version, index, pattern)
    used = version

    def present():
        if want:
            path = os.path.join(downloads, want[0])
            return [path] if os.path.exists(path) else []
        return cached_tarballs(downloads, package, used, pattern if used == version else None)

    found = present()
    if not found:
        if enable_deb_src:
            enable_deb_src()
            if not index:  # the index may only now know the package
                index = archive_index(package)
                want = expected_tarball(package, version, index, pattern)
        if index and version not in index:
            # the exact version is gone from the archive: its current one, said loudly
            used = _newest(index)
            notes.append(f"Debian version {version} is not in the archive; used the "
                         f"current {used}")
            want = expected_tarball(package, used, index)
        spec = f"{package}={used}"
        status, err = apt_get_source(spec, downloads)
        found = present()
        if not found:
            raise SourceError(f"apt-get source {spec} did not download the upstream "
                              f"tarball: {err}")
        if status != 0:
            notes.append(f"apt-get source {spec} failed ({err}), but the upstream tarball "
                         f"{os.path.basename(found[0])} arrived: it is all the harness uses")
    if len(found) > 1:
        raise SourceError(f"several upstream tarballs match: "
                          f"{', '.join(os.path.basename(f) for f in found)}; make 'orig' exact")
    tarball = found[0]
    sha = sha256_of(tarball)
    if want and sha != want[1]:
        raise SourceError(f"{tarball}: SHA-256 {sha} differs from the archive's {want[1]} "
                          f"(a partial or stale download? delete it and rerun)")
    if not want:
        notes.append(f"the archive's index does not list {package} {used}: "
                     f"{os.path.basename(tarball)} was not checked against a checksum")
    return Fetched(tarball, used, sha, want is not None, notes)


def _newest(versions):
    """The newest of some Debian versions (dpkg --compare-versions; a plain sort without
    dpkg)."""
    def compare(a, b):
        try:
            if subprocess.run(["dpkg", "--compare-versions", a, "lt", b]).returncode == 0:
                return -1
            return 0 if a == b else 1
        except OSError:
            return (a > b) - (a < b)
    return sorted(versions, key=functools.cmp_to_key(compare))[-1]
