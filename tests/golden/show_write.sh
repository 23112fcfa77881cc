#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg show -Y ... -w: a slice that capinfos, tshark and hwmsg read with
# the expected records, the source's drop counts, the rest counted as
# filtered and the selection in its comment; --pairs adds the other half
# of every selected transaction.
set -eu
HWMSGD=$1 HWMSG=$2 G=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
SRC=$G/sim.pcapng.zst
F='emad.status != 0 || mlxreg.mtmp.sensor_index == 0'

"$HWMSG" show -Y "$F" "$SRC" > want.txt
n=$(wc -l < want.txt)
test "$n" -gt 10
"$HWMSG" show -Y "$F" -w slice.pcapng.zst "$SRC" 2> err > out
test ! -s out
grep -q "^hwmsg show: $n of 1100 records written to slice.pcapng.zst\$" err ||
	{ cat err; exit 1; }
# the same records (their pairs are gone, so no latency: compare without)
"$HWMSG" show --no-pair -Y "$F" "$SRC" > want.nopair
"$HWMSG" show --no-pair slice.pcapng.zst > got.nopair
diff -u want.nopair got.nopair
test "$(capinfos -cM slice.pcapng.zst | sed -n 's/^Number of packets: *//p')" -eq "$n"
test "$(tshark -r slice.pcapng.zst 2>/dev/null | wc -l)" -eq "$n"
capinfos slice.pcapng.zst | grep -q "filter: $F" || { capinfos slice.pcapng.zst; exit 1; }
"$HWMSG" stat slice.pcapng.zst > stat.txt
grep -q "^dropped   0 of $n\$" stat.txt || { cat stat.txt; exit 1; }
grep -q "^filtered  $((1100 - n)) left out by the filter" stat.txt || { cat stat.txt; exit 1; }

# --pairs: every response's request and every request's response
"$HWMSG" show -Y 'emad.status != 0' --pairs -w pairs.pcapng "$SRC" 2> err
"$HWMSG" show pairs.pcapng | grep -v "^orphan" > pairs.txt
resp=$("$HWMSG" show -Y 'emad.status != 0' "$SRC" | wc -l)
test "$(wc -l < pairs.txt)" -eq $((2 * resp)) || { cat pairs.txt; exit 1; }
# each response is paired again in the slice: it has its latency
test "$(grep -c ' latency ' pairs.txt)" -eq "$resp"
"$HWMSG" show -Y 'emad.r == 0 && emad.reg_name == "MTMP"' --pairs -w req.pcapng "$SRC" 2> /dev/null
test "$("$HWMSG" show -Y 'emad.r == 1' req.pcapng | wc -l)" -eq \
	"$("$HWMSG" show -Y 'emad.r == 0' req.pcapng | wc -l)"

# the source's drops travel with the slice
D=$G/../fuzz/corpus/fuzz_reader/isb-drops-be.pcapng
"$HWMSG" show -Y 'frame.number > 2' -w drops.pcapng "$D" 2> /dev/null
"$HWMSG" stat drops.pcapng > dstat.txt
grep -q "^dropped   15 (12 by device, 3 not attributable) of 17\$" dstat.txt ||
	{ cat dstat.txt; exit 1; }

# --pairs needs -w
if "$HWMSG" show --pairs "$SRC" > /dev/null 2> err; then exit 1; fi
grep -q -- '--pairs goes with -w' err
echo "show -w: $n records, pairs $((2 * resp))"
