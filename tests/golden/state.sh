#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg state: the latest confirmed contents of each register instance,
# checked against the records themselves (hwmsg show -V of the last
# response for that instance), at the end and --at a moment; --port.
set -eu
HWMSGD=$1 HWMSG=$2 G=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
SRC=$G/sim.pcapng.zst

# the last PTYS query response of the NIC's port 2 (Ethernet: proto_mask is
# an index field, so InfiniBand is another instance), as show -V decodes it
"$HWMSG" show -V -Y 'cmd_reg.reg_name == "PTYS" && devlink_hwmsg.dir == from_hw && mlxreg.ptys.local_port == 2 && mlxreg.ptys.proto_mask == ethernet && cmd_reg.status == 0' "$SRC" > ptys.txt
want=$(awk '/^[0-9]/ { n = 0; delete f; next } /^        [a-z]/ { f[++n] = $0 } END { for (i = 1; i <= n; i++) print f[i] }' ptys.txt)
"$HWMSG" state -d pci/0000:81:00.0 "$SRC" > state.txt
got=$(awk '/^  PTYS local_port 2 proto_mask ethernet \(4\) / { on = 1; next } /^  [A-Z]/ { on = 0 } on' state.txt |
	sed 's/^    /        /')
test -n "$want"
[ "$got" = "$want" ] || { echo "want:"; echo "$want"; echo "got:"; echo "$got"; exit 1; }

# the port table
"$HWMSG" state --port "$SRC" > ports.txt
grep -q '^  3 *up  *[^ ]*  *100gbase_cr4  *x4  *2,2,2,2 ' ports.txt || { cat ports.txt; exit 1; }
grep -q '^  1 *up  *up  *40gbase_cr4  *-  *-  *1522 bytes$' ports.txt || { cat ports.txt; exit 1; }
# --at: only what was seen by then (port 4 of the switch is set up later)
"$HWMSG" state --port --at 0.1 "$SRC" > early.txt
grep -q '^  3 *up ' early.txt
if grep -q '^  5 ' early.txt; then cat early.txt; exit 1; fi
test "$(wc -l < early.txt)" -lt "$(wc -l < ports.txt)"

# JSON: one valid object per instance, the same instances as the text
"$HWMSG" state -j "$SRC" > state.json
jq -e . state.json > /dev/null
test "$(wc -l < state.json)" -eq "$("$HWMSG" state "$SRC" | grep -c '^  [A-Z]')"
jq -r 'select(.instance == "PAOS local_port 3") | .fields.admin_status' state.json |
	grep -qx 'up (1)'
"$HWMSG" state --port -j "$SRC" | jq -e -s 'map(select(.local_port == 1 and .dev == "pci/0000:81:00.0")) | length == 1 and .[0].mtu == "1522 bytes"' > /dev/null
echo "state: ok"
