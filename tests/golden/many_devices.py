#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Rewrite a capture (little-endian pcapng of USER15 records, as hwmsgd
writes it) into a classic pcap whose records name N devices in turn
(0000:00:00.0, 0000:01:00.0, ...), and print the device each record
names, as hwmsg show's second column says it: bus/dev.
  many_devices.py IN OUT N
"""
import struct
import sys


def packets(data):
    off = 0
    while off + 12 <= len(data):
        btype, blen = struct.unpack_from("<II", data, off)
        if btype == 6:  # EPB
            ts_hi, ts_lo, caplen = struct.unpack_from("<III", data, off + 12)
            yield (ts_hi << 32 | ts_lo), data[off + 28:off + 28 + caplen]
        off += blen


def main():
    src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(src, "rb") as fh:
        data = fh.read()
    out = [struct.pack("<IHHiIII", 0xA1B23C4D, 2, 4, 0, 0, 65535, 162)]
    for i, (ts, pkt) in enumerate(packets(data)):
        dev = b"0000:%02x:00.0" % (i % n)
        rec, off = b"", 0
        while off + 4 <= len(pkt):
            tag, tlen = struct.unpack_from("<HH", pkt, off)
            value = dev + b"\0" if tag == 1 else pkt[off + 4:off + 4 + tlen]
            rec += struct.pack("<HH", tag, len(value)) + value
            off += 4 + tlen
        sec, nsec = divmod(ts, 10**9)
        out.append(struct.pack("<IIII", sec, nsec, len(rec), len(rec)) + rec)
        print("pci/" + dev.decode())
    with open(dst, "wb") as fh:
        fh.write(b"".join(out))


main()
