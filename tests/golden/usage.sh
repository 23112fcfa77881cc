#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Command-line mistakes: exit 2, nothing on stdout, one line on stderr that
# names the program and the option, and no file created.
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# expect_usage PATTERN CMD...: exit 2, empty stdout, PATTERN on stderr's first line
expect_usage() {
	pat=$1; shift
	rc=0; timeout 10 "$@" > "$T/out" 2> "$T/err" || rc=$?
	if [ "$rc" -ne 2 ] || [ -s "$T/out" ] || ! head -n 1 "$T/err" | grep -q -- "$pat"; then
		echo "FAIL: $* (exit $rc)"; cat "$T/err"; exit 1
	fi
}

expect_usage "^hwmsgd: -a: SEC must be 1\.\." "$HWMSGD" --sim -a duration:0 -w "$T/a.pcapng"
expect_usage "^hwmsgd: -a: SEC must be" "$HWMSGD" --sim -a duration:99999999999999999 -w "$T/a.pcapng"
expect_usage "^hwmsgd: -b: expected filesize" "$HWMSGD" --sim -b filesize:99999999999999999 -w "$T/a.pcapng"
expect_usage "^hwmsgd: -b: 'x' is not a number" "$HWMSGD" --sim -b files:x -w "$T/a.pcapng"
expect_usage "^hwmsgd: -z and --no-compress contradict" "$HWMSGD" --sim -z --no-compress -w "$T/a.pcapng"
expect_usage "^hwmsgd: unknown source 'nope'" "$HWMSGD" --source nope -w "$T/a.pcapng"
expect_usage "^hwmsgd: -c: 'abc' is not a number" "$HWMSGD" --sim -c abc -w "$T/a.pcapng"
expect_usage "^hwmsgd: no output file" "$HWMSGD" --sim
expect_usage "^hwmsgd: --rate: must be 0\.\.100000000, not '100000001'$" "$HWMSGD" --sim --rate 100000001 -w "$T/a.pcapng"
expect_usage "^hwmsgd: --rcvbuf: must be 0\.\.1073741824, not '2000000000'$" "$HWMSGD" --sim --rcvbuf 2000000000 -w "$T/a.pcapng"
expect_usage "^hwmsgd: --sim=foo: .*unknown device kind 'foo'" "$HWMSGD" --sim=foo -w "$T/a.pcapng"
expect_usage "^hwmsgd: --sim=foo: .*unknown device kind 'foo'" "$HWMSGD" --source sim=foo -w "$T/a.pcapng"
expect_usage "^hwmsgd: -b needs a file, not standard output (-w -)$" "$HWMSGD" --sim -b filesize:10 -w -
# ns past 2^63 would wrap the simulator's timestamps (to 1970)
expect_usage "^hwmsgd: --epoch: must be 0\.\.9223372036854775807, not '18446744073709551615'$" "$HWMSGD" --sim --rate 0 --epoch 18446744073709551615 -w "$T/a.pcapng"
"$HWMSGD" --sim --rate 0 -c 1 -q --epoch 9223372036854775807 -w "$T/e.pcapng"
"$HWMSG" show "$T/e.pcapng" | head -n 1 | grep -q '^23:47:16\.854775807 '
rm "$T/e.pcapng"
test ! -e "$T/a.pcapng"
# the -b error is one line, not two
test "$(wc -l < "$T/err")" -eq 1 || { cat "$T/err"; exit 1; }

# getopt's own messages name the subcommand as "hwmsg CMD"
for cmd in show stat regs dev top; do
	expect_usage "^hwmsg $cmd: unrecognized option '--bogus'" "$HWMSG" $cmd --bogus
done
expect_usage "^Usage: hwmsg regs" "$HWMSG" regs decode PMLP
# a bad filter names the option and the column, then shows where
expect_usage "^hwmsg show -Y: column 1: \"emad.statu\" is neither" "$HWMSG" show -N -Y 'emad.statu == 1' x
grep -q "^    ^$" "$T/err" || { cat "$T/err"; exit 1; }
expect_usage "^hwmsg stat -Y: column 16: \"banana\" is not a valid" "$HWMSG" stat -Y 'emad.status == banana' x
expect_usage "^hwmsg stat --since: 'yesterday': " "$HWMSG" stat --since yesterday x
expect_usage "^hwmsg show -d: " "$HWMSG" show -d 'a"b' x
expect_usage "^hwmsg: unknown command 'nope'" "$HWMSG" nope
"$HWMSG" stat -h | grep -q "^Usage: hwmsg stat"
