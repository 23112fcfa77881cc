#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg regs: the listing, a layout, decoding bytes (text and JSON), units,
# special values, and the ADB files when mstflint is installed.
set -eu
HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# listing: the built-in registers whatever the ADB; --no-adb has no adb row
"$HWMSG" regs --no-adb > "$T/builtin.txt"
head -n 1 "$T/builtin.txt" | grep -Eq '^ID +NAME +LEN +SOURCE +DESCRIPTION$'
grep -Eq '^0x5002  PMLP +0x40 +builtin +Port to module and lane mapping$' "$T/builtin.txt"
! awk 'NR > 1 && $4 == "adb"' "$T/builtin.txt" | grep -q .
nb=$(awk 'NR > 1 && $4 == "builtin"' "$T/builtin.txt" | wc -l)
test "$nb" -ge 70
# every row's columns line up under the header, however long the names
w=$(head -n 1 "$T/builtin.txt" | awk '{ print index($0, "LEN") }')
awk -v w="$w" 'NR > 1 && substr($0, w - 1, 1) != " " { bad = 1 } END { exit bad }' "$T/builtin.txt"

# a layout, like mlxreg --show_reg, with units and special values
"$HWMSG" regs pmlp > "$T/pmlp.txt"
grep -qx 'PMLP (0x5002), 64 bytes, builtin: Port to module and lane mapping' "$T/pmlp.txt"
grep -Eqx '  0x00\.16/8 +index +uint +local_port \(bits 8\.\. at 0x00\.12/2\)' "$T/pmlp.txt"
grep -Eqx ' +4 = x4' "$T/pmlp.txt"
grep -Eqx '  0x04/32 +rw +layout +lane_module_mapping\[8\] stride 0x4' "$T/pmlp.txt"
"$HWMSG" regs 0x900a | grep -Eqx '  0x04\.0/16 +ro +int +temperature \[1/8 C\]'
"$HWMSG" regs PTYS | grep -Eq ' data_rate_oper \[x100 Mb/s\]$'
"$HWMSG" regs MTBR | grep -Eqx ' +0x8000 = no_conn'

# decoding bytes: the man page's example
"$HWMSG" regs decode PMLP 00110004 00000001 00010002 00020003 00030004 \
	> "$T/dec.txt" 2> "$T/dec.err"
cat > "$T/dec.want" <<'WANT'
PMLP local_port 17
    local_port               17
    width                    x4 (4)
    lane_module_mapping[0]
      module                 1
    lane_module_mapping[1]
      tx_lane                1
      module                 2
    lane_module_mapping[2]
      tx_lane                2
      module                 3
    lane_module_mapping[3]
      tx_lane                3
      module                 4
    lane_module_mapping[4]   <missing>
WANT
diff -u "$T/dec.want" "$T/dec.txt"
grep -qx 'hwmsg regs: PMLP: payload ends at 0x14, field lane_module_mapping\[4\] at 0x14 and after missing' "$T/dec.err"

# units: text and JSON agree; an MTBR record without cable is no temperature
"$HWMSG" regs decode MTMP 00000003 0000ffe6 800001a0 > "$T/mtmp.txt" 2>/dev/null
grep -Eqx ' +temperature +-26 \(-3\.25 C\)' "$T/mtmp.txt"
grep -Eqx ' +max_temperature +416 \(52 C\)' "$T/mtmp.txt"
"$HWMSG" regs -j decode MTMP 00000003 0000ffe6 800001a0 2>/dev/null > "$T/mtmp.json"
test "$(jq -r '.fields[] | select(.path == "temperature") | "\(.raw) \(.quantity) \(.unit)"' "$T/mtmp.json")" = \
	"-26 -3.25 C"
# temperature, max_operational_temperature (0: not reported) and max_temperature
test "$(jq -r '[.fields[] | select(.quantity)] | length' "$T/mtmp.json")" -eq 3
"$HWMSG" regs decode MTBR 00000000 00000001 00000000 00000000 80000190 \
	| grep -Eqx ' +max_temperature +-32768 \(no_conn\)'
"$HWMSG" regs -j decode MTBR 00000000 00000001 00000000 00000000 80000190 |
	jq -e '[.fields[] | select(.path | endswith("max_temperature")) | .quantity] == [null]' > /dev/null

# unknown names are errors, not empty output
rc=0; "$HWMSG" regs NOSUCH > "$T/out" 2> "$T/err" || rc=$?
test "$rc" -eq 1 && test ! -s "$T/out" && grep -qx "hwmsg regs: unknown register 'NOSUCH'" "$T/err"

# a 10-bit local port (8 bits + lp_msb 0x00.12/2): one number, 945
"$HWMSG" regs decode PAOS 00b13000 00000000 00000000 00000000 > "$T/lp.txt"
head -n 2 "$T/lp.txt" > "$T/lp.head"
printf 'PAOS local_port 945\n    local_port               945\n' | diff - "$T/lp.head"
test "$("$HWMSG" regs -j decode PAOS 00b13000 00000000 00000000 00000000 |
	jq -c '[.fields[] | select(.path == "local_port" or .path == "lp_msb") | .raw]')" = "[945]"

# the vendor databases (mstflint, installed by the dependency script)
adb=/usr/share/mstflint/prm_dbs/switch/ext/register_access_table.adb
if [ -r "$adb" ]; then
	"$HWMSG" regs > "$T/all.txt"
	test "$(awk 'NR > 1 && $4 == "adb"' "$T/all.txt" | wc -l)" -ge 300
	test "$(awk 'NR > 1 && $4 == "builtin"' "$T/all.txt" | wc -l)" -eq "$nb"
	"$HWMSG" regs SVER | grep -qx 'SVER (0x2025), 16 bytes, adb'
	"$HWMSG" regs decode SVER 00000000 88a80000 | grep -Eqx ' +ether_type0 +34984'
	# the ADB's lp_msb joined into local_port: no lp_msb of its own
	"$HWMSG" regs decode SPEVET 00b13000 00000000 > "$T/lpa.txt"
	head -n 2 "$T/lpa.txt" > "$T/lpa.head"
	printf 'SPEVET local_port 945\n    local_port               945\n' | diff - "$T/lpa.head"
	test "$("$HWMSG" regs -j decode SPEVET 00b13000 00000000 |
		jq -c '[.fields[] | select(.path == "local_port" or .path == "lp_msb") | .raw]')" = "[945]"
else
	echo "regs: $adb not installed, ADB part skipped"
fi
echo "regs: listing, layouts, decodes and units as documented"
