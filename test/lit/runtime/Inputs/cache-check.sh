# Runs Inputs/cache.c's program in the current directory and checks its two
# raw profiles (cache.test has the numbers); leaves them as parent.raw and
# child.raw. $1: the test's directory.
set -eu
S=$1
./prog > out.txt 2> err.txt
test ! -s err.txt
test "$(ls p3-*.raw | wc -l)" = 2
parent=$(sed -n 's/^parent //p' out.txt)
child=$(sed -n 's/^child //p' out.txt)
read -r a b c < <(sed -n 's/^clash //p' out.txt)
cp "p3-00000000000cac4e-c0-$parent.raw" parent.raw
cp "p3-00000000000cac4e-c0-$child.raw" child.raw
expect() { # expect WHAT GOT WANT
  if [ "$2" != "$3" ]; then
    echo "cache-check.sh [$P3_CONFIG]: $1: got '$2', want '$3'" >&2
    exit 1
  fi
}
sum() { awk -f "$S/Inputs/sum.awk" -v fn="$1" "$2"; }
expect "parent header" "$(head -1 parent.raw)" "P3RAW 1 00000000000cac4e 0 $parent"
expect "parent many" "$(sum 0 parent.raw)" \
  "records 100000 ids 100000 min 1 max 3 total 180952 range 7 429492434632711"
expect "parent clash" "$(grep -E '^1 ' parent.raw | sort)" \
  "$(printf '1 %s 1000\n1 %s 1000\n1 %s 9\n' "$a" "$b" "$c" | sort)"
expect "parent few" "$(sum 2 parent.raw)" \
  "records 1000 ids 1000 min 1 max 5 total 3000 range 0 999"
expect "parent dropped" "$(grep '^dropped' parent.raw)" "dropped 2 1500"
expect "parent lost" "$(grep -c '^lost' parent.raw || true)" "0"
expect "parent end" "$(tail -1 parent.raw)" "end 101003"
expect "child" "$(grep -v -E '^(function-)?probes' child.raw)" \
  "$(printf 'P3RAW 1 00000000000cac4e 0 %s\nforked\n1 %s 3\nend 1' "$child" "$c")"
