/* match_resume.c -- --resume: read back the games an interrupted match
 * wrote, and bring its two files to the games both hold.
 *
 * What a file says of a game is what the tallies need: its number in the
 * schedule (PGN's Round tag, the record line's game=N), the engines by
 * side, the result, how it ended (PGN's Termination, the line's end=)
 * and its start position (FEN tag; the line's position), which the
 * scheduler checks against the command line.  A game counts once its
 * result closes it (PGN's movetext, a whole line): a program killed while
 * writing leaves a partial game at the end, which is dropped and played
 * again.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_resume.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "match_record.h"
#include "core/util.h"

static int result_of(const char *text, int *result)
{
    if (!strcmp(text, "1-0"))
        *result = 1;
    else if (!strcmp(text, "0-1"))
        *result = -1;
    else if (!strcmp(text, "1/2-1/2"))
        *result = 0;
    else
        return -1;
    return 0;
}

/* A name into its field; one too long for any engine's stays unequal to
 * all of them (the field is longer than an engine's name). */
static void copy_text(char *dst, size_t len, const char *src)
{
    size_t n = strlen(src);
    n = n < len ? n : len - 1;
    memcpy(dst, src, n);
    dst[n] = 0;
}

static int push(struct gt_resume *out, const struct gt_resumed *g)
{
    struct gt_resumed *v = realloc(out->v, ((size_t)out->n + 1) * sizeof *v);
    if (!v)
        return -1;
    out->v = v;
    out->v[out->n++] = *g;
    return 0;
}

/* ---- PGN ---------------------------------------------------------------- */

/* The PGN writer's Termination words back to the ends the tallies count. */
static enum gt_end termination_end(const char *text)
{
    if (!strcmp(text, "time forfeit"))
        return GT_END_TIME;
    if (!strcmp(text, "abandoned"))
        return GT_END_CRASH;
    if (!strcmp(text, "rules infraction"))
        return GT_END_ILLEGAL;
    if (!strcmp(text, "adjudication"))
        return GT_END_ADJUDICATED;
    return GT_END_RULE;
}

/* A game's tags as they are read. */
struct pgn_tags {
    struct gt_resumed g;
    bool round, white, black, result;
};

/* [Name "value"]: the tags a game needs are kept. */
static int pgn_tag(const char *line, size_t len, struct pgn_tags *t)
{
    char name[32], value[256];
    const char *q1 = memchr(line, '"', len), *q2 = NULL;
    for (const char *p = q1 ? q1 + 1 : line + len; p < line + len; p++)
        if (*p == '"')
            q2 = p;                       /* the last quote */
    size_t n = 0;
    for (const char *p = line + 1; p < line + len && *p != ' ' && n + 1 < sizeof name; p++)
        name[n++] = *p;
    name[n] = 0;
    if (!q2 || (size_t)(q2 - q1 - 1) >= sizeof value)
        return -1;
    memcpy(value, q1 + 1, (size_t)(q2 - q1 - 1));
    value[q2 - q1 - 1] = 0;
    long v;
    if (!strcmp(name, "Round")) {
        if (gt_parse_long(value, 1, 1L << 30, &v) < 0)
            return -1;
        t->g.number = (int)v;
        t->round = true;
    } else if (!strcmp(name, "White")) {
        copy_text(t->g.first, sizeof t->g.first, value);
        t->white = true;
    } else if (!strcmp(name, "Black")) {
        copy_text(t->g.second, sizeof t->g.second, value);
        t->black = true;
    } else if (!strcmp(name, "Result")) {
        if (result_of(value, &t->g.result) < 0)
            return -1;
        t->result = true;
    } else if (!strcmp(name, "Termination"))
        t->g.end = termination_end(value);
    else if (!strcmp(name, "Variant")) {
        copy_text(t->g.variant, sizeof t->g.variant, value);
        t->g.has_variant = true;
    } else if (!strcmp(name, "FEN")) {
        free(t->g.start);
        if (!(t->g.start = strdup(value)))
            return -1;
    }
    return 0;
}

/* A movetext line: true once a result token outside comments ends it
 * (*depth carries an open comment to the next line). */
static bool pgn_ends(const char *line, size_t len, int *depth)
{
    size_t i = 0;
    while (i < len) {
        char ch = line[i];
        if (ch == '{' || ch == '}') {
            *depth = ch == '{' ? 1 : 0;
            i++;
            continue;
        }
        if (*depth || ch == ' ' || ch == '\t' || ch == '\r') {
            i++;
            continue;
        }
        size_t start = i;
        while (i < len && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' &&
               line[i] != '{')
            i++;
        char word[16];
        size_t n = i - start;
        if (n < sizeof word) {
            int r;
            memcpy(word, line + start, n);
            word[n] = 0;
            if (result_of(word, &r) == 0 || !strcmp(word, "*"))
                return true;
        }
    }
    return false;
}

static bool blank(const char *line, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            return false;
    return true;
}

int gt_resume_parse_pgn(const char *text, const char *file, struct gt_resume *out, char *err,
                        size_t err_len)
{
    enum { BETWEEN, TAGS, MOVES } state = BETWEEN;
    struct pgn_tags t = {.g.start = NULL};
    int lineno = 0, depth = 0;
    size_t size = strlen(text);
    *out = (struct gt_resume){.file = file, .pgn = true, .size = size, .complete = size};
    for (size_t at = 0; at < size;) {
        const char *line = text + at, *nl = memchr(line, '\n', size - at);
        size_t len = nl ? (size_t)(nl - line) : size - at;
        lineno++;
        if (!nl)                 /* cut off mid-line */
            break;
        size_t next = at + len + 1;
        if (state == BETWEEN && blank(line, len)) {
            at = next;
            continue;
        }
        if (state == BETWEEN) {
            if (line[0] != '[') {
                gt_errf(err, err_len, "%s:%d: movetext without tags: not a games file "
                        "written by gtsearch match", file, lineno);
                goto fail;
            }
            t = (struct pgn_tags){.g = {.line = lineno, .start_offset = at}};
            state = TAGS;
            depth = 0;
        }
        if (state == TAGS && line[0] == '[') {
            if (pgn_tag(line, len, &t) < 0) {
                gt_errf(err, err_len, "%s:%d: unreadable tag '%.*s'", file, lineno,
                        (int)(len < 80 ? len : 80), line);
                goto fail;
            }
            at = next;
            continue;
        }
        state = MOVES;           /* the blank line after the tags, or movetext */
        if (pgn_ends(line, len, &depth)) {
            if (!t.round || !t.white || !t.black || !t.result) {
                gt_errf(err, err_len, "%s:%d: the game has no %s tag; --resume needs the "
                        "Round, White, Black and Result tags gtsearch match writes", file,
                        t.g.line, !t.round ? "Round" : !t.white ? "White"
                        : !t.black ? "Black" : "Result");
                goto fail;
            }
            if (push(out, &t.g) < 0) {
                gt_errf(err, err_len, "out of memory");
                goto fail;
            }
            t.g.start = NULL;
            state = BETWEEN;
        }
        at = next;
    }
    if (state != BETWEEN)
        out->complete = t.g.start_offset;
    free(t.g.start);
    return 0;
fail:
    free(t.g.start);
    gt_resume_free(out);
    return -1;
}

/* ---- record lines ------------------------------------------------------- */

/* KEY="TEXT" (no quotes inside) or KEY=WORD at *p: the value into buf;
 * *p moves past it. */
static int field(const char **p, const char *key, char *buf, size_t len)
{
    size_t k = strlen(key);
    *p = gt_skip_blanks(*p);
    if (strncmp(*p, key, k) || (*p)[k] != '=')
        return -1;
    const char *v = *p + k + 1, *end;
    if (*v == '"') {
        v++;
        if (!(end = strchr(v, '"')))
            return -1;
        *p = end + 1;
    } else {
        end = v + strcspn(v, " \t\n");
        *p = end;
    }
    if ((size_t)(end - v) >= len)
        return -1;
    memcpy(buf, v, (size_t)(end - v));
    buf[end - v] = 0;
    return 0;
}

static int parse_line(const char *line, struct gt_resumed *g)
{
    char num[32], result[16], end[32], reason[512];
    const char *p = line;
    long v;
    if (field(&p, "game", num, sizeof num) < 0 || gt_parse_long(num, 1, 1L << 30, &v) < 0 ||
        field(&p, "first", g->first, sizeof g->first) < 0 ||
        field(&p, "second", g->second, sizeof g->second) < 0 ||
        field(&p, "result", result, sizeof result) < 0 || result_of(result, &g->result) < 0 ||
        field(&p, "end", end, sizeof end) < 0 || field(&p, "reason", reason, sizeof reason) < 0)
        return -1;
    g->number = (int)v;
    g->games_end = -1;
    const char *q = p;
    char at[32];
    if (field(&q, "games_end", at, sizeof at) == 0) {
        if (gt_parse_long(at, 0, LONG_MAX, &v) < 0)
            return -1;
        g->games_end = v;
        p = q;
    }
    g->end = GT_END_RULE;
    for (int e = GT_END_RULE; e <= GT_END_ADJUDICATED; e++)
        if (!strcmp(end, gt_end_name((enum gt_end)e)))
            g->end = (enum gt_end)e;
    p = gt_skip_blanks(p);
    if (strncmp(p, "position ", 9))
        return -1;
    p = gt_skip_blanks(p + 9);
    if (!strncmp(p, "startpos", 8))
        return 0;
    if (!strncmp(p, "fen ", 4) || !strncmp(p, "sfen ", 5)) {
        p = gt_skip_blanks(p + (p[0] == 'f' ? 4 : 5));
        const char *moves = strstr(p, " moves");
        size_t n = moves ? (size_t)(moves - p) : strlen(p);
        return (g->start = strndup(p, n)) ? 0 : -1;
    }
    return -1;
}

int gt_resume_parse_lines(const char *text, const char *file, struct gt_resume *out,
                          char *err, size_t err_len)
{
    size_t size = strlen(text);
    int lineno = 0;
    *out = (struct gt_resume){.file = file, .size = size, .complete = size};
    for (size_t at = 0; at < size;) {
        const char *line = text + at, *nl = memchr(line, '\n', size - at);
        lineno++;
        if (!nl) {
            out->complete = at;
            break;
        }
        size_t len = (size_t)(nl - line);
        char *copy = strndup(line, len);
        struct gt_resumed g = {.line = lineno, .start_offset = at};
        bool bad = copy && !blank(line, len) && parse_line(copy, &g) < 0;
        if (!copy || bad || (!blank(line, len) && push(out, &g) < 0)) {
            free(g.start);
            if (bad)
                gt_errf(err, err_len, "%s:%d: not a record line of gtsearch match (game=N "
                        "first=\"A\" second=\"B\" result=R end=KIND reason=\"...\" "
                        "position ...)", file, lineno);
            else
                gt_errf(err, err_len, "out of memory reading '%s'", file);
            free(copy);
            gt_resume_free(out);
            return -1;
        }
        free(copy);
        at += len + 1;
    }
    return 0;
}

int gt_resume_read(const char *path, bool pgn, struct gt_resume *out, char *err,
                   size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        gt_errf(err, err_len, "cannot read '%s' to resume from: %s", path, strerror(errno));
        return -1;
    }
    size_t n = 0;
    char *text = gt_read_stream(f, &n);
    int read_errno = errno;
    fclose(f);
    if (!text) {
        if (read_errno == ENOMEM)
            gt_errf(err, err_len, "out of memory reading '%s'", path);
        else
            gt_errf(err, err_len, "cannot read '%s' to resume from: %s", path,
                    strerror(read_errno));
        return -1;
    }
    if (strlen(text) != n) {
        free(text);
        gt_errf(err, err_len, "'%s' has a NUL byte: not a games file", path);
        return -1;
    }
    int rc = pgn ? gt_resume_parse_pgn(text, path, out, err, err_len)
                 : gt_resume_parse_lines(text, path, out, err, err_len);
    free(text);
    return rc;
}

/* ---- the two files together --------------------------------------------- */

static bool has(const struct gt_resume *r, int number)
{
    for (int i = 0; i < r->n; i++)
        if (r->v[i].number == number)
            return true;
    return false;
}

/* Keep the games of r that `other` has too; those it lacks must end r. */
static int trim(struct gt_resume *r, const struct gt_resume *other, char *err, size_t err_len)
{
    int k = 0;
    while (k < r->n && (!other || has(other, r->v[k].number)))
        k++;
    for (int j = k + 1; j < r->n; j++)
        if (has(other, r->v[j].number)) {
            gt_errf(err, err_len, "'%s' has game %d, which '%s' lacks, before games they "
                    "both have: the two files are not of one match", r->file,
                    r->v[k].number, other->file);
            return -1;
        }
    r->keep = k < r->n ? r->v[k].start_offset : r->complete;
    for (int j = k; j < r->n; j++)
        free(r->v[j].start);
    r->n = k;
    return 0;
}

int gt_resume_reconcile(struct gt_resume *a, struct gt_resume *b, char *err, size_t err_len)
{
    for (struct gt_resume *r = a; r; r = r == a ? b : NULL)
        for (int i = 0; i < r->n; i++)
            for (int j = 0; j < i; j++)
                if (r->v[i].number == r->v[j].number) {
                    gt_errf(err, err_len, "%s:%d: game %d again (first at line %d)", r->file,
                            r->v[i].line, r->v[i].number, r->v[j].line);
                    return -1;
                }
    /* Each is trimmed against the other as read; the games both keep
     * must then be the same. */
    if (!b)
        return trim(a, NULL, err, err_len);
    struct gt_resume a0 = *a, b0 = *b;
    if (trim(a, &b0, err, err_len) < 0 || trim(b, &a0, err, err_len) < 0)
        return -1;
    for (int i = 0; i < a->n; i++)
        if (!has(b, a->v[i].number)) {
            gt_errf(err, err_len, "'%s' has game %d and '%s' does not: the two files are "
                    "not of one match", a->file, a->v[i].number, b->file);
            return -1;
        }
    if (a->n != b->n) {
        gt_errf(err, err_len, "'%s' and '%s' hold different games: the two files are not "
                "of one match", a->file, b->file);
        return -1;
    }
    return 0;
}

int gt_resume_cut(const struct gt_resume *r, FILE *note, char *err, size_t err_len)
{
    if (r->keep >= r->size)
        return 0;
    if (truncate(r->file, (off_t)r->keep) < 0) {
        gt_errf(err, err_len, "cannot cut the unfinished game off '%s': %s", r->file,
                strerror(errno));
        return -1;
    }
    if (note)
        fprintf(note, "gtsearch match: '%s': %zu bytes after its last whole game (a game "
                "being written when the match stopped) cut off; that game is played again\n",
                r->file, r->size - r->keep);
    return 0;
}

int gt_resume_cut_notation(const char *path, const struct gt_resume *lines, FILE *note,
                           char *err, size_t err_len)
{
    const struct gt_resumed *last = NULL;
    for (int i = 0; i < lines->n; i++)
        if (lines->v[i].start_offset < lines->keep)
            last = &lines->v[i];
    if (!last || last->games_end < 0)
        return 0;
    struct stat st;
    if (stat(path, &st) < 0) {
        gt_errf(err, err_len, "cannot read '%s' to resume from: %s", path, strerror(errno));
        return -1;
    }
    if (st.st_size < last->games_end) {
        gt_errf(err, err_len, "'%s' has %lld bytes, but %s:%d says game %d ended at byte %ld: "
                "not this match's games file", path, (long long)st.st_size, lines->file,
                last->line, last->number, last->games_end);
        return -1;
    }
    struct gt_resume r = {.file = path, .size = (size_t)st.st_size,
                          .keep = (size_t)last->games_end};
    return gt_resume_cut(&r, note, err, err_len);
}

void gt_resume_free(struct gt_resume *r)
{
    for (int i = 0; i < r->n; i++)
        free(r->v[i].start);
    free(r->v);
    r->v = NULL;
    r->n = 0;
}
