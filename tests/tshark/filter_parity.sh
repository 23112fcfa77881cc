#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# One filter language: every filter below selects the same frame numbers in
# tshark -Y (with the plugin) and in hwmsg show -Y, on a simulator capture,
# an Ethernet/EMAD capture and a devlink-hwmsg.py (classic pcap) capture.
# usage: filter_parity.sh PLUGIN.so GEN_TSHARK_INPUTS HWMSGD HWMSG GOLDEN_DIR
set -u

. "$(dirname "$0")/tshark_lib.sh"

HWMSGD=$3 HWMSG=$4 GOLDEN=$5
tshark_setup "$1"
"$2" "$home/in" > /dev/null || exit 1
cp "$GOLDEN/sim.pcapng.zst" "$home/in/golden.pcapng.zst"
# busy answers and their retransmissions, errors, both devices
"$HWMSGD" --sim --rate 0 -c 4000 -q -w "$home/in/sim.pcapng" || exit 1
tshark_ready
export LC_ALL=C TZ=UTC

inputs="golden.pcapng.zst sim.pcapng ethernet.pcap records.pcap"
filters=$(cat <<'F'
emad
cmd_reg
devlink_hwmsg
mlxreg
mlxreg.paos
not emad and not cmd_reg
emad.status != 0
emad.status == 7
emad.status in {1, 7}
emad.status in {1..7}
!emad.status
emad.status ne 0 || cmd_reg.status != 0
emad.reg_name == "PAOS"
emad.reg_name in {"PAOS", "PTYS"}
emad.reg_name contains "PA"
emad.reg_name matches "^p(a|t)"
emad.reg_id == 0x5006
emad.method == write
emad.method == 1
emad.method ne query
emad.r == 1
emad.r
emad.tid == 0xfc94d6cb00000014
emad.tid > 0xfc94d6cb000000f0
emad.string
emad.string contains "mtu"
emad.latency > 150
emad.latency >= 150 && emad.latency <= 160
emad.time > 0.0002
emad.time < 0.0001
emad.response_to
emad.response_to > 100
emad.retransmission
emad.retransmission_of < 1000
emad.dst == 01:02:c9:00:00:01
emad.src contains 02:c9
emad.ethertype == 0x8932
cmd_reg.method == write
cmd_reg.status != 0
cmd_reg.reg_name == "PTYS"
cmd_reg.time > 0.0005
cmd_reg.len > 4
devlink_hwmsg.dev == "0000:81:00.0"
devlink_hwmsg.driver contains "mlx4"
devlink_hwmsg.dir == from_hw
devlink_hwmsg.incoming == 1
devlink_hwmsg.type == 1
devlink_hwmsg.seq > 500
devlink_hwmsg.index == 0
mlxreg.paos.local_port == 3
mlxreg.paos.local_port in {1..4} && emad.r == 1
mlxreg.paos.admin_status == up
mlxreg.mtmp.temperature > 400
mlxreg.mtmp.temperature < 0
mlxreg.pmlp.width == 4
mlxreg.pmlp.width == x4
mlxreg.pmlp.lane_module_mapping.module == 3
mlxreg.pmlp.lane_module_mapping.module != 0
mlxreg.pmlp.lane_module_mapping.module === 0
mlxreg.ptys.proto_mask == ethernet
frame.number <= 10
frame.time_relative > 0.5 && frame.time_relative < 0.6
frame.time >= "2026-01-01 00:00:00.5Z"
(emad.status == 1 || cmd_reg.status != 0) and frame.number > 100
emad.status eq 7 or emad.status eq 1 and emad.r
not (emad.r == 1)
emad.tlv.type == 3
emad.tlv.type == string
emad.tlv.len == 4
emad.tlv.len > 4 && emad.tlv.type == 3
emad.tlv.data
emad.reg.data
emad.reg.data contains 00:00:00:01
cmd_reg.constant1 == 0x0010
cmd_reg.constant2 == 1
cmd_reg.reg.data
devlink_hwmsg.tag == 1
devlink_hwmsg.tag == seq
devlink_hwmsg.len > 100
devlink_event
devlink_event.cmd == 7
devlink_event.dev contains "0000"
devlink_event.port_index > 0
devlink_event.netdev
F
)

total=0 nonempty=0
for in in $inputs; do
	while IFS= read -r f; do
		checks=$((checks + 1))
		ts -r "$home/in/$in" -Y "$f" -T fields -e frame.number \
			>"$home/ts.out" 2>"$home/ts.err"
		rc=$?
		"$HWMSG" show -N -Y "$f" "$home/in/$in" 2>"$home/hw.err" |
			awk '/^[0-9]+ / { print $1 }' >"$home/hw.out"
		if [ $rc -ne 0 ] || ! cmp -s "$home/ts.out" "$home/hw.out"; then
			fails=$((fails + 1))
			echo "FAIL: $in: $f (tshark exit $rc)"
			head -3 "$home/ts.err" | sed 's/^/  tshark: /'
			head -3 "$home/hw.err" | sed 's/^/  hwmsg: /'
			diff "$home/ts.out" "$home/hw.out" | head -6 | sed 's/^/  /'
			continue
		fi
		n=$(wc -l <"$home/ts.out")
		total=$((total + 1))
		[ "$n" -gt 0 ] && nonempty=$((nonempty + 1))
		echo "ok: $in: $f ($n frames)"
	done <<EOF2
$filters
EOF2
done
# every field the plugin registers for our protocols is one hwmsg -Y knows
# (the table both are made from); response_in alone is refused, saying why.
# Expert infos (FT_NONE: emad.status.error, ...) are not in the table yet.
ts -G fields | awk -F'\t' '$1 == "F" && $4 != "FT_NONE" && $5 ~ /^(devlink_hwmsg|emad|cmd_reg|devlink_event)$/ { print $3 }' \
	>"$home/fields.txt"
nfields=$(wc -l <"$home/fields.txt")
[ "$nfields" -ge 55 ] || { echo "FAIL: tshark lists $nfields plugin fields"; fails=$((fails + 1)); }
while IFS= read -r fld; do
	checks=$((checks + 1))
	err=$("$HWMSG" show -N -Y "$fld" "$home/in/records.pcap" 2>&1 >/dev/null)
	case $fld:$err in
	*.response_in:*"not supported"*response_to*) ;;
	*.response_in:*) fails=$((fails + 1)); echo "FAIL: $fld accepted or unexplained: $err" ;;
	*:) ;;
	*) fails=$((fails + 1)); echo "FAIL: tshark's $fld: $err" ;;
	esac
done <"$home/fields.txt"
echo "$nfields plugin fields known to hwmsg -Y"
echo "$total filter runs agree, $nonempty of them select frames"
# a filter that selects nothing anywhere proves little: most must select
test "$nonempty" -ge 100 || { echo "FAIL: too few filters select anything"; fails=$((fails + 1)); }
echo "$((checks - fails)) passed, $fails failed"
test "$fails" -eq 0
