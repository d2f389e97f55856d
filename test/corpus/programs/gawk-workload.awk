# The gawk workload of the p3 corpus (test/corpus/programs/gawk.conf): reads generated
# text (gen-input.py text) and exercises the interpreter: fields, regular expressions,
# associative and multidimensional arrays, sorting, user-defined and recursive functions,
# string and arithmetic built-ins, printf, switch, getline from a file, bit operations.
# Its output depends only on its input (srand with a fixed seed, time functions on fixed
# dates in UTC, arrays traversed in a defined order).

function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) }

function gcd(a, b,    t) {
    while (b) { t = b; b = a % b; a = t }
    return a
}

function rev(s,    i, out) {
    out = ""
    for (i = length(s); i > 0; i--)
        out = out substr(s, i, 1)
    return out
}

function classify(w) {
    switch (w) {
    case /^[aeiou]/:
        return "vowel"
    case /ing$/:
        return "gerund"
    case "the":
        return "article"
    default:
        if (length(w) > 8)
            return "long"
        return "other"
    }
}

function checksum(s,    i, h) {
    h = 0
    for (i = 1; i <= length(s); i++)
        h = and(xor(lshift(h, 5), h) + index("abcdefghijklmnopqrstuvwxyz0123456789 .,", substr(s, i, 1)), 0xFFFFFF)
    return h
}

BEGIN {
    srand(12345)
    OFS = "\t"
    PROCINFO["sorted_in"] = "@ind_str_asc"
}

{
    lines++
    chars += length($0) + 1
    fields += NF
    for (i = 1; i <= NF; i++) {
        w = tolower($i)
        gsub(/[^a-z0-9]/, "", w)
        if (w == "")
            continue
        freq[w]++
        kind[classify(w)]++
        if (w ~ /^[0-9]+$/) {
            numbers++
            numsum += w
            if (w % 7 == 0)
                sevens++
            g = gcd(w + 0, 360)
            gcds[g]++
        } else {
            pair[substr(w, 1, 1), length(w) % 5]++
        }
    }
    if (match($0, /([a-z]+)ing ([a-z]+)/, m))
        gerunds[m[1] "/" m[2]]++
    n = split($0, parts, /[,.] */)
    pieces += n
    t = $0
    subs += gsub(/ka|lo|mi/, "<&>", t)
    r = gensub(/([a-z])([a-z]*) ([a-z]+)/, "\\3 \\1\\2", "g", $1 " " $2)
    rlen += length(r)
    if (NR % 97 == 0)
        sample[NR] = sprintf("%-12s|%8.3f|%5d|%x|%c|%e", substr($1, 1, 12), NR / 7, NF, NR, 65 + NR % 26, NR * 1.5)
    h = xor(h, checksum(substr($0, 1, 40)))
    if (NR % 500 == 0)
        next
    last = $NF
}

END {
    print "lines", lines, "chars", chars, "fields", fields, "pieces", pieces
    print "numbers", numbers, "sum", numsum, "sevens", sevens + 0
    print "substitutions", subs, "rewritten", rlen, "checksum", h
    distinct = length(freq)
    print "distinct words", distinct
    # the 20 most frequent words, ties by word
    PROCINFO["sorted_in"] = "@val_num_desc"
    k = 0
    for (w in freq) {
        if (++k > 20)
            break
        printf "%-16s %7d %s\n", w, freq[w], rev(w)
    }
    PROCINFO["sorted_in"] = "@ind_str_asc"
    for (c in kind)
        print "kind", c, kind[c]
    for (g in gcds)
        print "gcd", g, gcds[g]
    for (p in pair) {
        split(p, ix, SUBSEP)
        if (pair[p] > lines / 50)
            print "pair", ix[1], ix[2], pair[p]
    }
    n = asorti(gerunds, sorted)
    print "gerund pairs", n, (n ? sorted[1] : "-"), (n ? sorted[n] : "-")
    for (s in sample)
        print "sample", s, sample[s]
    nc = asort(freq, counts, "@val_num_asc")
    print "median count", counts[int((nc + 1) / 2)], "max", counts[nc]
    for (i = 0; i < 25; i++)
        print "fib", i, fib(i)
    x = 0
    for (i = 1; i <= 20000; i++)
        x += sin(i) * cos(i / 3) + sqrt(i) - log(i) + exp(-i / 1000) + atan2(i, 7)
    printf "math %.6f int %d rand %.6f\n", x, int(x), rand()
    print "bits", and(0xF0F0, 0x3C3C), or(1, 6), compl(0) % 1000, rshift(4096, 3)
    print "time", strftime("%Y-%m-%d %H:%M:%S %j", 1700000000, 1), mktime("2024 02 29 12 00 00", 1)
    print "types", typeof(freq), typeof(lines), typeof(""), typeof(zzz), isarray(pair)
    do { i-- } while (i > 0 && i % 1000)
    print "do", i
    while ((getline line < ARGV[1]) > 0 && ++read < 10)
        first = first substr(line, 1, 3)
    close(ARGV[1])
    print "first", first, "read", read
    printf "%s %d %5.1f%% %o %X %10.4s|\n", "done", 42, 99.5, 8, 255, "truncated"
}
