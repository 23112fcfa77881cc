#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# -w - writes to stdout and hwmsg show - reads stdin, plain and compressed.
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$HWMSGD" --sim --rate 0 -c 300 -q -w "$T/f.pcapng"
"$HWMSG" show "$T/f.pcapng" > "$T/file.txt"
"$HWMSGD" --sim --rate 0 -c 300 -q -w - | "$HWMSG" show - > "$T/pipe.txt"
diff -u "$T/file.txt" "$T/pipe.txt"
"$HWMSGD" --sim --rate 0 -c 300 -q -z -w - | "$HWMSG" show - > "$T/zpipe.txt"
diff -u "$T/file.txt" "$T/zpipe.txt"
echo "pipes: ok"
# the reader going away is the end of the capture, not an error
( "$HWMSGD" --sim --rate 0 -c 100000 -z -w - 2> "$T/err"; echo $? > "$T/rc" ) |
	head -c 1000 > /dev/null
test "$(cat "$T/rc")" -eq 0 || { cat "$T/err"; exit 1; }
grep -q 'records written to - (the reader went away), 0 dropped$' "$T/err"
"$HWMSGD" --sim --rate 0 -c 20000 -q -w "$T/big.pcapng"	# > a pipe's buffer
( "$HWMSG" show "$T/big.pcapng" 2> "$T/err"; echo $? > "$T/rc" ) | head -n 1 > /dev/null
test "$(cat "$T/rc")" -eq 0 && test ! -s "$T/err"
echo "readers that leave: ok"
