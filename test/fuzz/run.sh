#!/usr/bin/env bash
# Builds the libFuzzer targets for the raw-profile parser and the manifest
# reader with clang++-19 -fsanitize=fuzzer,address and runs each for N seconds
# (default 60), starting from test/fuzz/corpus/{raw,manifest}.
#
#   test/fuzz/run.sh [seconds]
#
# New interesting inputs go to a scratch corpus, not into the repository.
# Crashes are written to $P3_FUZZ_BUILD/crashes/<target>/; after fixing one,
# copy it into test/fuzz/corpus/<kind>/ so that p3-profile-tests keeps
# feeding it to the parser (FuzzCorpus tests).
set -euo pipefail

seconds=${1:-60}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/../.." && pwd)
build=${P3_FUZZ_BUILD:-$top/build-fuzz}
mkdir -p "$build"

cxx=clang++-19
flags=(-std=c++17 -g -O1 -w -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -I"$top/lib"
       $(llvm-config-19 --cppflags))
libs=($(llvm-config-19 --ldflags) -lLLVM-19 -Wl,-rpath,"$(llvm-config-19 --libdir)")

graph_sources=("$top"/lib/Graph/*.cpp)
echo "fuzz: building in $build"
"$cxx" "${flags[@]}" "$here/FuzzRawProfile.cpp" "$top/lib/Profile/RawProfile.cpp" \
  "${libs[@]}" -o "$build/fuzz-raw"
"$cxx" "${flags[@]}" "$here/FuzzManifest.cpp" "$top/lib/Profile/Manifest.cpp" \
  "$top/lib/Profile/AtomicWrite.cpp" "$top/lib/Profile/U64JSON.cpp" \
  "$top/lib/Profile/BoundedJSON.cpp" \
  "${graph_sources[@]}" "${libs[@]}" -o "$build/fuzz-manifest"

status=0
for kind in raw manifest; do
  work="$build/corpus/$kind"
  crashes="$build/crashes/$kind"
  mkdir -p "$work" "$crashes"
  cp -n "$here/corpus/$kind/"* "$work/" 2>/dev/null || true
  echo "fuzz: $kind for ${seconds}s"
  if ! "$build/fuzz-$kind" -max_total_time="$seconds" -max_len=16384 \
      -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
      -dict="$here/$kind.dict" -artifact_prefix="$crashes/" \
      "$work" > "$build/fuzz-$kind.log" 2>&1; then
    echo "fuzz: $kind FAILED; see $build/fuzz-$kind.log and $crashes/"
    tail -30 "$build/fuzz-$kind.log"
    status=1
  else
    grep -E "stat::number_of_executed_units|cov:" "$build/fuzz-$kind.log" | tail -2
  fi
done
exit $status
