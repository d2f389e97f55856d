#!/usr/bin/env bash
# Enables Debian source packages (deb-src) for apt-get source, idempotently:
# copies each "Types: deb" stanza of /etc/apt/sources.list.d/debian.sources as
# "Types: deb-src" into p3-deb-src.sources.
set -euo pipefail
out=/etc/apt/sources.list.d/p3-deb-src.sources
src=/etc/apt/sources.list.d/debian.sources
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if [ ! -f "$out" ] && [ -f "$src" ]; then
  awk 'BEGIN{RS=""; ORS="\n\n"} /Types: deb/ {sub(/Types: deb/, "Types: deb-src"); print}' "$src" | $sudo tee "$out" >/dev/null
  $sudo apt-get update -qq
elif [ ! -f "$out" ] && [ -f /etc/apt/sources.list ] && ! grep -q '^deb-src' /etc/apt/sources.list; then
  sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | $sudo tee /etc/apt/sources.list.d/p3-deb-src.list >/dev/null
  $sudo apt-get update -qq
fi
