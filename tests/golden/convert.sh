#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg convert of the real tracer recordings (tests/data/trace: perf.data
# in file mode, pipe mode, -z and with lost samples; trace.dat v7 zstd and
# one with missed events) to pcapng and .pcapng.zst: as many records as
# hwmsg stat counts in the input, the same messages (show -V of input and
# output alike), the losses in the ISB, where the input came from in the
# SHB (Wireshark's capinfos reads both); a one-line error on a bad input
# and on an output that cannot be written.
set -eu
HWMSG=$2 G=$3
D=$G/../data/trace
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

fail() { echo "convert: $*"; exit 1; }

records() {	# "records   N (emad ...": N
	"$HWMSG" stat "$1" 2>/dev/null | sed -n 's/^records *\([0-9]*\) .*/\1/p'
}

for f in probe-perf.data probe-perf-pipe.data probe-perf-zstd.data \
	 lost-perf.data trace-ops.dat trace-lost.dat; do
	zstd -qdc "$D/$f.zst" > "$T/$f"
	n=$(records "$T/$f")
	test -n "$n" && test "$n" -gt 0 || fail "$f: hwmsg stat counts no records"
	"$HWMSG" show -V "$T/$f" > "$T/in.txt" 2>/dev/null
	"$HWMSG" stat "$T/$f" 2>/dev/null | grep '^dropped' > "$T/in.drop" ||
		fail "$f: no dropped line in hwmsg stat"
	case $f in
	*.dat) tool="recorded by trace-cmd 3.1.6"	# no command line kept
	       cmd="" ;;
	*) tool="recorded by perf 6.1.192"
	   cmd="command: /usr/bin/perf record " ;;
	esac
	host="on (none) (6.1.0-57-amd64)"	# the guest's hostname, release
	for ext in pcapng pcapng.zst; do
		out=$T/out.$ext
		"$HWMSG" convert "$T/$f" "$out" 2> "$T/err" ||
			{ cat "$T/err"; fail "$f -> $ext: failed"; }
		grep -qx "hwmsg convert: $n records written to $out" "$T/err" ||
			{ cat "$T/err"; fail "$f -> $ext: not $n records written"; }
		# our reader and Wireshark's count the same
		test "$(records "$out")" = "$n" ||
			fail "$f -> $ext: hwmsg stat counts $(records "$out"), not $n"
		c=$(capinfos -M -c "$out" | sed -n 's/^Number of packets: *//p')
		test "$c" = "$n" || fail "$f -> $ext: capinfos counts '$c', not $n"
		# the same messages, byte for byte as decoded
		"$HWMSG" show -V "$out" > "$T/out.txt" 2>/dev/null
		cmp -s "$T/in.txt" "$T/out.txt" ||
			{ diff "$T/in.txt" "$T/out.txt" | head; fail "$f -> $ext: show -V differs"; }
		# losses carried over (in the ISBs)
		"$HWMSG" stat "$out" 2>/dev/null | grep '^dropped' > "$T/out.drop" || :
		cmp -s "$T/in.drop" "$T/out.drop" ||
			fail "$f -> $ext: dropped: '$(cat "$T/in.drop")' became '$(cat "$T/out.drop")'"
		# the origin, as Wireshark shows the SHB
		capinfos -k "$out" > "$T/k"
		grep -qF "converted by hwmsg convert" "$T/k" &&
		grep -qF "$tool" "$T/k" && grep -qF "$host" "$T/k" &&
		grep -qF "$cmd" "$T/k" ||
			{ cat "$T/k"; fail "$f -> $ext: origin not in the SHB comment"; }
		capinfos "$out" | grep -q 'Capture oper-sys: *Linux 6.1.0-57-amd64' ||
			fail "$f -> $ext: no OS in the SHB"
	done
	echo "$f: $n records, $(cat "$T/in.drop")"
done

# the drops themselves in the ISB, as written (not attributable to a device:
# a tracer's lost count is per CPU)
zstd -qdc "$D/lost-perf.data.zst" > "$T/lost.data"
"$HWMSG" convert "$T/lost.data" "$T/lost.pcapng" 2>/dev/null
grep -aq 'dropped (not attributable): 3786' "$T/lost.pcapng" ||
	fail "lost-perf.data: 3786 not in an ISB"
"$HWMSG" convert "$T/trace-lost.dat" "$T/tlost.pcapng" 2>/dev/null
grep -aq 'dropped (not attributable): 65' "$T/tlost.pcapng" ||
	fail "trace-lost.dat: 65 not in an ISB"

# a bad input: one line saying why, exit 1, nothing written
oneline() {	# $1 what, $2 expected words; stderr in $T/err
	test "$(wc -l < "$T/err")" -eq 1 ||
		{ cat "$T/err"; fail "$1: not one line of error"; }
	grep -q "$2" "$T/err" || { cat "$T/err"; fail "$1: error lacks '$2'"; }
}
zstd -qdc "$D/perf-other-event.data.zst" > "$T/other.data"
rc=0; "$HWMSG" convert "$T/other.data" "$T/bad.pcapng" 2> "$T/err" || rc=$?
test "$rc" -eq 1 || fail "other event: exit $rc"
oneline "other event" "no devlink:devlink_hwmsg samples (events: sched:sched_switch)"
test ! -e "$T/bad.pcapng" || fail "other event: output written"
printf 'not a capture at all, not even close\n' > "$T/junk"
rc=0; "$HWMSG" convert "$T/junk" "$T/bad.pcapng" 2> "$T/err" || rc=$?
test "$rc" -eq 1 || fail "junk: exit $rc"
oneline junk "unknown file format"
test ! -e "$T/bad.pcapng" || fail "junk: output written"
# an output that cannot be written
rc=0; "$HWMSG" convert "$T/lost.data" "$T/no/such/dir.pcapng" 2> "$T/err" || rc=$?
test "$rc" -eq 1 || fail "unwritable output: exit $rc"
oneline "unwritable output" "dir.pcapng: No such file or directory"
rc=0; "$HWMSG" convert "$T/lost.data" /dev/full 2> "$T/err" || rc=$?
test "$rc" -eq 1 || fail "/dev/full: exit $rc"
oneline "/dev/full" "No space left on device"
echo "convert: ok"
