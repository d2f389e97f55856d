# lit configuration for p3. Tests live in subdirectories by tool; a directory
# named Inputs holds files that tests use but that are not tests themselves.
import os
import shutil
import sys

import lit.formats

config.name = "p3"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.p3_build_dir, "test", "lit")

config.environment["PATH"] = os.pathsep.join(
    [config.p3_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
for var in ["HOME", "TMPDIR", "LANG"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

runtime_dir = os.path.join(config.p3_source_dir, "runtime")
config.substitutions.append(("%runtime", runtime_dir))
config.substitutions.append(("%p3src", config.p3_source_dir))
config.substitutions.append(("%cc", "gcc"))
config.substitutions.append(("%cxx", "g++"))
config.substitutions.append(("%clangxx", "clang++-19"))
config.substitutions.append(("%clang", "clang-19"))
config.substitutions.append(("%tcc", "tcc"))

# Features tests can REQUIRE.
for tool in ["gcc", "g++", "clang-19", "clang++-19", "tcc", "make", "cmake",
             "ninja", "meson", "autoconf", "parallel"]:
    if shutil.which(tool):
        config.available_features.add(tool.replace("+", "x"))
# Tools the report exports are checked with (lcov's genhtml, Graphviz's dot,
# valgrind's callgrind_annotate).
for tool, feature in [("genhtml", "lcov"), ("dot", "dot"),
                      ("callgrind_annotate", "callgrind_annotate")]:
    if shutil.which(tool):
        config.available_features.add(feature)
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%reporttests", os.path.join(config.p3_source_dir, "test", "report")))
