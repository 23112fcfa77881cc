#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Golden screens of hwmsg top on the committed simulator capture, 120x30,
# compared whole (tmux capture-pane) with tests/tui/screens/*.txt: the
# state view as of record 400, the history of the NIC's MTMP sensor 0 at
# the end, the port view, the summary. HWMSG_UPDATE_SCREENS=1 rewrites
# them (look at the diff before committing). And the list at record 1;
# from a pipe (the ring) the history is the same.
set -eu
HWMSG=$1 GOLDEN=$2 SCREENS=$(cd "$3" && pwd)
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
# record 400 is SPVID local_port 14's write response: its row is bold
e=$(printf '\033')
tm capture-pane -e -p -t top | grep -a '0000:03:00.0 SPVID local_port 14 ' |
	grep -aq "^${e}\[1m0000:03:00.0 SPVID local_port 14 " ||
	fail "the instance record 400 set is not bold"
[ "$(tm capture-pane -e -p -t top | grep -ac "^${e}\[1m0000:")" = 1 ] ||
	fail "more than one instance is bold at record 400"
# the last instance of the end state is the NIC's MTMP sensor 0
tm send-keys -t top : 1 1 0 0 Enter G Enter
same history '^history of 0000:81:00.0  MTMP sensor_index 0: '
# back in the state view: the switch's MTMP changed last in its
# temperature, which is bold (and only that)
tm send-keys -t top Escape
wait_for 5 '^register state as of record 1100,'
line=$(tm capture-pane -e -p -t top | grep -a '^0000:03:00.0 MTMP sensor_index 0 ')
echo "$line" | grep -aqF "${e}[1m${e}[33mtemperature 353 (44.125 C)${e}[0m" ||
	fail "MTMP's temperature is not bold: $line"
[ "$(echo "$line" | grep -o "${e}\[1m" | wc -l)" = 1 ] ||
	fail "more than the temperature is bold: $line"
tm send-keys -t top P
same ports '^ports as of record 1100,'
tm send-keys -t top s
same summary '^DEVICE +REGISTER +ID +METHOD +TYPE'
# ? lists the keys; the end of the help is a page down on 30 lines
tm send-keys -t top '?'
wait_for 5 ' r +register state: every instance'
tm send-keys -t top NPage NPage
wait_for 5 ' P +ports: admin/oper, speed, width, modules, MTU'
wait_for 5 ' m +mark: the range from here to the selection'
wait_for 5 ' w FILE +write the marked range, or else the filter'
tm send-keys -t top x
wait_gone 5 ' w FILE +write the marked range'
tm send-keys -t top q
wait_exit 5
assert_clean_exit

# from a pipe (the ring, no index): the same history, replayed from what
# the ring keeps; the screen below the header is the same
start 120 30 sh -c "exec '$HWMSG' top -r - < sim.pcapng.zst"
wait_for 10 '\[loaded\]'
tm send-keys -t top : 1 1 0 0 Enter r G Enter
wait_for 10 '^history of 0000:81:00.0  MTMP sensor_index 0: '
sed -n '4,$p' "$SCREENS/history.txt" > "$T/history.below"
i=0
until screen | sed -n '4,$p' | cmp -s - "$T/history.below"; do
	i=$((i + 1))
	if [ $i -ge 100 ]; then
		screen | sed -n '4,$p' | diff "$T/history.below" - >&2 || true
		fail "the ring's history differs from the file's"
	fi
	sleep 0.05
done
tm send-keys -t top q
wait_exit 5
assert_clean_exit
echo "top screens: ok"
