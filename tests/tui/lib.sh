# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for driving 'hwmsg top' in a private tmux server. Sourced by the
# tests; every wait is a poll bounded in time, never a long fixed sleep.
T=$(mktemp -d)
RUN=0
SOCK="$T/tmux-0"
tm() { tmux -S "$SOCK" -f "$T/tmux.conf" "$@"; }
cleanup() {
	tm kill-server 2>/dev/null || true
	rm -rf "$T"
}
trap cleanup EXIT
printf 'set -g status off\n' > "$T/tmux.conf"
# After the program, the pane shows its exit status, whether the terminal
# is back in its normal screen and in cooked mode, and stays for reading.
# (Ctrl-C reaches the whole foreground group: the shell traps it, so it
# survives, and the program still starts with the default action.)
cat > "$T/run.sh" <<'RUN'
trap : INT
"$@"
echo "exit=$?"
modes=$(stty -a | tr -s ' ;' '\n\n' | grep -Ex -- '-?(icanon|echo)' | tr '\n' ' ')
echo "tty:$modes."
exec sleep 600
RUN

fail() {
	echo "FAIL: $*" >&2
	echo "---- screen ----" >&2
	tm capture-pane -p -t top >&2 2>/dev/null || true
	exit 1
}

# start W H CMD...: run CMD in a W x H pane of session "top", each time
# on a fresh tmux server (a killed one takes a while to go away)
start() {
	w=$1 h=$2
	shift 2
	tm kill-server 2>/dev/null || true
	RUN=$((RUN + 1))
	SOCK="$T/tmux-$RUN"
	tm new-session -d -s top -x "$w" -y "$h" sh "$T/run.sh" "$@" ||
		fail "tmux did not start"
}

screen() { tm capture-pane -p -t top; }

# wait_for SECONDS REGEX: poll the screen until it matches (grep -E)
wait_for() {
	secs=$1 re=$2 i=0
	while [ "$i" -lt $((secs * 20)) ]; do
		screen | grep -Eq -- "$re" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	fail "no '$re' on screen after ${secs}s"
}

# wait_gone SECONDS REGEX: poll until the screen no longer matches
wait_gone() {
	secs=$1 re=$2 i=0
	while [ "$i" -lt $((secs * 20)) ]; do
		screen | grep -Eq -- "$re" || return 0
		sleep 0.05
		i=$((i + 1))
	done
	fail "'$re' still on screen after ${secs}s"
}

pane() { tm display-message -p -t top "#{$1}"; }

# The program's pid: the only child of the pane's shell.
prog_pid() { pgrep -P "$(pane pane_pid)"; }

# wait_exit SECONDS: until the program in the pane has exited
wait_exit() { wait_for "$1" '^tty:.*\.$'; }

# assert_clean_exit: exit status 0, normal screen, cooked mode with echo
assert_clean_exit() {
	screen | grep -qx 'exit=0' || fail "exit status not 0"
	[ "$(pane alternate_on)" = 0 ] || fail "terminal left in the alternate screen"
	screen | grep -qxF 'tty:icanon echo .' || fail "terminal modes not restored"
}

# The message lines of the list: they start with a time of day.
list_lines() { screen | grep -E '^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6} '; }

# wait_all SECONDS REGEX: until the list has lines and all of them match
# (polled: a capture may catch the screen half redrawn)
wait_all() {
	secs=$1 re=$2 i=0
	while [ "$i" -lt $((secs * 20)) ]; do
		n=$(list_lines | wc -l)
		bad=$(list_lines | grep -Evc -- "$re" || true)
		[ "$n" -gt 0 ] && [ "$bad" = 0 ] && return 0
		sleep 0.05
		i=$((i + 1))
	done
	fail "list lines not all matching '$re' after ${secs}s"
}
