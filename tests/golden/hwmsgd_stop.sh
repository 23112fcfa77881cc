#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsgd stops cleanly: on -c, on -a duration, and on SIGINT/SIGTERM with a
# complete, readable file that holds what it said it wrote.
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

"$HWMSGD" --sim --rate 0 -c 1234 -w "$T/c.pcapng" 2> "$T/c.err"
grep -q '1234 records written' "$T/c.err"
test "$("$HWMSG" show "$T/c.pcapng" | grep -vc '^orphan')" -eq 1234

start=$(date +%s)
"$HWMSGD" --sim --rate 200 -a duration:2 -w "$T/a.pcapng.zst" 2> "$T/a.err"
end=$(date +%s)
test $((end - start)) -ge 1 && test $((end - start)) -le 4
n=$("$HWMSG" show "$T/a.pcapng.zst" | grep -vc '^orphan')
# 2 s at 200/s, with slack for a loaded machine
test "$n" -ge 250 && test "$n" -le 450 || { echo "duration run wrote $n"; exit 1; }

for sig in INT TERM; do
	"$HWMSGD" --sim --rate 500 -w "$T/s.pcapng.zst" 2> "$T/s.err" &
	pid=$!
	sleep 1.5
	kill -"$sig" "$pid"
	wait "$pid"
	grep -q 'stopped by signal' "$T/s.err"
	said=$(sed -n 's/.*: \([0-9]*\) records written.*/\1/p' "$T/s.err")
	got=$("$HWMSG" show "$T/s.pcapng.zst" | grep -vc '^orphan')
	test "$said" -gt 100 && test "$said" -eq "$got" ||
		{ echo "SIG$sig: said $said, file has $got"; exit 1; }
done
echo "hwmsgd stops cleanly"
