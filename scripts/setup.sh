#!/usr/bin/env bash
# Installs every Debian bookworm package p3 needs, idempotently, then configures and builds p3 into
# build/ (tools in build/bin/). Safe to run again: packages already present are not reinstalled and
# the build is incremental.
#
#   scripts/setup.sh            # packages + build
#   P3_SKIP_BUILD=1 scripts/setup.sh   # packages only
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

packages=(
  build-essential cmake ninja-build git python3 python3-psutil pkg-config
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools libclang-rt-19-dev libzstd-dev
  libgtest-dev libgmock-dev
  tcc
  tcl autoconf time
  flex bison
  bear ccache
  meson parallel
  # The report exports' oracles (test/report, test/lit/report): gcov's lcov and genhtml, Graphviz's
  # dot for the HTML report's pictures, callgrind_annotate, headless Chromium for the browser test.
  lcov graphviz valgrind chromium
)
# Optional: p3-run --engine=slurm is tested on a private single-node cluster
# (test/cluster) when these install; the test says it is skipped otherwise. linux-perf:
# the corpus harness's --skipped-share samples the original with perf (corpus-harness says
# when it skips that part).
optional=(slurm-wlm munge linux-perf)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  updated=1
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

missing_optional=()
for p in "${optional[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing_optional+=("$p")
done
if ((${#missing_optional[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "setup: installing ${missing_optional[*]} (optional)"
  export DEBIAN_FRONTEND=noninteractive
  [ -n "${updated:-}" ] || $sudo apt-get update -qq || true
  $sudo apt-get install -y -qq --no-install-recommends "${missing_optional[@]}" >/dev/null ||
    echo "setup: ${missing_optional[*]} could not be installed: the tests that need them say they skip"
fi

[ -n "${P3_SKIP_BUILD:-}" ] && exit 0

cmake -S "$top" -B "$top/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$top/build" -j2
