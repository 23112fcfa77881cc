#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg top -r on files written by hwmsgd: all records load, from a file
# and from stdin; --follow picks up records appended while it runs; a
# perf.data (no index) is listed from the ring.
set -eu
HWMSG=$1 HWMSGD=$2
. "$(dirname "$0")/lib.sh"

"$HWMSGD" --sim --rate 0 --seed 1 -c 500 -q -w "$T/f.pcapng"
start 120 40 "$HWMSG" top -r "$T/f.pcapng"
wait_for 10 '^records 500 '
wait_for 5 '\[loaded\]  [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:]{8} \.\. [0-9:]{8} \([0-9.]+ s\)'
wait_for 5 'record 1 of 500 \(whole file\)'
screen | grep -Eq '^records 500 +rate [1-9]' || fail "no capture-time rate"
# Home: the first record of the simulator is a request to the switch
tm send-keys -t top Home Enter
wait_for 5 '^Record #1  [0-9:.]+  to_hw  emad  '
tm send-keys -t top q
wait_exit 5
assert_clean_exit

# a damaged file: what precedes the damage loads, the reader's error shows
sz=$(wc -c < "$T/f.pcapng")
head -c $((sz / 2 + 37)) "$T/f.pcapng" > "$T/cut.pcapng"
start 120 40 "$HWMSG" top -r "$T/cut.pcapng"
wait_for 10 '\[loaded\]'
wait_for 5 '^records [1-9][0-9]* .* undecoded [1-9]'
screen | tail -1 | grep -q "cut.pcapng" || fail "the status line does not name the file"
tm send-keys -t top q
wait_exit 5
assert_clean_exit

# an Ethernet capture names no device: "-" in the list and the detail
start 120 40 "$HWMSG" top -r "$(dirname "$0")/../data/emad_eth.pcap"
wait_for 10 '^records 1 '
wait_for 5 '^00:00:01\.000000 +- +→ +PMLP +query +no response'
tm send-keys -t top Home Enter
wait_for 5 '^  device -  \(none named in the capture\)$'
tm send-keys -t top q
wait_exit 5
assert_clean_exit

# perf.data has no blocks to index: the ring holds it, every record listed
zstd -dqc "$(dirname "$0")/../data/trace/ops-perf.data.zst" > "$T/ops.data"
n=$("$HWMSG" stat -j "$T/ops.data" | sed -n 's/.*"records":\([0-9]*\).*/\1/p')
[ "$n" -gt 100 ] || fail "ops-perf.data: $n records"
start 120 40 "$HWMSG" top -r "$T/ops.data"
wait_for 10 "^records $n "
wait_for 5 "^shown $n of $n kept"
list_lines | grep -q ' PAOS ' || fail "perf.data: no PAOS in the list"
tm send-keys -t top q
wait_exit 5
assert_clean_exit

# stdin: keys still come from the terminal
start 120 40 sh -c "\"$HWMSG\" top -r - < \"$T/f.pcapng\""
wait_for 10 '^records 500 '
wait_for 5 '\[loaded\]'
tm send-keys -t top q
wait_exit 5
assert_clean_exit

# stdin from a live pipe: records stream in while keys are answered
start 120 40 sh -c "\"$HWMSGD\" --sim --rate 300 -q -w - | \"$HWMSG\" top -r -"
wait_for 10 '^records [1-9]'
n1=$(screen | sed -n 's/^records \([0-9]*\).*/\1/p')
tm send-keys -t top '?'
wait_for 5 'this help'
tm send-keys -t top x
wait_gone 5 'this help'
i=0
while [ "$(screen | sed -n 's/^records \([0-9]*\).*/\1/p')" -le "$n1" ]; do
	[ $i -lt 100 ] || fail "no new records from the pipe"
	sleep 0.1
	i=$((i + 1))
done
tm send-keys -t top q
wait_exit 5
assert_clean_exit

# --follow: a capture still being written
"$HWMSGD" --sim --rate 400 -a duration:4 -q -w "$T/g.pcapng" &
d=$!
start 120 40 "$HWMSG" top -r "$T/g.pcapng" --follow
wait_for 10 '^records [1-9]'
n1=$(screen | sed -n 's/^records \([0-9]*\).*/\1/p')
wait_ok=0
i=0
while [ $i -lt 100 ]; do
	n2=$(screen | sed -n 's/^records \([0-9]*\).*/\1/p')
	[ "$n2" -gt "$n1" ] && { wait_ok=1; break; }
	sleep 0.1
	i=$((i + 1))
done
[ $wait_ok = 1 ] || fail "--follow did not see new records ($n1)"
wait "$d"
# everything the writer wrote shows up
total=$("$HWMSG" show "$T/g.pcapng" | grep -c '^[0-9]')
wait_for 10 "^records $total "
# the file replaced (a rotation): the new one is read from its start
"$HWMSGD" --sim --rate 0 --seed 2 -c 100 -q -w "$T/h.pcapng"
mv "$T/h.pcapng" "$T/g.pcapng"
wait_for 10 "^records $((total + 100)) "
tm send-keys -t top q
wait_exit 5
assert_clean_exit
echo "top -r: ok"
