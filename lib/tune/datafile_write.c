/* datafile_write.c -- writing data files of either format (datafile.h).
 *
 * Records are encoded into the writer's own buffer and handed to the
 * stream only by gt_data_flush: the stream's buffer, which goes out when
 * it is full, would otherwise cut a record anywhere.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "datafile.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

struct gt_data_writer {
    FILE *out;
    enum gt_data_format format;
    unsigned char *buf;
    size_t len, cap;
    bool failed;               /* a write failed: the file ends here */
    int error;                 /* its errno */
};

static int fail(struct gt_data_writer *w, int error)
{
    w->failed = true;
    w->error = error ? error : EIO;
    errno = w->error;
    return -1;
}

static int reserve(struct gt_data_writer *w, size_t n)
{
    if (w->len + n <= w->cap)
        return 0;
    size_t cap = w->cap ? w->cap : 65536;
    while (cap < w->len + n)
        cap *= 2;
    unsigned char *b = realloc(w->buf, cap);
    if (!b)
        return -1;
    w->buf = b;
    w->cap = cap;
    return 0;
}

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* A result within 0..1 (NAN: 0). */
static double unit(double r)
{
    return r >= 0 && r <= 1 ? r : r > 1;
}

static struct gt_data_writer *writer_new(const struct gt_game *g, FILE *out,
                                         enum gt_data_format f, bool header, char *err,
                                         size_t err_len)
{
    struct gt_data_writer *w = calloc(1, sizeof *w);
    if (!w) {
        gt_errf(err, err_len, "out of memory");
        return NULL;
    }
    w->out = out;
    w->format = f;
    if (f == GT_DATA_TEXT || !header)
        return w;
    unsigned char h[GT_DATA_HEADER_SIZE] = {0};
    memcpy(h, GT_DATA_MAGIC, 8);
    gt_put32(h + 8, GT_DATA_VERSION);
    gt_put32(h + 12, GT_DATA_HEADER_SIZE);
    size_t n = strlen(g->name);
    memcpy(h + 16, g->name, n < GT_DATA_NAME_SIZE ? n : GT_DATA_NAME_SIZE - 1);
    gt_put32(h + 48, 0);          /* flags */
    if (fwrite(h, 1, sizeof h, out) < sizeof h) {
        gt_errf(err, err_len, "%s", strerror(errno));
        free(w);
        return NULL;
    }
    return w;
}

struct gt_data_writer *gt_data_writer_new(const struct gt_game *g, FILE *out,
                                           enum gt_data_format f, char *err, size_t err_len)
{
    return writer_new(g, out, f, true, err, err_len);
}

struct gt_data_writer *gt_data_writer_append(const struct gt_game *g, FILE *out,
                                              enum gt_data_format f, char *err, size_t err_len)
{
    return writer_new(g, out, f, false, err, err_len);
}

static int encode_binary(struct gt_data_writer *w, const struct gt_data_record *rec,
                         size_t len)
{
    if (reserve(w, GT_DATA_RECORD_HEAD + len) < 0)
        return -1;
    unsigned char *p = w->buf + w->len;
    int score = rec->score == GT_DATA_NO_SCORE ? GT_DATA_NO_SCORE
              : clamp(rec->score, -GT_DATA_SCORE_MAX, GT_DATA_SCORE_MAX);
    double r = unit(rec->result);
    gt_put16(p, (unsigned)len);
    gt_put16(p + 2, (unsigned)score & 0xffff);
    gt_put16(p + 4, (unsigned)lround(r * 1000));
    gt_put16(p + 6, (unsigned)clamp(rec->margin, -GT_DATA_SCORE_MAX, GT_DATA_SCORE_MAX) & 0xffff);
    gt_put16(p + 8, (unsigned)clamp(rec->ply, 0, 65535));
    memcpy(p + GT_DATA_RECORD_HEAD, rec->text, len);
    w->len += GT_DATA_RECORD_HEAD + len;
    return 0;
}

static int encode_text(struct gt_data_writer *w, const struct gt_data_record *rec,
                       size_t len)
{
    char score[16], result[32];
    if (rec->score == GT_DATA_NO_SCORE)
        strcpy(score, "-");
    else
        snprintf(score, sizeof score, "%d", rec->score);
    /* The results of games as datagen has always written them. */
    double r = unit(rec->result);
    snprintf(result, sizeof result, r == 1 || r == 0 || r == 0.5 ? "%.1f" : "%.6g", r);
    size_t n = len + strlen(score) + strlen(result) + 7;
    if (reserve(w, n + 1) < 0)
        return -1;
    snprintf((char *)w->buf + w->len, n + 1, "%s | %s | %s\n", rec->text, score, result);
    w->len += n;
    return 0;
}

int gt_data_write(struct gt_data_writer *w, const struct gt_data_record *rec)
{
    if (w->failed) {
        errno = w->error;
        return -1;
    }
    size_t len = strnlen(rec->text, GT_DATA_TEXT_MAX);
    if (len == 0 || len == GT_DATA_TEXT_MAX || strpbrk(rec->text, "\n\r")) {
        errno = EINVAL;        /* a record no reader could read back */
        return -1;
    }
    int rc = w->format == GT_DATA_BINARY ? encode_binary(w, rec, len) : encode_text(w, rec, len);
    if (rc < 0)
        return fail(w, ENOMEM);
    return 0;
}

int gt_data_flush(struct gt_data_writer *w)
{
    if (w->failed) {
        errno = w->error;
        return -1;
    }
    errno = 0;
    if (w->len && fwrite(w->buf, 1, w->len, w->out) < w->len)
        return fail(w, errno);
    w->len = 0;
    if (fflush(w->out) != 0)
        return fail(w, errno);
    return 0;
}

void gt_data_writer_free(struct gt_data_writer *w)
{
    if (!w)
        return;
    free(w->buf);
    free(w);
}
