#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg-extcap: the extcap conversation line by line, then Wireshark's own
# dumpcap/tshark list the interfaces and capture decoded records through
# it, with the capture filter in the project's filter language.
# usage: extcap.sh PLUGIN.so HWMSG_EXTCAP HWMSGD
set -u

. "$(dirname "$0")/tshark_lib.sh"

tshark_setup "$1"
mkdir -p "$home/extcap"
cp "$2" "$home/extcap/hwmsg-extcap"
cp "$3" "$home/hwmsgd"
tshark_ready
X=$home/extcap/hwmsg-extcap
export WIRESHARK_EXTCAP_DIR="$home/extcap" HWMSG_HWMSGD="$home/hwmsgd"

check_eq() {	# name, want, got
	checks=$((checks + 1))
	if [ "$2" = "$3" ]; then
		echo "ok: $1"
	else
		fails=$((fails + 1))
		echo "FAIL: $1"; echo "  want: $2"; echo "  got:  $3"
	fi
}

v=$("$X" --extcap-interfaces | sed -n 's/^extcap {version=\([^}]*\)}.*/\1/p')
check_eq "extcap-interfaces" "extcap {version=$v}{display=hwmsg: driver-firmware messages of Mellanox devices}
interface {value=hwmsg-sim}{display=hwmsg: simulated Spectrum switch and ConnectX-3 NIC}
interface {value=hwmsg-genl}{display=hwmsg: devlink hwmsg netlink group (devlink_hwmsg module)}
interface {value=hwmsg-tracepoint}{display=hwmsg: devlink:devlink_hwmsg tracepoint (mlxsw EMADs)}
interface {value=hwmsg-file}{display=hwmsg: open a recording (perf.data, trace.dat, pcap, pcapng)}" \
	"$("$X" --extcap-interfaces --extcap-version=4.0)"
check_eq "extcap-dlts" "dlt {number=162}{name=USER15}{display=devlink hwmsg record}" \
	"$("$X" --extcap-dlts --extcap-interface hwmsg-sim)"
check_eq "extcap-config sim: filter, rate, devices, seed" "0 --filter string
1 --rate unsigned
2 --devices string
3 --seed unsigned" \
	"$("$X" --extcap-config --extcap-interface hwmsg-sim |
	   sed -n 's/^arg {number=\([0-9]*\)}{call=\([^}]*\)}.*{type=\([a-z]*\)}.*/\1 \2 \3/p')"
check_eq "extcap-config file: file (must exist), filter" "0 --file fileselect
1 --filter string" \
	"$("$X" --extcap-config --extcap-interface hwmsg-file |
	   sed -n 's/^arg {number=\([0-9]*\)}{call=\([^}]*\)}.*{type=\([a-z]*\)}.*/\1 \2 \3/p')"
check_eq "extcap-config genl: the filter only" "1" \
	"$("$X" --extcap-config --extcap-interface hwmsg-genl | wc -l)"
check_eq "a good capture filter says nothing" "" \
	"$("$X" --extcap-interface hwmsg-sim --extcap-capture-filter 'emad.status != 0')"
check_eq "a bad capture filter says where" 'column 13: "=" was unexpected here' \
	"$("$X" --extcap-interface hwmsg-sim --extcap-capture-filter 'emad.status = 1')"

ts -D > "$home/D" 2>&1
check_eq "tshark -D lists the four interfaces" "hwmsg-file
hwmsg-genl
hwmsg-sim
hwmsg-tracepoint" "$(sed -n 's/^[0-9]*\. \(hwmsg-[a-z]*\) .*/\1/p' "$home/D" | sort)"

cd "$home"
ts -i hwmsg-sim -c 100 -T fields -e frame.number -e devlink_hwmsg.dev \
	-e emad.reg_name -e cmd_reg.reg_name > "$home/cap" 2> "$home/cap.err"
check_eq "tshark -i hwmsg-sim -c 100: 100 records" 100 "$(wc -l < "$home/cap")"
check_eq "every one decoded (a register name)" 100 \
	"$(awk -F'\t' '$2 != "" && ($3 != "" || $4 != "")' "$home/cap" | wc -l)"
ts -i hwmsg-sim -f 'emad.status != 0' -c 3 -T fields -e emad.status \
	> "$home/err3" 2> "$home/err3.err"
check_eq "the capture filter is hwmsgd -f: 3 error responses" 3 \
	"$(awk '$1 > 0' "$home/err3" | wc -l)"
sleep 1
check_eq "no hwmsgd left behind" "" "$(pgrep -f "$home/hwmsgd" || true)"
echo "$((checks - fails)) passed, $fails failed"
test "$fails" -eq 0
