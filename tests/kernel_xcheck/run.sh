#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run the kernel cross-check on the 6.1 driver's reg.h (extracted once into
# the cache by scripts/ksrc.sh). Skips (77) only when the kernel source
# package is not installed: scripts/install-deps.sh installs it.
# Usage: run.sh KERNEL_XCHECK [ARGS...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
shift
REG_H=drivers/net/ethernet/mellanox/mlxsw/reg.h
if [ ! -r /usr/src/linux-source-6.1.tar.xz ]; then
	echo "kernel_xcheck: skipped: /usr/src/linux-source-6.1.tar.xz missing (scripts/install-deps.sh)"
	exit 77
fi
MLX5_H=include/linux/mlx5/driver.h
root=$("$here/../../scripts/ksrc.sh" "$REG_H" "$MLX5_H")
exec "$bin" "$root/$REG_H" "$here/differences.txt" "$here/context.txt" \
	--mlx5 "$root/$MLX5_H" "$@"
