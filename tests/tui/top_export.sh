#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg top: m marks a range, w FILE writes it (or else the filter's
# matches) to a capture with libhwmsg's writer: the records written are
# those of the source, in order (hwmsg show of the export against hwmsg
# show -N / -Y of the source), from a file browsed whole and from the ring
# of a pipe; .zst compresses.
set -eu
HWMSG=$1 GOLDEN=$2
F='emad.reg_name == "PAOS" || mlxreg.mtmp.sensor_index == 0'
. "$(dirname "$0")/lib.sh"

# fields of hwmsg show's lines that are the record's own (not pairing)
# (hwmsg show's lines start with the time; with -N, the number first)
own() { awk '/^[0-9]/ { print $1, $2, $3, $4, $5, $6, $7 }'; }
own_n() { awk '/^[0-9]/ { print $2, $3, $4, $5, $6, $7, $8 }'; }
digits() { echo "$1" | sed 's/./& /g'; }

cp "$GOLDEN" "$T/sim.pcapng.zst"
cd "$T"
"$HWMSG" show -N sim.pcapng.zst | sed -n '100,199p' | own_n > range.want
"$HWMSG" show -Y "$F" sim.pcapng.zst | own > match.want
m=$(wc -l < match.want)
[ "$m" -gt 10 ] || fail "only $m matches"

# export EXPECTED FILE: the export's own fields are EXPECTED's
check() {
	[ -s "$2" ] || fail "$2 not written"
	"$HWMSG" show "$2" | own > got
	cmp -s "$1" got || { diff "$1" got | head >&2; fail "$2 differs"; }
}

start 120 30 "$HWMSG" top -r sim.pcapng.zst
wait_for 10 '^record 1 of 1100 \(whole file\)$'
tm send-keys -t top : 1 0 0 Enter m : 1 9 9 Enter
wait_for 5 'marked #100\.\.#199'
tm send-keys -t top w range.pcapng.zst Enter
wait_for 10 '^wrote 100 records to range\.pcapng\.zst'
check range.want range.pcapng.zst
# unmarked, a filter: its matches over the whole file
tm send-keys -t top m / "$F" Enter
wait_for 10 "^match [0-9]+ of $m in 1100 of 1100 records"
tm send-keys -t top w match.pcapng Enter
wait_for 10 "^wrote $m records to match\\.pcapng"
check match.want match.pcapng
# nothing marked, no filter: says so
tm send-keys -t top / C-u Enter w x.pcapng Enter
wait_for 5 '^nothing to write: mark a range \(m\) or filter'
[ ! -e x.pcapng ] || fail "x.pcapng written with nothing to write"
tm send-keys -t top q
wait_exit 5
assert_clean_exit

# the ring of a pipe: the same range
start 120 30 sh -c "exec '$HWMSG' top -r - < sim.pcapng.zst"
wait_for 10 '\[loaded\]'
tm send-keys -t top : 1 9 9 Enter m : 1 0 0 Enter
wait_for 5 'marked #100\.\.#199'
tm send-keys -t top w ring.pcapng.zst Enter
wait_for 10 '^wrote 100 records to ring\.pcapng\.zst'
check range.want ring.pcapng.zst
tm send-keys -t top q
wait_exit 5
assert_clean_exit
echo "top export: ok"
