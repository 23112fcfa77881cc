#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg-extcap's hwmsg-file: tshark opens the real tools' recordings
# (perf record in file mode, pipe mode and -z; trace-cmd v7 zstd, v6, v7
# uncompressed) through it and decodes every one exactly as it decodes
# hwmsg convert's pcapng of the same file: tshark -V alike line for line,
# the same record count. With a filter it keeps what tshark -Y keeps. A
# recording of no devlink_hwmsg, or no file, fails with hwmsg's reason.
# usage: extcap_file.sh PLUGIN.so HWMSG_EXTCAP HWMSG TRACE_DIR
set -u

. "$(dirname "$0")/tshark_lib.sh"

tshark_setup "$1"
mkdir -p "$home/extcap"
cp "$2" "$home/extcap/hwmsg-extcap" || exit 1
cp "$3" "$home/hwmsg" || exit 1
trace=$4
export WIRESHARK_EXTCAP_DIR="$home/extcap" HWMSG_HWMSG="$home/hwmsg"

# name (in $home/in), file in tests/data/trace, records hwmsg convert keeps
inputs="probe-perf.data probe-perf.data.zst 2476
probe-pipe.data probe-perf-pipe.data.zst 2476
probe-z.data probe-perf-zstd.data.zst 2476
ops-perf.data ops-perf.data.zst 122
trace-ops.dat trace-ops.dat.zst 122
trace-ops-v6.dat trace-ops-v6.dat.zst 122
trace-ops-v7-nocomp.dat trace-ops-v7-nocomp.dat.zst 122
other.data perf-other-event.data.zst 0"
echo "$inputs" | while read -r name src n; do
	zstd -qdc "$trace/$src" > "$home/in/$name" || exit 1
done || exit 1
tshark_ready

# fopen NAME TSHARK-ARGS...: tshark through hwmsg-file on in/NAME.
fopen() {
	f=$1
	shift
	ts -i hwmsg-file -o "extcap.hwmsg_file.file:$home/in/$f" "$@"
}

echo "$inputs" | while read -r name src n; do
	[ "$n" -gt 0 ] || continue
	"$home/hwmsg" convert -q "$home/in/$name" "$home/in/$name.pcapng" || exit 1
done || exit 1
chmod -R a+rX "$home"

for name in $(echo "$inputs" | awk '$3 > 0 { print $1 }'); do
	n=$(echo "$inputs" | awk -v f="$name" '$1 == f { print $3 }')
	ts -r "$home/in/$name.pcapng" -V > "$home/want.V" 2> "$home/want.err"
	fopen "$name" -V > "$home/got.V" 2> "$home/got.err"
	rc=$?
	check_eq "$name: tshark exits 0" 0 "$rc"
	check_eq "$name: $n records, as hwmsg convert's pcapng" "$n $n" \
		"$(grep -c '^Frame [0-9]*:' "$home/want.V") $(grep -c '^Frame [0-9]*:' "$home/got.V")"
	checks=$((checks + 1))
	if cmp -s "$home/want.V" "$home/got.V"; then
		echo "ok: $name: tshark -V identical to hwmsg convert's pcapng"
	else
		fails=$((fails + 1))
		echo "FAIL: $name: tshark -V differs from hwmsg convert's pcapng"
		diff "$home/want.V" "$home/got.V" | head -10 | sed 's/^/  /'
	fi
	check_eq "$name: every record an EMAD the plugin decodes" "$n" \
		"$(grep -c '^Mellanox EMAD, [A-Z0-9]* [a-z]* re' "$home/got.V")"
	check_eq "$name: nothing said on the way (no extcap stderr)" "" \
		"$(grep -i 'extcap\|error' "$home/got.err")"
done

# The Filter option: hwmsg show -Y -w, the same records tshark -Y selects.
flt='emad.reg_name == "PMTU" || emad.status != 0'
fields="-T fields -e frame.time_epoch -e devlink_hwmsg.dev -e emad.tid -e emad.reg_name -e emad.status"
# shellcheck disable=SC2086
ts -r "$home/in/trace-ops.dat.pcapng" -Y "$flt" $fields > "$home/want.f" 2>&1
# shellcheck disable=SC2086
fopen trace-ops.dat -o "extcap.hwmsg_file.filter:$flt" $fields > "$home/got.f" 2> "$home/got.err"
check_eq "filter option: the records tshark -Y keeps" "$(cat "$home/want.f")" \
	"$(cat "$home/got.f")"
check_eq "filter option: some, not all" yes \
	"$(n=$(wc -l < "$home/got.f"); [ "$n" -gt 0 ] && [ "$n" -lt 122 ] && echo yes)"
check_eq "filter option: nothing said on the way (hwmsg show's notes)" "" \
	"$(grep -i 'extcap\|error' "$home/got.err")"
# shellcheck disable=SC2086
fopen trace-ops.dat -f "$flt" $fields > "$home/got.f" 2> "$home/got.err"
check_eq "capture filter box: the same" "$(cat "$home/want.f")" "$(cat "$home/got.f")"

fopen other.data > "$home/got" 2> "$home/got.err"
rc=$?
check_eq "no devlink_hwmsg samples: tshark fails, saying why" "1 1" \
	"$([ $rc -ne 0 ] && echo 1) $(grep -c 'no devlink:devlink_hwmsg samples' "$home/got.err")"
ts -i hwmsg-file > "$home/got" 2> "$home/got.err"
rc=$?
check_eq "no file: tshark fails, saying why" "1 1" \
	"$([ $rc -ne 0 ] && echo 1) $(grep -c 'hwmsg-file needs a file' "$home/got.err")"
sleep 1
check_eq "no hwmsg left behind" "" "$(pgrep -f "$home/hwmsg " || true)"
tshark_summary
