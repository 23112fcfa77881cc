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

# emad_sequence FILE [DEV]: "reg method r dir" of each EMAD record of
# vm_dump output FILE (of device DEV only, if given)
emad_sequence() {
	grep "type=emad" "$1" | grep " dev=[^ ]*/${2:-[^ ]*} " |
		sed -n 's/.*dir=\([a-z_]*\) .* reg=\(0x[0-9a-f]*\) method=\([a-z]*\) r=\([01]\) status=0.*/\2 \3 \4 \1/p'
}

# expect_probe_sequence NAME DEV: DEV's first EMADs are those of Linux
# 6.1's mlxsw_spectrum probing a Spectrum (tests/data/mlxsw-probe.pcapng,
# vm/30) up to its router's first LPM tree (RALTA write): the core's and
# the driver's init, the same for any number of ports and from run to
# run. What follows is not: the router replays the guest's routes, and
# the ports' EMADs come from two CPUs at once.
expect_probe_sequence() {
	"$BUILD/tests/vm/vm_dump" "$SRC/tests/data/mlxsw-probe.pcapng" \
		>"$OUT/$1.probe.txt" || die "vm_dump of the recorded probe failed"
	emad_sequence "$OUT/$1.probe.txt" | sed '/^0x8010 write 0 to_hw$/,$d' \
		>"$OUT/$1.expected"
	n=$(wc -l <"$OUT/$1.expected")
	[ "$n" -gt 1000 ] || die "the recorded probe has $n EMADs before its router"
	# from the probe's first message on (what came before is another
	# device's life: the teardown of an unbind)
	first=$(head -n 1 "$OUT/$1.expected")
	emad_sequence "$OUT/$1.txt" "$2" | sed -n "/^$first\$/,\$p" |
		head -n "$n" >"$OUT/$1.got"
	diff -u "$OUT/$1.expected" "$OUT/$1.got" >&2 ||
		die "$1: the probe of $2 differs from mlxsw's (expected vs got above)"
	echo "$1: $2's first $n EMADs are mlxsw_spectrum's probe"
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

# emad_span NAME DEV: how many EMAD messages DEV's driver sent from the
# first record of the capture to its last, counted by mlxsw's own tid
# counter (a transaction each, a request and a response, retries aside):
# 2 per tid from the first to the last seen, less the request of a first
# transaction begun before the capture and the response of a last one
# answered after it. Written + dropped must be this. The hardirq_burst
# requests (tids 0xffff0000xxxxxxxx, not the driver's) are left out.
emad_span() {
	grep "type=emad" "$OUT/$1.txt" | grep " dev=[^ ]*/$2 " |
		sed -n 's/.* dir=\([a-z_]*\) .* tid=\([0-9a-f]*\).*/\1 \2/p' |
		python3 -c '
import sys
recs = [(d, int(t, 16)) for d, t in (l.split() for l in sys.stdin)
        if not t.startswith("ffff0000")]
tids = [t for _, t in recs]
if not recs or len({t >> 32 for t in tids}) != 1:
    sys.exit("emad_span: no records, or tids of more than one driver instance")
n = 2 * (max(tids) - min(tids) + 1)
n -= recs[0][0] == "from_hw" and recs[0][1] == min(tids)
n -= recs[-1][0] == "to_hw" and recs[-1][1] == max(tids)
print(n)' || die "$1: no tid span of $2"
}
