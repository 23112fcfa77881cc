#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --sim=mlxsw plays the recorded mlxsw conversation: hwmsg stat of 6000
# records (the probe, then into the configuration work) matches the golden
# text, a second run is the same bytes, and the probe's transactions are
# the recording's, tids and times aside.
set -eu
HWMSGD=$1 HWMSG=$2 G=$3
D=$G/../data
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$HWMSGD" --sim=mlxsw --rate 0 --seed 1 -c 6000 -q -w "$T/m.pcapng.zst"
"$HWMSG" stat "$T/m.pcapng.zst" | sed 1d > "$T/stat.txt"
diff -u "$G/sim_mlxsw.stat.txt" "$T/stat.txt"
"$HWMSGD" --sim=mlxsw --rate 0 --seed 1 -c 6000 -q -w "$T/again.pcapng.zst"
cmp "$T/m.pcapng.zst" "$T/again.pcapng.zst"
# what each probe transaction says, in the order they began: the
# request's line with its answer's, no time, device or tid
txns() {
	"$HWMSG" show "$1" | grep -v '^orphan' |
	awk '{ tid = ""; for (i = 1; i <= NF; i++) if ($i == "tid") tid = $(i + 1)
	       $1 = ""; $2 = ""; line = $0; sub(/ tid 0x[0-9a-f]*/, "", line)
	       if (!(tid in at)) { at[tid] = ++n; order[n] = tid }
	       txt[tid] = txt[tid] line }
	     END { for (i = 1; i <= n; i++) print txt[order[i]] }'
}
txns "$D/mlxsw-probe.pcapng" > "$T/probe.txt"
txns "$T/m.pcapng.zst" | head -n "$(wc -l < "$T/probe.txt")" > "$T/played.txt"
test "$(wc -l < "$T/probe.txt")" -eq 1239
diff -u "$T/probe.txt" "$T/played.txt"
# with the NIC, as scripts/demo.sh runs it
"$HWMSGD" --sim=mlxsw,cx3 --rate 0 -c 2000 -q -w "$T/demo.pcapng.zst"
"$HWMSG" stat "$T/demo.pcapng.zst" > "$T/demo.txt"
grep -q 'pci/0000:03:00.0 (mlxsw_spectrum)' "$T/demo.txt"
grep -q 'pci/0000:81:00.0 (mlx4_core)' "$T/demo.txt"
echo "sim_mlxsw: the recorded conversation, played"
