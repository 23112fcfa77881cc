// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hwmsg-extcap: hwmsgd as Wireshark capture interfaces (hwmsg-sim,
 * hwmsg-genl, hwmsg-tracepoint), speaking the extcap protocol: Wireshark
 * asks for the interfaces, their link type and options, checks the capture
 * filter, then starts a capture into a FIFO and stops it with SIGTERM.
 * The capture itself is hwmsgd, exec'd: one capture program, one writer.
 * The capture filter is the project's filter language (hwmsgd -f). The
 * interfaces are capture's table of sources (hwmsg/source.h), one each.
 *
 * hwmsg-file replays a recording (perf.data, trace.dat, pcap, pcapng) as
 * a capture: Wireshark 4.0 cannot take a file-format plugin built outside
 * its tree (struct wtap is private, see docs/wireshark.md), so this is how
 * it opens perf.data and trace.dat. The replay is hwmsg convert (or hwmsg
 * show -Y FILTER -w with a filter), exec'd: libhwmsg's one reader and its
 * writer, the same pcapng hwmsg convert writes.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwmsg/filter.h"
#include "hwmsg/source.h"
#include "hwmsg/wire.h"

#ifndef HWMSGD_PATH
#define HWMSGD_PATH "/usr/local/sbin/hwmsgd"
#endif
#ifndef HWMSG_PATH
#define HWMSG_PATH "/usr/local/bin/hwmsg"
#endif

/* Wireshark's interface hwmsg-NAME is capture's source NAME. */
#define IFACE_PREFIX "hwmsg-"
/* ... except this one: a recording, replayed (not a capture source). */
#define IFACE_FILE IFACE_PREFIX "file"

static bool is_file_iface(const char *name)
{
	return name && !strcmp(name, IFACE_FILE);
}

static const struct hwmsg_source_ops *find_iface(const char *name)
{
	size_t n = strlen(IFACE_PREFIX);

	if (!name || strncmp(name, IFACE_PREFIX, n))
		return NULL;
	return hwmsg_source_find(name + n);
}

static void list_interfaces(void)
{
	printf("extcap {version=%s}{display=hwmsg: driver-firmware messages of Mellanox devices}\n",
	       HWMSG_VERSION);
	for (size_t i = 0; hwmsg_sources[i]; i++)
		printf("interface {value=" IFACE_PREFIX "%s}{display=%s}\n",
		       hwmsg_sources[i]->name, hwmsg_sources[i]->display);
	printf("interface {value=" IFACE_FILE "}{display=hwmsg: open a recording (perf.data, trace.dat, pcap, pcapng)}\n");
}

/* "hwmsg-sim, hwmsg-genl, hwmsg-tracepoint, hwmsg-file" */
static void print_iface_names(FILE *f)
{
	for (size_t i = 0; hwmsg_sources[i]; i++)
		fprintf(f, "%s" IFACE_PREFIX "%s", i ? ", " : "",
			hwmsg_sources[i]->name);
	fprintf(f, ", " IFACE_FILE);
}

static void list_dlts(void)
{
	printf("dlt {number=%u}{name=USER15}{display=devlink hwmsg record}\n",
	       HWMSG_LINKTYPE);
}

#define FILTER_ARG "{call=--filter}{display=Filter}{tooltip=Keep only the records a display filter selects (emad.status != 0 && mlxreg.paos.local_port == 3)}{type=string}\n"

static void list_file_config(void)
{
	printf("arg {number=0}{call=--file}{display=File}{tooltip=A recording of devlink:devlink_hwmsg (perf record, perf record -o -, perf record -z, trace-cmd record) or a pcap/pcapng, plain or .zst}{type=fileselect}{mustexist=true}{required=true}\n");
	printf("arg {number=1}" FILTER_ARG);
}

static void list_config(const struct hwmsg_source_ops *ifc)
{
	unsigned int n = 0;

	printf("arg {number=%u}" FILTER_ARG, n++);
	if (strcmp(ifc->name, "sim"))
		return;
	printf("arg {number=%u}{call=--rate}{display=Messages per second}{tooltip=How fast the simulator talks to its devices}{type=unsigned}{range=1,1000000}{default=1000}\n",
	       n++);
	printf("arg {number=%u}{call=--devices}{display=Devices}{tooltip=Simulated devices: spectrum, connectx3, with a count (spectrum:2)}{type=string}{default=spectrum,connectx3}\n",
	       n++);
	printf("arg {number=%u}{call=--seed}{display=Random seed}{tooltip=The same seed gives the same messages}{type=unsigned}{default=1}\n",
	       n++);
}

/* Wireshark shows the first line as the reason; nothing means valid. */
static void check_filter(const char *text)
{
	struct hwmsg_err err = { 0 };
	struct hwmsg_filter *f;

	if (!text || !*text)
		return;
	f = hwmsg_filter_compile(text, &err);
	if (!f)
		printf("column %llu: %s\n", (unsigned long long)err.offset + 1,
		       err.msg);
	hwmsg_filter_free(f);
}

struct opts {
	const char *iface, *fifo, *capture_filter, *filter;
	const char *rate, *devices, *seed;
	const char *file;
	int action;
};

enum { A_NONE, A_IFACES, A_DLTS, A_CONFIG, A_CAPTURE };

/* The filter of the capture filter box, else of the Filter option. */
static const char *capture_filter_text(const struct opts *o)
{
	if (o->capture_filter && *o->capture_filter)
		return o->capture_filter;
	if (o->filter && *o->filter)
		return o->filter;
	return NULL;
}

/* Become hwmsgd, capturing ifc into the FIFO Wireshark reads. */
static int capture(const struct opts *o, const struct hwmsg_source_ops *ifc)
{
	const char *hwmsgd = getenv("HWMSG_HWMSGD");
	const char *argv[24];
	char sim[128];
	int n = 0;

	if (!hwmsgd)
		hwmsgd = HWMSGD_PATH;
	argv[n++] = hwmsgd;
	if (!strcmp(ifc->name, "sim")) {
		snprintf(sim, sizeof(sim), "--sim=%s",
			 o->devices && *o->devices ? o->devices :
						      "spectrum,connectx3");
		argv[n++] = sim;
		argv[n++] = "--rate";
		argv[n++] = o->rate && *o->rate ? o->rate : "1000";
		if (o->seed && *o->seed) {
			argv[n++] = "--seed";
			argv[n++] = o->seed;
		}
	} else {
		argv[n++] = "--source";
		argv[n++] = ifc->name;
	}
	/* the capture filter box, else the Filter option */
	if (capture_filter_text(o)) {
		argv[n++] = "-f";
		argv[n++] = capture_filter_text(o);
	}
	argv[n++] = "-q";
	argv[n++] = "--no-compress";
	argv[n++] = "-w";
	argv[n++] = o->fifo;
	argv[n] = NULL;
	execv(hwmsgd, (char *const *)argv);
	fprintf(stderr, "hwmsg-extcap: cannot run %s: %m\n", hwmsgd);
	return 1;
}

/*
 * Become hwmsg, writing the recording as our pcapng into the FIFO: hwmsg
 * convert, or hwmsg show -Y FILTER -w with a filter. At the end of the
 * file hwmsg exits, the FIFO closes and Wireshark's capture stops.
 */
static int capture_file(const struct opts *o)
{
	const char *hwmsg = getenv("HWMSG_HWMSG");
	const char *filter = capture_filter_text(o);
	const char *argv[12];
	int n = 0;

	if (!o->file || !*o->file) {
		fprintf(stderr, "hwmsg-extcap: " IFACE_FILE " needs a file (--file)\n");
		return 1;
	}
	if (!hwmsg)
		hwmsg = HWMSG_PATH;
	argv[n++] = hwmsg;
	if (filter) {		/* hwmsg show -q -Y FILTER -w FIFO -- FILE */
		argv[n++] = "show";
		argv[n++] = "-q";
		argv[n++] = "-Y";
		argv[n++] = filter;
		argv[n++] = "-w";
		argv[n++] = o->fifo;
		argv[n++] = "--";
		argv[n++] = o->file;
	} else {		/* hwmsg convert -q -- FILE FIFO */
		argv[n++] = "convert";
		argv[n++] = "-q";
		argv[n++] = "--";
		argv[n++] = o->file;
		argv[n++] = o->fifo;
	}
	argv[n] = NULL;
	execv(hwmsg, (char *const *)argv);
	fprintf(stderr, "hwmsg-extcap: cannot run %s: %m\n", hwmsg);
	return 1;
}

static int parse(int argc, char **argv, struct opts *o)
{
	enum { O_IFACES = 256, O_DLTS, O_CONFIG, O_CAPTURE, O_IFACE, O_FIFO,
	       O_CFILTER, O_VERSION, O_FILTER, O_RATE, O_DEVICES, O_SEED,
	       O_CTRL_IN, O_CTRL_OUT, O_FILE };
	static const struct option lopts[] = {
		{ "extcap-interfaces", no_argument, NULL, O_IFACES },
		{ "extcap-dlts", no_argument, NULL, O_DLTS },
		{ "extcap-config", no_argument, NULL, O_CONFIG },
		{ "capture", no_argument, NULL, O_CAPTURE },
		{ "extcap-interface", required_argument, NULL, O_IFACE },
		{ "fifo", required_argument, NULL, O_FIFO },
		{ "extcap-capture-filter", required_argument, NULL, O_CFILTER },
		{ "extcap-version", optional_argument, NULL, O_VERSION },
		{ "extcap-control-in", required_argument, NULL, O_CTRL_IN },
		{ "extcap-control-out", required_argument, NULL, O_CTRL_OUT },
		{ "filter", required_argument, NULL, O_FILTER },
		{ "rate", required_argument, NULL, O_RATE },
		{ "devices", required_argument, NULL, O_DEVICES },
		{ "seed", required_argument, NULL, O_SEED },
		{ "file", required_argument, NULL, O_FILE },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, "", lopts, NULL)) != -1) {
		switch (c) {
		case O_IFACES: o->action = A_IFACES; break;
		case O_DLTS: o->action = A_DLTS; break;
		case O_CONFIG: o->action = A_CONFIG; break;
		case O_CAPTURE: o->action = A_CAPTURE; break;
		case O_IFACE: o->iface = optarg; break;
		case O_FIFO: o->fifo = optarg; break;
		case O_CFILTER: o->capture_filter = optarg; break;
		case O_FILTER: o->filter = optarg; break;
		case O_RATE: o->rate = optarg; break;
		case O_DEVICES: o->devices = optarg; break;
		case O_SEED: o->seed = optarg; break;
		case O_FILE: o->file = optarg; break;
		case O_VERSION: case O_CTRL_IN: case O_CTRL_OUT: break;
		default: return -1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o = { 0 };
	const struct hwmsg_source_ops *ifc;

	if (parse(argc, argv, &o))
		return 1;
	if (o.action == A_IFACES) {
		list_interfaces();
		return 0;
	}
	if (is_file_iface(o.iface)) {
		switch (o.action) {
		case A_DLTS:
			list_dlts();
			return 0;
		case A_CONFIG:
			list_file_config();
			return 0;
		case A_CAPTURE:
			if (!o.fifo) {
				fprintf(stderr, "hwmsg-extcap: --capture needs --fifo\n");
				return 1;
			}
			return capture_file(&o);
		default:
			check_filter(o.capture_filter);
			return 0;
		}
	}
	ifc = find_iface(o.iface);
	if (!ifc) {
		fprintf(stderr, "hwmsg-extcap: unknown interface '%s' (",
			o.iface ? o.iface : "");
		print_iface_names(stderr);
		fprintf(stderr, ")\n");
		return 1;
	}
	switch (o.action) {
	case A_DLTS:
		list_dlts();
		return 0;
	case A_CONFIG:
		list_config(ifc);
		return 0;
	case A_CAPTURE:
		if (!o.fifo) {
			fprintf(stderr, "hwmsg-extcap: --capture needs --fifo\n");
			return 1;
		}
		return capture(&o, ifc);
	default:	/* Wireshark checking a capture filter */
		check_filter(o.capture_filter);
		return 0;
	}
}
