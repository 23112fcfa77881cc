#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsgd stops cleanly: on -c, on -a duration, and on SIGINT/SIGTERM with a
# complete, readable file that holds what it said it wrote.
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

"$HWMSGD" --sim --rate 0 -c 1234 -w "$T/c.pcapng" 2> "$T/c.err"
grep -q '1234 records written' "$T/c.err"
test "$("$HWMSG" show "$T/c.pcapng" | grep -vc '^orphan')" -eq 1234

start=$(date +%s)
"$HWMSGD" --sim --rate 200 -a duration:2 -w "$T/a.pcapng.zst" 2> "$T/a.err"
end=$(date +%s)
test $((end - start)) -ge 1 && test $((end - start)) -le 4
n=$("$HWMSG" show "$T/a.pcapng.zst" | grep -vc '^orphan')
# 2 s at 200/s, with slack for a loaded machine
test "$n" -ge 250 && test "$n" -le 450 || { echo "duration run wrote $n"; exit 1; }

# -a fires under full load too: --rate 0 always has a record ready, so the
# deadline is checked while draining, not only while waiting
start=$(date +%s%N)
timeout 20 "$HWMSGD" --sim --rate 0 -a duration:1 -w "$T/full.pcapng.zst" 2> "$T/full.err" ||
	{ echo "-a duration:1 at --rate 0 did not stop"; cat "$T/full.err"; exit 1; }
ms=$(( ($(date +%s%N) - start) / 1000000 ))
test "$ms" -lt 2000 || { echo "-a duration:1 at --rate 0 took $ms ms"; exit 1; }
said=$(sed -n 's/.*: \([0-9]*\) records written.*/\1/p' "$T/full.err")
"$HWMSG" stat "$T/full.pcapng.zst" > "$T/full.stat"
grep -q "^records   $said (" "$T/full.stat" && grep -qx "dropped   0 of $said" "$T/full.stat" ||
	{ cat "$T/full.err" "$T/full.stat"; exit 1; }
rm -f "$T/full.pcapng.zst"

# a stop while blocked writing to a reader that reads nothing: out within
# the grace (1 s), saying how many records the reader got in full
for sig in INT TERM; do
	mkfifo "$T/fifo"
	sleep 30 < "$T/fifo" &
	reader=$!
	"$HWMSGD" --sim --rate 0 -w - > "$T/fifo" 2> "$T/stuck.err" &
	pid=$!
	sleep 1
	start=$(date +%s%N)
	kill -"$sig" "$pid"
	rc=0; wait "$pid" || rc=$?
	ms=$(( ($(date +%s%N) - start) / 1000000 ))
	kill "$reader" 2> /dev/null || true; wait "$reader" 2> /dev/null || true
	rm -f "$T/fifo"
	test "$rc" -eq 1 && test "$ms" -lt 2500 ||
		{ echo "SIG$sig with a stuck reader: exit $rc after $ms ms"; cat "$T/stuck.err"; exit 1; }
	grep -q '^hwmsgd: (stdout): stopped while the reader took nothing for 1000 ms: output cut short$' "$T/stuck.err" &&
		grep -q '^hwmsgd: [0-9]* records written to - before the error, [0-9]* more captured lost, 0 dropped (stopped by signal)$' "$T/stuck.err" ||
		{ cat "$T/stuck.err"; exit 1; }
done

for sig in INT TERM; do
	"$HWMSGD" --sim --rate 500 -w "$T/s.pcapng.zst" 2> "$T/s.err" &
	pid=$!
	sleep 1.5
	kill -"$sig" "$pid"
	wait "$pid"
	grep -q 'stopped by signal' "$T/s.err"
	said=$(sed -n 's/.*: \([0-9]*\) records written.*/\1/p' "$T/s.err")
	got=$("$HWMSG" show "$T/s.pcapng.zst" | grep -vc '^orphan')
	test "$said" -gt 100 && test "$said" -eq "$got" ||
		{ echo "SIG$sig: said $said, file has $got"; exit 1; }
	# closed: its statistics blocks say what it delivered and lost
	"$HWMSG" stat "$T/s.pcapng.zst" > "$T/s.stat"
	grep -qx "dropped   0 of $said" "$T/s.stat" ||
		{ echo "SIG$sig: stat says"; grep dropped "$T/s.stat"; exit 1; }
done

# killed: no statistics, so the drops are unknown (never 0), while the
# records flushed before the kill still read
"$HWMSGD" --sim --rate 2000 -w "$T/k.pcapng" 2> "$T/k.err" &
pid=$!
sleep 1.5
kill -KILL "$pid"
wait "$pid" || true
"$HWMSG" stat "$T/k.pcapng" > "$T/k.stat"
grep -q "^dropped   unknown ($T/k.pcapng has no capture statistics" "$T/k.stat" ||
	{ echo "SIGKILL: stat says"; grep dropped "$T/k.stat"; exit 1; }
n=$(sed -n 's/^records   \([0-9]*\) .*/\1/p' "$T/k.stat")
test "$n" -gt 0 || { echo "SIGKILL: no records read back"; exit 1; }
# several files: known ones add up, an unknown one makes it a lower bound
"$HWMSG" stat "$T/c.pcapng" "$T/k.pcapng" > "$T/ck.stat"
grep -qx "dropped   at least 0 of 1234; unknown for 1 of 2 files ($T/k.pcapng first)" "$T/ck.stat" ||
	{ echo "two files: stat says"; grep dropped "$T/ck.stat"; exit 1; }
echo "hwmsgd stops cleanly"
