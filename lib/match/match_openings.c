/* match_openings.c -- openings files: FEN/EPD, SFEN and `startpos moves`
 * lines, each checked move by move with the game's own hooks. */
#include <config.h>
#include "match_openings.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

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
        char **grown = realloc(op->moves, (size_t)(op->nmoves + 1) * sizeof *grown);
        if (!grown || !(grown[op->nmoves] = strdup(word))) {
            if (grown)
                op->moves = grown;
            gt_errf(err, err_len, "out of memory");
            return -1;
        }
        op->moves = grown;
        op->nmoves++;
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

int gt_openings_load(const struct gt_match_config *c, const char *file,
                     struct gt_openings *out, FILE *warn, char *err, size_t err_len)
{
    FILE *f = fopen(file, "r");
    out->v = NULL;
    out->n = 0;
    if (!f) {
        gt_errf(err, err_len, "cannot open openings file '%s'", file);
        return -1;
    }
    char line[8192], why[512];
    int lineno = 0, bad = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        struct gt_opening op;
        int r = gt_opening_parse(c, line, &op, why, sizeof why);
        if (r < 0) {
            bad++;
            if (warn)
                fprintf(warn, "%s:%d: skipped: %s\n", file, lineno, why);
            continue;
        }
        if (r == 0)
            continue;
        struct gt_opening *grown = realloc(out->v, (size_t)(out->n + 1) * sizeof *grown);
        if (!grown) {
            gt_opening_free(&op);
            fclose(f);
            gt_openings_free(out);
            gt_errf(err, err_len, "out of memory");
            return -1;
        }
        op.line = lineno;
        out->v = grown;
        out->v[out->n++] = op;
    }
    fclose(f);
    if (out->n == 0) {
        gt_errf(err, err_len, "openings file '%s' has no usable line (%d malformed)", file, bad);
        return -1;
    }
    return 0;
}
