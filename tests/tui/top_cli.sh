#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg top outside a terminal: usage errors exit 2, a file that cannot be
# read exits 1 naming it (before the screen is taken), no terminal exits 1,
# and so does a screen library that cannot be loaded.
set -eu
HWMSG=$1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

expect() {
	want=$1
	shift
	set +e
	"$HWMSG" top "$@" > "$T/out" 2> "$T/err" < /dev/null
	rc=$?
	set -e
	[ "$rc" = "$want" ] || { echo "FAIL: top $*: exit $rc, want $want" >&2; cat "$T/err" >&2; exit 1; }
}

expect 2
expect 2 --sim -r x.pcapng
expect 2 --rate 0 --sim
expect 2 --sim --max 0
expect 2 --sim --follow
expect 2 --bogus
grep -q 'Usage: hwmsg top' "$T/err" || { echo "FAIL: no usage text" >&2; exit 1; }
expect 0 --help
grep -q -- '--follow' "$T/out" || { echo "FAIL: --help lacks --follow" >&2; exit 1; }

expect 1 -r "$T/missing.pcapng"
grep -q "missing.pcapng" "$T/err" || { echo "FAIL: error does not name the file" >&2; exit 1; }
printf 'not a capture\n' > "$T/junk"
expect 1 -r "$T/junk"
grep -q "junk" "$T/err" || { echo "FAIL: error does not name the file" >&2; exit 1; }

expect 1 --source nosuch
grep -q "unknown source 'nosuch'" "$T/err" || { echo "FAIL: unknown source not named" >&2; exit 1; }
expect 1 --sim
grep -q 'not a terminal' "$T/err" || { echo "FAIL: no 'not a terminal' message" >&2; exit 1; }

# ncursesw is opened when top starts (the other commands never load it):
# a broken one, in a terminal, is one line and exit 1
if command -v script > /dev/null; then
	mkdir "$T/lib"
	: > "$T/lib/libncursesw.so.6"
	SHELL=/bin/sh script -qec "LD_LIBRARY_PATH='$T/lib' '$HWMSG' top --sim 2> '$T/err'; echo \$? > '$T/rc'" /dev/null < /dev/null > /dev/null
	[ "$(cat "$T/rc")" = 1 ] || { echo "FAIL: top without ncursesw: exit $(cat "$T/rc")" >&2; exit 1; }
	grep -q '^hwmsg top: the screen needs libncursesw: .*libncursesw.so.6' "$T/err" ||
		{ echo "FAIL: top without ncursesw:" >&2; cat "$T/err" >&2; exit 1; }
	[ "$(wc -l < "$T/err")" = 1 ] || { echo "FAIL: more than one line" >&2; exit 1; }
fi
echo "top cli: ok"
