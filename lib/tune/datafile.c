/* datafile.c -- reading data files of either format (datafile.h), and
 * the text format's line parser.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "datafile.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

/* The records of a text file that are tried against the game on opening:
 * when none of them is its position, the file is another game's. */
enum { TEXT_PROBE = 20 };

struct gt_data_reader {
    const struct gt_game *g;
    FILE *f;
    char *path;
    enum gt_data_format format;
    long number;               /* records (binary) or lines (text) read */
    long long offset;          /* binary: the byte the next record starts at */
    bool ended;                /* nothing after this can be read or trusted */
    char *line;                /* text: getline's buffer */
    size_t cap;
};

/* ---- text lines ------------------------------------------------------------ */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n'))
        *--e = 0;
    return s;
}

static int parse_number(const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

int gt_data_line_parse(char *line, char **pos_text, double *score, double *result,
                       char *err, size_t err_len)
{
    char *s = trim(line);
    if (!*s || *s == '#')
        return 0;
    /* From the right: a position text may hold '|' itself. */
    char *bar2 = strrchr(s, '|');
    char *bar1 = NULL;
    if (bar2) {
        *bar2 = 0;
        bar1 = strrchr(s, '|');
    }
    if (!bar1) {
        gt_errf(err, err_len, "expected 'POSITION | SCORE | RESULT'");
        return -1;
    }
    *bar1 = 0;
    char *pos = trim(s), *sc = trim(bar1 + 1), *res = trim(bar2 + 1);
    if (!*pos) {
        gt_errf(err, err_len, "no position before the first '|'");
        return -1;
    }
    if (!strcmp(sc, "-"))
        *score = NAN;
    else if (parse_number(sc, score) < 0) {
        gt_errf(err, err_len, "score '%s' is not a number or '-'", sc);
        return -1;
    }
    if (parse_number(res, result) < 0 || *result < 0 || *result > 1) {
        gt_errf(err, err_len, "result '%s' is not a number from 0 to 1", res);
        return -1;
    }
    *pos_text = pos;
    return 1;
}

/* The next text record; -1 with the reason alone (the caller says where). */
static int text_next(struct gt_data_reader *r, struct gt_data_record *rec, char *why,
                     size_t why_len)
{
    if (r->ended)
        return 0;
    while (getline(&r->line, &r->cap, r->f) >= 0) {
        char *text;
        double score, result;
        r->number++;
        int k = gt_data_line_parse(r->line, &text, &score, &result, why, why_len);
        if (k == 0)
            continue;
        if (k < 0)
            return -1;
        size_t n = strlen(text);
        if (n >= GT_DATA_TEXT_MAX) {
            gt_errf(why, why_len, "a position text of %zu bytes (at most %d)", n,
                    GT_DATA_TEXT_MAX - 1);
            return -1;
        }
        memcpy(rec->text, text, n + 1);
        /* Scores are whole eval units; a text file's fraction is rounded,
         * and a number that is the "none" mark is a score next to it. */
        rec->score = isnan(score) ? GT_DATA_NO_SCORE
                   : (int)lround(fmax(-1e9, fmin(1e9, score)));
        if (!isnan(score) && rec->score == GT_DATA_NO_SCORE)
            rec->score++;
        rec->result = result;
        rec->margin = 0;
        rec->ply = 0;
        return 1;
    }
    if (ferror(r->f)) {
        r->ended = true;
        gt_errf(why, why_len, "cannot read: %s", strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- binary records -------------------------------------------------------- */

static int truncated(struct gt_data_reader *r, char *err, size_t err_len)
{
    r->ended = true;
    gt_errf(err, err_len, "%s: truncated record %ld at byte %lld: the %ld records before "
            "it are whole", r->path, r->number, r->offset, r->number - 1);
    return -1;
}

static int binary_next(struct gt_data_reader *r, struct gt_data_record *rec, char *err,
                       size_t err_len)
{
    unsigned char h[GT_DATA_RECORD_HEAD];
    if (r->ended)
        return 0;
    size_t got = fread(h, 1, sizeof h, r->f);
    if (got == 0 && !ferror(r->f))
        return 0;
    r->number++;
    if (ferror(r->f)) {
        r->ended = true;
        gt_errf(err, err_len, "%s: cannot read record %ld: %s", r->path, r->number,
                strerror(errno));
        return -1;
    }
    if (got < sizeof h)
        return truncated(r, err, err_len);
    unsigned len = gt_get16(h), result = gt_get16(h + 4);
    if (len == 0 || len >= GT_DATA_TEXT_MAX) {
        /* The length is the framing: nothing after it can be found. */
        r->ended = true;
        gt_errf(err, err_len, "%s: record %ld at byte %lld: text length %u is not from 1 "
                "to %d; the %ld records before it are whole", r->path, r->number, r->offset,
                len, GT_DATA_TEXT_MAX - 1, r->number - 1);
        return -1;
    }
    if (fread(rec->text, 1, len, r->f) < len)
        return truncated(r, err, err_len);
    long long at = r->offset;
    r->offset += GT_DATA_RECORD_HEAD + len;
    rec->text[len] = 0;
    if (memchr(rec->text, 0, len) || strpbrk(rec->text, "\n\r")) {
        gt_errf(err, err_len, "%s: record %ld at byte %lld: the position text holds a NUL "
                "or a line break", r->path, r->number, at);
        return -1;
    }
    if (result > 1000) {
        gt_errf(err, err_len, "%s: record %ld at byte %lld: result %u thousandths is over "
                "1000", r->path, r->number, at, result);
        return -1;
    }
    rec->score = gt_get16s(h + 2);
    rec->result = result / 1000.0;
    rec->margin = gt_get16s(h + 6);
    rec->ply = (int)gt_get16(h + 8);
    return 1;
}

/* ---- opening --------------------------------------------------------------- */

/* A pipe cannot go back to its start: its bytes go to a temporary file
 * that can. */
static FILE *seekable(FILE *f)
{
    if (fseek(f, 0, SEEK_SET) == 0)
        return f;
    FILE *t = tmpfile();
    char buf[65536];
    size_t n;
    while (t && (n = fread(buf, 1, sizeof buf, f)) > 0)
        if (fwrite(buf, 1, n, t) < n) {
            fclose(t);
            t = NULL;
        }
    if (t && (ferror(f) || fflush(t) != 0 || fseek(t, 0, SEEK_SET) != 0)) {
        fclose(t);
        t = NULL;
    }
    fclose(f);
    return t;
}

static int binary_header(struct gt_data_reader *r, const unsigned char *h, size_t got,
                         char *err, size_t err_len)
{
    if (got < GT_DATA_HEADER_SIZE) {
        gt_errf(err, err_len, "%s: truncated header (%zu of %d bytes)", r->path, got,
                GT_DATA_HEADER_SIZE);
        return -1;
    }
    uint32_t version = gt_get32(h + 8), size = gt_get32(h + 12);
    if (version != GT_DATA_VERSION) {
        gt_errf(err, err_len, "%s: data format version %lu; this program reads version %u",
                r->path, (unsigned long)version, GT_DATA_VERSION);
        return -1;
    }
    if (size != GT_DATA_HEADER_SIZE) {
        gt_errf(err, err_len, "%s: header size %lu; version %u's is %d", r->path,
                (unsigned long)size, GT_DATA_VERSION, GT_DATA_HEADER_SIZE);
        return -1;
    }
    char name[GT_DATA_NAME_SIZE + 1];
    memcpy(name, h + 16, GT_DATA_NAME_SIZE);
    name[GT_DATA_NAME_SIZE] = 0;
    if (strncmp(name, r->g->name, GT_DATA_NAME_SIZE - 1)) {
        gt_errf(err, err_len, "%s: data for %s, not %s", r->path, name, r->g->name);
        return -1;
    }
    int c = getc(r->f);
    if (c == EOF) {
        gt_errf(err, err_len, "%s: no positions", r->path);
        return -1;
    }
    ungetc(c, r->f);
    r->offset = GT_DATA_HEADER_SIZE;
    return 0;
}

/* A text file is the game's when one of its first records is a position
 * the game reads; then it is read again from its start. */
static int text_probe(struct gt_data_reader *r, char *err, size_t err_len)
{
    struct gt_data_record *rec = malloc(sizeof *rec);
    void *pos = malloc(r->g->pos_size);
    char why[256] = "", first[300] = "";
    int good = 0, bad = 0, k = 0, rc = -1;
    if (!rec || !pos) {
        gt_errf(err, err_len, "out of memory reading %s", r->path);
        goto out;
    }
    while (!good && bad < TEXT_PROBE && (k = text_next(r, rec, why, sizeof why)) != 0) {
        if (k > 0 && r->g->from_text(pos, rec->text, why, sizeof why) != 0) {
            k = -1;
            if (!why[0])
                snprintf(why, sizeof why, "the game refuses the position");
        }
        if (r->ended)
            break;             /* the file itself cannot be read: why says so */
        if (k > 0)
            good++;
        else if (!bad++)
            snprintf(first, sizeof first, "line %ld: %s", r->number, why);
        why[0] = 0;
    }
    if (r->ended)
        gt_errf(err, err_len, "%s: %s", r->path, why);
    else if (!good && !bad)
        gt_errf(err, err_len, "%s: no positions", r->path);
    else if (!good)
        gt_errf(err, err_len, "%s does not look like %s data: %s", r->path, r->g->name,
                first);
    else if (fseek(r->f, 0, SEEK_SET) != 0)
        gt_errf(err, err_len, "cannot read %s again: %s", r->path, strerror(errno));
    else {
        r->number = 0;
        rc = 0;
    }
out:
    free(rec);
    free(pos);
    return rc;
}

struct gt_data_reader *gt_data_open(const struct gt_game *g, const char *path, char *err,
                                    size_t err_len)
{
    struct gt_data_reader *r = calloc(1, sizeof *r);
    if (!r || !(r->path = strdup(path))) {
        free(r);
        gt_errf(err, err_len, "out of memory opening %s", path);
        return NULL;
    }
    r->g = g;
    FILE *f = fopen(path, "rb");
    if (!f || !(r->f = seekable(f))) {
        gt_errf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        gt_data_close(r);
        return NULL;
    }
    unsigned char h[GT_DATA_HEADER_SIZE];
    size_t got = fread(h, 1, sizeof h, r->f);
    int rc;
    if (got >= 8 && !memcmp(h, GT_DATA_MAGIC, 8)) {
        r->format = GT_DATA_BINARY;
        rc = binary_header(r, h, got, err, err_len);
    } else {
        r->format = GT_DATA_TEXT;
        if (ferror(r->f) || fseek(r->f, 0, SEEK_SET) != 0) {
            gt_errf(err, err_len, "cannot read %s: %s", path, strerror(errno));
            rc = -1;
        } else
            rc = text_probe(r, err, err_len);
    }
    if (rc < 0) {
        gt_data_close(r);
        return NULL;
    }
    return r;
}

int gt_data_read(struct gt_data_reader *r, struct gt_data_record *rec, char *err,
                 size_t err_len)
{
    if (r->format == GT_DATA_BINARY)
        return binary_next(r, rec, err, err_len);
    char why[256] = "";
    int k = text_next(r, rec, why, sizeof why);
    if (k < 0)
        gt_errf(err, err_len, "%s:%ld: %s", r->path, r->number, why);
    return k;
}

enum gt_data_format gt_data_reader_format(const struct gt_data_reader *r)
{
    return r->format;
}

void gt_data_where(const struct gt_data_reader *r, char *buf, size_t len)
{
    if (r->format == GT_DATA_TEXT)
        snprintf(buf, len, "%s:%ld", r->path, r->number);
    else
        snprintf(buf, len, "%s: record %ld", r->path, r->number);
}

void gt_data_close(struct gt_data_reader *r)
{
    if (!r)
        return;
    if (r->f)
        fclose(r->f);
    free(r->line);
    free(r->path);
    free(r);
}

/* ---- names of the formats -------------------------------------------------- */

enum gt_data_format gt_data_format_for(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && !strcmp(path + n - 4, ".txt") ? GT_DATA_TEXT : GT_DATA_BINARY;
}

int gt_data_format_parse(const char *word, enum gt_data_format *f)
{
    if (!strcmp(word, "bin") || !strcmp(word, "binary"))
        *f = GT_DATA_BINARY;
    else if (!strcmp(word, "text"))
        *f = GT_DATA_TEXT;
    else
        return -1;
    return 0;
}

const char *gt_data_format_name(enum gt_data_format f)
{
    return f == GT_DATA_BINARY ? "binary" : "text";
}
