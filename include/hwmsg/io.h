/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reading and writing capture files.
 *
 * The writer produces pcapng with LINKTYPE_USER15 devlink hwmsg records, one
 * IDB per device, optionally zstd-compressed in independent frames.
 * The reader opens every input we support: our pcapng (plain or zstd), the
 * classic pcap of devlink-hwmsg.py (USER15), and pcap/pcapng with
 * LINKTYPE_ETHERNET carrying EMAD frames, and the files of perf and
 * trace-cmd that recorded the tracepoint devlink:devlink_hwmsg (perf.data,
 * trace.dat: docs/trace-inputs.md). Every tool uses it.
 */
#ifndef HWMSG_IO_H
#define HWMSG_IO_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "hwmsg/err.h"
#include "hwmsg/record.h"

struct hwmsg_writer;
struct hwmsg_reader;

enum hwmsg_compress {
	HWMSG_COMPRESS_AUTO = 0,	/* zstd when the path ends in .zst */
	HWMSG_COMPRESS_NONE,
	HWMSG_COMPRESS_ZSTD,
};

/*
 * zstd level 1: a capture is written on the device's host (a switch's
 * small CPU) while it runs; level 1 compresses our records about 1.8x
 * faster than zstd's default 3, into files about 7% larger (x20.9 instead
 * of x22.4 on simulator records).
 */
#define HWMSG_ZSTD_LEVEL 1

struct hwmsg_writer_opts {
	enum hwmsg_compress compress;
	int zstd_level;			/* 0: HWMSG_ZSTD_LEVEL */
	const char *application;	/* shb_userappl, e.g. "hwmsgd 0.1" */
	const char *hardware;		/* shb_hardware; NULL: uname -m */
	const char *os;			/* shb_os; NULL: uname -s -r */
	const char *comment;		/* SHB opt_comment, may be NULL */
	/*
	 * The filter records were selected by (hwmsgd -f, hwmsg show -Y -w):
	 * said in an SHB comment "filter: TEXT"; the ISBs then count the
	 * records left out (isb_ifrecv - isb_filteraccept).
	 */
	const char *filter;
	/*
	 * Only the record tags devlink-hwmsg.py writes (0-5: names,
	 * direction, type, message), for tools that stop at others
	 * (Mellanox's bwz.py); index, sequence and original length are lost.
	 */
	bool seed_tags;
	unsigned int flush_ms;		/* max buffering; 0: 1000 */
	/*
	 * Time the ISBs with the latest record, not the wall clock: for
	 * captures whose records carry a virtual time (the simulator at
	 * --rate 0), so the statistics are not dated after the capture.
	 */
	bool record_clock;
	/*
	 * Set by a signal handler to ask for a stop (may be NULL): a write
	 * blocked on a pipe or socket whose reader takes nothing then gives
	 * up within a second, cutting the output, instead of waiting for the
	 * reader forever. Handlers must not use SA_RESTART.
	 */
	volatile sig_atomic_t *stop;
};

/* path "-" writes to stdout. */
struct hwmsg_writer *hwmsg_writer_open(const char *path,
				       const struct hwmsg_writer_opts *opts,
				       struct hwmsg_err *err);
int hwmsg_writer_write(struct hwmsg_writer *w, const struct hwmsg_record *rec,
		       struct hwmsg_err *err);
/* Drops the source saw for a device (bus/dev NULL: not attributable). */
void hwmsg_writer_add_drops(struct hwmsg_writer *w, const char *bus,
			    const char *dev, uint64_t dropped);
/*
 * A record a filter left out: counted for its device, whose interface is
 * described so its ISB can say so (isb_filteraccept). -1 only when that
 * interface could not be written.
 */
int hwmsg_writer_add_filtered(struct hwmsg_writer *w,
			      const struct hwmsg_record *rec,
			      struct hwmsg_err *err);
/* The errno of the first write failure, sticky; 0 while all is well
 * (EPIPE: the reader of a pipe went away). */
int hwmsg_writer_errno(const struct hwmsg_writer *w);
/* Push everything buffered to the file (a complete zstd frame). */
int hwmsg_writer_flush(struct hwmsg_writer *w, struct hwmsg_err *err);
/* Writes the ISBs, flushes and closes; frees w in every case. */
int hwmsg_writer_close(struct hwmsg_writer *w, struct hwmsg_err *err);
/*
 * The same; *records: how many records the file holds in full. After a
 * write error that is fewer than were written: a regular file is cut back
 * to its last whole block (compressed: frame), and records still in the
 * compressor are lost.
 */
int hwmsg_writer_close_counted(struct hwmsg_writer *w, uint64_t *records,
			       struct hwmsg_err *err);

enum hwmsg_input_format {
	HWMSG_INPUT_PCAPNG_USER15,	/* ours */
	HWMSG_INPUT_PCAP_USER15,	/* devlink-hwmsg.py */
	HWMSG_INPUT_ETHERNET,		/* EMAD in Ethernet: bwz.py, emadump */
	HWMSG_INPUT_PERF_DATA,		/* perf record -e devlink:devlink_hwmsg */
	HWMSG_INPUT_TRACE_DAT,		/* trace-cmd record -e ... */
};

struct hwmsg_reader_info {
	enum hwmsg_input_format format;
	bool compressed;		/* zstd, detected by content */
	int linktype;
	uint64_t packets;		/* packets read so far */
	uint64_t skipped;		/* Ethernet frames that are not EMAD;
					 * perf.data, trace.dat: samples of
					 * other events */
	/* the input ended inside a block or zstd frame: cut short (being
	 * written, or its writer died), the last error says where */
	bool cut;
	/*
	 * perf.data, trace.dat: the tracer's clock, e.g. "perf clock",
	 * "trace-cmd clock local", "perf CLOCK_MONOTONIC, wall time from
	 * HEADER_CLOCK_DATA"; NULL for pcap. relative_time: the file does not
	 * say how that clock maps to wall time, so ts_ns is the tracer's
	 * (relative times exact, the date not): tools say so in a note.
	 */
	const char *clock;
	bool relative_time;
	/*
	 * perf.data: samples perf wrote twice (the same bytes, time and CPU,
	 * at both sides of a FINISHED_ROUND; perf 6.1 in pipe mode does),
	 * read once: the records are the kernel's, as hwmsgd sees them.
	 */
	uint64_t duplicates;
};

/*
 * Where a tracer's file came from, from its headers (perf's HEADER_VERSION,
 * HOSTNAME, OSRELEASE, ARCH, CMDLINE; trace-cmd's uname and version
 * options): each NULL when the file does not say. Valid until the close.
 */
struct hwmsg_reader_origin {
	const char *tool;		/* "perf", "trace-cmd" */
	const char *version;		/* of the tool */
	const char *host;
	const char *os_release;		/* uname -r */
	const char *arch;
	const char *cmdline;		/* how it was recorded */
};

/* 0 and o filled for perf.data and trace.dat, -1 (o zeroed) otherwise. */
int hwmsg_reader_origin(const struct hwmsg_reader *r,
			struct hwmsg_reader_origin *o);

/*
 * perf.data, trace.dat: events the tracer lost on CPU cpu (perf's
 * PERF_RECORD_LOST and LOST_SAMPLES, trace-cmd's missed events per page),
 * so far, by the CPU perf's record says (as perf report -D shows it); 0 and
 * *lost set, -1 past the highest CPU that lost any. perf's LOST_SAMPLES is
 * its end-of-run count of the same losses, so hwmsg_reader_drops()'s
 * unattributed count is the larger of the two totals, not their sum.
 */
int hwmsg_reader_cpu_lost(const struct hwmsg_reader *r, unsigned int cpu,
			  uint64_t *lost);

/*
 * path "-" reads stdin. Compression (zstd) is detected by content; pcapng
 * is read by libhwmsg itself, classic pcap by libpcap (loaded then). Link
 * types other than USER15 and Ethernet fail here.
 */
struct hwmsg_reader *hwmsg_reader_open(const char *path, struct hwmsg_err *err);
/* Same on an open stream (a pipe, fmemopen()); name is for messages. The
 * reader owns f from here on, also when this fails. */
struct hwmsg_reader *hwmsg_reader_fopen(FILE *f, const char *name,
					struct hwmsg_err *err);
const struct hwmsg_reader_info *hwmsg_reader_info(const struct hwmsg_reader *r);
/*
 * Next record: 1 and rec filled (valid until the next call), 0 at the end,
 * -1 with err set when this record is malformed (call again to go on) or
 * the file is damaged (the next call returns 0). err->msg names the record
 * number and offset.
 */
int hwmsg_reader_next(struct hwmsg_reader *r, struct hwmsg_record *rec,
		      struct hwmsg_err *err);
void hwmsg_reader_close(struct hwmsg_reader *r);

/*
 * Where the record hwmsg_reader_next() just returned lies, for an index
 * (hwmsg/index.h): its block at a plain (uncompressed) offset, and for
 * zstd input a frame start at or before it, where decoding may begin.
 */
struct hwmsg_reader_pos {
	uint64_t block;		/* pcapng: its EPB; pcap: its record header */
	uint64_t frame;		/* zstd: file offset of the frame; else 0 */
	uint64_t frame_plain;	/* plain offset that frame starts at */
	uint64_t src_read;	/* file bytes read so far (progress) */
};

int hwmsg_reader_pos(const struct hwmsg_reader *r, struct hwmsg_reader_pos *p);
/*
 * What a reader needs before the block at plain offset block to read it
 * on its own: the section header and the interface descriptions of its
 * section (pcapng, *start: the section's offset) or the file header
 * (pcap). *ctx is valid until the next hwmsg_reader_next(); it may grow
 * as interfaces are added. -1 when unknown (a block too big to keep).
 */
int hwmsg_reader_context(const struct hwmsg_reader *r, uint64_t block,
			 const uint8_t **ctx, size_t *len, uint64_t *start);

/* Where hwmsg_reader_open_at() starts. */
struct hwmsg_reader_at {
	const uint8_t *ctx;	/* hwmsg_reader_context() */
	size_t ctx_len;
	bool compressed;	/* zstd: seek to frame, else to the block */
	uint64_t frame;		/* file offset to seek to */
	uint64_t skip;		/* plain bytes from there to the block */
};

/*
 * A reader whose first record is the one at the block described: the
 * file opened at a frame (or the block), the context put before it.
 */
struct hwmsg_reader *hwmsg_reader_open_at(const char *path,
					  const struct hwmsg_reader_at *at,
					  struct hwmsg_err *err);

/*
 * What the capture lost, from its pcapng ISBs (docs/format.md, "ISB"). The
 * writer puts them at close, at the end of the file, so the counts are
 * final once hwmsg_reader_next() returned 0; before that they cover what
 * was read. known == false: no ISB, because the writer was not closed
 * cleanly (killed, a crash, a cut file) or another tool wrote none; say
 * "unknown", not 0. Sections of concatenated captures add up; a later ISB
 * of the same interface replaces an earlier one (its counts are totals).
 */
struct hwmsg_reader_drops {
	bool known;			/* an ISB with a drop count read */
	uint64_t received;		/* sum of isb_ifrecv (minus filtered) */
	uint64_t filtered;		/* left out by a capture filter:
					 * isb_ifrecv - isb_filteraccept */
	uint64_t dropped;		/* sum of isb_ifdrop: named devices */
	uint64_t unattributed;		/* "dropped (not attributable): N" */
	unsigned int interfaces_with_isb;
	unsigned int interfaces;	/* IDBs, all sections */
	unsigned int isb_skipped;	/* > 64 KiB, malformed, no such IDB */
};

/* 0 and d filled; -1 and d zeroed when the input is not pcapng (classic
 * pcap has no ISBs). perf.data and trace.dat: known, their losses
 * unattributed (no device), one interface per device. */
int hwmsg_reader_drops(const struct hwmsg_reader *r,
		       struct hwmsg_reader_drops *d);

struct hwmsg_reader_iface {
	const char *name;		/* if_name, "" without one */
	bool has_isb;
	uint64_t received, dropped, unattributed, filtered;
};

/*
 * Interface i, counting over all sections in file order (0 to
 * interfaces - 1; the first 4096 are kept). 0 and s filled; -1 past them.
 * s->name is valid until the next hwmsg_reader_next() or the close.
 */
int hwmsg_reader_iface(const struct hwmsg_reader *r, unsigned int i,
		       struct hwmsg_reader_iface *s);

#endif
