"""What the program's own build compiles, and with which flags: the compile commands
recorded by `bear` while the original builds, turned into the compilation database
p3-rewrite reads (`-p`).

A description then needs neither the list of files (every C and C++ file the build
compiles from the prepared tree) nor the flags (each file gets its own, as the build
gave them): a program built with 97 `-D` flags needs none of them in its description.
Also here: the environment that puts `ccache` in front of the compilers (every copy is a
full build of a tree that differs from the original in a few files).

Python 3 standard library only.
"""

import fnmatch
import json
import os
import shutil
import subprocess

SOURCE_EXTENSIONS = (".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".m")
# Arguments that only concern the output or linking: dropped from the commands p3-rewrite
# parses with (clang's tooling would warn about unused linker inputs).
DROP_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ", "-L", "-l", "-Xlinker"}
DROP = {"-c", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG", "-shared", "-static", "-rdynamic",
        "-pie", "-no-pie", "-s"}
DROP_PREFIX = ("-Wl,", "-L", "-l", "-MF", "-MT", "-MQ", "-o")
LINKER_INPUT = (".o", ".a", ".so", ".lo", ".la", ".obj")
# Arguments that can change what the preprocessor produces.
PREPROCESSOR_PREFIX = ("-D", "-U", "-I", "-include", "-imacros", "-isystem", "-idirafter",
                       "-iquote", "-std=", "-ansi", "-x", "-m", "-f", "-O", "--std")


class BuildCommandsError(Exception):
    pass


def bear_available():
    return shutil.which("bear") is not None


def under_bear(command_argv, output):
    """argv that runs command_argv under bear, recording the compiles into output."""
    return ["bear", "--output", output, "--"] + command_argv


def ccache_environment(env, base_dir):
    """env with ccache in front of gcc, cc, clang... (Debian's masquerade directory), or
    None when ccache is not installed. Paths under base_dir are hashed relative to the
    working directory, so a file that is the same in the original and in a copy (all but
    the rewritten ones) is compiled once."""
    masquerade = "/usr/lib/ccache"
    if not shutil.which("ccache") or not os.path.isdir(masquerade):
        return None
    e = dict(env)
    e["PATH"] = masquerade + os.pathsep + e.get("PATH", os.defpath)
    e["CCACHE_BASEDIR"] = base_dir
    e["CCACHE_NOHASHDIR"] = "1"
    return e


def relocate(text, old_root, new_root):
    """text with the tree old_root replaced by new_root where it names a path in it."""
    if text == old_root:
        return new_root
    return text.replace(old_root + os.sep, new_root + os.sep)


def sanitize(arguments, source):
    """The compile command's arguments without output, dependency and link arguments,
    with source as its only input."""
    out = [arguments[0]]
    skip = False
    for a in arguments[1:]:
        if skip:
            skip = False
            continue
        if a in DROP_WITH_VALUE:
            skip = True
            continue
        if a in DROP or a.startswith(DROP_PREFIX) or a.endswith(LINKER_INPUT):
            continue
        if not a.startswith("-") and a.endswith(SOURCE_EXTENSIONS):
            continue  # a source file: this one is added at the end, others are theirs
        out.append(a)
    return out + [source]


def preprocessor_arguments(arguments):
    return [a for a in arguments[1:-1] if a.startswith(PREPROCESSOR_PREFIX)]


def load(path):
    try:
        with open(path) as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        raise BuildCommandsError(f"cannot read the compile commands {path}: {e}")
    if not isinstance(entries, list):
        raise BuildCommandsError(f"{path}: not a compilation database")
    return entries


class BuildCommands:
    """The compiles of the original's build, relative to the trees they concern.

    built_root: the tree that was built (the original); source_root: the prepared tree
    p3-rewrite mirrors (same files, never built). Every path under built_root is taken as
    the same path under source_root."""

    def __init__(self, entries, built_root, source_root):
        self.built_root = os.path.realpath(built_root)
        self.source_root = os.path.realpath(source_root)
        self.by_file = {}  # relative path -> [(directory, sanitized arguments)], in order
        self.generated = set()  # compiled, but made by the build (not in source_root)
        self.outside = set()  # compiled from outside the tree
        for e in entries:
            args = e.get("arguments") or _split_command(e.get("command", ""))
            directory = os.path.realpath(e.get("directory", "."))
            file = os.path.realpath(os.path.join(directory, e["file"]))
            if not args or not file.endswith(SOURCE_EXTENSIONS):
                continue
            if not file.startswith(self.built_root + os.sep):
                self.outside.add(file)
                continue
            rel = os.path.relpath(file, self.built_root)
            src_file = os.path.join(self.source_root, rel)
            if not os.path.isfile(src_file):
                self.generated.add(rel)
                continue
            args = [relocate(a, self.built_root, self.source_root) for a in args]
            run = (relocate(directory, self.built_root, self.source_root),
                   sanitize(args, src_file))
            runs = self.by_file.setdefault(rel, [])
            if run not in runs:
                runs.append(run)

    def files(self, exclude=()):
        """Every file of the tree the build compiles, sorted, minus the exclude globs."""
        return sorted(f for f in self.by_file
                      if not any(fnmatch.fnmatchcase(f, g) for g in exclude))

    def compiled_differently(self, files):
        """{file: [preprocessor arguments of each distinct compile]} for the files the
        build compiles more than once with differing preprocessor arguments."""
        out = {}
        for f in files:
            variants = []
            for _, args in self.by_file.get(f, []):
                pp = preprocessor_arguments(args)
                if pp not in variants:
                    variants.append(pp)
            if len(variants) > 1:
                out[f] = variants
        return out

    def write_database(self, directory, files):
        """compile_commands.json for p3-rewrite -p: one command per file, the build's
        first compile of it."""
        os.makedirs(directory, exist_ok=True)
        db = [{"directory": self.by_file[f][0][0], "file": os.path.join(self.source_root, f),
               "arguments": self.by_file[f][0][1]} for f in files]
        path = os.path.join(directory, "compile_commands.json")
        with open(path, "w") as out:
            json.dump(db, out, indent=1)
        return path


def same_preprocessing(clang, runs, timeout=300):
    """Whether clang -E gives one text for every run ((directory, sanitized arguments) of
    compiles of the same file). None when clang cannot tell (a command fails)."""
    texts = set()
    for cwd, args in runs:
        argv = [clang, "-E", "-P", "-w"] + args[1:]
        try:
            p = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, timeout=timeout)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if p.returncode != 0:
            return None
        texts.add(p.stdout)
    return len(texts) == 1


def _split_command(command):
    import shlex
    try:
        return shlex.split(command)
    except ValueError:
        return []
