// SPDX-License-Identifier: GPL-2.0-or-later
/* The device table: numbers in the order first seen, by (bus, dev) or by
 * (bus, dev, driver), a limit, find after the last one found. */
#include "hwmsg/devices.h"
#include "../test.h"

int main(void)
{
	struct hwmsg_devices t = { 0 }, d = { .by_driver = true };

	CHECK_EQ(hwmsg_devices_intern(&t, "pci", "0000:03:00.0", "mlxsw", 8), 0);
	CHECK_EQ(hwmsg_devices_intern(&t, "pci", "0000:04:00.0", NULL, 8), 1);
	CHECK_EQ(hwmsg_devices_intern(&t, "pci", "0000:03:00.0", "other", 8), 0);
	CHECK_EQ(hwmsg_devices_intern(&t, "usb", "0000:03:00.0", "mlxsw", 8), 2);
	CHECK_EQ(hwmsg_devices_find(&t, "pci", "0000:04:00.0"), 1);
	CHECK_EQ(hwmsg_devices_find(&t, "pci", "0000:05:00.0"), -1);
	CHECK_STR(t.d[0].driver, "mlxsw");	/* the first one's */
	CHECK_STR(t.d[1].driver, "");
	CHECK_EQ(hwmsg_devices_intern(&t, "pci", "new", NULL, 3), -1);
	CHECK_EQ(t.n, 3);

	CHECK_EQ(hwmsg_devices_intern(&d, "pci", "a", "mlx4_core", 8), 0);
	CHECK_EQ(hwmsg_devices_intern(&d, "pci", "a", "mlx4_en", 8), 1);
	CHECK_EQ(hwmsg_devices_intern(&d, "pci", "a", "mlx4_core", 8), 0);
	CHECK_EQ(hwmsg_devices_find_driver(&d, "pci", "a", "mlx4_en"), 1);
	CHECK_EQ(hwmsg_devices_find(&d, "pci", "a"), 0);
	hwmsg_devices_free(&t);
	hwmsg_devices_free(&d);
	CHECK_EQ(t.n, 0);
	CHECK(d.by_driver);	/* kept: the table can be used again */
	return test_done("test_devices");
}
