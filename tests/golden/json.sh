#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg show -j: one valid JSON object per record, carrying what the text
# says (checked with jq against the golden text), and -jV the fields.
set -eu
HWMSG=$2 G=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$HWMSG" show -jV "$G/sim.pcapng.zst" > "$T/all.json"
test "$(jq -c . "$T/all.json" | wc -l)" -eq 1100
test "$(jq -s length "$T/all.json")" -eq 1100
# the same errors, tids and strings as the text output
jq -r 'select(.status != null and .status != 0) |
	"\(.reg) \(.status) \(.tid)"' "$T/all.json" > "$T/err.json.txt"
grep -E 'response .*(busy|bad parameter)' "$G/sim.show.txt" |
	sed -E 's/.*EMAD ([A-Z]+) .*\(([0-9]+)\) tid (0x[0-9a-f]+).*/\1 \2 \3/' > "$T/err.txt"
diff -u "$T/err.txt" "$T/err.json.txt"
test "$(jq -r 'select(.fw_string) | .fw_string' "$T/all.json" | head -n 1)" = \
	"$(grep -o '"RITR: [^"]*"' "$G/sim.show.txt" | head -n 1 | tr -d '"')"
# timestamps survive jq to the nanosecond (a string: a number would not)
test "$(jq -r -s '.[1].ts' "$T/all.json")" = 1767225600000121922
# a retransmission and the latency of every matched response
test "$(jq -s '[.[] | select(.retransmit == 1)] | length' "$T/all.json")" -eq \
	"$(grep -c 'retransmit 1' "$G/sim.show.txt")"
test "$(jq -s '[.[] | select(.latency_ns)] | length' "$T/all.json")" -eq \
	"$(grep -c ' latency ' "$G/sim.show.txt")"
# decoded fields: PAOS index and MGIR's PSID string, as -V prints them
jq -r 'select(.reg == "PAOS") | .index.local_port' "$T/all.json" | sort -un > "$T/ports"
test "$(wc -l < "$T/ports")" -ge 2
psid=$(sed -n 's/^ *psid *"\(.*\)"$/\1/p' "$G/sim.show-V.txt" | head -n 1)
test -n "$psid"
test "$(jq -r 'select(.reg == "MGIR" and .response) | .fields["fw_info.psid"]' "$T/all.json" | head -n 1)" = "$psid"
# quantities: the first MTMP response's temperature, raw and in C, equal
# to what -V prints ("414 (51.75 C)")
want=$(sed -n 's/^ *temperature *\([0-9-]*\) (\([0-9.-]*\) C)$/\1 \2/p' "$G/sim.show-V.txt" | head -n 1)
test -n "$want"
got=$(jq -r 'select(.reg == "MTMP" and .response and .fields.temperature) |
	"\(.fields.temperature) \(.quantities.temperature.value)"' "$T/all.json" | head -n 1)
test "$got" = "$want" || { echo "MTMP: json '$got', text '$want'"; exit 1; }
test "$(jq -r 'select(.reg == "MTMP" and .response) | .quantities.temperature.unit' "$T/all.json" | sort -u)" = C
# no quantities object without units (PAOS has none)
test "$(jq -s '[.[] | select(.reg == "PAOS" and .quantities)] | length' "$T/all.json")" -eq 0
echo "json: 1100 records agree with the text"
# stat -j: the same counts as the text table, row for row
"$HWMSG" stat -j "$G/sim.pcapng.zst" > "$T/stat.json"
jq -e '.records == 1100 and .drops.known and .drops.dropped == 0' "$T/stat.json" > /dev/null
jq -r '.registers[] | "\(.reg) \(.method) \(.requests) \(.responses) \(.errors) \(.retransmits) \(.orphans)"' \
	"$T/stat.json" > "$T/stat.json.txt"
awk '/^REGISTER/ { on = 1; next } on && NF { print $1, $2, $3, $4, $5, $6, $7 }' \
	"$G/sim.stat.txt" > "$T/stat.txt"
diff -u "$T/stat.txt" "$T/stat.json.txt"
