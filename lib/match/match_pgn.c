/* match_pgn.c -- PGN files as openings: the import format's tags,
 * movetext, comments, NAGs and variations, the moves read in the game's
 * record notation on the running position.
 * SPDX-License-Identifier: MIT
 *
 * Only what an opening needs is kept: the FEN tag and the main line's
 * moves, as protocol text (what the engines are sent).  The reader knows
 * no game: every move goes through the game's own notation parser. */
#include <config.h>
#include "match_openings.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

/* The game being read. */
struct pgn_game {
    int number;          /* 1-based in the file */
    int line;            /* where it starts */
    bool started;        /* a tag or a move seen */
    bool moved;          /* movetext seen */
    bool placed;         /* pos holds its start */
    char *fen;           /* the FEN tag, or NULL */
    bool bad;
    int why_line;        /* the first fault and its line */
    char why[600];
    struct gt_opening op;
};

struct pgn_reader {
    const struct gt_match_config *c;
    const struct gt_notation *notation;   /* the record notation, or NULL */
    const char *text, *file;
    struct gt_openings *out;
    FILE *warn;
    int *bad;
    void *pos, *undo;
    struct pgn_game game;
    int games;
};

static void fault(struct pgn_reader *r, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The game's first fault; the rest of it is read but not used. */
static void fault(struct pgn_reader *r, const char *at, const char *fmt, ...)
{
    struct pgn_game *gm = &r->game;
    if (gm->bad)
        return;
    gm->bad = true;
    gm->why_line = gt_text_line(r->text, at);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(gm->why, sizeof gm->why, fmt, ap);
    va_end(ap);
}

static void begin(struct pgn_reader *r, const char *at)
{
    struct pgn_game *gm = &r->game;
    if (gm->started)
        return;
    memset(gm, 0, sizeof *gm);
    gm->started = true;
    gm->number = ++r->games;
    gm->line = gt_text_line(r->text, at);
}

/* Set the start position once: the FEN tag's, or the game's own. */
static bool place(struct pgn_reader *r, const char *at)
{
    struct pgn_game *gm = &r->game;
    char msg[400];
    if (gm->placed)
        return true;
    if (gt_opening_set_start(r->c, r->pos, gm->fen, &gm->op, msg, sizeof msg) < 0) {
        fault(r, at, "FEN '%.100s': %s", gm->fen ? gm->fen : "", msg);
        return false;
    }
    gm->placed = true;
    return true;
}

/* The game ends (a result, the next game's tags, the end of the file). */
static int finish(struct pgn_reader *r, const char *at, char *err, size_t err_len)
{
    struct pgn_game *gm = &r->game;
    if (!gm->started)
        return 0;
    if (!gm->bad)
        place(r, at);
    if (gm->bad) {
        ++*r->bad;
        if (r->warn)
            fprintf(r->warn, "%s:%d: skipped game %d: %s\n", r->file, gm->why_line, gm->number,
                    gm->why);
        gt_opening_free(&gm->op);
    } else {
        gm->op.line = gm->line;
        if (gt_openings_add(r->out, &gm->op) < 0) {
            free(gm->fen);
            memset(gm, 0, sizeof *gm);
            gt_errf(err, err_len, "out of memory");
            return -1;
        }
    }
    free(gm->fen);
    memset(gm, 0, sizeof *gm);
    return 0;
}

/* [Name "value"]: only FEN is kept.  Returns the text after the tag. */
static const char *tag(struct pgn_reader *r, const char *p)
{
    const char *start = p++;
    char name[32], value[512];
    size_t n = 0, v = 0;
    while (*p == ' ' || *p == '\t')
        p++;
    while ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
           *p == '_')
        if (n + 1 < sizeof name)
            name[n++] = *p++;
        else
            p++;
    name[n] = 0;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!n || *p != '"')
        goto bad;
    for (p++; *p && *p != '"' && *p != '\n'; p++) {
        if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
            p++;
        if (v + 1 < sizeof value)
            value[v++] = *p;
    }
    value[v] = 0;
    if (*p != '"')
        goto bad;
    p++;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != ']')
        goto bad;
    if (!strcmp(name, "FEN")) {
        free(r->game.fen);
        if (!(r->game.fen = strdup(value)))
            fault(r, start, "out of memory");
    }
    return p + 1;
bad:
    fault(r, start, "malformed tag '%.*s'", (int)strcspn(start, "\r\n") < 60
          ? (int)strcspn(start, "\r\n") : 60, start);
    return start + strcspn(start, "\n");
}

/* A comment or a variation (nested, with comments inside) is skipped;
 * NULL when it does not end. */
static const char *skip_braces(const char *p)
{
    const char *end = strchr(p, '}');
    return end ? end + 1 : NULL;
}

static const char *skip_variation(const char *p)
{
    int depth = 0;
    for (; *p; p++) {
        if (*p == '{') {
            if (!(p = skip_braces(p)))
                return NULL;
            p--;
        } else if (*p == ';')
            p += strcspn(p, "\n") - 1;
        else if (*p == '(')
            depth++;
        else if (*p == ')' && --depth == 0)
            return p + 1;
    }
    return NULL;
}

static bool is_result(const char *t)
{
    return !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2") || !strcmp(t, "*");
}

/* One word of movetext: a move, perhaps behind its number ("12.e4"). */
static void word(struct pgn_reader *r, const char *at, const char *w)
{
    const struct gt_game *g = r->c->g;
    struct pgn_game *gm = &r->game;
    size_t digits = strspn(w, "0123456789");
    if (digits && w[digits] == '.')
        w += digits + strspn(w + digits, ".");
    if (!*w || strspn(w, "!?") == strlen(w))
        return;
    gm->moved = true;
    if (gm->bad || !place(r, at))
        return;
    char msg[300] = "", text[64];
    gt_move m = GT_MOVE_NONE;
    if (r->notation)
        m = r->notation->move_from_text(r->pos, w, msg, sizeof msg);
    if (m == GT_MOVE_NONE) {
        char other[300] = "";
        m = g->move_from_text(r->pos, w, other, sizeof other);
        if (!msg[0])
            snprintf(msg, sizeof msg, "%s", other);
    }
    if (m == GT_MOVE_NONE || !g->is_legal(r->pos, m)) {
        fault(r, at, "move %d '%s': %s", gm->op.nmoves + 1, w, msg[0] ? msg : "illegal move");
        return;
    }
    g->move_to_text(r->pos, m, text, sizeof text);
    if (gt_opening_add_move(&gm->op, text) < 0) {
        fault(r, at, "out of memory");
        return;
    }
    g->make(r->pos, m, r->undo);
}

int gt_pgn_openings(const struct gt_match_config *c, const char *text, const char *file,
                    struct gt_openings *out, FILE *warn, int *bad, char *err, size_t err_len)
{
    const struct gt_game *g = c->g;
    struct pgn_reader r = {
        .c = c, .text = text, .file = file, .out = out, .warn = warn, .bad = bad,
        .notation = g->notations && g->notations[0].name ? &g->notations[0] : NULL,
        .pos = malloc(g->pos_size), .undo = malloc(g->undo_size ? g->undo_size : 1),
    };
    int rc = -1;
    if (!r.pos || !r.undo) {
        gt_errf(err, err_len, "out of memory");
        goto out;
    }
    const char *p = text;
    while (*p) {
        char ch = *p;
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
            p++;
        } else if (ch == '%' && (p == text || p[-1] == '\n')) {
            p += strcspn(p, "\n");                       /* an escape line */
        } else if (ch == '[') {
            if (r.game.moved && finish(&r, p, err, err_len) < 0)
                goto out;
            begin(&r, p);
            p = tag(&r, p);
        } else if (ch == '{') {
            const char *end = skip_braces(p);
            if (!end) {
                begin(&r, p);
                fault(&r, p, "a comment '{' that never ends");
                break;
            }
            p = end;
        } else if (ch == ';') {
            p += strcspn(p, "\n");
        } else if (ch == '(') {
            const char *end = skip_variation(p);
            if (!end) {
                begin(&r, p);
                fault(&r, p, "a variation '(' that never ends");
                break;
            }
            p = end;
        } else if (ch == ')') {
            begin(&r, p);
            fault(&r, p, "')' without its '('");
            p++;
        } else if (ch == '$') {
            p++;
            p += strspn(p, "0123456789");                /* a NAG */
        } else if (ch == ']') {
            begin(&r, p);
            fault(&r, p, "']' outside a tag");
            p++;
        } else {
            char w[64];
            size_t n = strcspn(p, " \t\r\n[]{}();$");
            snprintf(w, sizeof w, "%.*s", (int)(n < sizeof w ? n : sizeof w - 1), p);
            if (is_result(w)) {
                if (finish(&r, p, err, err_len) < 0)
                    goto out;
            } else {
                begin(&r, p);
                word(&r, p, w);
            }
            p += n;
        }
    }
    if (finish(&r, p, err, err_len) < 0)
        goto out;
    rc = 0;
out:
    free(r.game.fen);
    gt_opening_free(&r.game.op);
    free(r.pos);
    free(r.undo);
    return rc;
}
