#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Wireshark's own tools read what we write: packet count, link type,
# nanosecond resolution, one interface per simulated device.
set -eu
G=$3
out=$(capinfos -c -E -T -m -Q "$G/sim.pcapng.zst" 2>&1) || { echo "$out"; exit 1; }
echo "$out"
echo "$out" | grep -q '"1100"' || { echo "expected 1100 packets"; exit 1; }
info=$(capinfos "$G/sim.pcapng.zst")
echo "$info" | grep -q 'USER 15' || { echo "expected encapsulation USER 15"; exit 1; }
echo "$info" | grep -q 'nanoseconds' || { echo "expected ns resolution"; exit 1; }
echo "$info" | grep -q 'Number of interfaces in file: 2' ||
	{ echo "expected 2 interfaces"; exit 1; }
echo "capinfos: ok"
