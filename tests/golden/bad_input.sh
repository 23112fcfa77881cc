#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input gets one clear line naming the file and place, never a crash;
# records before the damage are still shown.
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

printf 'not a capture at all' > "$T/junk"
if "$HWMSG" show "$T/junk" > "$T/out" 2> "$T/err"; then exit 1; fi
test "$(wc -l < "$T/err")" -eq 1
grep -q "junk" "$T/err"

"$HWMSG" show /nonexistent/file 2> "$T/err" && exit 1
grep -q "/nonexistent/file" "$T/err"

# a compressed capture cut in the middle: what came before still decodes
"$HWMSGD" --sim --rate 0 -c 5000 -q -w "$T/full.pcapng.zst"
size=$(stat -c %s "$T/full.pcapng.zst")
head -c $((size * 2 / 3)) "$T/full.pcapng.zst" > "$T/cut.pcapng.zst"
"$HWMSG" show "$T/cut.pcapng.zst" > "$T/cut.txt" 2> "$T/cut.err" || true
n=$(grep -vc '^orphan' "$T/cut.txt")
test "$n" -gt 0 && test "$n" -lt 5000 || { echo "cut file gave $n records"; exit 1; }
grep -v '^orphan' "$T/cut.txt" > "$T/cut-records.txt"
"$HWMSG" show "$T/full.pcapng.zst" | head -n "$n" | diff -q - "$T/cut-records.txt" > /dev/null ||
	{ head -n 5 "$T/cut.txt"; echo "cut file records differ from the original"; exit 1; }
echo "bad input: ok ($n records before the cut)"
