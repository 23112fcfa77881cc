#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg top on the committed simulator capture agrees with hwmsg show, the
# other view of the same library: records, errors, retransmits, orphans,
# drops (from the file's ISBs);
# the orphans are marked in the list, the firmware's error string is shown.
set -eu
HWMSG=$1 GOLDEN=$2
. "$(dirname "$0")/lib.sh"

"$HWMSG" show "$GOLDEN" > "$T/show.txt"
records=$(grep -c '^[0-9]' "$T/show.txt")
errors=$(grep -cE ' response .*[a-z]\([1-9][0-9]*\)' "$T/show.txt")
retx=$(grep -cE ' request .* retransmit [0-9]+' "$T/show.txt")
orphans=$(grep -c '^orphan:' "$T/show.txt")
[ "$records" -gt 0 ] && [ "$errors" -gt 0 ] && [ "$orphans" -gt 0 ] ||
	fail "the golden capture lacks errors or orphans"

start 120 40 "$HWMSG" top -r "$GOLDEN"
wait_for 10 '\[loaded\]'
# drops from the file's statistics blocks: hwmsgd closed it, it lost none
wait_for 5 "^records $records  rate [0-9]+/s  errors $errors  retransmits $retx  orphans $orphans  drops 0\$"
# the orphans are at the end of the capture
tm send-keys -t top End
wait_for 5 ' (query|write) +no response '
# the first error with a firmware string, shown as hwmsg show prints it
line=$(grep -m1 -E ' response .*[a-z]\([1-9][0-9]*\).*"[^"]+"$' "$T/show.txt")
reg=$(echo "$line" | awk '{print $5}')
fw=$(echo "$line" | sed 's/.*\("[^"]*"\)$/\1/')
tm send-keys -t top / $(echo "$reg" | sed 's/./& /g') Enter
wait_for 5 "filter: \"$reg\""
tm send-keys -t top Home n Enter
wait_for 5 "^STRING  $fw\$"
# the state view (r) agrees with hwmsg state: the same engine
mac=$("$HWMSG" state -Y 'emad.reg_name == "SPAD"' "$GOLDEN" |
	awk '$1 == "base_mac" { print $2 }')
[ -n "$mac" ] || fail "hwmsg state has no SPAD base_mac"
first=$("$HWMSG" state -d pci/0000:03:00.0 "$GOLDEN" |
	awk '/^  [A-Z]/ { print $1; exit }')
tm send-keys -t top Escape r
wait_for 5 'DEVICE +INSTANCE +LAST WRITE +LAST QUERY +FIELDS'
wait_for 5 "^0000:03:00.0 +SPAD .* base_mac $mac"
# in the same order: the switch's first instance first
wait_for 5 "^0000:03:00.0 +$first "
tm send-keys -t top q
wait_exit 5
assert_clean_exit
echo "top golden: ok"
