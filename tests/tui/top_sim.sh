#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg top --sim in tmux: header counters, register names in the list, the
# detail pane of a selected message, the summary, filters, help, resize, q.
set -eu
HWMSG=$1
. "$(dirname "$0")/lib.sh"

start 120 40 "$HWMSG" top --sim --rate 500 --seed 1
wait_for 10 'PPCNT'
wait_for 10 'MTMP'
wait_for 10 'PMLP'
wait_for 5 'rate [1-9][0-9]*/s'
screen | grep -Eq '^hwmsg top +source sim' || fail "no header"
screen | grep -q 'q quit' || fail "no status line"
# a response line: arrow from the hardware, status, latency (polled: a
# capture may catch the screen half redrawn)
wait_for 5 '^[0-9:.]{15} .* (<-|←) +[A-Z0-9]+ +(query|write) +ok +[0-9.]+(us|ms) '
# the index fields of the register, decoded through the register database
wait_for 5 '^[0-9:.]{15} .* MTMP .* sensor_index [0-9]+$'
wait_for 5 '^[0-9:.]{15} .* (PAOS|PMLP|PPCNT|PTYS) .* local_port [0-9]+'
# records keep coming while live
n1=$(screen | sed -n 's/^records \([0-9]*\).*/\1/p')
sleep 0.5
n2=$(screen | sed -n 's/^records \([0-9]*\).*/\1/p')
[ "$n2" -gt "$n1" ] || fail "records did not grow ($n1 -> $n2)"

# Up leaves the tail (paused), Enter opens the detail of the selected line
tm send-keys -t top Up Enter
wait_for 5 'Detail'
wait_for 5 'PAUSED'
sel=$(screen | grep -B1 '^ Detail' | head -1)
reg=$(echo "$sel" | awk '{print $4}')
wait_for 5 "^OP  register_id 0x[0-9a-f]{4} \\($reg\\)"
wait_for 5 '^REG  '
wait_for 5 '^Record #[0-9]+  [0-9:.]+  (to_hw|from_hw)  (emad|cmd_reg)  [0-9]+ bytes'
wait_for 5 '^  device pci/[0-9a-f:.]+  driver (mlxsw_spectrum|mlx4_core)'
# paused: the selected line stays put while records arrive
sleep 0.5
screen | grep -qF -- "$sel" || fail "selection moved while paused"
tm send-keys -t top Enter
wait_gone 5 '^ Detail'

# per-register summary
tm send-keys -t top s
wait_for 5 'DEVICE +REGISTER +ID +METHOD +TYPE +REQUESTS +RESPONSES +ERRORS +AVG LAT +MAX LAT +FW AVG'
# per device: the switch's MTMP (EMAD, with the firmware's latency) and the
# NIC's (CMD_REG) are rows of their own
wait_for 5 '^0000:03:00.0 +MTMP +0x900a +query +EMAD +[1-9][0-9]* +[1-9][0-9]* +[0-9]+ +[0-9.]+[mu]?s +[0-9.]+[mu]?s +[0-9.]+[mu]?s'
wait_for 5 '^0000:81:00.0 +MTMP +0x900a +query +CMD_REG +[1-9]'
tm send-keys -t top s
wait_gone 5 'REQUESTS +RESPONSES'

# register filter: every line shown is a PPCNT
tm send-keys -t top / P P C N T Enter
wait_for 5 'filter: "PPCNT"'
wait_all 5 ' PPCNT '
tm send-keys -t top / BSpace BSpace BSpace BSpace BSpace Enter
wait_gone 5 'filter:'
# errors only: no line with status ok
tm send-keys -t top e
wait_for 5 'filter: errors'
# (every status but ok has a name of three letters or more)
wait_all 5 ' (<-|←) +[A-Z0-9]+ +[a-z]+ +[a-z]{3,}'
# the seeded simulator fails RITR writes: error line, firmware string,
# register fields decoded
tm send-keys -t top / R I T R Enter
wait_for 10 ' RITR +write +bad parameter '
tm send-keys -t top Home Enter
wait_for 5 'status 7 \(bad parameter\)  r 1 \(response\)'
wait_for 5 '^STRING  "[^"]+"'
wait_for 5 '^REG  RITR rif [0-9]+, [0-9]+ bytes'
wait_for 5 '^  type  +[a-z]'
# p goes to its request (clearing the filter that hides it), and back
wait_for 5 '^Transaction  latency [0-9.]+(us|ms), request #[0-9]+'
req=$(screen | sed -n 's/^Transaction  latency .*, request #\([0-9]*\).*/\1/p')
rsp=$(screen | sed -n 's/^Record #\([0-9]*\) .*/\1/p')
tm send-keys -t top p
wait_for 5 "^Record #$req  .*  to_hw  emad"
wait_for 5 "filter cleared to show #$req"
wait_for 5 'status 0 \(ok\)  r 0 \(request\)'
wait_for 5 "^Transaction  latency [0-9.]+(us|ms), response #$rsp"
tm send-keys -t top p
wait_for 5 "^Record #$rsp "
tm send-keys -t top Enter
wait_gone 5 'filter:'

# n: from the first message to the first error
tm send-keys -t top Home n Enter
wait_for 5 '^    status [1-9][0-9]* \([a-z ]+\)  r 1 \(response\)'
tm send-keys -t top Enter
wait_gone 5 '^ Detail'

# help overlay, closed by any key
tm send-keys -t top '?'
wait_for 5 'this help'
tm send-keys -t top x
wait_gone 5 'this help'

# resize: smaller, tiny, back; it keeps drawing
tm resize-window -t top -x 80 -y 24
wait_for 5 '^records '
[ "$(screen | wc -l)" -le 24 ] || fail "more than 24 lines after resize"
screen | grep -q 'q quit' || fail "no status line at 80x24"
tm resize-window -t top -x 20 -y 5
wait_for 5 'too small'
tm resize-window -t top -x 100 -y 30
wait_for 5 '^records '
wait_for 5 'q quit'

tm send-keys -t top q
wait_exit 5
assert_clean_exit
echo "top --sim: ok"
