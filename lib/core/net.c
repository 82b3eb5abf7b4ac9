/* net.c -- network files: the header that names what a network is for,
 * and its weights (net.h; the format is in doc/network.md).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "net.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

#define MAGIC "GTSNET\r\n"      /* the \r\n catches a file mangled as text */
/* Version 1: one output layer, a 128-byte header.  Version 2 adds output
 * buckets: two more header fields (136 bytes) and one output layer a
 * bucket.  Version 3 adds the second hidden layer's width (140 bytes)
 * and its arrays after the rest.  A network is written in the oldest
 * version that holds it, so that every reader of those files reads it. */
#define FORMAT_VERSION 3
#define HEADER_V1 128
#define HEADER_V2 136
#define HEADER_V3 140
#define ACT_SCRELU 1
#define FLAG_RESIDUAL 1u     /* the output is added to the game's evaluate */

/* FNV-1a over the payload: a damaged byte changes it. */
static uint64_t checksum(const unsigned char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

static size_t payload_size(uint32_t inputs, int hidden, int buckets, int l2)
{
    const size_t h = (size_t)hidden, b = (size_t)buckets;
    return 2 * ((size_t)inputs * h + h + b * gt_net_out_rows(l2) * 2 * h) + 4 * b +
           2 * 4 * b * (size_t)l2;
}

static size_t round_up(size_t n)
{
    return (n + GT_NET_ALIGN - 1) / GT_NET_ALIGN * GT_NET_ALIGN;
}

/* The arrays' block: first-layer weights, bias, output weights, the
 * second layer's biases and output weights, each starting aligned. */
static size_t block_size(uint32_t inputs, int hidden, int buckets, int l2)
{
    const size_t l2n = round_up(sizeof(int32_t) * (size_t)buckets * (size_t)l2);
    return round_up(sizeof(int16_t) * (size_t)inputs * (size_t)hidden) +
           round_up(sizeof(int16_t) * (size_t)hidden) +
           round_up(sizeof(int16_t) * 2 * (size_t)hidden * (size_t)buckets * gt_net_out_rows(l2)) +
           2 * l2n;
}

static struct gt_net *alloc_net(uint32_t inputs, int hidden, int buckets, int span, int l2)
{
    struct gt_net *n = calloc(1, sizeof *n);
    if (!n)
        return NULL;
    size_t w = round_up(sizeof(int16_t) * (size_t)inputs * (size_t)hidden),
           b = round_up(sizeof(int16_t) * (size_t)hidden),
           o = round_up(sizeof(int16_t) * 2 * (size_t)hidden * (size_t)buckets * gt_net_out_rows(l2)),
           l2n = round_up(sizeof(int32_t) * (size_t)buckets * (size_t)l2);
    const size_t bytes = block_size(inputs, hidden, buckets, l2);
    n->mem = aligned_alloc(GT_NET_ALIGN, bytes);
    if (!n->mem) {
        free(n);
        return NULL;
    }
    memset(n->mem, 0, bytes);
    char *mem = n->mem;
    n->ft_weights = n->mem;
    n->ft_bias = (int16_t *)(mem + w);
    n->out_weights = (int16_t *)(mem + w + b);
    n->l2_bias = l2 ? (int32_t *)(mem + w + b + o) : NULL;
    n->l2_out = l2 ? (int32_t *)(mem + w + b + o + l2n) : NULL;
    n->inputs = inputs;
    n->hidden = hidden;
    n->buckets = buckets;
    n->bucket_span = span;
    n->l2 = l2;
    return n;
}

static int check_shape(const struct gt_game *g, int hidden, int buckets, int span, int l2,
                       char *err, size_t err_len)
{
    if (!g->features) {
        gt_errf(err, err_len, "game '%s' declares no input features: it has no network",
                g->name);
        return -1;
    }
    if (hidden <= 0 || hidden % 32 || hidden > GT_NET_MAX_HIDDEN) {
        gt_errf(err, err_len, "hidden width %d: must be a multiple of 32 from 32 to %d",
                hidden, GT_NET_MAX_HIDDEN);
        return -1;
    }
    if (buckets < 1 || buckets > GT_NET_MAX_BUCKETS || span < 1) {
        gt_errf(err, err_len, "%d output buckets of %d features: must be 1 to %d buckets "
                "of at least 1", buckets, span, GT_NET_MAX_BUCKETS);
        return -1;
    }
    if (l2 < 0 || l2 > GT_NET_MAX_L2) {
        gt_errf(err, err_len, "second hidden layer of %d units: must be 0 (none) to %d", l2,
                GT_NET_MAX_L2);
        return -1;
    }
    return 0;
}

struct gt_net *gt_net_new(const struct gt_game *g, int hidden, int buckets, int span, int l2,
                          int scale, char *err, size_t err_len)
{
    if (check_shape(g, hidden, buckets, span, l2, err, err_len) < 0)
        return NULL;
    struct gt_net *n = alloc_net(g->features->count, hidden, buckets, span, l2);
    if (!n) {
        gt_errf(err, err_len, "out of memory for a network of %u x %d", g->features->count,
                hidden);
        return NULL;
    }
    snprintf(n->game, sizeof n->game, "%s", g->name);
    snprintf(n->features, sizeof n->features, "%s", g->features->name);
    n->features_version = g->features->version;
    n->scale = scale;
    return n;
}

struct gt_net *gt_net_copy(const struct gt_net *n)
{
    struct gt_net *c = alloc_net(n->inputs, n->hidden, n->buckets, n->bucket_span, n->l2);
    if (!c)
        return NULL;
    struct gt_net arrays = *c;  /* the copy's own block and pointers */
    *c = *n;
    c->mem = arrays.mem;
    c->ft_weights = arrays.ft_weights;
    c->ft_bias = arrays.ft_bias;
    c->out_weights = arrays.out_weights;
    c->l2_bias = arrays.l2_bias;
    c->l2_out = arrays.l2_out;
    memcpy(c->mem, n->mem, block_size(n->inputs, n->hidden, n->buckets, n->l2));
    return c;
}

void gt_net_free(struct gt_net *n)
{
    if (!n)
        return;
    free(n->mem);
    free(n);
}

/* A NUL-padded name field, as a string (never longer than the field). */
static void name_field(const unsigned char *p, char *out)
{
    memcpy(out, p, GT_NET_NAME_LEN);
    out[GT_NET_NAME_LEN - 1] = 0;
}

struct gt_net *gt_net_read(const struct gt_game *g, const void *buf, size_t len,
                           const char *what, char *err, size_t err_len)
{
    const unsigned char *p = buf;
    if (len < 8 || memcmp(p, MAGIC, 8)) {
        gt_errf(err, err_len, "%s: not a gtsearch network file", what);
        return NULL;
    }
    if (len < HEADER_V1) {
        gt_errf(err, err_len, "%s: truncated (%zu bytes, less than the header)", what, len);
        return NULL;
    }
    uint32_t version = gt_get32(p + 8), header = gt_get32(p + 12);
    if (!(version == 1 && header == HEADER_V1) && !(version == 2 && header == HEADER_V2) &&
        !(version == 3 && header == HEADER_V3)) {
        gt_errf(err, err_len, "%s: network format version %u; this gtsearch reads "
                "versions 1 to %d", what, version, FORMAT_VERSION);
        return NULL;
    }
    if (len < header) {
        gt_errf(err, err_len, "%s: truncated (%zu bytes, less than the header)", what, len);
        return NULL;
    }
    int buckets = 1, span = 1, l2 = 0;
    if (version >= 2) {
        buckets = (int)gt_get32(p + 128);
        span = (int)gt_get32(p + 132);
    }
    if (version >= 3)
        l2 = (int)gt_get32(p + 136);
    char game[GT_NET_NAME_LEN], feat[GT_NET_NAME_LEN];
    name_field(p + 16, game);
    name_field(p + 48, feat);
    int fver = (int)gt_get32(p + 80);
    uint32_t inputs = gt_get32(p + 84);
    int hidden = (int)gt_get32(p + 88), act = (int)gt_get32(p + 92);
    int qa = (int)gt_get32(p + 96), qb = (int)gt_get32(p + 100), scale = (int)gt_get32(p + 104);
    uint64_t bytes = gt_get32(p + 108), sum = gt_get64(p + 112);
    uint32_t flags = gt_get32(p + 120), window = gt_get32(p + 124);
    if (strcmp(game, g->name)) {
        gt_errf(err, err_len, "%s: a network for %s, not %s", what, game, g->name);
        return NULL;
    }
    if (check_shape(g, hidden, buckets, span, l2, err, err_len) < 0) {
        char why[200];
        snprintf(why, sizeof why, "%s", err);
        gt_errf(err, err_len, "%s: %s", what, why);
        return NULL;
    }
    const struct gt_features *f = g->features;
    /* A network of the narrower set this one extends is read widened:
     * zero rows for the features it lacks, and each position in the
     * bucket it had (span times base_ratio). */
    const bool widen = f->base && !strcmp(feat, f->base->name) &&
                       fver == f->base->version && inputs == f->base->count;
    if (!widen && (strcmp(feat, f->name) || fver != f->version || inputs != f->count)) {
        char also[80] = "";
        if (f->base)
            snprintf(also, sizeof also, " and reads %s version %d", f->base->name,
                     f->base->version);
        gt_errf(err, err_len, "%s: made for feature set %s version %d (%u features); "
                "%s uses %s version %d (%u features)%s", what, feat, fver, inputs, g->name,
                f->name, f->version, f->count, also);
        return NULL;
    }
    if (widen && (long)span * f->base_ratio > 1L << 20) {
        gt_errf(err, err_len, "%s: output bucket span %d too wide to widen", what, span);
        return NULL;
    }
    if (act != ACT_SCRELU || qa != GT_NET_QA || qb != GT_NET_QB || scale <= 0 ||
        (flags & ~FLAG_RESIDUAL) || (window && !(flags & FLAG_RESIDUAL)) ||
        window > GT_EVAL_MAX) {
        gt_errf(err, err_len, "%s: unsupported architecture (activation %d, quantisation "
                "%d/%d, scale %d, flags %u, window %u)", what, act, qa, qb, scale, flags,
                window);
        return NULL;
    }
    const size_t want = payload_size(inputs, hidden, buckets, l2);
    if (bytes != want || len - header < bytes) {
        gt_errf(err, err_len, "%s: truncated (%zu bytes of weights, %zu expected)", what,
                len - header, want);
        return NULL;
    }
    if (len - header > bytes) {
        gt_errf(err, err_len, "%s: %zu bytes after the weights", what,
                (size_t)(len - header - bytes));
        return NULL;
    }
    if (checksum(p + header, bytes) != sum) {
        gt_errf(err, err_len, "%s: damaged (the weights' checksum does not match)", what);
        return NULL;
    }
    struct gt_net *n = widen ? alloc_net(f->count, hidden, buckets, span * f->base_ratio, l2)
                             : alloc_net(inputs, hidden, buckets, span, l2);
    if (!n) {
        gt_errf(err, err_len, "%s: out of memory", what);
        return NULL;
    }
    memcpy(n->game, game, sizeof game);
    snprintf(n->features, sizeof n->features, "%s", widen ? f->name : feat);
    n->features_version = widen ? f->version : fver;
    n->scale = scale;
    n->residual = flags & FLAG_RESIDUAL;
    n->window = (int)window;
    const unsigned char *q = p + header;
    size_t nw = (size_t)inputs * (size_t)hidden;
    for (size_t i = 0; i < nw; i++, q += 2)
        n->ft_weights[i] = (int16_t)gt_get16s(q);
    for (int i = 0; i < hidden; i++, q += 2)
        n->ft_bias[i] = (int16_t)gt_get16s(q);
    for (size_t i = 0; i < 2 * (size_t)hidden * (size_t)buckets * gt_net_out_rows(l2); i++, q += 2)
        n->out_weights[i] = (int16_t)gt_get16s(q);
    for (int b = 0; b < buckets; b++, q += 4)
        n->out_bias[b] = (int32_t)gt_get32(q);
    for (int i = 0; i < buckets * l2; i++, q += 4)
        n->l2_bias[i] = (int32_t)gt_get32(q);
    for (int i = 0; i < buckets * l2; i++, q += 4)
        n->l2_out[i] = (int32_t)gt_get32(q);
    return n;
}

/* The name part of the magic: a file whose line end was mangled is still
 * a network, and gt_net_read says what is wrong with it. */
bool gt_net_file_is(const char *path)
{
    char head[6];
    FILE *f = fopen(path, "rb");
    bool net = f && fread(head, 1, sizeof head, f) == sizeof head &&
               !memcmp(head, MAGIC, sizeof head);
    if (f)
        fclose(f);
    return net;
}

struct gt_net *gt_net_load(const struct gt_game *g, const char *path, char *err,
                           size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        gt_errf(err, err_len, "cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    size_t len = 0;
    char *buf = gt_read_stream(f, &len);
    int read_errno = errno;
    fclose(f);
    if (!buf) {
        gt_errf(err, err_len, "cannot read '%s': %s", path,
                read_errno == ENOMEM ? "out of memory" : "read error");
        return NULL;
    }
    struct gt_net *n = gt_net_read(g, buf, len, path, err, err_len);
    free(buf);
    return n;
}

int gt_net_save(const struct gt_net *n, const char *path, char *err, size_t err_len)
{
    size_t bytes = payload_size(n->inputs, n->hidden, n->buckets, n->l2);
    const int version = n->l2 > 0 ? 3 : n->buckets > 1 ? 2 : 1;
    const size_t header = version == 1 ? HEADER_V1 : version == 2 ? HEADER_V2 : HEADER_V3;
    unsigned char *buf = calloc(1, header + bytes);
    if (!buf) {
        gt_errf(err, err_len, "out of memory");
        return -1;
    }
    memcpy(buf, MAGIC, 8);
    gt_put32(buf + 8, (uint32_t)version);
    gt_put32(buf + 12, (uint32_t)header);
    memcpy(buf + 16, n->game, strnlen(n->game, GT_NET_NAME_LEN - 1));
    memcpy(buf + 48, n->features, strnlen(n->features, GT_NET_NAME_LEN - 1));
    gt_put32(buf + 80, (uint32_t)n->features_version);
    gt_put32(buf + 84, n->inputs);
    gt_put32(buf + 88, (uint32_t)n->hidden);
    gt_put32(buf + 92, ACT_SCRELU);
    gt_put32(buf + 96, GT_NET_QA);
    gt_put32(buf + 100, GT_NET_QB);
    gt_put32(buf + 104, (uint32_t)n->scale);
    gt_put32(buf + 108, (uint32_t)bytes);
    if (version >= 2) {
        gt_put32(buf + 128, (uint32_t)n->buckets);
        gt_put32(buf + 132, (uint32_t)n->bucket_span);
    }
    if (version >= 3)
        gt_put32(buf + 136, (uint32_t)n->l2);
    unsigned char *q = buf + header;
    size_t nw = (size_t)n->inputs * (size_t)n->hidden;
    for (size_t i = 0; i < nw; i++, q += 2)
        gt_put16(q, (uint16_t)n->ft_weights[i]);
    for (int i = 0; i < n->hidden; i++, q += 2)
        gt_put16(q, (uint16_t)n->ft_bias[i]);
    for (size_t i = 0; i < 2 * (size_t)n->hidden * (size_t)n->buckets * gt_net_out_rows(n->l2);
         i++, q += 2)
        gt_put16(q, (uint16_t)n->out_weights[i]);
    for (int b = 0; b < n->buckets; b++, q += 4)
        gt_put32(q, (uint32_t)n->out_bias[b]);
    for (int i = 0; i < n->buckets * n->l2; i++, q += 4)
        gt_put32(q, (uint32_t)n->l2_bias[i]);
    for (int i = 0; i < n->buckets * n->l2; i++, q += 4)
        gt_put32(q, (uint32_t)n->l2_out[i]);
    gt_put64(buf + 112, checksum(buf + header, bytes));
    gt_put32(buf + 120, n->residual ? FLAG_RESIDUAL : 0);
    gt_put32(buf + 124, (uint32_t)(n->residual ? n->window : 0));

    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(buf, 1, header + bytes, f) == header + bytes;
    ok = f && fclose(f) == 0 && ok;
    free(buf);
    if (!ok || rename(tmp, path) != 0) {
        gt_errf(err, err_len, "cannot write '%s': %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}
