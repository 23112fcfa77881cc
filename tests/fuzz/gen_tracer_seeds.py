#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""
fuzz_reader seeds for the tracers' files: the real perf.data and trace.dat
recordings of tests/data/trace cut down to a few KiB each, so that the
fuzzer's mutations land in the parts that are parsed (headers, attrs,
records, features, the tracing data's event format), not in kilobytes of
samples alike. Writes corpus/fuzz_reader/perf-*.data and tracedat/trace-v6.dat (not in
the fuzz_reader corpus: libtracecmd crashes on damaged files, see
fuzz_reader.c's skip_tracedat; fuzz it by hand with HWMSG_FUZZ_TRACEDAT=1).

  tests/fuzz/gen_tracer_seeds.py [DATADIR [OUTDIR [TRACEDAT_OUTDIR]]]

- perf-file.data: file mode (probe-perf.data): the attrs and their ids, the
  first synthesized records (mmap, comm, fork, thread and cpu maps), six
  samples on both CPUs with a FINISHED_ROUND between, the features the reader
  reads (KEEP_FEATS), the tracing data cut to the devlink_hwmsg format.
- perf-pipe.data: pipe mode (probe-perf-pipe.data): HEADER_ATTR,
  HEADER_FEATURE, HEADER_TRACING_DATA (cut the same way), EVENT_UPDATE,
  the same kinds of records and samples.
- perf-zstd.data: -z (probe-perf-zstd.data): the uncompressed records
  ahead, then a few samples recompressed in two PERF_RECORD_COMPRESSED
  records, a zstd frame each, a record begun in the first and ended in the
  second (perf flushes its one stream at each record; a frame whose first
  part gives nothing is refused by perf script).
- perf-lost.data: lost-perf.data's LOST and LOST_SAMPLES records among a
  few samples.
- trace-v6.dat: a trace-cmd file version 6 made from trace-ops-v6.dat's
  header files, its devlink_hwmsg format and the first events of its
  instance's CPU pages, in the top buffer, one page per CPU; the second
  page says events were lost before it (with the count stored). Pages of
  1 KiB, not the 4 KiB recorded: libtracecmd cannot mmap them and reads
  them instead, and the seed is 4 KiB, not 12.
"""
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', 'data', 'trace')

SAMPLE, LOST, LOST_SAMPLES = 9, 2, 13
HEADER_ATTR, TRACING_DATA, FINISHED_ROUND = 64, 66, 68
HEADER_FEATURE, COMPRESSED = 80, 81
TRACING_MAGIC = b'\x17\x08\x44tracing'
# the features kept: tracing data, hostname, osrelease, version, arch,
# nrcpus, cmdline, sample_time, compressed, clock_data (the others perf
# writes, topology and caches, are kilobytes the reader skips)
KEEP_FEATS = (1, 3, 4, 5, 6, 7, 11, 21, 27, 29)


def load(name, datadir):
    return subprocess.run(['zstd', '-qdc', os.path.join(datadir, name + '.zst')],
                          check=True, stdout=subprocess.PIPE).stdout


def records(d, off, end):
    """(type, bytes) of each record from off to end; tracing data kept
    with its record."""
    out = []
    while off + 8 <= end:
        t, _, s = struct.unpack_from('<IHH', d, off)
        if s < 8:
            sys.exit(f'record of {s} bytes at {off:#x}')
        n = s
        if t == TRACING_DATA:
            n += struct.unpack_from('<I', d, off + 8)[0]
        out.append((t, d[off:off + n]))
        off += n
    return out


class Cur:
    def __init__(self, d, off=0):
        self.d, self.off = d, off

    def take(self, n):
        b = self.d[self.off:self.off + n]
        self.off += n
        return b

    def u32(self):
        return struct.unpack('<I', self.take(4))[0]

    def u64(self):
        return struct.unpack('<Q', self.take(8))[0]

    def cstr(self):
        end = self.d.index(b'\0', self.off)
        s = self.d[self.off:end + 1]
        self.off = end + 1
        return s


def tracing_parts(td):
    """The parts of a tracing data (perf's, trace.dat's head) we keep:
    everything up to the ftrace formats, and the devlink_hwmsg format."""
    c = Cur(td)
    if c.take(10) != TRACING_MAGIC:
        sys.exit('no tracing data magic')
    version = c.cstr()
    misc = c.take(6)		# endian, long size, page size
    head = []
    for _ in range(2):		# header_page, header_event
        name = c.cstr()
        size = c.u64()
        head.append(name + struct.pack('<Q', size) + c.take(size))
    for _ in range(c.u32()):	# ftrace's own formats: dropped
        c.take(c.u64())
    fmt = None
    for _ in range(c.u32()):
        system = c.cstr()
        for _ in range(c.u32()):
            f = c.take(c.u64())
            if system == b'devlink\0' and b'name: devlink_hwmsg\n' in f:
                fmt = f
    if fmt is None:
        sys.exit('no devlink_hwmsg format')
    return version, misc, b''.join(head), fmt


def small_tracing(td, cmdlines=b''):
    version, misc, head, fmt = tracing_parts(td)
    out = TRACING_MAGIC + version + misc + head
    out += struct.pack('<I', 0)				# ftrace formats
    out += struct.pack('<I', 1) + b'devlink\0'
    out += struct.pack('<I', 1) + struct.pack('<Q', len(fmt)) + fmt
    out += struct.pack('<I', 0) + struct.pack('<I', 0)	# kallsyms, printk
    if version >= b'0.6':
        out += struct.pack('<Q', len(cmdlines)) + cmdlines
    return out


def pick(recs, keep_other=2, samples=6, extra=()):
    """The first records of each kind perf synthesizes, a few samples
    with a FINISHED_ROUND among them, then whatever follows of `extra`."""
    out, seen, n_samples, rounds = [], {}, 0, 0
    for t, r in recs:
        if t == SAMPLE:
            if n_samples < samples:
                out.append((t, r))
                n_samples += 1
                if n_samples == samples // 2:
                    out.append((FINISHED_ROUND,
                                struct.pack('<IHH', FINISHED_ROUND, 0, 8)))
            continue
        if t == FINISHED_ROUND:
            if n_samples >= samples and not rounds:
                out.append((t, r))
                rounds = 1
            continue
        if t in extra or t >= HEADER_ATTR:
            out.append((t, r))
            continue
        if seen.get(t, 0) < keep_other:
            seen[t] = seen.get(t, 0) + 1
            out.append((t, r))
    return out


def file_mode(d, pick_records, tracing=True):
    """A file-mode perf.data with its data section's records chosen by
    pick_records(records) and its tracing data cut down."""
    attr_size, ao, asz, do, dsz = struct.unpack_from('<5Q', d, 16)
    bits = int.from_bytes(d[72:104], 'little')
    feats = [i for i in range(256) if bits >> i & 1]
    fsec = do + dsz
    bodies, kept = [], 0
    for i, f in enumerate(feats):
        fo, fs = struct.unpack_from('<QQ', d, fsec + 16 * i)
        body = d[fo:fo + fs]
        if f not in KEEP_FEATS:
            continue
        if f == 1 and tracing:
            body = small_tracing(body)
        bodies.append(body)
        kept |= 1 << f
    data = b''.join(r for _, r in pick_records(records(d, do, do + dsz)))
    head = bytearray(d[:do])
    struct.pack_into('<QQ', head, 40, do, len(data))
    head[72:104] = kept.to_bytes(32, 'little')
    out = bytes(head) + data
    off = len(out) + 16 * len(bodies)
    secs = b''
    for b in bodies:
        secs += struct.pack('<QQ', off, len(b))
        off += len(b)
    return out + secs + b''.join(bodies)


def perf_file(datadir):
    return file_mode(load('probe-perf.data', datadir), pick)


def perf_lost(datadir):
    def lost(recs):
        return pick(recs, keep_other=1, samples=4,
                    extra=(LOST, LOST_SAMPLES))
    return file_mode(load('lost-perf.data', datadir), lost)


def perf_pipe(datadir):
    d = load('probe-perf-pipe.data', datadir)
    out = []
    for t, r in pick(records(d, 16, len(d))):
        if (t == HEADER_FEATURE and
                struct.unpack_from('<Q', r, 8)[0] not in KEEP_FEATS):
            continue
        if t == TRACING_DATA:
            hdr = r[:8]
            td = small_tracing(r[16:])
            pad = -len(td) % 8
            r = hdr + struct.pack('<II', len(td) + pad, 0) + td + b'\0' * pad
        out.append(r)
    return d[:16] + b''.join(out)


def zstd(data):
    return subprocess.run(['zstd', '-q', '-19', '--no-check', '-c'],
                          input=data, check=True,
                          stdout=subprocess.PIPE).stdout


def perf_zstd(datadir):
    d = load('probe-perf-zstd.data', datadir)

    def recompress(recs):
        inner = b''
        for t, r in recs:
            if t == COMPRESSED and len(inner) <= 4096:
                inner += r[8:]		# enough to find samples in
        z = zstd_decompress(inner)
        kept = b''.join(x for _, x in pick(records(z, 0, len(z)),
                                           samples=5))
        out = pick([x for x in recs if x[0] != COMPRESSED], samples=0)
        half = len(kept) // 2	# a record across the two
        for part in (zstd(kept[:half]), zstd(kept[half:])):
            out.append((COMPRESSED, struct.pack('<IHH', COMPRESSED, 0,
                                                8 + len(part)) + part))
        out.append((FINISHED_ROUND,
                    struct.pack('<IHH', FINISHED_ROUND, 0, 8)))
        return out
    return file_mode(d, recompress)


def zstd_decompress(data):
    """The records a stream's first part gives (it need not be whole)."""
    p = subprocess.run(['zstd', '-qdc'], input=data, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    z = p.stdout
    off = 0		# whole records only
    while off + 8 <= len(z):
        s = struct.unpack_from('<H', z, off + 6)[0]
        if s < 8 or off + s > len(z):
            break
        off += s
    return z[:off]


# trace.dat, file version 6 (trace-cmd's trace-output.c)
PAGE = 1024		# the seed's; 4096 in the file it is made from
SRC_PAGE = 4096
OPT_DONE, OPT_CPUSTAT, OPT_BUFFER = 0, 2, 3
OPT_TRACECLOCK, OPT_UNAME, OPT_VERSION = 4, 5, 9
MISSED_EVENTS, MISSED_STORED = 1 << 31, 1 << 30


def v6_pages(d):
    """The instance's pages, CPU by CPU (the top buffer is empty)."""
    c = Cur(d, 10)
    c.cstr()
    c.take(6)
    for _ in range(2):
        c.cstr()
        c.take(c.u64())
    for _ in range(c.u32()):
        c.take(c.u64())
    for _ in range(c.u32()):
        c.cstr()
        for _ in range(c.u32()):
            c.take(c.u64())
    c.take(c.u32())		# kallsyms
    c.take(c.u32())		# printk
    c.take(c.u64())		# cmdlines
    cpus = c.u32()
    if c.take(10) != b'options  \0':
        sys.exit('no options')
    buf = None
    while True:
        oid = struct.unpack('<H', c.take(2))[0]
        if oid == OPT_DONE:
            break
        body = c.take(c.u32())
        if oid == OPT_BUFFER:
            buf = struct.unpack_from('<Q', body)[0]
    if buf is None:
        sys.exit('no instance')
    c = Cur(d, buf)
    if c.take(10) != b'flyrecord\0':
        sys.exit('no flyrecord')
    pages = []
    for _ in range(cpus):
        off, size = c.u64(), c.u64()
        pages.append([d[o:o + SRC_PAGE]
                      for o in range(off, off + size, SRC_PAGE)])
    return pages


def page_events(page, n):
    """The page with its first n events only (ring buffer event headers:
    type_len in the low 5 bits)."""
    commit = struct.unpack_from('<Q', page, 8)[0] & 0xfffff
    off, end, kept = 16, 16 + commit, 0
    while off < end and kept < n:
        tl = struct.unpack_from('<I', page, off)[0] & 31
        if tl == 0:
            size = 8 + struct.unpack_from('<I', page, off + 4)[0] - 4
        elif tl <= 28:
            size, kept = 4 + 4 * tl, kept + 1
        elif tl == 29:		# padding
            size = 8 + struct.unpack_from('<I', page, off + 4)[0] - 4
        else:			# time extend, time stamp
            size = 8
        if tl == 0:
            kept += 1
        off += size
    return page[:8], page[16:off]


def v6_page(ts, data, missed=None):
    flags = 0
    tail = b''
    if missed is not None:
        flags = MISSED_EVENTS | MISSED_STORED
        tail = struct.pack('<Q', missed)
    body = data + tail
    return (ts + struct.pack('<Q', len(data) | flags) + body +
            b'\0' * (PAGE - 16 - len(body)))


def trace_v6(datadir):
    d = load('trace-ops-v6.dat', datadir)
    version, misc, head, fmt = tracing_parts(d)
    misc = misc[:2] + struct.pack('<I', PAGE)
    out = TRACING_MAGIC + version + misc + head
    out += struct.pack('<I', 0)
    out += struct.pack('<I', 1) + b'devlink\0'
    out += struct.pack('<I', 1) + struct.pack('<Q', len(fmt)) + fmt
    out += struct.pack('<I', 0) + struct.pack('<I', 0)
    cmdlines = b'446 ip\n9 kworker/u4:0\n'
    out += struct.pack('<Q', len(cmdlines)) + cmdlines
    pages = v6_pages(d)
    out += struct.pack('<I', len(pages))
    out += b'options  \0'

    def opt(oid, body):
        return struct.pack('<HI', oid, len(body)) + body
    out += opt(OPT_TRACECLOCK, b'local [global] counter\n')
    out += opt(OPT_UNAME, b'Linux (none) 6.1.0-57-amd64 #1 SMP x86_64\0')
    out += opt(OPT_VERSION, b'3.1.6 seed\0')
    out += opt(OPT_CPUSTAT, b'CPU: 1\ndropped events: 7\n\0')
    out += struct.pack('<H', OPT_DONE)
    out += b'flyrecord\0'
    first = len(out) + 16 * len(pages)
    first += -first % PAGE
    for cpu in range(len(pages)):
        out += struct.pack('<QQ', first + cpu * PAGE, PAGE)
    out += b'\0' * (first - len(out))
    for cpu, cpages in enumerate(pages):
        ts, ev = page_events(cpages[0], 3)
        out += v6_page(ts, ev, missed=7 if cpu == 1 else None)
    return out


def main():
    datadir = sys.argv[1] if len(sys.argv) > 1 else DATA
    outdir = (sys.argv[2] if len(sys.argv) > 2 else
              os.path.join(HERE, 'corpus', 'fuzz_reader'))
    tdir = (sys.argv[3] if len(sys.argv) > 3 else
            os.path.join(HERE, 'tracedat'))
    for name, make, where in (('perf-file.data', perf_file, outdir),
                              ('perf-pipe.data', perf_pipe, outdir),
                              ('perf-zstd.data', perf_zstd, outdir),
                              ('perf-lost.data', perf_lost, outdir),
                              ('trace-v6.dat', trace_v6, tdir)):
        data = make(datadir)
        os.makedirs(where, exist_ok=True)
        with open(os.path.join(where, name), 'wb') as f:
            f.write(data)
        print(f'{os.path.join(where, name)}: {len(data)} bytes')


if __name__ == '__main__':
    main()
