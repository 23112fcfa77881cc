# SPDX-License-Identifier: GPL-2.0-or-later
# mlxreg with vendor (ADB) register descriptions: registers only an ADB
# file describes decode when it is loaded through HWMSG_ADB_PATH, the
# adb_file preference (command line or preferences file), not with
# load_adb off; a payload cut short gives expert info naming the first
# missing field; every register of the built-in and installed databases,
# fed random bytes, decodes as hwmsg show -V decodes it, with no error;
# the installed mstflint files decode too and register their fields.
# usage: mlxreg_adb.sh PLUGIN.so GEN_MLXREG HWMSG
# Expected values follow the frames described in gen_mlxreg.c.
set -u

. "$(dirname "$0")/tshark_lib.sh"
. "$(dirname "$0")/mlxreg_lib.sh"

sw=/usr/share/mstflint/prm_dbs/switch/ext/register_access_table.adb
hca=/usr/share/mstflint/prm_dbs/hca/ext/register_access_table.adb
if [ -r "$sw" ] && [ -r "$hca" ]; then installed="$sw:$hca"; else installed=":"; fi

tshark_setup "$1"
# allregs.pcap: every register of the built-in and installed databases
(export HWMSG_ADB_PATH="$installed"; "$2" "$home/in") ||
	{ echo "FAIL: generator"; exit 1; }
tshark_ready

cap=$home/in/mlxreg.pcap
adb=$home/in/mlxreg.adb
F="-T fields -E separator=|"
# ts with the register database from ADB files $1 (":" for none)
tsa() {
	(export HWMSG_ADB_PATH="$1"; shift; ts "$@")
}
# check NAME WANT ADB-LIST TSHARK-ARGS...
checka() {
	name=$1 want=$2 list=$3
	shift 3
	# shellcheck disable=SC2030,SC2031
	(export HWMSG_ADB_PATH="$list"; check "$name" "$want" "$@"; \
	 echo "$checks $fails" >"$home/count")
	read -r checks fails <"$home/count"
}

# -- not loaded: the payload stays bytes ------------------------------------
checka "without the ADB: MLXT is bytes" \
"1|001120040000000000020007000000000000000061620000|
2|000000000000000100000002|" ":" \
	-r "$cap" -Y "frame.number <= 2" $F -e frame.number -e emad.reg.data \
	-e mlxreg

# -- HWMSG_ADB_PATH -----------------------------------------------------------
want_mlxt="1|4|529|0,7,0,0|0,2,0,0|ab"
# the ADB's lp_msb is joined into local_port: the filter sees 529
checka "HWMSG_ADB_PATH: MLXT fields" "$want_mlxt" "$adb" \
	-r "$cap" -Y "mlxreg.mlxt.local_port == 529" $F -e frame.number \
	-e mlxreg.mlxt.width -e mlxreg.mlxt.local_port \
	-e mlxreg.mlxt.lanes.module -e mlxreg.mlxt.lanes.tx_lane \
	-e mlxreg.mlxt.name
checka "HWMSG_ADB_PATH: union arms by selector" "2|0|4294967298|
3|5||42" "$adb" \
	-r "$cap" -Y "mlxreg.mlxu" $F -e frame.number -e mlxreg.mlxu.grp \
	-e mlxreg.mlxu.counters.arm_eth.frames \
	-e mlxreg.mlxu.counters.arm_ib.symbols
post="grep -E '^ +(MLXT local_port 529|width: x4 \\(4\\)|lanes\\[1\\]|module: 7|MLXU grp IB \\(5\\)|arm_ib)\$' | sed 's/^ *//'"
checka "HWMSG_ADB_PATH: enum names and subtrees in -V" "MLXT local_port 529
width: x4 (4)
lanes[1]
module: 7
MLXU grp IB (5)
arm_ib" "$adb" -r "$cap" -Y "frame.number in {1, 3}" -V
post=cat

# -- the preference -------------------------------------------------------------
checka "adb_file preference (-o): MLXT fields" "$want_mlxt" ":" \
	-o "mlxreg.adb_file:$adb" -r "$cap" -Y "mlxreg.mlxt.width == 4" $F \
	-e frame.number -e mlxreg.mlxt.width -e mlxreg.mlxt.local_port \
	-e mlxreg.mlxt.lanes.module -e mlxreg.mlxt.lanes.tx_lane \
	-e mlxreg.mlxt.name
mkdir -p "$home/.config/wireshark"
echo "mlxreg.adb_file: $adb" >"$home/.config/wireshark/preferences"
chmod -R a+rX "$home/.config"
checka "adb_file preference (preferences file): union arm" "3|42" ":" \
	-r "$cap" -Y "mlxreg.mlxu.counters.arm_ib.symbols == 42" $F \
	-e frame.number -e mlxreg.mlxu.counters.arm_ib.symbols
rm -f "$home/.config/wireshark/preferences"
checka "load_adb off: ADB-only registers stay bytes" \
"1|001120040000000000020007000000000000000061620000|" "$adb" \
	-o mlxreg.load_adb:FALSE -r "$cap" -Y "frame.number == 1" $F \
	-e frame.number -e emad.reg.data -e mlxreg.mlxt.width
checka "a bad adb_file is reported, the rest still decodes" "4|5" ":" \
	-o "mlxreg.adb_file:$home/in/nonexistent.adb" -r "$cap" \
	-Y "mlxreg.paos" $F -e frame.number -e mlxreg.paos.local_port
check_eq "a bad adb_file: the error names the file" "1" \
	"$(grep -c "mlxreg: ADB file $home/in/nonexistent.adb" "$home/stderr")"

checka "a bad HWMSG_ADB_PATH file: built-in registers still decode" "4|5
6|" \
	"$home/in/nonexistent.adb" -r "$cap" -Y "mlxreg" $F -e frame.number \
	-e mlxreg.paos.local_port
check_eq "a bad HWMSG_ADB_PATH file: a warning names it" "1" \
	"$(grep -c "mlxreg: $home/in/nonexistent.adb: .*built-in registers only" "$home/stderr")"

# -- a payload cut short -------------------------------------------------------
checka "truncated PAOS: fields before the cut, expert info naming the first missing" \
"4|5|1|1|PAOS: payload ends at 0x4, field ase at 0x4 and after missing|" ":" \
	-r "$cap" -Y "mlxreg.missing" $F -e frame.number \
	-e mlxreg.paos.local_port -e mlxreg.paos.admin_status \
	-e mlxreg.paos.oper_status -e _ws.expert.message -e mlxreg.paos.ase
checka "truncated PAOS: Info carries the index" \
	"PAOS query response tid 0x5a5a000000000004 local_port 5" ":" \
	-r "$cap" -Y "frame.number == 4" $F -e _ws.col.Info

# -- a bit array: VIDs numbered as the kernel packs them ------------------------
checka "SPMS: a filter on one VID's state finds the frame" "6|3" ":" \
	-r "$cap" -Y 'mlxreg.spms.state == "learning"' $F -e frame.number \
	-e mlxreg.spms.local_port
post="grep -E '^ +state' | sed 's/^ *//'"
checka "SPMS: the tree holds the VIDs with a state, by VID" "state[0]: forwarding (3)
state[10]: learning (2)
state[4095]: discarding (1)" ":" -r "$cap" -Y "frame.number == 6" -V
post=cat

# -- fields ----------------------------------------------------------------------
post="cut -f3 | grep '^mlxreg\\.' | sort | uniq -d"
checka "each mlxreg filter name registered once (built-in + installed ADB)" "" \
	"$installed" -G fields
post="awk -F'\t' '\$3 ~ /^mlxreg\\.(pmlp\\.width|paos\\.local_port|mgir\\.fw_info\\.psid|mgir\\.hw_info\\.manufacturing_base_mac|pmlp\\.rxtx)\$/ { print \$3, \$4 }' | sort"
checka "field types: string, MAC, split local port, bool, enum" \
"mlxreg.mgir.fw_info.psid FT_STRINGZPAD
mlxreg.mgir.hw_info.manufacturing_base_mac FT_ETHER
mlxreg.paos.local_port FT_UINT16
mlxreg.pmlp.rxtx FT_BOOLEAN
mlxreg.pmlp.width FT_UINT8" "$installed" -G fields
post=cat

# -- every register, random bytes, full and cut in half -----------------------
all=$home/in/allregs.pcap
nall=$(tsa "$installed" -r "$all" -T fields -e frame.number | wc -l)
post="grep -c '^Frame [0-9]*:'"
checka "every register with a layout: -V, every frame" "$nall" "$installed" \
	-r "$all" -V
post="wc -l | tr -d ' '"
checka "every register with a layout: every frame decoded" "$nall" "$installed" \
	-r "$all" -Y mlxreg -T fields -e frame.number
checka "every register with a layout: no error expert info" "0" "$installed" \
	-r "$all" -Y "_ws.expert.severity >= 0x00800000" -T fields -e frame.number
checka "every register with a layout: full payloads (odd frames) miss nothing" \
	"0" "$installed" -r "$all" -Y "mlxreg.missing && frame.number % 2 == 1" \
	-T fields -e frame.number
post=cat
echo "allregs.pcap: $nall frames ($((nall / 2)) registers)"
(export HWMSG_ADB_PATH="$installed"; "$3" show -V "$all") \
	>"$home/in/allregs.show-V.txt" 2>&1 &&
	chmod a+r "$home/in/allregs.show-V.txt"
mlxreg_crosscheck "every register with a layout: every field hwmsg show -V prints has tshark's value" \
	"$home/in/allregs.show-V.txt" "$all" "$installed" "$home/in/allregs.txt"
checks=$((checks + 1))
if [ "$nall" -lt 100 ] || { [ "$installed" != ":" ] && [ "$nall" -lt 1000 ]; }; then
	fails=$((fails + 1))
	echo "FAIL: allregs.pcap has only $nall frames"
fi

# -- the installed mstflint databases -----------------------------------------
if [ "$installed" != ":" ]; then
	checka "installed switch ADB: SVER (no built-in layout)" \
		"5|33024|34984|37120" "$sw" \
		-r "$cap" -Y "mlxreg.sver" $F -e frame.number \
		-e mlxreg.sver.ether_type0 -e mlxreg.sver.ether_type1 \
		-e mlxreg.sver.ether_type2

	# their registers add fields (what start-up costs with them is
	# bench/adb_startup.sh's: a benchmark, not a test)
	nf_without=$(tsa ":" -G fields 2>/dev/null | grep -c '	mlxreg\.')
	nf_with=$(tsa "$sw:$hca" -G fields 2>/dev/null | grep -c '	mlxreg\.')
	checks=$((checks + 1))
	if [ "$nf_with" -le "$nf_without" ] || [ "$nf_without" -lt 100 ]; then
		fails=$((fails + 1))
		echo "FAIL: mlxreg fields: $nf_without built-in, $nf_with with the ADB files"
	else
		echo "ok: mlxreg fields: $nf_without built-in, $nf_with with the ADB files"
	fi
else
	echo "skip: mstflint ADB files not installed"
fi

tshark_summary
