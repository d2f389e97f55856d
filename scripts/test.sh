#!/usr/bin/env bash
# Installs what p3 needs, builds p3 and runs every test (ctest: unit tests with
# brute-force oracles, runtime and profile tests, the lit suites, end-to-end
# runs and the reduced corpus run on Debian sources).
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$top/scripts/setup.sh"
cd "$top/build"
ctest --output-on-failure -j2 "$@"
