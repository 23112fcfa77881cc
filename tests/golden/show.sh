#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg show, show -V and stat of the committed capture match the golden text.
set -eu
HWMSG=$2 G=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$HWMSG" show "$G/sim.pcapng.zst" > "$T/show.txt"
diff -u "$G/sim.show.txt" "$T/show.txt"
"$HWMSG" show -V -c 300 "$G/sim.pcapng.zst" > "$T/show-V.txt"
diff -u "$G/sim.show-V.txt" "$T/show-V.txt"
"$HWMSG" stat "$G/sim.pcapng.zst" | sed 1d > "$T/stat.txt"
diff -u "$G/sim.stat.txt" "$T/stat.txt"
# the golden text itself holds what the simulator is known to say
grep -q 'EMAD MGIR query request' "$G/sim.show.txt"
grep -q 'EMAD RITR write response rif [0-9]* bad parameter(7) tid 0x[0-9a-f]* .*"RITR: rif' "$G/sim.show.txt"
grep -q 'CMD_REG PTYS' "$G/sim.show.txt"
grep -q 'retransmit 1' "$G/sim.show.txt"
test "$(wc -l < "$T/show.txt")" -ge 1100
# -R and -c: N of the selected records, by name or id; bad values are
# usage errors, not an empty listing
"$HWMSG" show -R pmlp -c 5 "$G/sim.pcapng.zst" > "$T/r.txt"
test "$(grep -c ' PMLP ' "$T/r.txt")" -eq 5 && test "$(wc -l < "$T/r.txt")" -eq 5
"$HWMSG" show -R 0x5002 "$G/sim.pcapng.zst" | grep -v '^orphan' > "$T/r2.txt"
test "$(grep -v '^orphan' "$G/sim.show.txt" | grep -c ' PMLP ')" -eq "$(wc -l < "$T/r2.txt")"
rc=0; "$HWMSG" show -R NOPE "$G/sim.pcapng.zst" > "$T/out" 2> "$T/err" || rc=$?
test "$rc" -eq 2 && test ! -s "$T/out" && grep -q "unknown register 'NOPE'" "$T/err"
rc=0; "$HWMSG" show -c 12x "$G/sim.pcapng.zst" > "$T/out" 2> "$T/err" || rc=$?
test "$rc" -eq 2 && test ! -s "$T/out" && grep -q "'12x' is not a count" "$T/err"
echo "show: golden outputs match"
