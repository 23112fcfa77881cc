#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg and the plugin follow libhwmsg's one set of rules: on the same
# frames they name the same register, tid and status (an error reply with
# no REG TLV, TLVs out of order, a second OP, the scenario, the malformed
# records), and a capture cut by a snaplen (editcap -s 160) decodes, pairs
# and names every record as the whole one does.
# usage: parity.sh PLUGIN.so GEN_TSHARK_INPUTS HWMSG HWMSGD
set -u

. "$(dirname "$0")/tshark_lib.sh"

tshark_setup "$1"
"$2" "$home/in" || { echo "FAIL: generator"; exit 1; }
HWMSG=$3
"$4" --sim --rate 0 -c 2000 -w "$home/in/sim.pcapng" >/dev/null 2>&1 ||
	{ echo "FAIL: hwmsgd --sim"; exit 1; }
editcap -s 160 "$home/in/sim.pcapng" "$home/in/cut.pcapng" ||
	{ echo "FAIL: editcap"; exit 1; }
tshark_ready

# reg|tid|status (status of responses only), one line per record
from_hwmsg() {
	"$HWMSG" show -j "$1" | jq -r '[(.reg // ""), (.tid // ""),
		(if .response then (.status | tostring) else "" end)] | join("|")'
}
from_tshark() {
	ts -r "$1" -T fields -E separator='|' -e emad.reg_name \
		-e cmd_reg.reg_name -e emad.tid -e devlink_hwmsg.dir \
		-e emad.status -e cmd_reg.status |
	awk -F'|' '{ st = $5 != "" ? $5 : $6; if ($4 != 1) st = "";
		print $1 $2 "|" $3 "|" st }'
}

for f in parity.pcap records.pcap cut.pcapng; do
	want=$(from_hwmsg "$home/in/$f")
	check_eq "$f: hwmsg show and tshark agree (reg, tid, status)" \
		"$want" "$(from_tshark "$home/in/$f")"
done

# the error reply without REG: listed by show -e, counted by stat
check_eq "show -e lists the reply without REG" 1 \
	"$("$HWMSG" show -e "$home/in/parity.pcap" | grep -c 'register not supported(4)')"
check_eq "stat counts its status" 1 \
	"$("$HWMSG" stat "$home/in/parity.pcap" | grep -c 'register not supported 1')"
check_eq "tshark: the second OP is flagged" 3 \
	"$(ts -r "$home/in/parity.pcap" -Y emad.tlv.extra -T fields -e frame.number)"

# CMD_REG: the len_const constant bits libhwmsg rejects, the plugin flags
# with libhwmsg's words
in=$home/in/cmd_reg_const.pcap
check_eq "CMD_REG len_const bits: hwmsg and tshark say the same" \
	"$("$HWMSG" show "$in" | sed -n 's/^  ! //p')" \
	"$(ts -r "$in" -Y cmd_reg.constant.bad -T fields -e _ws.expert.message)"

# cut by a snaplen: the same registers, tids and pairs as the whole file
F="-T fields -e emad.reg_name -e emad.tid -e emad.response_to -e cmd_reg.reg_name -e cmd_reg.response_to"
# shellcheck disable=SC2086
whole=$(ts -2 -r "$home/in/sim.pcapng" $F)
# shellcheck disable=SC2086
cut=$(ts -2 -r "$home/in/cut.pcapng" $F)
check_eq "editcap -s 160: tshark fields equal the whole file's" "$whole" "$cut"
check_eq "editcap -s 160: frames are marked cut" yes \
	"$([ "$(ts -r "$home/in/cut.pcapng" -Y emad.cut -T fields -e frame.number | wc -l)" -gt 100 ] && echo yes || echo no)"
check_eq "editcap -s 160: no dissector bug or exception" 0 \
	"$(ts -r "$home/in/cut.pcapng" -V | grep -c -e 'Dissector bug' -e 'Malformed Packet')"
# hwmsg show names the register and tid of every record of the cut file
check_eq "hwmsg show: every cut record decoded" "" \
	"$("$HWMSG" show "$home/in/cut.pcapng" | grep -v '^  !' | grep -v '^orphan' |
		grep -vE ' (EMAD [A-Z0-9]+ .* tid 0x[0-9a-f]{16}|CMD_REG [A-Z0-9]+ )')"
check_eq "hwmsg show -j: cut file as the whole one" \
	"$(from_hwmsg "$home/in/sim.pcapng")" "$(from_hwmsg "$home/in/cut.pcapng")"
tshark_summary
