#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsgd -b: a ring of files switched by size keeps the newest N; the files
# read back in order are the same trace as one continuous capture (pairing
# and statistics go on across the file boundaries).
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"

"$HWMSGD" --sim --rate 0 -c 5000 -q -w one.pcapng.zst
"$HWMSGD" --sim --rate 0 -c 5000 -b filesize:200 -w split.pcapng.zst 2> err
files=$(ls split_*.pcapng.zst | wc -l)
grep -q "5000 records written to split.pcapng.zst ($files files)" err
test "$files" -ge 5 || { echo "only $files files"; exit 1; }
# numbered from 1, contiguous, every one a complete capture
i=1
for f in split_*.pcapng.zst; do
	case $f in split_$(printf %05d $i)_*) ;; *) echo "unexpected $f"; exit 1;; esac
	capinfos -c "$f" > /dev/null
	i=$((i + 1))
done
"$HWMSG" show one.pcapng.zst > one.txt
"$HWMSG" show split_*.pcapng.zst > split.txt
diff -u one.txt split.txt
"$HWMSG" stat one.pcapng.zst | sed 1d > one.stat
"$HWMSG" stat split_*.pcapng.zst | sed 1d > split.stat
diff -u one.stat split.stat
# in any order: the duration spans the earliest to the latest record
"$HWMSG" stat $(ls -r split_*.pcapng.zst) | sed 1d > reverse.stat
test "$(grep '^duration' one.stat)" = "$(grep '^duration' reverse.stat)" ||
	{ grep '^duration' one.stat reverse.stat; exit 1; }
grep -q '^records   5000 ' reverse.stat

# files:N keeps the newest N, which hold the last records
"$HWMSGD" --sim --rate 0 -c 5000 -q -b filesize:200 -b files:3 -w ring.pcapng
test "$(ls ring_*.pcapng | wc -l)" -eq 3
last=$(ls ring_*.pcapng | tail -n 1)
test "$last" != "$(ls ring_*.pcapng | head -n 1)"
"$HWMSG" show ring_*.pcapng | grep -v '^orphan' | tail -n 20 > ring.tail
grep -v '^orphan' one.txt | tail -n 20 | diff -u - ring.tail

# bad -b arguments are refused with one line
if "$HWMSGD" --sim -b files:3 -w x.pcapng 2> err; then exit 1; fi
grep -q 'files:N needs' err
if "$HWMSGD" --sim -b size:3 -w x.pcapng 2> err; then exit 1; fi
grep -q 'expected filesize:KB' err
if "$HWMSGD" --sim -b filesize:10 -w - > /dev/null 2> err; then exit 1; fi
grep -q 'standard output' err
echo "ring: $files files, same trace"
