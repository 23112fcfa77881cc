# SPDX-License-Identifier: GPL-2.0-or-later
# The plugin against the golden simulator capture: what tshark shows must
# agree, record by record, with what `hwmsg show` and `hwmsg stat` printed
# for the same file (tests/golden/sim.show.txt, sim.stat.txt). Two decoders
# written apart, one answer.
# usage: run_tshark_golden.sh PLUGIN.so GOLDEN_DIR
set -u

. "$(dirname "$0")/tshark_lib.sh"

golden=$2
for f in sim.pcapng.zst sim.show.txt sim.stat.txt; do
	if [ ! -r "$golden/$f" ]; then
		echo "SKIP: $golden/$f missing"
		exit 77
	fi
done
tshark_setup "$1"
cp "$golden/sim.pcapng.zst" "$home/in/"
tshark_ready
cap=$home/in/sim.pcapng.zst
export LC_ALL=C

# -- every record: device, direction, protocol, register, method, kind,
#    tid, status -------------------------------------------------------------
want=$(awk '$3 == ">" || $3 == "<" {
	dir = $3 == ">" ? "to_hw" : "from_hw"
	tid = "-"; if (match($0, / tid 0x[0-9a-f]+/)) tid = substr($0, RSTART + 5, RLENGTH - 5)
	st = 0; if (match($0, /[a-z]\([0-9]+\)/)) { s = substr($0, RSTART + 2, RLENGTH - 3); st = s + 0 }
	print NR "|" $2 "|" dir "|" $4 "|" $5 "|" $6 "|" $7 "|" tid "|" st
}' "$golden/sim.show.txt")
ts -r "$cap" -T fields -E separator="|" -e frame.number \
	-e devlink_hwmsg.bus -e devlink_hwmsg.dev -e devlink_hwmsg.incoming \
	-e _ws.col.Protocol -e emad.reg_name -e cmd_reg.reg_name \
	-e _ws.col.Info -e emad.tid -e emad.status -e cmd_reg.status \
	>"$home/fields" 2>"$home/stderr"
rc=$?
check_eq "tshark reads the golden capture (exit 0)" 0 "$rc"
got=$(awk -F'|' '{
	split($8, info, " ")
	tid = $9 == "" ? "-" : $9
	st = $10 != "" ? $10 : ($11 != "" ? $11 : 0)
	print $1 "|" $2 "/" $3 "|" ($4 == 1 ? "from_hw" : "to_hw") "|" $5 "|" $6 $7 "|" info[2] "|" info[3] "|" tid "|" st + 0
}' "$home/fields")
check_eq "every record agrees with hwmsg show" "$want" "$got"

post="grep -c 'Expert Info (Error' || true"
check "full detail (-V) of every record: no error expert info" 0 \
	-2 -V -r "$cap"
post=cat

# -- firmware strings, in order ----------------------------------------------
want=$(sed -n 's/.*"\(.*\)"$/\1/p' "$golden/sim.show.txt")
check "firmware strings agree with hwmsg show" "$want" \
	-r "$cap" -Y 'emad.string != ""' -T fields -e emad.string

# -- request/response pairing: the time of each response, printed the way
#    hwmsg show does (123.4us, 1.234ms) -------------------------------------
want=$(awk '/ < / && match($0, / latency [0-9.]+(us|ms)/) {
	print NR "|" substr($0, RSTART + 9, RLENGTH - 9) }' "$golden/sim.show.txt")
post="awk -F'|' '{ us = (\$2 != \"\" ? \$2 : \$3) * 1e6
	if (us < 999.95) printf \"%d|%.1fus\\n\", \$1, us
	else printf \"%d|%.3fms\\n\", \$1, us / 1000 }'"
check "response times agree with hwmsg show latencies" "$want" \
	-2 -r "$cap" -Y "emad.response_to || cmd_reg.response_to" \
	-T fields -E separator="|" -e frame.number -e emad.time -e cmd_reg.time
post=cat

# -- totals from hwmsg stat ----------------------------------------------------
retx=$(awk '$1 ~ /^[A-Z]/ && $3 ~ /^[0-9]+$/ { n += $6 } END { print n + 0 }' \
	"$golden/sim.stat.txt")
post="wc -l | tr -d ' '"
check "retransmissions agree with hwmsg stat RETX" "$retx" \
	-r "$cap" -Y emad.retransmission -T fields -e frame.number

orph=$(awk '$1 ~ /^[A-Z]/ && $3 ~ /^[0-9]+$/ { n += $7 } END { print n + 0 }' \
	"$golden/sim.stat.txt")
check "unanswered requests agree with hwmsg stat ORPH" "$orph" -2 -r "$cap" \
	-Y "(emad.r == 0 && !emad.response_in) || (cmd_reg && !cmd_reg.response_in && !cmd_reg.response_to)" \
	-T fields -e frame.number
post=cat

# "statuses  ok 545; device busy 2; ..." -> "name count" lines, sorted
want=$(sed -n 's/^statuses *//p' "$golden/sim.stat.txt" | tr ';' '\n' |
	sed -E 's/^ +//; /^$/d; s/^(.*) ([0-9]+)$/\1 \2/' | sort)
post="sed -nE '/^Response statuses/,/^[A-Z]/ s/^ ([^ ]+( [^ ]+)*) {2,}([0-9]+) .*/\\1 \\3/p' | sort"
check "-z hwmsg,tree statuses agree with hwmsg stat" "$want" \
	-r "$cap" -q -z hwmsg,tree
post=cat

# -- response times per register and method: -z hwmsg,tree against the
#    RESP, LAT_AVG and LAT_MAX columns of hwmsg stat (0.1 us apart at most:
#    both print rounded values) -----------------------------------------------
ts -r "$cap" -q -z hwmsg,tree >"$home/tree" 2>"$home/stderr"
sed -nE '/^Response time/,/^$/ s/^ ([A-Z0-9]+) ([a-z]+) +([0-9]+) +([0-9.]+) +[0-9.]+ +([0-9.]+) .*/\1 \2 \3 \4 \5/p' \
	"$home/tree" >"$home/tree.times"
awk '$1 ~ /^[A-Z]/ && $3 ~ /^[0-9]+$/ && $4 > 0 {
	print $1, $2, $4, $8, $11 }' "$golden/sim.stat.txt" >"$home/stat.times"
got=$(awk '
	function us(v) { return v ~ /ms$/ ? v * 1000 : v + 0 }
	function off(a, b) { return a - b > 0.1 || b - a > 0.1 }
	NR == FNR { n[$1 " " $2] = $3; avg[$1 " " $2] = us($4); max[$1 " " $2] = us($5); rows++; next }
	{ k = $1 " " $2; seen++
	  if (!(k in n)) print "extra row " k
	  else if (n[k] != $3 || off(avg[k], $4) || off(max[k], $5))
		print k ": tree " $3 " " $4 " " $5 ", stat " n[k] " " avg[k] " " max[k] }
	END { if (seen != rows) print seen " tree rows, " rows " stat rows" }
' "$home/stat.times" "$home/tree.times")
check_eq "response times per register agree with hwmsg stat" "" "$got"

tshark_summary
