#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""
fuzz_reader seeds for the open phase: the first section header and the
blocks up to the first interface, each file one of libpcap 1.10's rules
(or the edge next to it). The record carried is the first one of a real
capture (argument 1, ours: hwmsgd -w). Writes corpus/fuzz_reader/open-*.

  tests/fuzz/gen_open_seeds.py CAPTURE.pcapng [OUTDIR]
"""
import os
import struct
import sys

SHB, IDB, EPB, SPB, PB, ISB = 0x0a0d0d0a, 1, 6, 3, 2, 5
BOM = 0x1a2b3c4d


def first_epb_data(path):
    data = open(path, 'rb').read()
    off = 0
    while off + 12 <= len(data):
        btype, blen = struct.unpack_from('<II', data, off)
        if btype == EPB:
            caplen = struct.unpack_from('<I', data, off + 20)[0]
            return data[off + 28:off + 28 + caplen]
        off += blen
    sys.exit(f'{path}: no EPB')


class W:
    def __init__(self, e='<'):
        self.e = e

    def u16(self, v):
        return struct.pack(self.e + 'H', v)

    def u32(self, v):
        return struct.pack(self.e + 'I', v)

    def block(self, btype, body, length=None, trailer=None):
        body += b'\0' * (-len(body) % 4)
        n = 12 + len(body)
        return (self.u32(btype) + self.u32(n if length is None else length)
                + body + self.u32(n if trailer is None else trailer))

    def opt(self, code, val):
        return (self.u16(code) + self.u16(len(val)) + val
                + b'\0' * (-len(val) % 4))

    def shb(self, major=1, minor=0, length=None, opts=b''):
        body = (self.u32(BOM) + self.u16(major) + self.u16(minor)
                + b'\xff' * 8 + opts)
        return self.block(SHB, body, length)

    def idb(self, linktype=162, snaplen=0, opts=b'', end=True):
        if opts and end:
            opts += self.opt(0, b'')
        return self.block(IDB, self.u16(linktype) + self.u16(0)
                          + self.u32(snaplen) + opts)

    def epb(self, data, ts=1700000000123456, ifid=0):
        return self.block(EPB, self.u32(ifid) + self.u32(ts >> 32)
                          + self.u32(ts & 0xffffffff) + self.u32(len(data))
                          + self.u32(len(data)) + data)


def seeds(rec):
    le, be = W('<'), W('>')
    ok = le.shb() + le.idb() + le.epb(rec)
    tsres = lambda w, v: w.opt(9, bytes([v]))
    s = {
        'ok': ok,
        'swapped': be.shb() + be.idb(
            opts=tsres(be, 9) + be.opt(14, struct.pack('>q', 5))) +
        be.epb(rec, ts=1700000000123456789),
        'version-1-2': le.shb(minor=2) + le.idb() + le.epb(rec),
        'version-1-1': le.shb(minor=1) + le.idb() + le.epb(rec),
        'version-2-0': le.shb(major=2) + le.idb() + le.epb(rec),
        'shb-len-24': le.shb(length=24) + le.idb(),
        'shb-len-2m': le.shb(length=2 << 20) + le.idb(),
        'shb-cut': le.shb(opts=le.opt(1, b'a comment'))[:-10],
        'shb-bad-trailer': le.shb()[:-4] + le.u32(99) + le.idb() +
        le.epb(rec),
        'bad-bom': ok[:8] + le.u32(0x11223344) + ok[12:],
        'magic-only-8': ok[:8],
        'magic-3': ok[:3],
        'junk': b'this is not a capture file\n',
        'no-idb': le.shb() + le.block(0x0bad, b'custom'),
        'shb-only': le.shb(),
        'epb-before-idb': le.shb() + le.epb(rec) + le.idb(),
        'spb-before-idb': le.shb() + le.block(SPB, le.u32(4) + b'abcd'),
        'blocks-before-idb': le.shb() + le.block(ISB, le.u32(0) * 3) +
        le.shb(major=7) + le.block(0x0bad, b'') + le.idb() + le.epb(rec),
        'block-len-be': le.shb() + be.block(0x0bad, b'') + le.idb(),
        'idb-short': le.shb() + le.block(IDB, le.u16(162)),
        'idb-tsresol-len2': le.shb() + le.idb(opts=le.opt(9, b'\6\6')),
        'idb-tsresol-twice': le.shb() + le.idb(
            opts=tsres(le, 6) + tsres(le, 9)),
        'idb-tsresol-10-20': le.shb() + le.idb(opts=tsres(le, 20)),
        'idb-tsresol-2-64': le.shb() + le.idb(opts=tsres(le, 0x80 | 64)),
        'idb-tsresol-2-30': le.shb() + le.idb(opts=tsres(le, 0x80 | 30)) +
        le.epb(rec),
        'idb-tsoffset-len4': le.shb() + le.idb(opts=le.opt(14, b'\0' * 4)),
        'idb-endofopt-len': le.shb() + le.idb(
            opts=le.opt(0, b'\0\0\0\0'), end=False),
        'idb-opt-cut': le.shb() + le.block(
            IDB, le.u16(162) + le.u16(0) + le.u32(0) + le.u16(2) +
            le.u16(40) + b'eth0'),
        'linktype-101': le.shb() + le.idb(linktype=101) + le.epb(rec),
        'linktype-1': le.shb() + le.idb(linktype=1) + le.epb(rec),
        'snaplen-16': le.shb() + le.idb(snaplen=16) + le.epb(rec),
        'block-len-8': le.shb() + le.u32(IDB) + le.u32(8) + le.u32(8),
        'block-len-22': le.shb() + le.block(0x0bad, b'\0' * 12, length=22),
        'block-len-32m': le.shb() + le.u32(IDB) + le.u32(32 << 20) +
        b'\0' * 16,
        'block-bad-trailer': le.shb() + le.idb()[:-4] + le.u32(4) +
        le.epb(rec),
        'block-cut-header': le.shb() + le.u32(IDB)[:3],
        'block-cut-body': le.shb() + le.idb()[:-6],
    }
    return s


def main():
    rec = first_epb_data(sys.argv[1])
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), 'corpus', 'fuzz_reader')
    for name, data in seeds(rec).items():
        with open(os.path.join(out, f'open-{name}.pcapng'), 'wb') as f:
            f.write(data)


if __name__ == '__main__':
    main()
