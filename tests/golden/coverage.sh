#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg regs coverage on what Linux 6.1's mlxsw_spectrum sent a simulated
# Spectrum-1 (tests/data/README.md): every register known with a layout,
# every bit of every request and response decoded by some field. The
# table goes to the test log. A capture with bits no field decodes (the
# hand-made PMLP of emad_eth.pcap) exits 1 and names them.
set -eu
HWMSG=$2
G=$3
D=$G/../data
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

for f in "$D/mlxsw-probe.pcapng" "$D/mlxsw-ops.pcapng.zst"; do
	echo "== hwmsg regs coverage $(basename "$f")"
	st=0
	"$HWMSG" regs coverage "$f" > "$T/cov.txt" || st=$?
	cat "$T/cov.txt"
	test "$st" -eq 0
	head -n 1 "$T/cov.txt" | grep -Eq '^REGISTER +ID +MSGS +LAYOUT +UNDECODED +SHORT'
	# every row: a name, a layout, no message with undecoded or missing bits
	awk 'NR > 1 && !/^coverage:/ && ($1 == "?" || $4 != "yes" ||
	     $5 != 0 || $6 != 0 || $7 != "-") { print "not decoded: " $0; bad = 1 }
	     END { exit bad }' "$T/cov.txt"
	tail -n 1 "$T/cov.txt" | awk '
	    /^coverage: [0-9]+ of [0-9]+ registers, [0-9]+ of [0-9]+ messages fully decoded$/ &&
	    $2 == $4 && $6 == $8 && $8 > 0 { ok = 1 } END { exit !ok }'
done
# both at once: one table, the registers of both
"$HWMSG" regs coverage "$D/mlxsw-probe.pcapng" "$D/mlxsw-ops.pcapng.zst" \
	> "$T/both.txt"
tail -n 1 "$T/both.txt" | grep -Eqx 'coverage: ([0-9]+) of \1 registers, 7074 of 7074 messages fully decoded'

# JSON: the same numbers
"$HWMSG" regs -j coverage "$D/mlxsw-probe.pcapng" > "$T/cov.json"
python3 - "$T/cov.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["messages_total"] == 2478 == j["messages_full"], j
assert j["registers_full"] == j["registers_total"] == len(j["registers"])
assert all(r["full"] and r["layout"] and r["undecoded_bits"] == ""
           for r in j["registers"])
assert {"MGIR", "MTMP", "PMLP", "SBCM", "QPCR"} <= {r["name"] for r in j["registers"]}
PY

# undecoded bits: exit 1, the positions in the table
st=0
"$HWMSG" regs coverage "$D/emad_eth.pcap" > "$T/bad.txt" || st=$?
test "$st" -eq 1
grep -Eq '^PMLP +0x5002 +1 +yes +1 +0  0x00\.24 ' "$T/bad.txt"
grep -qx 'coverage: 0 of 1 registers, 0 of 1 messages fully decoded' "$T/bad.txt"
# a file that is no capture: 2
st=0
"$HWMSG" regs coverage "$T/none" 2> /dev/null || st=$?
test "$st" -eq 2
