#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsgd -f keeps exactly what hwmsg show -Y selects from the same records,
# counts the rest as filtered (not dropped) in the file's ISBs, and says
# which filter in the file; Wireshark reads the counts too.
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
F='emad.status != 0 || mlxreg.mtmp.sensor_index == 0 || cmd_reg.method == write'

"$HWMSGD" --sim --rate 0 -c 20000 -q -w all.pcapng
"$HWMSG" show -N --no-pair -Y "$F" all.pcapng > want.txt
k=$(wc -l < want.txt)
last=$(tail -n 1 want.txt | cut -d' ' -f1)
test "$k" -gt 100 || { echo "only $k records match"; exit 1; }

"$HWMSGD" --sim --rate 0 -c "$k" -f "$F" -w some.pcapng.zst 2> err
grep -q "$k records written to some.pcapng.zst, $((last - k)) filtered out, 0 dropped" err ||
	{ cat err; exit 1; }
# the same records, in the same order
cut -d' ' -f2- want.txt > want.lines
"$HWMSG" show --no-pair some.pcapng.zst > got.lines
diff -u want.lines got.lines
# the file says so: its statistics and its comment
"$HWMSG" stat some.pcapng.zst > stat.txt
grep -q "^dropped   0 of $k\$" stat.txt || { cat stat.txt; exit 1; }
grep -q "^filtered  $((last - k)) left out by the filter the file was written with\$" stat.txt ||
	{ cat stat.txt; exit 1; }
capinfos some.pcapng.zst > cap.txt
grep -q "filter: $F" cap.txt || { cat cap.txt; exit 1; }
test "$(capinfos -cM some.pcapng.zst | sed -n 's/^Number of packets: *//p')" -eq "$k"

# a bad filter: a usage error naming the column, no file
if "$HWMSGD" --sim -f 'emad.status = 1' -w bad.pcapng 2> err; then exit 1; fi
grep -q '^hwmsgd: -f: column 13: ' err || { cat err; exit 1; }
test ! -e bad.pcapng
echo "hwmsgd -f: $k kept, $((last - k)) filtered, same as show -Y"
