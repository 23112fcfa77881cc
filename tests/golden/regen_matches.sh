#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A fresh simulator capture with the same seed decodes exactly like the
# committed one, and two runs are the same bytes: the simulator and the
# writer are deterministic.
set -eu
HWMSGD=$1 HWMSG=$2 G=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$HWMSGD" --sim --rate 0 --seed 1 -c 1100 -q -w "$T/sim.pcapng.zst"
"$HWMSG" show -V -c 300 "$T/sim.pcapng.zst" > "$T/show-V.txt"
diff -u "$G/sim.show-V.txt" "$T/show-V.txt"
# uncompressed and compressed captures carry the same records
"$HWMSGD" --sim --rate 0 --seed 1 -c 1100 -q -w "$T/sim.pcapng"
"$HWMSG" show -V -c 300 "$T/sim.pcapng" | diff -u "$T/show-V.txt" -
# and byte for byte on one machine: nothing in it reads the wall clock
"$HWMSGD" --sim --rate 0 --seed 1 -c 1100 -q -w "$T/again.pcapng"
cmp "$T/sim.pcapng" "$T/again.pcapng"
"$HWMSGD" --sim --rate 0 --seed 1 -c 1100 -q -w "$T/again.pcapng.zst"
cmp "$T/sim.pcapng.zst" "$T/again.pcapng.zst"
test "$(head -c 4 "$T/sim.pcapng.zst" | od -An -tx1 | tr -d ' ')" = 28b52ffd
test "$(head -c 4 "$T/sim.pcapng" | od -An -tx1 | tr -d ' ')" = 0a0d0d0a
echo "regen: same seed, same capture"
