#!/usr/bin/env bash
# online.sh PROG DIR: runs PROG (Inputs/loop.c, built from an OSP copy) until
# DIR/stop exists, with P3_OSP_DUMP_SIGNAL=USR1 and P3_OSP_DUMP_EVERY=1,
# sends it SIGUSR1 while it runs, and keeps the hot lists it finds meanwhile:
# DIR/signal.osp (the first dump after the signal) and DIR/timer.osp (a dump
# the timer wrote). Then stops it and leaves the final hot list in place.
set -eu
prog=$1 dir=$2
mkdir -p "$dir/profiles"
P3_PROFILE_DIR="$dir/profiles" P3_OSP_DUMP_SIGNAL=USR1 P3_OSP_DUMP_EVERY=1 \
  "$prog" 1000000000000 "$dir/stop" > "$dir/stdout" &
pid=$!
list="$dir/profiles/p3-$(sed -n 's/.*"hash": "\([0-9a-f]*\)".*/\1/p' "$dir/manifest.json")-osp-$pid.osp"
wait_for() { # wait_for PATTERN FILE: up to 20 s for FILE to hold PATTERN
  for _ in $(seq 200); do
    grep -q "$1" "$2" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "online.sh: no '$1' in $2" >&2
  kill "$pid"
  exit 1
}
wait_for "^dump .* timer" "$list"
cp "$list" "$dir/timer.osp"
kill -USR1 "$pid"
wait_for "^dump .* signal" "$list"
cp "$list" "$dir/signal.osp"
touch "$dir/stop"
wait "$pid"
