#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The lines hwmsg top's state view (r) must show for a capture as of
record N, built from `hwmsg state` over the first N records: device,
instance, last write, last query, then every listed field as `name value`
(hwmsg state's text lists the same leaves), clipped to the pane width.
Usage: state_expect.py HWMSG CAPTURE N COLS"""
import json
import subprocess
import sys
import time

hwmsg, capture, n, cols = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sel = ["-Y", "frame.number <= %d" % n]
js = [json.loads(l) for l in subprocess.run(
    [hwmsg, "state", "-j"] + sel + [capture], check=True,
    capture_output=True, text=True).stdout.splitlines()]
text = subprocess.run([hwmsg, "state"] + sel + [capture], check=True,
                      capture_output=True, text=True).stdout.splitlines()

# the leaves of each instance, in order: text lines with a value, at
# 4 + 2*depth spaces; groups have no value
leaves, cur = [], None
for line in text:
    if line.startswith("    "):
        parts = line.strip().split(None, 1)
        if len(parts) == 2:
            cur.append("%s %s" % (parts[0], parts[1].strip()))
    elif line.startswith("  "):
        cur = []
        leaves.append(cur)
assert len(leaves) == len(js), (len(leaves), len(js))


def short(ns):
    ns = int(ns)
    if not ns:
        return "-"
    t = time.gmtime(ns // 1000000000)
    return "%02d:%02d:%02d.%03d" % (t.tm_hour, t.tm_min, t.tm_sec,
                                    ns % 1000000000 // 1000000)


iw = 40 if cols >= 160 else 30 if cols >= 110 else 24
for inst, fields in zip(js, leaves):
    dev = inst["dev"].split("/", 1)[1]
    line = "%-12.12s %-*.*s %-12s %-12s " % (
        dev, iw, iw, inst["instance"], short(inst["written_ts"]),
        short(inst["queried_ts"]))
    line += "  ".join(fields)
    print(line[:cols].rstrip())
