#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Golden screens of hwmsg top on the committed simulator capture, 120x30,
# compared whole (tmux capture-pane) with tests/tui/screens/*.txt: the
# state view as of record 400, the history of the NIC's MTMP sensor 0 at
# the end, the port view, the summary. HWMSG_UPDATE_SCREENS=1 rewrites
# them (look at the diff before committing). And the list at record 1.
set -eu
HWMSG=$1 GOLDEN=$2 SCREENS=$3
. "$(dirname "$0")/lib.sh"

# same NAME REGEX: once REGEX shows, the screen must become NAME's
same() {
	wait_for 10 "$2"
	if [ -n "${HWMSG_UPDATE_SCREENS:-}" ]; then
		sleep 0.5
		screen > "$SCREENS/$1.txt"
		return
	fi
	i=0
	until screen | cmp -s - "$SCREENS/$1.txt"; do
		i=$((i + 1))
		if [ $i -ge 100 ]; then
			screen | diff "$SCREENS/$1.txt" - >&2 || true
			fail "screen $1 differs from $SCREENS/$1.txt"
		fi
		sleep 0.05
	done
}

cp "$GOLDEN" "$T/sim.pcapng.zst"
cd "$T"
start 120 30 "$HWMSG" top -r sim.pcapng.zst
wait_for 10 '\[loaded\]'
wait_for 10 '^record 1 of 1100 \(whole file\)'
# the list: the firmware's latency beside the host's
same list '^TIME +DEVICE +REGISTER +METHOD +STATUS +LATENCY +FW LAT +TID'
tm send-keys -t top : 4 0 0 Enter r
same state '^register state as of record 400,'
# the last instance of the end state is the NIC's MTMP sensor 0
tm send-keys -t top : 1 1 0 0 Enter G Enter
same history '^history of 0000:81:00.0  MTMP sensor_index 0: '
# back in the state view: the switch's MTMP changed last in its
# temperature, which is bold (and only that)
tm send-keys -t top Escape
wait_for 5 '^register state as of record 1100,'
e=$(printf '\033')
line=$(tm capture-pane -e -p -t top | grep -a '^0000:03:00.0 MTMP sensor_index 0 ')
echo "$line" | grep -aqF "${e}[1m${e}[33mtemperature 353 (44.125 C)${e}[0m" ||
	fail "MTMP's temperature is not bold: $line"
[ "$(echo "$line" | grep -o "${e}\[1m" | wc -l)" = 1 ] ||
	fail "more than the temperature is bold: $line"
tm send-keys -t top P
same ports '^ports as of record 1100,'
tm send-keys -t top s
same summary '^DEVICE +REGISTER +ID +METHOD +TYPE'
tm send-keys -t top q
wait_exit 5
assert_clean_exit
echo "top screens: ok"
