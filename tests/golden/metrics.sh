#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsgd --metrics: Prometheus text exposition that Prometheus's own parser
# (python3-prometheus-client) reads, whose counts match hwmsg stat -j of
# the file written alongside, rewritten atomically while capturing.
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
"$HWMSGD" --sim --rate 0 -c 3000 -q --metrics m.prom -w cap.pcapng
test ! -e m.prom.tmp
"$HWMSG" stat -j cap.pcapng > stat.json
# Debian's python3, where python3-prometheus-client is
/usr/bin/python3 - m.prom stat.json <<'PY'
import json, sys
from prometheus_client.parser import text_string_to_metric_families

fams = {f.name: f for f in text_string_to_metric_families(open(sys.argv[1]).read())}
stat = json.load(open(sys.argv[2]))

def by_reg(name):
    out = {}
    for s in fams[name].samples:
        if s.name != name + "_total" and s.name != name:
            continue
        key = (s.labels["register"], s.labels["method"])
        out[key] = out.get(key, 0) + s.value
    return out

req, resp = by_reg("hwmsg_requests"), by_reg("hwmsg_responses")
err, retx = by_reg("hwmsg_errors"), by_reg("hwmsg_retransmits")
assert sum(req.values()) + sum(resp.values()) == stat["records"] == 3000
for r in stat["registers"]:
    key = (r["reg"], r["method"])
    assert req[key] == r["requests"], (key, req[key], r["requests"])
    assert resp[key] == r["responses"], key
    assert err[key] == r["errors"], key
    assert retx[key] == r["retransmits"], key
    n = sum(s.value for s in fams["hwmsg_latency_seconds"].samples
            if s.name == "hwmsg_latency_seconds_count"
            and (s.labels["register"], s.labels["method"]) == key)
    assert n == r.get("latency_ns", {}).get("n", 0), (key, n)
# cumulative buckets, +Inf equals the count
for s in fams["hwmsg_latency_seconds"].samples:
    if s.name.endswith("_bucket") and s.labels["le"] == "+Inf":
        c = [x for x in fams["hwmsg_latency_seconds"].samples
             if x.name.endswith("_count") and all(x.labels[k] == s.labels[k]
                for k in ("device", "register", "method"))]
        assert c[0].value == s.value
assert [s.value for s in fams["hwmsg_dropped"].samples] == [0]
print("metrics: %d series agree with hwmsg stat" % len(stat["registers"]))
PY
# rewritten while the capture runs, a whole file every time
"$HWMSGD" --sim --rate 20000 -q --metrics live.prom --metrics-interval 1 -w live.pcapng &
pid=$!
sleep 2.5
/usr/bin/python3 -c 'from prometheus_client.parser import text_string_to_metric_families as p; import sys; list(p(open(sys.argv[1]).read()))' live.prom
first=$(grep -c . live.prom)
sleep 1.2
kill -TERM $pid
wait $pid || true
test "$first" -gt 10
grep -q '^hwmsg_requests_total{device="pci/0000:03:00.0"' live.prom
if "$HWMSGD" --sim --metrics-interval 0 --metrics x -w y.pcapng 2> err; then exit 1; fi
grep -q 'metrics-interval: SEC must be' err
echo "metrics: ok"
