# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the tshark test scripts (sourced): a private HOME with the plugin,
# ts (tshark as an unprivileged user), check and a pass/fail summary.
#
# tshark ignores personal plugins when run as root, so as root it runs as
# nobody with a private HOME. The plugin goes into a private global plugin
# directory (WIRESHARK_PLUGIN_DIR=$home/plugins, holding 4.0/epan/): a
# plugin of the same name installed system-wide (`cmake --install`) would
# win over a personal one, and the tests would test that copy instead.

# tshark_setup PLUGIN.so: make the HOME ($home), inputs go to $home/in.
tshark_setup() {
	home=$(mktemp -d /tmp/hwmsg-tshark.XXXXXX) || exit 1
	trap 'rm -rf "$home"' EXIT
	chmod 755 "$home"
	mkdir -p "$home/plugins/4.0/epan" "$home/in"
	cp "$1" "$home/plugins/4.0/epan/" || exit 1
}

# After the inputs are in $home/in: let the unprivileged user read them,
# and make sure tshark loads the plugin under test and no other copy.
tshark_ready() {
	chmod -R a+rX "$home"
	loaded=$(ts -G plugins 2>&1 | awk '$1 == "hwmsg_ws.so" { print $NF }')
	if [ "$loaded" != "$home/plugins/4.0/epan/hwmsg_ws.so" ]; then
		echo "FAIL: tshark loads the hwmsg plugin from '$loaded', not the one under test"
		ts -G plugins 2>&1 | grep -i hwmsg | sed 's/^/  /'
		exit 1
	fi
}

if [ "$(id -u)" = 0 ]; then
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
else
	as_user=
fi

# A dissector bug (failed DISSECTOR_ASSERT) aborts tshark: a test failure.
ts() {
	# shellcheck disable=SC2086
	$as_user env HOME="$home" XDG_CONFIG_HOME="$home/.config" \
		WIRESHARK_PLUGIN_DIR="$home/plugins" \
		WIRESHARK_ABORT_ON_DISSECTOR_BUG=1 tshark "$@"
}

fails=0
checks=0

# check NAME EXPECTED TSHARK-ARGS...: tshark must exit 0 and its stdout,
# passed through the shell filter in $post (default: as is), must equal
# EXPECTED (a multi-line string).
post=cat
check() {
	name=$1 want=$2
	shift 2
	checks=$((checks + 1))
	ts "$@" >"$home/stdout" 2>"$home/stderr"
	rc=$?
	got=$(eval "$post" <"$home/stdout")
	if [ $rc -ne 0 ] || [ "$got" != "$want" ]; then
		fails=$((fails + 1))
		echo "FAIL: $name (exit $rc)"
		echo "  tshark $*"
		echo "  want: $(printf '%s' "$want" | tr '\n' '/')"
		echo "  got:  $(printf '%s' "$got" | tr '\n' '/')"
		sed 's/^/  stderr: /' "$home/stderr" | head -5
	else
		echo "ok: $name"
	fi
}

# check_eq NAME WANT GOT: two values computed by the script.
check_eq() {
	checks=$((checks + 1))
	if [ "$2" != "$3" ]; then
		fails=$((fails + 1))
		echo "FAIL: $1 (diff want got, first lines)"
		printf '%s\n' "$2" >"$home/want"
		printf '%s\n' "$3" >"$home/got"
		diff "$home/want" "$home/got" | head -10 | sed 's/^/  /'
	else
		echo "ok: $1"
	fi
}

tshark_summary() {
	echo "$((checks - fails))/$checks checks passed"
	[ $fails -eq 0 ]
}
