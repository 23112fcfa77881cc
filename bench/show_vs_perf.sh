#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark: `hwmsg show` and `hwmsg stat` against `perf script` on the same
# perf.data of devlink:devlink_hwmsg (default 1M samples, made by
# bench/perf_synth.py from a real perf 6.1 recording), side by side: the
# best of REPEAT runs (default 3), the ratio, and the peak RSS at N/5 and at
# N samples (flat: memory does not grow with the file). Not a test.
#   bench/show_vs_perf.sh BUILD_DIR [SAMPLES]
# PERF= the perf binary (default: a /usr/bin/perf_* if there is one, as
# Debian's /usr/bin/perf may be a wrapper that runs it, else /usr/bin/perf).
set -eu
B=$(cd "${1:-build}" && pwd)
N=${2:-1000000}
R=${REPEAT:-3}
H=$B/cli/hwmsg
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

if [ -z "${PERF:-}" ]; then
	PERF=/usr/bin/perf
	for p in /usr/bin/perf_*; do
		[ -x "$p" ] && PERF=$p
	done
fi
# the real tool, not a shell script in front of it
head -c 4 "$PERF" | od -An -c | grep -q 'E   L   F' ||
	{ echo "$PERF is not the perf binary (set PERF=)"; exit 1; }

python3 "$(dirname "$0")/perf_synth.py" "$T/big.data" "$N"
python3 "$(dirname "$0")/perf_synth.py" "$T/small.data" $((N / 5)) > /dev/null
F=$T/big.data

# the same file read alike: as many events from each
e_perf=$("$PERF" script -i "$F" 2>/dev/null | wc -l)
e_hwmsg=$("$H" show "$F" 2>/dev/null | wc -l)
echo "samples: $N ($(du -h "$F" | cut -f1)); $PERF: $("$PERF" version)"
echo "events listed: perf script $e_perf, hwmsg show $e_hwmsg"

# best NAME COMMAND...: the fastest of R runs into $T/NAME (seconds), and
# the peak RSS of that run (KiB) into $T/NAME.rss
best() {
	name=$1; shift
	i=0; b=; rss=
	while [ $i -lt "$R" ]; do
		/usr/bin/time -f "%e %M" -o "$T/time" "$@" > /dev/null 2>&1
		read -r t m < "$T/time"
		if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN { exit !(a < b) }'; then
			b=$t; rss=$m
		fi
		i=$((i + 1))
	done
	echo "$b" > "$T/$name"
	echo "$rss" > "$T/$name.rss"
	awk -v n="$name" -v b="$b" -v m="$rss" \
		'BEGIN { printf "%-22s %8.2f s %8.1f MiB\n", n, b, m / 1024 }'
}

echo "best of $R runs:"
best perf-script "$PERF" script -i "$F"
best hwmsg-show "$H" show "$F"
best hwmsg-show-V "$H" show -V "$F"
best hwmsg-stat "$H" stat "$F"

ratio() {
	awk -v l="$1" -v a="$(cat "$T/$2")" -v b="$(cat "$T/$3")" -v g="$4" \
		'BEGIN { printf "%-36s %7.1fx  (goal %s)\n", l, a / b, g }'
}
echo
ratio "perf script / hwmsg show" perf-script hwmsg-show ">= 10x"
ratio "perf script / hwmsg stat" perf-script hwmsg-stat ">= 10x"
ratio "perf script / hwmsg show -V" perf-script hwmsg-show-V "(more said)"

rss() {
	/usr/bin/time -f %M -o "$T/time" "$@" > /dev/null 2>&1
	awk '{ printf "%.1f", $1 / 1024 }' "$T/time"
}
echo
printf '%-22s %10s %10s\n' "peak RSS (MiB)" $((N / 5)) "$N"
printf '%-22s %10s %10s\n' "perf script" "$(rss "$PERF" script -i "$T/small.data")" \
	"$(rss "$PERF" script -i "$F")"
for cmd in show stat; do
	printf '%-22s %10s %10s\n' "hwmsg $cmd" "$(rss "$H" "$cmd" "$T/small.data")" \
		"$(rss "$H" "$cmd" "$F")"
done
