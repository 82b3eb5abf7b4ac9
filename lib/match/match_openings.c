/* match_openings.c -- openings files: FEN/EPD, SFEN and `startpos moves`
 * lines, PGN (match_pgn.c) and the record files of a game's notations
 * (read_record), each checked move by move with the game's own hooks.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_openings.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "match_record.h"
#include "core/util.h"

/* Room for one game of a record file: its start and its moves. */
#define START_LEN 4096
#define MOVES_LEN (1 << 20)

#define MAX_FIELDS 6

int gt_match_set_position(const struct gt_match_config *c, void *pos, const char *text,
                          char *err, size_t err_len)
{
    const struct gt_game *g = c->g;
    char msg[256] = "";
    if (g->from_text(pos, text ? text : g->startpos, msg, sizeof msg) != 0) {
        gt_errf(err, err_len, "%s", msg[0] ? msg : "position rejected by the game");
        return -1;
    }
    if (g->set_option)
        for (int i = 0; i < c->ngameopts; i++)
            g->set_option(pos, c->gameopts[i].name, c->gameopts[i].value);
    return 0;
}

void gt_opening_free(struct gt_opening *op)
{
    free(op->base);
    for (int i = 0; i < op->nmoves; i++)
        free(op->moves[i]);
    free(op->moves);
    memset(op, 0, sizeof *op);
}

void gt_openings_free(struct gt_openings *ops)
{
    for (int i = 0; i < ops->n; i++)
        gt_opening_free(&ops->v[i]);
    free(ops->v);
    ops->v = NULL;
    ops->n = 0;
}

int gt_opening_add_move(struct gt_opening *op, const char *text)
{
    char **grown = realloc(op->moves, (size_t)(op->nmoves + 1) * sizeof *grown);
    if (!grown)
        return -1;
    op->moves = grown;
    if (!(grown[op->nmoves] = strdup(text)))
        return -1;
    op->nmoves++;
    return 0;
}

int gt_openings_add(struct gt_openings *ops, struct gt_opening *op)
{
    struct gt_opening *grown = realloc(ops->v, (size_t)(ops->n + 1) * sizeof *grown);
    if (!grown) {
        gt_opening_free(op);
        return -1;
    }
    ops->v = grown;
    ops->v[ops->n++] = *op;
    return 0;
}

/* Play the words of `moves` on pos, keeping their text. */
static int play_moves(const struct gt_game *g, void *pos, void *undo, const char *moves,
                      struct gt_opening *op, char *err, size_t err_len)
{
    char word[64], msg[256];
    const char *cur = moves;
    while (gt_next_word(&cur, word, sizeof word)) {
        msg[0] = 0;
        gt_move m = g->move_from_text(pos, word, msg, sizeof msg);
        if (m == GT_MOVE_NONE || !g->is_legal(pos, m)) {
            gt_errf(err, err_len, "move %d '%s': %s", op->nmoves + 1, word,
                    msg[0] ? msg : "illegal move");
            return -1;
        }
        if (gt_opening_add_move(op, word) < 0) {
            gt_errf(err, err_len, "out of memory");
            return -1;
        }
        g->make(pos, m, undo);
    }
    return 0;
}

/* The position part of a line: the longest prefix of up to MAX_FIELDS
 * words (stopping at `moves` or an EPD operand ending in ';') that the
 * game reads.  Returns the length of the text used, or 0. */
static size_t read_position(const struct gt_match_config *c, void *pos, const char *s,
                            char *err, size_t err_len)
{
    size_t ends[MAX_FIELDS];
    int n = 0;
    const char *p = s;
    while (n < MAX_FIELDS) {
        p = gt_skip_blanks(p);
        if (!*p)
            break;
        const char *w = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if ((p - w == 5 && !strncmp(w, "moves", 5)) || memchr(w, ';', (size_t)(p - w)))
            break;
        ends[n++] = (size_t)(p - s);
    }
    char text[512], first_err[256] = "";
    for (int k = n; k > 0; k--) {
        size_t len = ends[k - 1] < sizeof text ? ends[k - 1] : sizeof text - 1;
        memcpy(text, s, len);
        text[len] = 0;
        if (gt_match_set_position(c, pos, text, err, err_len) == 0)
            return len;
        if (k == n)
            snprintf(first_err, sizeof first_err, "%s", err);
    }
    gt_errf(err, err_len, "not a position: %s", n ? first_err : "empty");
    return 0;
}

int gt_opening_parse(const struct gt_match_config *c, const char *line,
                     struct gt_opening *op, char *err, size_t err_len)
{
    const struct gt_game *g = c->g;
    memset(op, 0, sizeof *op);
    const char *s = gt_skip_blanks(line);
    if (!*s || *s == '#')
        return 0;
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size ? g->undo_size : 1);
    int rc = -1;
    if (!pos || !undo) {
        gt_errf(err, err_len, "out of memory");
        goto out;
    }
    const char *rest;
    if (!strncmp(s, "startpos", 8) && (s[8] == 0 || s[8] == ' ' || s[8] == '\t')) {
        if (gt_match_set_position(c, pos, NULL, err, err_len) < 0)
            goto out;
        rest = gt_skip_blanks(s + 8);
    } else {
        if (!strncmp(s, "fen ", 4))
            s = gt_skip_blanks(s + 4);
        else if (!strncmp(s, "sfen ", 5))
            s = gt_skip_blanks(s + 5);
        size_t used = read_position(c, pos, s, err, err_len);
        if (!used)
            goto out;
        char text[4096];
        g->to_text(pos, text, sizeof text);
        if (!(op->base = strdup(text))) {
            gt_errf(err, err_len, "out of memory");
            goto out;
        }
        rest = gt_skip_blanks(s + used);
    }
    if (!strncmp(rest, "moves", 5) && (rest[5] == 0 || rest[5] == ' ' || rest[5] == '\t')) {
        if (play_moves(g, pos, undo, rest + 5, op, err, err_len) < 0)
            goto out;
    } else if (!op->base && *rest) {
        gt_errf(err, err_len, "unexpected text after startpos: '%.40s'", rest);
        goto out;
    }
    rc = 1;
out:
    if (rc < 0)
        gt_opening_free(op);
    free(pos);
    free(undo);
    return rc;
}

int gt_opening_set_start(const struct gt_match_config *c, void *pos, const char *text,
                         struct gt_opening *op, char *err, size_t err_len)
{
    if (gt_match_set_position(c, pos, text, err, err_len) < 0)
        return -1;
    if (text) {
        char buf[4096];
        c->g->to_text(pos, buf, sizeof buf);
        if (!(op->base = strdup(buf))) {
            gt_errf(err, err_len, "out of memory");
            return -1;
        }
    }
    return 0;
}

int gt_text_line(const char *text, const char *at)
{
    int line = 1;
    for (const char *p = text; p < at && *p; p++)
        line += *p == '\n';
    return line;
}

/* The one-opening-a-line format. */
static int line_openings(const struct gt_match_config *c, const char *text, const char *file,
                         struct gt_openings *out, FILE *warn, int *bad, char *err,
                         size_t err_len)
{
    char *line = NULL, why[512];
    size_t cap = 0;
    int lineno = 0;
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        if (n + 1 > cap) {
            char *grown = realloc(line, n + 1);
            if (!grown)
                goto oom;
            line = grown;
            cap = n + 1;
        }
        memcpy(line, p, n);
        line[n] = 0;
        line[strcspn(line, "\r")] = 0;
        p += n + (p[n] == '\n');
        lineno++;
        struct gt_opening op;
        int r = gt_opening_parse(c, line, &op, why, sizeof why);
        if (r < 0) {
            ++*bad;
            if (warn)
                fprintf(warn, "%s:%d: skipped: %s\n", file, lineno, why);
            continue;
        }
        if (r == 0)
            continue;
        op.line = lineno;
        if (gt_openings_add(out, &op) < 0)
            goto oom;
    }
    free(line);
    return 0;
oom:
    free(line);
    gt_errf(err, err_len, "out of memory");
    return -1;
}

/* The record files of notation n: read_record game after game, each
 * start and its moves (protocol text) checked on the game's hooks. */
static int record_openings(const struct gt_match_config *c, const struct gt_notation *n,
                           const char *text, const char *file, struct gt_openings *out,
                           FILE *warn, int *bad, char *err, size_t err_len)
{
    const struct gt_game *g = c->g;
    char *start = malloc(START_LEN), *moves = malloc(MOVES_LEN);
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size ? g->undo_size : 1);
    size_t total = strlen(text), off = 0;
    int rc = -1;
    if (!start || !moves || !pos || !undo) {
        gt_errf(err, err_len, "out of memory");
        goto out;
    }
    for (int game = 1; off < total; game++) {
        char why[512] = "";
        start[0] = moves[0] = 0;
        int r = n->read_record(text + off, start, START_LEN, moves, MOVES_LEN, why, sizeof why);
        const char *at = gt_skip_blanks(text + off);
        while (*at == '\n' || *at == '\r')
            at = gt_skip_blanks(at + 1);
        int line = gt_text_line(text, at);
        if (r == 0)
            break;
        if (r < 0) {
            ++*bad;
            if (warn)
                fprintf(warn, "%s:%d: skipped game %d and the rest of the file: %s\n", file,
                        line, game, why[0] ? why : "not a record");
            break;
        }
        off += (size_t)r < total - off ? (size_t)r : total - off;
        struct gt_opening op;
        memset(&op, 0, sizeof op);
        op.line = line;
        if (gt_opening_set_start(c, pos, start[0] ? start : NULL, &op, why, sizeof why) < 0 ||
            play_moves(g, pos, undo, moves, &op, why, sizeof why) < 0) {
            gt_opening_free(&op);
            ++*bad;
            if (warn)
                fprintf(warn, "%s:%d: skipped game %d: %s\n", file, line, game, why);
            continue;
        }
        if (gt_openings_add(out, &op) < 0) {
            gt_errf(err, err_len, "out of memory");
            goto out;
        }
    }
    rc = 0;
out:
    free(start);
    free(moves);
    free(pos);
    free(undo);
    return rc;
}

/* Does the text begin as PGN does: a tag, or a numbered move? */
static bool looks_like_pgn(const char *text)
{
    const char *p = text;
    for (;;) {
        p = gt_skip_blanks(p);
        if (*p == '\n' || *p == '\r')
            p++;
        else
            break;
    }
    if (*p == '[')
        return true;
    size_t digits = strspn(p, "0123456789");
    return digits > 0 && p[digits] == '.';
}

int gt_openings_parse_text(const struct gt_match_config *c, const char *text, const char *file,
                           struct gt_openings *out, FILE *warn, char *err, size_t err_len)
{
    const struct gt_game *g = c->g;
    const struct gt_notation *fmt;
    int bad = 0, rc;
    out->v = NULL;
    out->n = 0;
    const char *kind = "line";
    if (gt_record_format_of_path(g, file, true, &fmt) == 0) {
        rc = fmt ? record_openings(c, fmt, text, file, out, warn, &bad, err, err_len)
                 : gt_pgn_openings(c, text, file, out, warn, &bad, err, err_len);
        kind = "game";
    } else if (looks_like_pgn(text)) {
        rc = gt_pgn_openings(c, text, file, out, warn, &bad, err, err_len);
        kind = "game";
    } else {
        /* Lines; failing that, the first notation whose reader finds a
         * game.  The warnings of the reader that is not kept are not
         * shown. */
        char *held = NULL;
        size_t held_len = 0;
        FILE *hold = open_memstream(&held, &held_len);
        rc = line_openings(c, text, file, out, hold ? hold : warn, &bad, err, err_len);
        for (const struct gt_notation *n = g->notations; rc == 0 && !out->n && n && n->name;
             n++) {
            int bad_here = 0;
            if (!n->read_record)
                continue;
            rc = record_openings(c, n, text, file, out, NULL, &bad_here, err, err_len);
            if (rc == 0 && out->n) {
                gt_openings_free(out);
                fclose(hold);
                free(held);
                hold = NULL;
                held = NULL;
                bad = 0;
                kind = "game";
                rc = record_openings(c, n, text, file, out, warn, &bad, err, err_len);
            }
        }
        if (hold) {
            fclose(hold);
            if (warn && held)
                fputs(held, warn);
            free(held);
        }
    }
    if (rc < 0) {
        gt_openings_free(out);
        return -1;
    }
    if (out->n == 0) {
        gt_errf(err, err_len, "openings file '%s' has no usable %s (%d malformed)", file, kind,
                bad);
        return -1;
    }
    return 0;
}

int gt_openings_load(const struct gt_match_config *c, const char *file,
                     struct gt_openings *out, FILE *warn, char *err, size_t err_len)
{
    FILE *f = fopen(file, "rb");
    out->v = NULL;
    out->n = 0;
    if (!f) {
        gt_errf(err, err_len, "cannot open openings file '%s'", file);
        return -1;
    }
    size_t len = 0;
    char *text = gt_read_stream(f, &len);
    int read_errno = errno;
    fclose(f);
    int rc = -1;
    if (!text && read_errno == ENOMEM)
        gt_errf(err, err_len, "out of memory");
    else if (!text)
        gt_errf(err, err_len, "cannot read openings file '%s'", file);
    else if (strlen(text) != len)
        gt_errf(err, err_len, "openings file '%s' holds a NUL byte (not a text file)", file);
    else
        rc = gt_openings_parse_text(c, text, file, out, warn, err, err_len);
    free(text);
    return rc;
}
