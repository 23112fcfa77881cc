#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Text from a capture never reaches the terminal raw: a firmware string and
# device/driver names holding ESC sequences, BEL, a newline and a byte that
# is not UTF-8 (escapes.pcap of gen_tshark_inputs) are escaped in tshark's
# summary, Info, Source/Destination, tree and expert text, and hwmsg show
# -j/-jV write valid UTF-8 JSON that keeps every byte.
# usage: escapes.sh PLUGIN.so GEN_TSHARK_INPUTS HWMSG
set -u

. "$(dirname "$0")/tshark_lib.sh"

tshark_setup "$1"
"$2" "$home/in" || { echo "FAIL: generator"; exit 1; }
tshark_ready
in=$home/in/escapes.pcap
# no_raw NAME FILE: FILE holds no ESC, BEL or other C0 control but \n, \t
no_raw() {
	n=$(tr -d '\n\t' <"$2" | LC_ALL=C tr -d '\040-\377' | wc -c)
	check_eq "$1: no raw control bytes" 0 "$n"
}

# has NAME FILE TEXT: FILE contains TEXT (fixed string)
has() {
	check_eq "$1" yes "$(grep -qF -- "$3" "$2" && echo yes || echo no)"
}

ts -r "$in" >"$home/summary" 2>&1
no_raw "tshark summary" "$home/summary"
has "summary: Info escaped" "$home/summary" '\033[2Jbad\nline\033]0;pwned\a'

ts -r "$in" -V >"$home/tree" 2>&1
no_raw "tshark -V" "$home/tree"
has "-V: record summary escaped" "$home/tree" 'pci/0000:03:00.0\033[2J, from_hw'
has "-V: string label escaped" "$home/tree" 'Firmware string: \033[2Jbad\nline'

ts -r "$in" -T fields -E separator='|' -e _ws.col.Info -e _ws.col.Source \
	-e _ws.col.Destination -e _ws.expert.message >"$home/fields" 2>&1
no_raw "tshark -T fields (columns, expert)" "$home/fields"
has "Source column escaped" "$home/fields" '|pci/0000:03:00.0\033[2J|mlxsw\033]0;title\a'
has "expert text escaped" "$home/fields" 'Status bad parameter: \033[2Jbad\nline'

# hwmsg show: text escaped, JSON valid UTF-8 with every byte kept
"$3" show -V "$in" >"$home/show" 2>&1
no_raw "hwmsg show -V" "$home/show"
for opt in -j -jV; do
	"$3" show $opt "$in" >"$home/json" 2>&1
	ok=$(python3 -c 'import json, sys
for l in sys.stdin.buffer.read().decode("utf-8").splitlines():
    json.loads(l)
print("yes")' <"$home/json" 2>&1)
	check_eq "hwmsg show $opt: valid UTF-8 JSON" yes "$ok"
	got=$(jq -j '.fw_string + "|" + .driver' "$home/json" | od -An -c | tr -s ' \n' ' ')
	want=$(printf '\033[2Jbad\nline\033]0;pwned\a \302\23331m caf\303\251|mlxsw\033]0;title\a\302\233' |
		od -An -c | tr -s ' \n' ' ')
	check_eq "hwmsg show $opt: 0x9b as U+009B, UTF-8 kept" "$want" "$got"
done
tshark_summary
