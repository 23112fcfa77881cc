#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The whole test suite, as CI runs it, warnings as errors: installs what it
# needs, then
#  1. the full build with every test (unit, golden, tshark, tui, vm),
#  2. Release and MinSizeRel compile (-O3/-Os warn about other things),
#  3. the unit and golden (end-to-end) tests again under ASan + UBSan,
#  4. the libFuzzer targets, each for a bounded time.
set -eu
cd "$(dirname "$0")/.."
JOBS=$(nproc)

scripts/install-deps.sh --with-vm

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHWMSG_WERROR=ON
cmake --build build -j"$JOBS"
ctest --test-dir build --output-on-failure -j"$JOBS"

# compile only: the optimizers' own warnings (maybe-uninitialized at -O3)
for type in Release:build-release MinSizeRel:build-minsize; do
	cmake -S . -B "${type#*:}" -DCMAKE_BUILD_TYPE="${type%%:*}" \
		-DHWMSG_WERROR=ON -DHWMSG_PLUGIN=OFF -DHWMSG_VM_TESTS=OFF
	cmake --build "${type#*:}" -j"$JOBS"
done

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DHWMSG_SANITIZE=ON \
	-DHWMSG_WERROR=ON -DHWMSG_PLUGIN=OFF -DHWMSG_VM_TESTS=OFF
cmake --build build-asan -j"$JOBS"
LSAN_OPTIONS=suppressions="$PWD/tests/lsan.supp" \
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	ctest --test-dir build-asan -L "unit|golden" --output-on-failure -j"$JOBS"

CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DHWMSG_FUZZ=ON -DHWMSG_PLUGIN=OFF -DHWMSG_VM_TESTS=OFF \
	-DHWMSG_SANITIZE=ON -DHWMSG_WERROR=ON
cmake --build build-fuzz -j"$JOBS" --target fuzzers
LSAN_OPTIONS=suppressions="$PWD/tests/lsan.supp" ctest --test-dir build-fuzz -L fuzz --output-on-failure -j"$JOBS"
