# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the benchmarks: $T is a temp dir; makes a private HOME and a
# private global plugin directory with the hwmsg plugin from $B and sets
# AS_USER to the command prefix that runs tshark with it (as nobody when
# root: tshark ignores personal plugins then). WIRESHARK_PLUGIN_DIR, not the
# personal directory: a copy installed system-wide would win over that one.
bench_tshark_env() {
	plugdir="$T/plugins/$(pkg-config --modversion wireshark | cut -d. -f1,2)/epan"
	mkdir -p "$plugdir" "$T/home"
	cp "$B/dissectors/hwmsg_ws.so" "$plugdir/"
	chmod -R a+rX "$T/home" "$T/plugins"
	AS_USER="env HOME=$T/home WIRESHARK_PLUGIN_DIR=$T/plugins"
	[ "$(id -u)" -eq 0 ] &&
		AS_USER="setpriv --reuid=65534 --regid=65534 --clear-groups $AS_USER"
	return 0
}
