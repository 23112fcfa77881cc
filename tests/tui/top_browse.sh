#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg top -r browses the whole capture: the first screen comes while the
# index is built, Home is record 1, G the last, :N record N as
# hwmsg show -N prints it, t goes to a time; memory grows by less than 32
# bytes a record. HWMSG_TOP_BROWSE_RECORDS sets the size (default 10M,
# about 35 s and 1 GB of hwmsg show output in the test directory).
set -eu
HWMSG=$1 HWMSGD=$2
N=${HWMSG_TOP_BROWSE_RECORDS:-10000000}
SMALL=100000		# fills the ring (--max): the constant part
. "$(dirname "$0")/lib.sh"

ms() { echo $(($(date +%s%N) / 1000000)); }
rss_kib() { awk '$1 == "VmRSS:" {print $2}' "/proc/$1/status"; }
# show_line K: what hwmsg show -N prints for record K
show_line() { sed -n "${1}p" "$T/show.txt"; }
# the detail pane's first line for a record: "Record #K  TIME ..."
detail_re() {
	t=$(show_line "$1" | awk '{print $2}')
	echo "^Record #$1  $t  "
}
# browse FILE COUNT [AFTER]: top on it, until the whole file is indexed
# and loaded; the first screen's count line goes on with AFTER (say, that
# the index is still being built); FIRST: the ms to the first screen
browse() {
	t0=$(ms)
	start 140 40 "$HWMSG" top -r "$1"
	wait_for 10 "^record 1 of [0-9]+ \\(whole file\\)${3:-}"
	t1=$(ms)
	list_lines | head -1 | grep -q '^00:00:00\.000000 ' ||
		fail "the first screen does not start with the first record"
	wait_for 120 "^record 1 of $2 \\(whole file\\)\$"
	wait_for 120 '\[loaded\]'
	FIRST=$((t1 - t0))
}

"$HWMSGD" --sim --rate 0 --seed 1 -c "$SMALL" -q -w "$T/small.pcapng.zst"
"$HWMSGD" --sim --rate 0 --seed 1 -c "$N" -q -w "$T/big.pcapng.zst"
"$HWMSG" show -N "$T/big.pcapng.zst" | grep "^[0-9]" > "$T/show.txt"
[ "$(wc -l < "$T/show.txt")" -eq "$N" ] || fail "show printed not $N lines"

# the constant: a capture that just fills the ring
browse "$T/small.pcapng.zst" "$SMALL"
rss_small=$(rss_kib "$(prog_pid)")
tm send-keys -t top q
wait_exit 5

# the first screen comes while the index is built (5 s for 10M records
# here, the screen 0.3 s), not after it: what it says, not how fast (a
# time limit is a benchmark's, bench/top_index.sh; a loaded machine
# breaks it); the ms are printed
t0=$(ms)
start 140 40 sh -c 'echo ready; exec sleep 60'
wait_for 5 '^ready$'
tmux_ms=$(($(ms) - t0))
browse "$T/big.pcapng.zst" "$N" '  indexing [0-9]+%'
first=$FIRST
echo "first screen after ${first} ms, while indexing (tmux alone ${tmux_ms} ms)"

# RSS: under 32 bytes a record over the constant
rss=$(rss_kib "$(prog_pid)")
[ -n "$rss" ] && [ -n "$rss_small" ] || fail "no RSS read from /proc"
# 8 MiB of slack: the file reader's queue of batches fills unevenly
per=$(( (rss - rss_small - 8192) * 1024 / (N - SMALL) ))
echo "RSS ${rss} KiB for $N records, ${rss_small} KiB for $SMALL: ${per} bytes a record"
[ "$per" -lt 32 ] || fail "RSS grows by $per bytes a record"

# Home: record 1; G: the last; :M the middle one, as hwmsg show -N says
tm send-keys -t top Enter
wait_for 5 "$(detail_re 1)"
tm send-keys -t top G
wait_for 5 "$(detail_re "$N")"
wait_for 5 "^record $N of $N "
tm send-keys -t top g
wait_for 5 "$(detail_re 1)"
M=$((N / 2))
tm send-keys -t top : $(echo "$M" | sed 's/./& /g') Enter
wait_for 5 "$(detail_re "$M")"
wait_for 5 "^record $M of $N "
# the selected list line says what show says: device, register, method
set -- $(show_line "$M")
dev=${3#pci/} reg=$6 method=$7
screen | grep -Eq "^[0-9:.]+ +${dev} +. +${reg} +${method} " ||
	fail "the list line of record $M is not '$dev $reg $method'"
# End is the last record; PgUp goes back a page
tm send-keys -t top End PPage
wait_gone 5 "^Record #$N  "
# t: 10 s after the first record, and a time of day
tm send-keys -t top t + 1 0 s Enter
k=$(awk '$2 >= "00:00:10" {print $1; exit}' "$T/show.txt")
wait_for 5 "$(detail_re "$k")"
tm send-keys -t top t 0 0 : 0 0 : 0 5 . 5 Enter
k=$(awk '$2 >= "00:00:05.5" {print $1; exit}' "$T/show.txt")
wait_for 5 "$(detail_re "$k")"
# a filter works over the whole file (tests/tui/top_filter.sh checks
# its matches); clearing it shows all again
tm send-keys -t top e
wait_for 60 "^match [0-9]+ of [0-9]+ in $N of $N records \\(whole file\\)  filter: errors\$"
tm send-keys -t top e
wait_for 5 " of $N \\(whole file\\)"
tm send-keys -t top q
wait_exit 5
assert_clean_exit
echo "top browse: ok"
