# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the benchmarks: $T is a temp dir; makes a private HOME with the
# hwmsg plugin from $B and sets AS_USER to the command prefix that runs
# tshark with it (as nobody when root: tshark ignores personal plugins then).
bench_tshark_env() {
	plugdir="$T/home/.local/lib/wireshark/plugins/$(pkg-config --modversion wireshark | cut -d. -f1,2)/epan"
	mkdir -p "$plugdir"
	cp "$B/dissectors/hwmsg_ws.so" "$plugdir/"
	chmod -R a+rX "$T/home"
	AS_USER="env HOME=$T/home"
	[ "$(id -u)" -eq 0 ] &&
		AS_USER="setpriv --reuid=65534 --regid=65534 --clear-groups $AS_USER"
	return 0
}
