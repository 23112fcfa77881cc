#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg top --sim -w FILE: the live view also writes everything it sees to
# a capture, as hwmsgd would: at least what the view counted, closed with
# its statistics; -w with -r is refused.
set -eu
HWMSG=$1
. "$(dirname "$0")/lib.sh"

start 120 30 "$HWMSG" top --sim --rate 2000 -w "$T/live.pcapng.zst"
wait_for 10 '^records [1-9][0-9]{2,} '
seen=$(screen | sed -n 's/^records \([0-9]*\) .*/\1/p')
tm send-keys -t top q
wait_exit 5
assert_clean_exit
"$HWMSG" stat "$T/live.pcapng.zst" > "$T/stat.txt"
got=$(sed -n 's/^records *\([0-9]*\) .*/\1/p' "$T/stat.txt")
[ "$got" -ge "$seen" ] || fail "the file holds $got records, top had counted $seen"
grep -q '^dropped   0 of ' "$T/stat.txt" || fail "no capture statistics in the file"
if "$HWMSG" top -r "$T/live.pcapng.zst" -w "$T/x.pcapng" > /dev/null 2> "$T/err"; then
	fail "-w with -r accepted"
fi
grep -q -- '-w goes with a live source' "$T/err" || fail "no reason for refusing -w"
echo "top -w: $got records"
