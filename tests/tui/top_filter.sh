#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg top -r: / filters the whole file, not the ring (--max 1000 of a
# 300,000-record capture), in slices with its progress in the header; the
# matches are what hwmsg show -Y selects (count, first, last, :N within
# them); n goes to the next error among them; Ctrl-U and an empty filter
# show every record again, the selected one kept.
set -eu
HWMSG=$1 HWMSGD=$2
N=300000
F='mlxreg.paos.local_port == 3'
. "$(dirname "$0")/lib.sh"

"$HWMSGD" --sim --rate 0 --seed 1 -c $N -q -w "$T/c.pcapng.zst"
"$HWMSG" show -N -Y "$F" "$T/c.pcapng.zst" | grep '^[0-9]' > "$T/match.txt"
m=$(wc -l < "$T/match.txt")
[ "$m" -gt 100 ] || fail "only $m matches"
first=$(awk 'NR == 1 { print $1 }' "$T/match.txt")
last=$(awk 'END { print $1 }' "$T/match.txt")
# top shows microseconds
first_t=$(awk 'NR == 1 { print substr($2, 1, 15) }' "$T/match.txt")
last_t=$(awk 'END { print substr($2, 1, 15) }' "$T/match.txt")
# the first error among the matches: what n finds from the first
err=$("$HWMSG" show -N -Y "$F && emad.status != 0" "$T/c.pcapng.zst" |
	awk '/^[0-9]/ { print $1; exit }')
[ -n "$err" ] || fail "no error among the matches"

start 140 30 "$HWMSG" top --max 1000 -r "$T/c.pcapng.zst"
wait_for 60 "^record 1 of $N \\(whole file\\)\$"
tm send-keys -t top / "$F" Enter
# progress while it runs (the first slices come at once)
wait_for 30 "^match [0-9]+ of [0-9]+ in [0-9]+ of $N records \\(whole file\\)  filtering [0-9]+%"
wait_for 60 "^match 1 of $m in $N of $N records \\(whole file\\)  filter: \"$F\"\$"
list_lines | head -1 | grep -q "^$first_t " || fail "first match is not record $first"
wait_all 5 ' PAOS .* local_port 3$'
tm send-keys -t top G
wait_for 5 "^match $m of $m in "
list_lines | tail -1 | grep -q "^$last_t " || fail "last match is not record $last"
# :N of a match selects it
mid=$(awk -v k=$((m / 2)) 'NR == k { print $1 }' "$T/match.txt")
tm send-keys -t top : $(echo "$mid" | sed 's/./& /g') Enter
wait_for 5 "^match $((m / 2)) of $m in "
tm send-keys -t top g n
err_t=$(awk -v n="$err" '$1 == n { print substr($2, 1, 15) }' "$T/match.txt")
wait_for 5 "^$err_t .* PAOS .* (busy|bad|parameter|resource|error)"
# an empty filter: every record, the selected one kept
tm send-keys -t top / C-u Enter
wait_for 5 "^record [0-9]+ of $N \\(whole file\\)\$"
sel=$(screen | sed -n 's/^record \([0-9]*\) of .*/\1/p')
[ "$sel" = "$err" ] || fail "record $sel is not the error selected before"
tm send-keys -t top q
wait_exit 5
assert_clean_exit
echo "top filter: ok"
