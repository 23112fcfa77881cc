#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run the mlx4 cross-check on the 6.1 driver (its CMD_REG register ids in
# fw.c, their structs in include/linux/mlx4/device.h), extracted once into
# the cache by scripts/ksrc.sh. Skips (77) only when the kernel source
# package is not installed: scripts/install-deps.sh installs it.
# Usage: mlx4_run.sh MLX4_XCHECK [-v]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
shift
if [ ! -r /usr/src/linux-source-6.1.tar.xz ]; then
	echo "mlx4_xcheck: skipped: /usr/src/linux-source-6.1.tar.xz missing (scripts/install-deps.sh)"
	exit 77
fi
MLX4=drivers/net/ethernet/mellanox/mlx4
DEVICE_H=include/linux/mlx4/device.h
root=$("$here/../../scripts/ksrc.sh" "$MLX4/fw.c" "$MLX4/port.c" \
	"$MLX4/en_ethtool.c" "$MLX4/fw.h" "$MLX4/mlx4.h" "$DEVICE_H")
# fw.c has the ids; device.h the structs; all of them the accesses
exec "$bin" "$root/$MLX4/fw.c" "$here/mlx4_differences.txt" \
	"$root/$DEVICE_H" "$root/$MLX4/fw.h" "$root/$MLX4/mlx4.h" \
	"$root/$MLX4/fw.c" "$root/$MLX4/port.c" "$root/$MLX4/en_ethtool.c" \
	"$@"
