#!/bin/bash
# matrix.sh SET OUTDIR [COMPILER ARGS...] -- COMMAND
#
# Builds OUTDIR/<config>/prog from the compiler arguments (sources, -D...)
# under every configuration of SET, with -Wall -Wextra -Werror, then runs
# COMMAND (a shell string) in each OUTDIR/<config>, with $P3_CONFIG set to
# the configuration's name. Stops at the first failure, naming the
# configuration. SET is one of:
#   c      gcc and clang-19 from gnu89 to c2x (gcc: gnu89, c99, c11, c2x;
#          clang: gnu89, c99, c17, c2x); tcc
#   gnuc   the same without tcc (GNU C features tcc lacks)
#   cxx    the sources as C++, from c++98 to c++23 (g++: 98, 14, 20, 23;
#          clang++-19: 98, 11, 17, 23)
#   cxx11  the cxx set from c++11 on (sources that need C++11: lambdas, braces)
#   all    c and cxx
#   ts     thread-safe builds (gcc and clang only): a C and a C++ standard
#          per compiler, with -pthread
# Optimization alternates between -O0 and -O2 so that both are covered.
set -u
set_name=$1 outdir=$2
shift 2
args=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  args+=("$1")
  shift
done
if [ $# -ne 2 ]; then
  echo "usage: matrix.sh SET OUTDIR [COMPILER ARGS...] -- COMMAND" >&2
  exit 2
fi
command=$2

c_configs=(
  "gcc-gnu89:$P3_TEST_CC -std=gnu89 -O0"
  "gcc-c99:$P3_TEST_CC -std=c99 -O2"
  "gcc-c11:$P3_TEST_CC -std=c11 -O0"
  "gcc-c2x:$P3_TEST_CC -std=c2x -O2"
  "clang-gnu89:$P3_TEST_CLANG -std=gnu89 -O2"
  "clang-c99:$P3_TEST_CLANG -std=c99 -O0"
  "clang-c17:$P3_TEST_CLANG -std=c17 -O2"
  "clang-c2x:$P3_TEST_CLANG -std=c2x -O0"
  "tcc:$P3_TEST_TCC"
)
cxx_configs=(
  "gxx-cxx98:$P3_TEST_CXX -x c++ -std=c++98 -O2"
  "gxx-cxx14:$P3_TEST_CXX -x c++ -std=c++14 -O0"
  "gxx-cxx20:$P3_TEST_CXX -x c++ -std=c++20 -O2"
  "gxx-cxx23:$P3_TEST_CXX -x c++ -std=c++23 -O0"
  "clangxx-cxx98:$P3_TEST_CLANGXX -x c++ -std=c++98 -O0"
  "clangxx-cxx11:$P3_TEST_CLANGXX -x c++ -std=c++11 -O2"
  "clangxx-cxx17:$P3_TEST_CLANGXX -x c++ -std=c++17 -O0"
  "clangxx-cxx23:$P3_TEST_CLANGXX -x c++ -std=c++23 -O2"
)
ts_configs=(
  "gcc-c99:$P3_TEST_CC -std=c99 -O2 -pthread"
  "gcc-gnu89:$P3_TEST_CC -std=gnu89 -O0 -pthread"
  "clang-c11:$P3_TEST_CLANG -std=c11 -O0 -pthread"
  "clang-c17:$P3_TEST_CLANG -std=c17 -O2 -pthread"
  "gxx-cxx11:$P3_TEST_CXX -x c++ -std=c++11 -O0 -pthread"
  "gxx-cxx20:$P3_TEST_CXX -x c++ -std=c++20 -O2 -pthread"
  "clangxx-cxx14:$P3_TEST_CLANGXX -x c++ -std=c++14 -O2 -pthread"
  "clangxx-cxx17:$P3_TEST_CLANGXX -x c++ -std=c++17 -O0 -pthread"
)
case $set_name in
  c) configs=("${c_configs[@]}") ;;
  gnuc) configs=("${c_configs[@]:0:8}") ;;
  cxx) configs=("${cxx_configs[@]}") ;;
  cxx11)
    configs=()
    for config in "${cxx_configs[@]}"; do
      case $config in *-std=c++98*) ;; *) configs+=("$config") ;; esac
    done ;;
  all) configs=("${c_configs[@]}" "${cxx_configs[@]}") ;;
  ts) configs=("${ts_configs[@]}") ;;
  *) echo "matrix.sh: unknown set '$set_name'" >&2; exit 2 ;;
esac

for config in "${configs[@]}"; do
  name=${config%%:*} compiler=${config#*:}
  dir=$outdir/$name
  rm -rf "$dir" && mkdir -p "$dir" || exit 1
  # -x c++ must precede the sources; the link step must not see it after
  # them, which is why it comes with the compiler.
  if ! $compiler -Wall -Wextra -Werror -I"$P3_TEST_RUNTIME" "${args[@]}" \
       -o "$dir/prog"; then
    echo "matrix.sh: [$name] compilation failed: $compiler" >&2
    exit 1
  fi
  if ! (cd "$dir" && P3_CONFIG=$name bash -c "$command"); then
    echo "matrix.sh: [$name] failed: $command" >&2
    exit 1
  fi
done
