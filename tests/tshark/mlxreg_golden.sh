# SPDX-License-Identifier: GPL-2.0-or-later
# mlxreg register fields on the golden simulator capture. hwmsg show -V
# (sim.show-V.txt, the first 300 records) and the plugin decode with the
# same library: every register field show -V prints (depth 0, and depth 1
# inside one array element or layout) must have the same value in tshark's
# mlxreg.<reg>.<path> field; then filters, enum names, the Info summary.
# usage: mlxreg_golden.sh PLUGIN.so GOLDEN_DIR
set -u

. "$(dirname "$0")/tshark_lib.sh"
. "$(dirname "$0")/mlxreg_lib.sh"

G=$2
[ -f "$G/sim.pcapng.zst" ] && [ -f "$G/sim.show-V.txt" ] || exit 77
tshark_setup "$1"
cp "$G/sim.pcapng.zst" "$home/in/" || exit 1
tshark_ready
cap=$home/in/sim.pcapng.zst
F="-T fields -E separator=|"

# -- every printed field, cross-checked ------------------------------------
mlxreg_crosscheck "every field show -V prints for 300 records has tshark's value" \
	"$G/sim.show-V.txt" "$cap"
checks=$((checks + 1))
if [ "$xc_values" -lt 500 ] ||
   [ "$(cut -d'|' -f2 "$home/xc_want" | cut -d. -f2 | sort -u | wc -l)" -lt 10 ]; then
	fails=$((fails + 1))
	echo "FAIL: the cross-check covers too little ($xc_values values)"
fi

# -- filters on register fields --------------------------------------------
x4=$(awk '/^[0-9][0-9]:/ { n++; r = $5 } r == "PMLP" && /^        width +x4 \(4\)/ { print n }' "$G/sim.show-V.txt")
check "mlxreg.pmlp.width == 4 (frames from show -V)" "$x4" \
	-r "$cap" -Y "mlxreg.pmlp.width == 4 && frame.number <= 300" $F -e frame.number
post="wc -l | tr -d ' '"
check "mlxreg.pmlp.width == 4 in the whole capture" "32" \
	-r "$cap" -Y "mlxreg.pmlp.width == 4" $F -e frame.number
post=cat
check "PAOS admin_status, oper_status, local_port" "12|1|1|1
32|1|1|2
53|1|0|2" -r "$cap" -Y "frame.number in {12, 32, 53}" $F -e frame.number \
	-e mlxreg.paos.admin_status -e mlxreg.paos.oper_status \
	-e mlxreg.paos.local_port
check "an array field's elements" "0,1,2,3,0,0,0,0|0,1,2,3,0,0,0,0" \
	-r "$cap" -Y "frame.number == 14" $F \
	-e mlxreg.pmlp.lane_module_mapping.rx_lane \
	-e mlxreg.pmlp.lane_module_mapping.tx_lane
check "MGIR PSID string" "2|MT_2750111033" \
	-r "$cap" -Y 'mlxreg.mgir.fw_info.psid == "MT_2750111033"' $F \
	-e frame.number -e mlxreg.mgir.fw_info.psid
check "enum by name in a filter" "12
32" -r "$cap" -Y 'mlxreg.paos.oper_status == "up" && frame.number <= 40' \
	$F -e frame.number

# -- the tree: enum names, groups, summary ----------------------------------
post="grep -E '^ +(PMLP local_port 1|width: x4 \\(4\\)|lane_module_mapping\\[2\\]|tx_lane: 2|PAOS local_port 1|oper_status: up \\(1\\))\$' | sed 's/^ *//' | sort -u"
check "enum names and subtrees in -V" "PAOS local_port 1
PMLP local_port 1
lane_module_mapping[2]
oper_status: up (1)
tx_lane: 2
width: x4 (4)" -r "$cap" -Y "frame.number in {12, 14}" -V
post=cat
# units and scales from the database, after the raw value as in show -V
post="grep -E '^ +(temperature|max_temperature|admin_mtu): ' | sed 's/^ *//'"
check "units and scaled values in -V" "temperature: 414 (51.75 C)
max_temperature: 416 (52 C)
admin_mtu: 1522 bytes" -r "$cap" -Y "frame.number in {16, 17}" -V
post=cat
check "index summary in the Info column" \
"PAOS query response (CMD_REG) local_port 1
PMLP query response tid 0xfc94d6cb00000003 local_port 1" \
	-r "$cap" -Y "frame.number in {12, 14}" $F -e _ws.col.Info

# -- every register message decodes, with nothing missing -----------------
post="wc -l | tr -d ' '"
check "every EMAD/CMD_REG frame has register fields" "1100" \
	-r "$cap" -Y "mlxreg" $F -e frame.number
check "no missing fields" "0" -r "$cap" -Y "_ws.expert && mlxreg.missing" \
	$F -e frame.number
post=cat

tshark_summary
