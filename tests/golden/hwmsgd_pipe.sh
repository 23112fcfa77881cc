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
