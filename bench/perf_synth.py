#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""
A big perf.data for benchmarks: a real file-mode recording of
devlink:devlink_hwmsg (tests/data/trace/probe-perf.data.zst, perf 6.1) with
its samples and FINISHED_ROUNDs repeated until there are N samples, each
copy later than the one before (sample times shifted by the recording's
length), its records before the first sample, attrs and features kept as
they are: perf script reads it as it reads the original.

  bench/perf_synth.py OUT [N]
"""
import os
import struct
import subprocess
import sys

SAMPLE, FINISHED_ROUND = 9, 68
SAMPLE_IDENTIFIER, SAMPLE_IP, SAMPLE_TID, SAMPLE_TIME = 1 << 16, 1, 2, 4

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, '..', 'tests', 'data', 'trace',
                   'probe-perf.data.zst')


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000000
    d = subprocess.run(['zstd', '-qdc', SRC], check=True,
                       stdout=subprocess.PIPE).stdout
    attr_size, ao, asz, do, dsz = struct.unpack_from('<5Q', d, 16)
    sample_type = struct.unpack_from('<Q', d, ao + 24)[0]	# the first attr
    if not sample_type & SAMPLE_TIME:
        sys.exit('samples without times')
    t_at = 8 + 8 * sum(1 for b in (SAMPLE_IDENTIFIER, SAMPLE_IP, SAMPLE_TID)
                       if sample_type & b)
    head, body = [], []		# records before the first sample; after
    t_min, t_max = None, 0
    off = do
    while off < do + dsz:
        t, _, s = struct.unpack_from('<IHH', d, off)
        r = d[off:off + s]
        off += s
        if t == SAMPLE:
            ts = struct.unpack_from('<Q', r, t_at)[0]
            t_min = ts if t_min is None else min(t_min, ts)
            t_max = max(t_max, ts)
        if t in (SAMPLE, FINISHED_ROUND) and (body or t == SAMPLE):
            body.append((t, r))
        elif not body:
            head.append(r)
    per_copy = sum(1 for t, _ in body if t == SAMPLE)
    shift = t_max - t_min + 1000000		# the length, and 1 ms
    bits = d[72:104]
    feats = [i for i in range(256) if bits[i // 8] >> (i % 8) & 1]
    sections = [struct.unpack_from('<QQ', d, do + dsz + 16 * i)
                for i in range(len(feats))]
    with open(out, 'wb') as f:
        f.write(d[:do])
        f.write(b''.join(head))
        written, k = 0, 0
        while written < n:
            chunk = bytearray()
            for t, r in body:
                if t == SAMPLE:
                    if written == n:
                        continue
                    r = bytearray(r)
                    ts = struct.unpack_from('<Q', r, t_at)[0]
                    struct.pack_into('<Q', r, t_at, ts + k * shift)
                    written += 1
                chunk += r
            f.write(chunk)
            k += 1
        # a last FINISHED_ROUND, then the features where they now are
        f.write(struct.pack('<IHH', FINISHED_ROUND, 0, 8))
        data_end = f.tell()
        at = data_end + 16 * len(sections)
        for fo, fs in sections:
            f.write(struct.pack('<QQ', at, fs))
            at += fs
        for fo, fs in sections:
            f.write(d[fo:fo + fs])
        f.seek(40)
        f.write(struct.pack('<QQ', do, data_end - do))
    print(f'{out}: {n} samples ({per_copy} per copy of the recording, '
          f'{k} copies)')


if __name__ == '__main__':
    main()
