#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark: hwmsg top -r on big simulator captures (.zst), driven in a
# private tmux server: time to the first screen, time until the whole
# file is indexed, and RSS per record (in all, and over a 100k-record
# capture that fills the --max ring). Not a test: run it by hand.
#   bench/top_index.sh BUILD_DIR [RECORDS...]   (default 1000000 10000000)
set -eu
B=$(cd "${1:-build}" && pwd)
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- 1000000 10000000
. "$(dirname "$0")/tmux_env.sh"

ms() { echo $(($(date +%s%N) / 1000000)); }
screen() { tm capture-pane -p -t top; }
until_screen() { # REGEX, within 10 minutes
	i=0
	until screen | grep -Eq -- "$1"; do
		i=$((i + 1))
		[ $i -lt 30000 ] || { echo "timeout: $1" >&2; exit 1; }
		sleep 0.02
	done
}
# run FILE COUNT: sets FIRST_MS, INDEX_MS, RSS_KIB
run() {
	tm kill-server 2>/dev/null || true
	t0=$(ms)
	tm new-session -d -s top -x 140 -y 40 "exec '$B/cli/hwmsg' top -r '$1'"
	until_screen '^00:00:00\.'
	FIRST_MS=$(($(ms) - t0))
	until_screen "^record [0-9]+ of $2 \\(whole file\\)\$"
	INDEX_MS=$(($(ms) - t0))
	until_screen '\[loaded\]'
	RSS_KIB=$(awk '$1 == "VmRSS:" {print $2}' \
		"/proc/$(tm display -p -t top '#{pane_pid}')/status")
	tm kill-server
}

"$B/capture/hwmsgd" --sim --rate 0 --seed 1 -c 100000 -q -w "$T/base.pcapng.zst"
run "$T/base.pcapng.zst" 100000
base=$RSS_KIB
printf '%10s %10s %11s %8s %9s %9s %14s\n' records "file MB" "1st screen" \
	"index s" "RSS MiB" "B/record" "B/rec over 100k"
for n in "$@"; do
	"$B/capture/hwmsgd" --sim --rate 0 --seed 1 -c "$n" -q -w "$T/big.pcapng.zst"
	mb=$(($(wc -c < "$T/big.pcapng.zst") / 1000000))
	run "$T/big.pcapng.zst" "$n"
	awk -v n="$n" -v mb="$mb" -v f="$FIRST_MS" -v i="$INDEX_MS" \
	    -v r="$RSS_KIB" -v b="$base" 'BEGIN {
		printf "%10d %10d %9d ms %8.1f %9.1f %9.1f %14.1f\n", n, mb, f,
		       i / 1000, r / 1024, r * 1024 / n,
		       (r - b) * 1024 / (n - 100000)
	}'
	rm -f "$T/big.pcapng.zst"
done
