#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A reader that accepts exactly what Mellanox's bwz.py TLV loop accepts:
record tags 0-5, a KeyError on any other (as bwz.py raises on hwmsgd's
tags 6/7). Reads pcapng (LINKTYPE_USER15 EPBs) or classic pcap; prints the
records it read and the type of each.
  seed_reader.py FILE          check every record
  seed_reader.py --write FILE  write a classic pcap of EMAD records with
                               tags 3 and 5 only (bwz.py -s 'tlv(incoming,buf)')
  seed_reader.py --rewrite IN OUT  what bwz.py writes for IN: a classic pcap
                               (microseconds) whose names lost their NUL
"""
import struct
import sys

TAGS = {0: "bus", 1: "dev", 2: "driver", 3: "incoming", 4: "type", 5: "buf"}


def packets(data):
    magic = struct.unpack_from("<I", data)[0]
    if magic == 0x0A0D0D0A:  # pcapng, little-endian as hwmsgd writes it
        off = 0
        while off + 12 <= len(data):
            btype, blen = struct.unpack_from("<II", data, off)
            if blen < 12 or off + blen > len(data):
                raise ValueError("block at %d cut" % off)
            if btype == 6:  # EPB
                caplen = struct.unpack_from("<I", data, off + 20)[0]
                yield data[off + 28:off + 28 + caplen]
            off += blen
        return
    if magic not in (0xA1B2C3D4, 0xA1B23C4D):
        raise ValueError("not pcap or pcapng")
    off = 24
    while off + 16 <= len(data):
        caplen = struct.unpack_from("<I", data, off + 8)[0]
        yield data[off + 16:off + 16 + caplen]
        off += 16 + caplen


def record(pkt):
    fields, off = {}, 0
    while off + 4 <= len(pkt):
        tag, tlen = struct.unpack_from("<HH", pkt, off)
        fields[TAGS[tag]] = pkt[off + 4:off + 4 + tlen]  # KeyError as bwz.py
        off += 4 + tlen
    return fields


def write_untyped(path):
    frame = bytes.fromhex("0102c9000001 0002c9010203 8932 0000"
                          "08040000 900a0101 6b8b456700000003"
                          "18050000" + "00" * 16 + "00010000")
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 162)]
    for incoming in (0, 1):
        f = bytearray(frame)
        if incoming:
            f[22] |= 0x80  # OP TLV r bit (word at 20, bit 15): a response
        rec = struct.pack("<HH", 3, 1) + bytes([incoming])
        rec += struct.pack("<HH", 5, len(f)) + bytes(f)
        out.append(struct.pack("<IIII", 1000 + incoming, 0, len(rec), len(rec)))
        out.append(rec)
    with open(path, "wb") as fh:
        fh.write(b"".join(out))


def rewrite(src, dst):
    with open(src, "rb") as fh:
        data = fh.read()
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 162)]
    for pkt in packets(data):
        rec = b""
        for tag, value in record(pkt).items():
            number = [k for k, v in TAGS.items() if v == tag][0]
            if number <= 2:
                value = value.rstrip(b"\0")  # bwz.py drops the NUL
            rec += struct.pack("<HH", number, len(value)) + value
        out.append(struct.pack("<IIII", 0, 0, len(rec), len(rec)) + rec)
    with open(dst, "wb") as fh:
        fh.write(b"".join(out))


def main():
    if sys.argv[1] == "--write":
        write_untyped(sys.argv[2])
        return
    if sys.argv[1] == "--rewrite":
        rewrite(sys.argv[2], sys.argv[3])
        return
    with open(sys.argv[1], "rb") as fh:
        data = fh.read()
    n = 0
    for pkt in packets(data):
        rec = record(pkt)
        if "buf" not in rec:
            raise ValueError("record %d has no buf" % (n + 1))
        n += 1
    print("%d records" % n)


main()
