// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Live capture from generic netlink, on either ABI (hwmsg/genl.h): the group
 * "hwmsg" of the devlink family when the kernel carries the series in
 * kernel/patches/, else the devlink_hwmsg module's family; resolved by name,
 * so what the running kernel offers decides. Also joins devlink's own
 * "config" group, so that device and port changes land in the trace as
 * HWMSG_TYPE_DEVLINK_EVENT records, and nlctrl's "notify" group, to notice
 * the module going away.
 *
 * Loss: both ABIs number messages (SEQ, consecutive per netns); a gap is
 * what we lost, whatever the cause (receive buffer overrun, allocation
 * failure in the kernel). Without SEQ each ENOBUFS counts as one drop, a
 * lower bound. devlink events carry no number: an
 * overrun (ENOBUFS) while we are joined to "config" may have lost some, so
 * it is counted (event_overruns) and the devices and ports are dumped
 * (DEVLINK_CMD_GET, DEVLINK_CMD_PORT_GET) into the capture right away, as
 * devlink_event records of the dump replies (NLM_F_MULTI set) once the
 * socket has been drained, at most once a second (a storm of overruns
 * costs one dump a second and a last one after it): after any loss the
 * capture holds the state as it was then. (6.1 answers a port dump with
 * DEVLINK_CMD_NEW, not PORT_NEW.)
 *
 * --source genl[=OPTS], OPTS comma-separated: "devlink" (only devlink's
 * group), "module" (only the module's family), "noconfig" (no devlink
 * events), "wait" (outlive the module, see below); anything else is an
 * error.
 *
 * When the family is unregistered (rmmod devlink_hwmsg) next() fails with a
 * message saying so: hwmsgd then closes the file, complete, and exits 1.
 * With "wait" the source says so on stderr, waits for the family to be
 * registered again (a module upgrade), joins its group and goes on; SEQ
 * starts over then, which is not counted as loss.
 */
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <linux/devlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "hwmsg/genl.h"
#include "hwmsg/source.h"
#include "uapi/linux/devlink_hwmsg.h"

#define GENL_RCVBUF_DEFAULT	(8u << 20)
#define GENL_BUF_LEN		(128u * 1024)
#define GENL_RESYNC_GAP_NS	1000000000ull	/* re-reads at most 1/s */

struct genl_source {
	struct mnl_socket *nl;
	int fd;
	struct nl_genl_family hwmsg;	/* the family we capture from */
	const struct genl_abi *abi;	/* and its numbers */
	bool wait;			/* outlive the family */
	bool gone;			/* waiting for the family to return */
	struct nl_genl_family devlink;	/* config events; id 0 if not joined */

	uint8_t *buf;
	size_t len, off;		/* the datagram being handed out */

	bool have_seq;
	uint32_t last_seq;
	bool saw_seq;
	uint64_t received;
	uint64_t gaps;
	uint64_t enobufs;

	/* devlink state re-read after an overrun: dump replies to hand out */
	uint8_t *resync;
	size_t resync_len, resync_off, resync_cap;
	bool resync_due;		/* overrun: dump when drained */
	uint64_t resync_mono;		/* last dump (CLOCK_MONOTONIC) */
	uint64_t event_overruns;	/* ENOBUFS while joined to config */
	uint64_t resync_records;
	uint64_t resync_failed;
};

static uint64_t realtime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int join(struct genl_source *s, uint32_t grp, const char *what,
		struct hwmsg_err *err)
{
	if (mnl_socket_setsockopt(s->nl, NETLINK_ADD_MEMBERSHIP, &grp,
				  sizeof(grp)) < 0) {
		int e = errno;

		return hwmsg_errf(err, 0, "joining %s: %s%s", what, strerror(e),
				  e == EPERM ? " (needs CAP_NET_ADMIN)" : "");
	}
	return 0;
}

static void set_rcvbuf(int fd, unsigned int bytes)
{
	int v = (int)bytes;

	/* FORCE passes rmem_max when we may; else the kernel caps it */
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &v, sizeof(v)) < 0)
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &v, sizeof(v));
}

static void genl_free(struct genl_source *s)
{
	if (s->nl)
		mnl_socket_close(s->nl);
	free(s->buf);
	free(s->resync);
	free(s);
}

/* A dump reply (device or port): kept whole, handed out by genl_next(). */
static int resync_cb(const struct nlmsghdr *nlh, void *data)
{
	struct genl_source *s = data;
	size_t need = MNL_ALIGN(nlh->nlmsg_len);

	if (s->resync_len + need > s->resync_cap) {
		size_t cap = s->resync_cap ? s->resync_cap * 2 : 16384;
		uint8_t *p;

		while (cap < s->resync_len + need)
			cap *= 2;
		p = realloc(s->resync, cap);
		if (!p)
			return MNL_CB_ERROR;
		s->resync = p;
		s->resync_cap = cap;
	}
	memcpy(s->resync + s->resync_len, nlh, nlh->nlmsg_len);
	s->resync_len += need;
	return MNL_CB_OK;
}

/*
 * After an overrun: dump devlink's devices and ports on a socket of their
 * own, so that the records that follow give the state the lost events led
 * to.
 */
static void resync(struct genl_source *s)
{
	static const uint8_t cmds[] = { DEVLINK_CMD_GET, DEVLINK_CMD_PORT_GET };
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct mnl_socket *nl;
	struct hwmsg_err e;
	size_t i;
	int r;

	if (s->resync_off < s->resync_len)
		return;	/* the last dump is still being handed out */
	s->resync_len = s->resync_off = 0;
	nl = nl_genl_open(&e);
	if (!nl) {
		s->resync_failed++;
		return;
	}
	for (i = 0; i < sizeof(cmds); i++) {
		struct nlmsghdr *req = nl_genl_msg(buf, s->devlink.id, cmds[i],
						   DEVLINK_GENL_VERSION,
						   NLM_F_DUMP);

		r = nl_genl_talk(nl, req, resync_cb, s);
		if (r) {
			s->resync_failed++;
			break;
		}
	}
	mnl_socket_close(nl);
}

static int genl_open(struct hwmsg_source *src, const char *arg,
		     const struct hwmsg_source_opts *opts,
		     struct hwmsg_err *err)
{
	uint32_t grp_hwmsg, grp_config, grp_ctrl;
	struct genl_abi_found dl, mod;
	struct nl_genl_family ctrl;
	struct genl_opts o;
	char what[64];
	struct hwmsg_err e2;
	struct genl_source *s;

	if (genl_opts_parse(arg, &o, err))
		return -1;
	s = calloc(1, sizeof(*s));
	if (!s)
		return hwmsg_errf(err, 0, "genl: %s", strerror(ENOMEM));
	s->buf = malloc(GENL_BUF_LEN);
	if (!s->buf) {
		genl_free(s);
		return hwmsg_errf(err, 0, "genl: %s", strerror(ENOMEM));
	}
	s->nl = nl_genl_open(err);
	if (!s->nl) {
		genl_free(s);
		return -1;
	}
	s->fd = mnl_socket_get_fd(s->nl);
	s->wait = o.wait;

	/* what the kernel offers, by name; the choice is genl_abi_choose()'s */
	genl_abi_probe(s->nl, &dl, &mod);
	s->abi = genl_abi_choose(o.abi, dl.have, mod.have, &e2);
	if (!s->abi) {
		hwmsg_errf(err, 0, "genl: %s", e2.msg);
		genl_free(s);
		return -1;
	}
	s->hwmsg = s->abi == &genl_abi_devlink ? dl.fam : mod.fam;
	grp_hwmsg = s->abi == &genl_abi_devlink ? dl.group : mod.group;

	if (!o.noconfig &&
	    !nl_genl_resolve(s->nl, DEVLINK_GENL_NAME,
			     DEVLINK_GENL_MCGRP_CONFIG_NAME, &s->devlink,
			     &grp_config, &e2)) {
		if (join(s, grp_config, "devlink/config", err)) {
			genl_free(s);
			return -1;
		}
	} else {
		s->devlink.id = 0;
	}
	if (!nl_genl_resolve(s->nl, "nlctrl", "notify", &ctrl, &grp_ctrl,
			     &e2) &&
	    join(s, grp_ctrl, "nlctrl/notify", err)) {
		genl_free(s);
		return -1;
	}
	set_rcvbuf(s->fd, opts && opts->rcvbuf ? opts->rcvbuf :
		   GENL_RCVBUF_DEFAULT);
	/* last, so that nothing of the group queues before we are ready */
	snprintf(what, sizeof(what), "%s/%s", s->abi->family, s->abi->group);
	if (join(s, grp_hwmsg, what, err)) {
		genl_free(s);
		return -1;
	}
	src->priv = s;
	return 0;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* A re-read is due and the last one is GENL_RESYNC_GAP_NS old. */
static bool resync_may(struct genl_source *s)
{
	uint64_t now;

	if (!s->resync_due)
		return false;
	now = mono_ns();
	if (s->resync_mono && now - s->resync_mono < GENL_RESYNC_GAP_NS)
		return false;
	s->resync_due = false;
	s->resync_mono = now;
	return true;
}

static int genl_wait(struct hwmsg_source *src, int timeout_ms,
		     struct hwmsg_err *err)
{
	struct genl_source *s = src->priv;
	struct pollfd pfd = { .fd = s->fd, .events = POLLIN };
	int r;

	if (s->off < s->len || s->resync_off < s->resync_len)
		return 1;
	if (s->resync_due) {
		/* wake when the re-read may run, even if all is quiet */
		uint64_t since = mono_ns() - s->resync_mono;
		int ms = since >= GENL_RESYNC_GAP_NS ? 0 :
			 (int)((GENL_RESYNC_GAP_NS - since) / 1000000) + 1;

		if (!ms)
			return 1;
		if (timeout_ms < 0 || ms < timeout_ms)
			timeout_ms = ms;
	}
	r = poll(&pfd, 1, timeout_ms);
	if (r == 0 && s->resync_due)
		return 1;	/* next() re-reads */
	if (r < 0)
		return errno == EINTR ? 0 : hwmsg_errf(err, 0, "genl: poll: %s",
						       strerror(errno));
	return r > 0;
}

static void seq_account(struct genl_source *s, uint32_t seq)
{
	uint32_t gap;

	s->saw_seq = true;
	if (s->have_seq) {
		gap = seq - (s->last_seq + 1);
		/* a backward jump is a restart (module reloaded), not loss */
		if (gap && gap < 0x80000000u)
			s->gaps += gap;
	}
	s->have_seq = true;
	s->last_seq = seq;
}

static int parse_hwmsg(struct genl_source *s, const struct nlmsghdr *nlh,
		       struct hwmsg_record *rec)
{
	genl_hwmsg_record(s->abi, nlh, rec);
	if (!rec->ts_ns)
		rec->ts_ns = realtime_ns();
	if (rec->flags & HWMSG_RECF_HAS_SEQ)
		seq_account(s, (uint32_t)rec->seq);
	return 1;
}

/* A devlink "config" notification, kept whole. */
static int parse_event(const struct nlmsghdr *nlh, struct hwmsg_record *rec)
{
	genl_event_record(nlh, rec);
	rec->ts_ns = realtime_ns();
	return 1;
}

/* nlctrl: 1 when our family went away. */
static bool family_deleted(const struct genl_source *s,
			   const struct nlmsghdr *nlh)
{
	const struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);
	const struct nlattr *a;

	if (g->cmd != CTRL_CMD_DELFAMILY)
		return false;
	mnl_attr_for_each(a, nlh, sizeof(*g)) {
		if (mnl_attr_get_type(a) == CTRL_ATTR_FAMILY_ID &&
		    mnl_attr_validate(a, MNL_TYPE_U16) >= 0 &&
		    mnl_attr_get_u16(a) == s->hwmsg.id)
			return true;
	}
	return false;
}

/*
 * nlctrl: our family registered again (wait mode): join its group. Returns
 * nonzero only when joining fails (err set).
 */
static int family_returned(struct genl_source *s, const struct nlmsghdr *nlh,
			   struct hwmsg_err *err)
{
	const struct genlmsghdr *g = mnl_nlmsg_get_payload(nlh);
	struct nl_genl_family fam;
	const char *name = NULL;
	uint32_t grp;

	if (g->cmd != CTRL_CMD_NEWFAMILY ||
	    !nl_genl_parse_family(nlh, &name, &fam, s->abi->group, &grp) ||
	    !name || strcmp(name, s->abi->family))
		return 0;
	if (join(s, grp, s->abi->family, err))
		return -1;
	s->hwmsg = fam;
	s->gone = false;
	s->have_seq = false;	/* numbering starts over with the module */
	fprintf(stderr, "hwmsgd: genl: family %s is back; capture goes on\n",
		s->abi->family);
	return 0;
}

static int genl_next(struct hwmsg_source *src, struct hwmsg_record *rec,
		     struct hwmsg_err *err)
{
	struct genl_source *s = src->priv;

	for (;;) {
		const struct nlmsghdr *nlh;
		const struct genlmsghdr *g;

		if (s->resync_off < s->resync_len) {
			nlh = (const struct nlmsghdr *)(s->resync +
							s->resync_off);
			s->resync_off += MNL_ALIGN(nlh->nlmsg_len);
			s->received++;
			s->resync_records++;
			return parse_event(nlh, rec);
		}
		if (s->off >= s->len) {
			ssize_t n = recv(s->fd, s->buf, GENL_BUF_LEN,
					 MSG_DONTWAIT);

			s->off = s->len = 0;
			if (n < 0) {
				if (errno == ENOBUFS) {
					/* lost; the SEQ gap says how much */
					s->enobufs++;
					/*
					 * devlink events have no SEQ: re-read
					 * the state once the socket is drained
					 */
					if (s->devlink.id) {
						s->event_overruns++;
						s->resync_due = true;
					}
					continue;
				}
				if (errno == EAGAIN && resync_may(s)) {
					resync(s);
					continue;
				}
				if (errno == EAGAIN || errno == EINTR)
					return 0;
				return hwmsg_errf(err, 0, "genl: recv: %s",
						  strerror(errno));
			}
			if (n == 0)
				return 0;
			s->len = (size_t)n;
		}
		nlh = genl_datagram_next(s->buf, s->len, &s->off);
		if (!nlh) {
			s->off = s->len;
			continue;
		}
		if (nlh->nlmsg_type < NLMSG_MIN_TYPE ||
		    nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(*g))
			continue;
		g = mnl_nlmsg_get_payload(nlh);
		if (nlh->nlmsg_type == GENL_ID_CTRL) {
			if (family_deleted(s, nlh)) {
				if (!s->wait)
					return hwmsg_errf(err, 0,
							  "genl: family %s was unregistered (module unloaded); capture ends",
							  s->abi->family);
				fprintf(stderr, "hwmsgd: genl: family %s was unregistered; waiting for it to return\n",
					s->abi->family);
				s->gone = true;
			} else if (s->gone && family_returned(s, nlh, err)) {
				return -1;
			}
			continue;
		}
		/* with the devlink ABI, events share the family: cmd decides */
		if (nlh->nlmsg_type == s->hwmsg.id && g->cmd == s->abi->cmd) {
			s->received++;
			return parse_hwmsg(s, nlh, rec);
		}
		if (s->devlink.id && nlh->nlmsg_type == s->devlink.id) {
			s->received++;
			return parse_event(nlh, rec);
		}
	}
}

static void genl_stats(struct hwmsg_source *src, struct hwmsg_source_stats *st)
{
	struct genl_source *s = src->priv;

	st->received = s->received;
	/* SEQ gaps count every loss exactly; ENOBUFS only says "some" */
	st->dropped = s->saw_seq ? s->gaps : s->enobufs;
}

static void genl_close(struct hwmsg_source *src)
{
	struct genl_source *s = src->priv;

	if (!s)
		return;
	if (s->enobufs)
		fprintf(stderr, "hwmsgd: genl: receive buffer overran %llu times (%llu messages lost by SEQ)\n",
			(unsigned long long)s->enobufs,
			(unsigned long long)s->gaps);
	if (s->event_overruns)
		fprintf(stderr, "hwmsgd: genl: devlink events may have been lost in %llu overruns; the device state was re-read after them (%llu devices and ports recorded, %llu dumps failed)\n",
			(unsigned long long)s->event_overruns,
			(unsigned long long)s->resync_records,
			(unsigned long long)s->resync_failed);
	genl_free(s);
	src->priv = NULL;
}

const struct hwmsg_source_ops hwmsg_source_genl = {
	.name = "genl",
	.display = "hwmsg: devlink hwmsg netlink group (devlink_hwmsg module)",
	.open = genl_open,
	.wait = genl_wait,
	.next = genl_next,
	.stats = genl_stats,
	.close = genl_close,
};
