#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg diff: a capture against itself is alike (exit 0); two simulator
# runs with other seeds differ (exit 1), and the register instances it
# calls changed or alone are exactly those the two `hwmsg state -j` show
# (computed apart with jq); JSON is valid; -q says it by the exit status.
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
"$HWMSGD" --sim --rate 0 --seed 1 -c 3000 -q -w a.pcapng.zst
"$HWMSGD" --sim --rate 0 --seed 2 -c 3000 -q -w b.pcapng.zst

"$HWMSG" diff a.pcapng.zst a.pcapng.zst > same.txt
grep -q '^state: 0 instances differ, 0 in one capture only$' same.txt
grep -q '^errors: 0 kinds in A only, 0 in B only$' same.txt
"$HWMSG" diff -q a.pcapng.zst a.pcapng.zst

rc=0; "$HWMSG" diff a.pcapng.zst b.pcapng.zst > d.txt || rc=$?
test "$rc" -eq 1 || { echo "exit $rc, want 1"; exit 1; }
rc=0; "$HWMSG" diff -q a.pcapng.zst b.pcapng.zst > q.txt || rc=$?
test "$rc" -eq 1 && test ! -s q.txt

rc=0; "$HWMSG" diff -j a.pcapng.zst b.pcapng.zst > d.json || rc=$?
test "$rc" -eq 1
jq -e '.differ == true' d.json > /dev/null
jq -r '.changed[] | .driver + " " + .instance' d.json | sort > changed.got
jq -r '.only[] | .in + " " + .driver + " " + .instance' d.json | sort > only.got
test -s changed.got

# the same from the two states, by jq alone
"$HWMSG" state -j a.pcapng.zst > a.state
"$HWMSG" state -j b.pcapng.zst > b.state
jq -n -r --slurpfile a a.state --slurpfile b b.state '
	def key: .driver + " " + .instance;
	($a | map({(key): .fields}) | add) as $A |
	($b | map({(key): .fields}) | add) as $B |
	$A | keys[] | select($B[.] != null and $A[.] != $B[.])' | sort > changed.want
jq -n -r --slurpfile a a.state --slurpfile b b.state '
	def key: .driver + " " + .instance;
	($a | map({(key): 1}) | add) as $A | ($b | map({(key): 1}) | add) as $B |
	(($A | keys[] | select($B[.] == null) | "a " + .),
	 ($B | keys[] | select($A[.] == null) | "b " + .))' | sort > only.want
diff -u changed.want changed.got
diff -u only.want only.got
grep -q "^state: $(wc -l < changed.want) instances differ, $(wc -l < only.want) in one capture only\$" d.txt
echo "diff: $(wc -l < changed.want) changed, $(wc -l < only.want) alone"
