#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Extract parts of Debian's linux-source-6.1 into a cache outside the checkout
# and print the tree's root. Only missing paths are extracted (the tarball is
# 130 MB; one file takes ~10 s, the whole tree ~1 min).
# Usage: scripts/ksrc.sh [PATH ...]   PATH relative to the tree (file or dir);
#        no PATH: the whole tree.
# Env:   HWMSG_KSRC_CACHE (default /var/cache/hwmsg, else ~/.cache/hwmsg)
set -eu

TARBALL=/usr/src/linux-source-6.1.tar.xz
TOP=linux-source-6.1
[ -r "$TARBALL" ] || {
	echo "ksrc.sh: $TARBALL missing (apt-get install linux-source-6.1)" >&2
	exit 1
}
CACHE=${HWMSG_KSRC_CACHE:-/var/cache/hwmsg}
mkdir -p "$CACHE" 2>/dev/null && [ -w "$CACHE" ] || CACHE=$HOME/.cache/hwmsg
mkdir -p "$CACHE"

want=""
if [ $# -eq 0 ]; then
	[ -e "$CACHE/$TOP/.complete" ] || want="$TOP"
else
	for p in "$@"; do
		[ -e "$CACHE/$TOP/$p" ] || want="$want $TOP/$p"
	done
fi
if [ -n "$want" ]; then
	# shellcheck disable=SC2086
	tar -xJf "$TARBALL" -C "$CACHE" $want
	[ $# -eq 0 ] && touch "$CACHE/$TOP/.complete"
fi
echo "$CACHE/$TOP"
