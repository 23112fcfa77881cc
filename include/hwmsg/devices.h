/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The devices of a trace, each named once: (bus, dev) to a number from 0
 * in the order first seen, with its driver. Records of one device come in
 * runs, so the last one found is tried first; devices are few, the rest
 * is a scan.
 */
#ifndef HWMSG_DEVICES_H
#define HWMSG_DEVICES_H

#include <stdbool.h>
#include <stddef.h>

struct hwmsg_device {
	char *bus, *dev, *driver;	/* owned; driver "" when unknown */
};

struct hwmsg_devices {
	struct hwmsg_device *d;
	size_t n, cap, last;
	bool by_driver;		/* set before use: a device bound to another
				 * driver is another entry (hwmsg top) */
};

/* The number of (bus, dev), added if new (max: refused beyond). -1: out
 * of memory, or max reached. */
long hwmsg_devices_intern(struct hwmsg_devices *t, const char *bus,
			  const char *dev, const char *driver, size_t max);
/* The number of (bus, dev) (and driver, if by_driver), -1 when not
 * there. */
long hwmsg_devices_find_driver(const struct hwmsg_devices *t,
			       const char *bus, const char *dev,
			       const char *driver);
/* The same, by (bus, dev) only. */
long hwmsg_devices_find(const struct hwmsg_devices *t, const char *bus,
			const char *dev);
void hwmsg_devices_free(struct hwmsg_devices *t);

#endif
