#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Ctrl-C and SIGTERM end hwmsg top cleanly (status 0, terminal restored),
# also in a small terminal and a non-UTF-8 locale (ASCII arrows).
set -eu
HWMSG=$1
. "$(dirname "$0")/lib.sh"

start 80 24 env LC_ALL=C "$HWMSG" top --sim --rate 300 --max 50
wait_for 10 '^records [1-9]'
wait_for 5 ' (->|<-) '
screen | grep -q '→\|←' && fail "UTF-8 arrows in the C locale"
wait_for 5 'kept \(max 50, oldest kept #[0-9]+\)'
# --max bounds what is kept
wait_for 10 'shown 50 of 50 kept'
# the detail pane fits 80x24 too
tm send-keys -t top Up Enter
wait_for 5 '^ Detail'
wait_for 5 '^OP  register_id 0x[0-9a-f]{4} \([A-Z]+\)'
wait_for 5 '^q quit'
tm send-keys -t top C-c
wait_exit 5
assert_clean_exit

start 80 24 "$HWMSG" top --sim --rate 300
wait_for 10 '^records [1-9]'
kill -TERM "$(prog_pid)"
wait_exit 5
assert_clean_exit
echo "top signals: ok"
