#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --source genl=OPTS of hwmsgd and hwmsg dev: a word that is not an option
# is an error with one line naming it, found before any socket or file is
# opened, so no kernel is needed. (Which ABI is picked for what a kernel
# offers: unit/test_genl_abi; on a real kernel: the vm tests.)
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

expect() {	# EXPECTED_RC EXPECTED_STDERR CMD...
	want_rc=$1 want_err=$2
	shift 2
	rc=0
	"$@" > "$T/out" 2> "$T/err" || rc=$?
	[ "$rc" = "$want_rc" ] || { echo "$*: exit $rc, not $want_rc"; cat "$T/err"; exit 1; }
	[ "$(cat "$T/err")" = "$want_err" ] ||
		{ echo "$*: said"; cat "$T/err"; echo "not"; echo "$want_err"; exit 1; }
}

opts="(devlink, module, noconfig, wait)"
expect 1 "hwmsgd: genl=seed: 'seed' is not an option $opts" \
	"$HWMSGD" --source genl=seed -w "$T/a.pcapng"
expect 1 "hwmsgd: genl=noconfig,wiat: 'wiat' is not an option $opts" \
	"$HWMSGD" --source genl=noconfig,wiat -w "$T/a.pcapng"
expect 1 "hwmsgd: genl=devlink,module: devlink and module exclude each other" \
	"$HWMSGD" --source genl=devlink,module -w "$T/a.pcapng"
[ ! -e "$T/a.pcapng" ] || { echo "hwmsgd created its file for a bad option"; exit 1; }

expect 2 "hwmsg dev: --source: genl=bogus: 'bogus' is not an option $opts" \
	"$HWMSG" dev --source genl=bogus monitor
expect 2 "hwmsg dev: --source genl=wait: only devlink or module" \
	"$HWMSG" dev --source genl=wait source
expect 2 "hwmsg dev: --source tracepoint: only genl[=devlink|module]" \
	"$HWMSG" dev --source tracepoint source
expect 2 "hwmsg dev: --source applies to monitor and source" \
	"$HWMSG" dev --source genl=module port
echo ok
