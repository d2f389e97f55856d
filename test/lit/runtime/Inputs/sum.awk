# Summarizes the records of function FN in a raw profile: how many, how
# many distinct ids, smallest and largest count, total, id range.
$1 == fn && NF == 3 {
  ++records
  if (!($2 in seen)) { seen[$2] = 1; ++ids }
  if (records == 1 || $3 < min) min = $3
  if (records == 1 || $3 > max) max = $3
  total += $3
  if (records == 1 || $2 + 0 < lo) lo = $2 + 0
  if (records == 1 || $2 + 0 > hi) hi = $2 + 0
}
END {
  printf "records %d ids %d min %.0f max %.0f total %.0f range %.0f %.0f\n",
         records, ids, min, max, total, lo, hi
}
