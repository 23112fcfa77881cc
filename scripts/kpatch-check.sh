#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Check the kernel series in kernel/patches/ against Debian's
# linux-source-6.1, outside the checkout:
#  1. apply every patch in order (git apply, as git am would) to a scratch
#     copy of the tree: hard links to the pristine tree from ksrc.sh, the
#     files the series touches copied first, so the pristine tree never
#     changes;
#  2. checkpatch --strict on each patch: no error, no check, no warning but
#     "does MAINTAINERS need updating?" (new files under entries that
#     already cover them);
#  3. a minimal x86_64 config with devlink, mlxsw, mlx4 and netdevsim,
#     `make prepare`, and the objects of the .c files the series touches,
#     with -Werror;
#  4. the selftest: its listener compiled against the patched uapi header,
#     its script parsed by bash;
#  5. include/hwmsg/devlink_series.h is what scripts/kpatch-header.sh makes
#     of the patched uapi header (userspace takes the numbers from there).
# The build directory is kept (a later run rebuilds only the objects of
# the series); each phase prints its time. About a minute on two cores
# from scratch, most of it `make prepare`.
# Usage: scripts/kpatch-check.sh [PATCH_DIR]
# Env:   HWMSG_KPATCH_DIR scratch (default: kpatch/ next to the ksrc.sh tree)
# Exit:  0 ok, 1 a check failed, 77 skipped (no linux-source-6.1 or no
#        build tools: scripts/install-deps.sh installs them).
set -eu
cd "$(dirname "$0")/.."
ROOT=$PWD
PATCHES=$(cd "${1:-kernel/patches}" && pwd)

for tool in make gcc flex bison bc git perl; do
	command -v "$tool" >/dev/null || {
		echo "kpatch-check: SKIP: $tool missing (scripts/install-deps.sh)"
		exit 77
	}
done
[ -r /usr/include/libelf.h ] || {
	echo "kpatch-check: SKIP: libelf-dev missing (scripts/install-deps.sh)"
	exit 77
}
SRC=$(scripts/ksrc.sh) || {
	echo "kpatch-check: SKIP: no kernel source (scripts/install-deps.sh)"
	exit 77
}
WORK=${HWMSG_KPATCH_DIR:-$(dirname "$SRC")/kpatch}
TREE=$WORK/src
OBJ=$WORK/obj
mkdir -p "$WORK"

# one run at a time per scratch directory
exec 9>"$WORK/.lock"
flock 9

JOBS=$(nproc)
MAKE="nice make -s -C $TREE O=$OBJ -j$JOBS"
now() { date +%s; }
T0=$(now)
phase() {
	t=$(now)
	echo "kpatch-check: $1 ($((t - LAST))s)"
	LAST=$t
}
LAST=$T0
fail() {
	echo "kpatch-check: FAIL: $*" >&2
	exit 1
}

set -- "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch
[ -e "$1" ] || fail "no patches in $PATCHES"
series=""
for p in "$@"; do
	case ${p##*/} in 0000-*) continue ;; esac
	series="$series $p"
done

# files the series touches, as paths in the tree
# shellcheck disable=SC2086
touched=$(sed -n 's|^+++ b/||p; s|^--- a/||p' $series | sort -u)

# ---- 1. apply ----------------------------------------------------------
# the tree of an earlier run: put back what it patched (quicker than a
# new copy of 70000 links)
if [ -f "$TREE/.hwmsg-linked" ] && [ -f "$WORK/touched" ]; then
	while read -r f; do
		rm -f "$TREE/$f"
		[ -e "$SRC/$f" ] && cp -p "$SRC/$f" "$TREE/$f"
	done < "$WORK/touched"
else
	rm -rf "$TREE"
	cp -al "$SRC" "$TREE"
	rm -f "$TREE/.complete"
	touch "$TREE/.hwmsg-linked"
fi
echo "$touched" > "$WORK/touched"
for f in $touched; do
	if [ -e "$TREE/$f" ]; then
		rm "$TREE/$f"	# a hard link: never write through it
		cp -p "$SRC/$f" "$TREE/$f"
	fi
done
# no repository above the tree: git apply would apply relative to its root
export GIT_CEILING_DIRECTORIES="$WORK"
for p in $series; do
	(cd "$TREE" && git apply --whitespace=error "$p") ||
		fail "${p##*/} does not apply"
done
phase "applied $(echo "$series" | wc -w) patches"

# ---- 2. checkpatch -----------------------------------------------------
for p in $series; do
	out=$(cd "$TREE" && { ./scripts/checkpatch.pl --strict -q "$p" || true; })
	bad=$(printf '%s\n' "$out" | grep -E '^(ERROR|WARNING|CHECK):' |
	      grep -v 'does MAINTAINERS need updating' || true)
	[ -z "$bad" ] || { printf '%s\n' "$out"; fail "checkpatch: ${p##*/}"; }
done
phase "checkpatch --strict clean (MAINTAINERS warnings only)"

# ---- 3. config, prepare, objects ---------------------------------------
OPTS="DEBUG_FS NET_SWITCHDEV BRIDGE VLAN_8021Q NET_VENDOR_MELLANOX MLXSW_CORE
MLXSW_PCI MLXSW_SPECTRUM MLX4_CORE MLX4_EN PSAMPLE NETDEVSIM"
stamp=$(echo "$OPTS" | md5sum | cut -c1-12)
if [ ! -f "$OBJ/.config" ] || [ "$(cat "$OBJ/.hwmsg-config" 2>/dev/null)" != "$stamp" ]; then
	mkdir -p "$OBJ"
	$MAKE x86_64_defconfig
	args=""
	for o in $OPTS; do args="$args -e $o"; done
	# shellcheck disable=SC2086
	"$TREE/scripts/config" --file "$OBJ/.config" $args
	$MAKE olddefconfig
	for o in NET_DEVLINK $OPTS; do
		grep -q "^CONFIG_$o=y" "$OBJ/.config" ||
			fail "CONFIG_$o did not stick"
	done
	echo "$stamp" > "$OBJ/.hwmsg-config"
fi
phase "config"
$MAKE prepare
phase "make prepare"

objs=""
for f in $touched; do
	case $f in
	tools/*|Documentation/*|scripts/*) ;;
	*.c) [ -e "$TREE/$f" ] && objs="$objs ${f%.c}.o" ;;
	esac
done
[ -n "$objs" ] || fail "the series touches no kernel .c file"
for o in $objs; do rm -f "$OBJ/$o"; done
# shellcheck disable=SC2086
$MAKE KCFLAGS=-Werror $objs || fail "compiling$objs"
for o in $objs; do [ -s "$OBJ/$o" ] || fail "$o not built"; done
phase "compiled$objs"

# ---- 4. selftest ---------------------------------------------------------
ST=tools/testing/selftests/drivers/net/netdevsim
inc=$WORK/uapi
rm -rf "$inc"
mkdir -p "$inc/linux"
cp "$TREE/include/uapi/linux/devlink.h" "$inc/linux/"
# the patched devlink.h first; the rest of <linux/*.h> from the system
gcc -std=gnu11 -Wall -Wextra -Werror -O2 -isystem "$inc" \
	-o "$WORK/hwmsg_listen" "$TREE/$ST/hwmsg_listen.c" ||
	fail "selftest listener does not compile"
bash -n "$TREE/$ST/hwmsg.sh" || fail "selftest script does not parse"
grep -q 'hwmsg.sh' "$TREE/$ST/Makefile" || fail "selftest not in its Makefile"
phase "selftest listener built, script parsed"

# ---- 5. the numbers userspace uses ---------------------------------------
gen=$WORK/devlink_series.h
"$ROOT/scripts/kpatch-header.sh" "$TREE/include/uapi/linux/devlink.h" > "$gen"
diff -u "$ROOT/include/hwmsg/devlink_series.h" "$gen" ||
	fail "include/hwmsg/devlink_series.h is stale: run scripts/kpatch-header.sh"
phase "include/hwmsg/devlink_series.h matches the series"

echo "kpatch-check: ok in $(($(now) - T0))s ($JOBS jobs)"
