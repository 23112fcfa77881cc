# SPDX-License-Identifier: GPL-2.0-or-later
# Host-side helpers for scenarios/*.check (sourced; OUT and BUILD are set).
die() {
	echo "CHECK FAILED: $*" >&2
	exit 1
}

dump() {	# NAME: $OUT/NAME.pcapng -> $OUT/NAME.txt (vm_dump lines)
	"$BUILD/tests/vm/vm_dump" "$OUT/$1.pcapng" >"$OUT/$1.txt" ||
		die "vm_dump $1 failed"
	grep -q "decode_errors=0" "$OUT/$1.txt" ||
		die "$1: records that do not decode: $(tail -n 1 "$OUT/$1.txt")"
}

# The init sequence sim_spectrum.c runs for a device with PORTS ports, as
# "reg method" per transaction.
init_sequence() {
	echo "0x9020 query"
	echo "0x2002 query"
	echo "0x2000 write"
	echo "0x7002 write"
	echo "0x7003 write"
	p=0
	while [ $p -lt "$1" ]; do
		echo "0x5002 query"
		echo "0x5003 write"
		echo "0x5004 query"
		echo "0x5006 write"
		p=$((p + 1))
	done
	# the shared buffer: 8 pools (SBPR), 8 multicast priorities (SBMM)
	for r in 0xb001 0xb004; do
		i=0
		while [ $i -lt 8 ]; do
			echo "$r write"
			i=$((i + 1))
		done
	done
	echo "0x8001 write"
	echo "0x900a query"
}

# expect_init_sequence NAME DEV PORTS: DEV's first EMADs are the init
# sequence, each request (r=0, to_hw) followed by its response (r=1).
expect_init_sequence() {
	init_sequence "$3" | while read -r reg m; do
		echo "$reg $m 0 to_hw"
		echo "$reg $m 1 from_hw"
	done >"$OUT/$1.expected"
	n=$(wc -l <"$OUT/$1.expected")
	grep "type=emad" "$OUT/$1.txt" | grep " dev=[^ ]*/$2 " |
		sed -n 's/.*dir=\([a-z_]*\) .* reg=\(0x[0-9a-f]*\) method=\([a-z]*\) r=\([01]\) status=0.*/\2 \3 \4 \1/p' |
		head -n "$n" >"$OUT/$1.got"
	diff -u "$OUT/$1.expected" "$OUT/$1.got" >&2 ||
		die "$1: init sequence of $2 differs (expected vs got above)"
}

no_seq_gaps() {
	grep -q "seq_gaps=0 " "$OUT/$1.txt" || die "$1: SEQ gaps: $(tail -n 1 "$OUT/$1.txt")"
	# and SEQ really is there, consecutive from the first hwmsg record
	awk '/type=(emad|cmd_reg)/ { for (i = 1; i <= NF; i++) if ($i ~ /^seq=/) {
		s = substr($i, 5); if (s == "-") exit 1;
		if (n++ && s != last + 1) exit 1; last = s } }' "$OUT/$1.txt" ||
		die "$1: SEQ missing or not consecutive"
}

has_event() {	# NAME PATTERN WHAT
	grep "type=devlink_event" "$OUT/$1.txt" | grep -q "$2" ||
		die "$1: no devlink event $3"
}

# tshark_agrees NAME: capinfos counts as many packets as vm_dump records;
# with the Wireshark plugin built (BUILD/dissectors/hwmsg_ws.so) tshark
# decodes the same EMAD register ids in the same order.
tshark_agrees() {
	f="$OUT/$1.pcapng"
	n=$(sed -n 's/^summary records=\([0-9]*\) .*/\1/p' "$OUT/$1.txt")
	if command -v capinfos >/dev/null; then
		c=$(capinfos -c -M "$f" | sed -n 's/^Number of packets: *//p')
		[ "$c" = "$n" ] || die "$1: capinfos counts $c packets, vm_dump $n records"
		echo "$1: capinfos agrees ($c packets)"
	fi
	plugin=$BUILD/dissectors/hwmsg_ws.so
	if [ -f "$plugin" ] && command -v tshark >/dev/null; then
		. "$SRC/tests/tshark/tshark_lib.sh"
		tshark_setup "$plugin"
		cp "$f" "$home/in/"
		tshark_ready
		ts -r "$home/in/$1.pcapng" -Y emad -T fields -e emad.reg_id \
			>"$OUT/$1.tshark" 2>"$OUT/$1.tshark.err" ||
			die "$1: tshark failed: $(head -n 3 "$OUT/$1.tshark.err")"
		grep "type=emad" "$OUT/$1.txt" |
			sed 's/.* reg=0x0*\([0-9a-f]*\) .*/\1/' >"$OUT/$1.regs"
		awk '{ printf "%x\n", $1 }' "$OUT/$1.tshark" | diff -u "$OUT/$1.regs" - >&2 ||
			die "$1: tshark decodes other register ids"
		echo "$1: tshark agrees ($(wc -l <"$OUT/$1.tshark") EMAD frames)"
	fi
}

# mlxsw_capture NAME MIN: a capture of Linux's mlxsw_spectrum on
# hwmsg_sim_mlxsw: at least MIN EMAD records, all from that driver, every
# request answered and paired, no malformed or undecodable message, every
# register named, and tshark's plugin counts the same records.
mlxsw_capture() {
	f=$OUT/$1.pcapng
	"$BUILD/cli/hwmsg" stat -j "$f" >"$OUT/$1.stat.json" || die "hwmsg stat $1"
	"$BUILD/cli/hwmsg" stat "$f" >"$OUT/$1.stat.txt"
	s=$OUT/$1.stat.json
	n=$(jq -r .emad "$s")
	[ "$n" -ge "$2" ] || die "$1: $n EMAD records, want >= $2"
	[ "$(jq -r .records "$s")" = "$n" ] || die "$1: records other than EMAD"
	[ "$(jq -r '[.devices[] | select(.driver != "mlxsw_spectrum")] | length' "$s")" = 0 ] ||
		die "$1: records of another driver"
	for k in not_paired malformed undecoded truncated; do
		[ "$(jq -r ".$k" "$s")" = 0 ] || die "$1: $k $(jq -r ".$k" "$s")"
	done
	[ "$(jq -r '[.registers[] | .orphans] | add' "$s")" = 0 ] || die "$1: orphans"
	[ "$(jq -r '[.registers[] | select(.method != "event") | .requests - .responses] | add' "$s")" = 0 ] ||
		die "$1: requests without a response"
	unnamed=$(jq -r '.registers[] | select(.reg | test("^0x")) | .reg' "$s")
	[ -z "$unnamed" ] || die "$1: registers without a name: $unnamed"
	# every register has a layout, every set bit of every message decodes
	"$BUILD/cli/hwmsg" regs coverage "$f" >"$OUT/$1.coverage" ||
		{ cat "$OUT/$1.coverage"; die "$1: not everything decodes"; }
	tail -n 1 "$OUT/$1.coverage"
	echo "$1: $n EMAD records of mlxsw_spectrum, $(jq -r '.registers | length' "$s") register/method pairs"
}
