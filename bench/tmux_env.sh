# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the hwmsg top benchmarks: a temp dir $T, a private tmux server
# (tm ARGS...) removed with it on exit, and the terminal settings top runs in.
command -v tmux > /dev/null || { echo "tmux is needed" >&2; exit 1; }
T=$(mktemp -d)
SOCK="$T/tmux"
tm() { tmux -S "$SOCK" -f /dev/null "$@"; }
trap 'tm kill-server 2>/dev/null || true; rm -rf "$T"' EXIT
export TERM=xterm-256color LANG=C.UTF-8 TZ=UTC
