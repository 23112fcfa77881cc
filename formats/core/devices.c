// SPDX-License-Identifier: GPL-2.0-or-later
/* A trace's devices, numbered in the order first seen. */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/devices.h"

static int same(const struct hwmsg_device *d, const char *bus,
		const char *dev, const char *driver)
{
	/* dev tells devices apart sooner than bus */
	return !strcmp(d->dev, dev) && !strcmp(d->bus, bus) &&
	       (!driver || !strcmp(d->driver, driver));
}

long hwmsg_devices_find_driver(const struct hwmsg_devices *t,
			       const char *bus, const char *dev,
			       const char *driver)
{
	if (!t->by_driver)
		driver = NULL;
	else if (!driver)
		driver = "";
	if (t->n && same(&t->d[t->last], bus, dev, driver))
		return (long)t->last;
	for (size_t i = 0; i < t->n; i++)
		if (same(&t->d[i], bus, dev, driver))
			return (long)i;
	return -1;
}

long hwmsg_devices_find(const struct hwmsg_devices *t, const char *bus,
			const char *dev)
{
	struct hwmsg_devices any = *t;

	any.by_driver = false;
	return hwmsg_devices_find_driver(&any, bus, dev, NULL);
}

long hwmsg_devices_intern(struct hwmsg_devices *t, const char *bus,
			  const char *dev, const char *driver, size_t max)
{
	long i = hwmsg_devices_find_driver(t, bus, dev, driver);
	struct hwmsg_device *d;

	if (i >= 0) {
		t->last = (size_t)i;
		return i;
	}
	if (t->n >= max)
		return -1;
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 8;

		d = realloc(t->d, cap * sizeof(*d));
		if (!d)
			return -1;
		t->d = d;
		t->cap = cap;
	}
	d = &t->d[t->n];
	d->bus = strdup(bus);
	d->dev = strdup(dev);
	d->driver = strdup(driver ? driver : "");
	if (!d->bus || !d->dev || !d->driver) {
		free(d->bus);
		free(d->dev);
		free(d->driver);
		return -1;
	}
	t->last = t->n++;
	return (long)t->last;
}

void hwmsg_devices_free(struct hwmsg_devices *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->d[i].bus);
		free(t->d[i].dev);
		free(t->d[i].driver);
	}
	free(t->d);
	t->d = NULL;
	t->n = t->cap = t->last = 0;
}
