/* epd.c -- the EPD suite runner: solved when the best move is in `bm`, not
 * in `am`, and (for `dm`) the score is a mate in exactly that many moves.
 * SPDX-License-Identifier: MIT
 *
 * Suites write their moves as people do, in the game's record notation
 * (published chess suites use SAN), or as the protocol's text.  The runner
 * reads each move of bm, am and pv into a move of the position (the
 * protocol's parser first, then each of the game's notations in order) and
 * compares moves, never text; a text that is no move there is an error of
 * that line, reported and counted, never a silent fail or pass.  Results
 * are written back in the record notation, with the protocol text in
 * brackets for scripts. */
#include <config.h>
#include "epd.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "report.h"
#include "core/util.h"

/* The opcodes of the EPD standard (PGN standard, section 16.2.5).  The
 * position runs up to the first of them: positions never contain these
 * words (FEN and SFEN fields are boards, sides, rights and numbers).  After
 * it, any operation is accepted; those the runner does not use are kept
 * as a count and ignored. */
static const char *const opcodes[] = {
    "acd", "acn", "acs", "am", "bm", "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7",
    "c8", "c9", "ce", "dm", "draw_accept", "draw_claim", "draw_offer", "draw_reject",
    "eco", "fmvn", "hmvc", "id", "nic", "noop", "pm", "pv", "rc", "resign", "sm",
    "tcgs", "tcri", "tcsi", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9",
    NULL};

static bool is_opcode(const char *w, size_t n)
{
    for (int i = 0; opcodes[i]; i++)
        if (strlen(opcodes[i]) == n && !strncmp(w, opcodes[i], n))
            return true;
    return false;
}

/* EPD's opcode syntax: a letter, then letters, digits and '_'. */
static bool opcode_syntax(const char *w)
{
    if (!isalpha((unsigned char)*w))
        return false;
    for (w++; *w; w++)
        if (!isalnum((unsigned char)*w) && *w != '_')
            return false;
    return true;
}

/* The operands of bm, am or pv into list.  Blanks or commas separate them.
 * A pv keeps its first GT_EPD_MAX_MOVES moves: it is a prediction, and
 * only its start is checked. */
static int add_moves(char (*list)[GT_EPD_MOVE_LEN], int *n, const char *ops,
                     const char *op, bool truncate, char *err, size_t err_len)
{
    char buf[1024], word[64];
    snprintf(buf, sizeof buf, "%s", ops);
    for (char *c = buf; *c; c++)
        if (*c == ',')
            *c = ' ';
    const char *cur = buf;
    while (gt_next_word(&cur, word, sizeof word)) {
        if (strlen(word) >= GT_EPD_MOVE_LEN) {
            gt_errf(err, err_len, "%s: move text '%.20s...' too long", op, word);
            return -1;
        }
        if (*n == GT_EPD_MAX_MOVES) {
            if (truncate)
                break;
            gt_errf(err, err_len, "%s: more than %d moves", op, GT_EPD_MAX_MOVES);
            return -1;
        }
        snprintf(list[(*n)++], GT_EPD_MOVE_LEN, "%.*s", GT_EPD_MOVE_LEN - 1, word);
    }
    if (*n == 0) {
        gt_errf(err, err_len, "%s without a move", op);
        return -1;
    }
    return 0;
}

/* One operation: "opcode operands". */
static int parse_op(const char *op, size_t len, struct gt_epd *rec, char *err,
                    size_t err_len)
{
    char buf[1024], code[64];
    if (len >= sizeof buf) {
        gt_errf(err, err_len, "operation too long");
        return -1;
    }
    memcpy(buf, op, len);
    buf[len] = 0;
    const char *cur = buf;
    if (!gt_next_word(&cur, code, sizeof code))
        return 0;                       /* an empty operation: ";;" */
    const char *args = gt_skip_blanks(cur);
    if (!strcmp(code, "bm"))
        return add_moves(rec->bm, &rec->nbm, args, "bm", false, err, err_len);
    if (!strcmp(code, "am"))
        return add_moves(rec->am, &rec->nam, args, "am", false, err, err_len);
    if (!strcmp(code, "pv"))
        return add_moves(rec->pv, &rec->npv, args, "pv", true, err, err_len);
    if (!strcmp(code, "dm")) {
        long n;
        if (gt_parse_long(args, 1, 500, &n) < 0) {
            gt_errf(err, err_len, "dm needs a number from 1 to 500, got '%s'", args);
            return -1;
        }
        rec->dm = (int)n;
    } else if (!strcmp(code, "id")) {
        size_t n = strlen(args);
        while (n && isspace((unsigned char)args[n - 1]))
            n--;
        if (n >= 2 && args[0] == '"' && args[n - 1] == '"')
            args++, n -= 2;
        snprintf(rec->id, sizeof rec->id, "%.*s", (int)n, args);
    } else if (opcode_syntax(code)) {
        rec->nother++;
    } else {
        gt_errf(err, err_len, "bad opcode '%.20s' (a letter, then letters, digits or _)",
                code);
        return -1;
    }
    return 0;
}

int gt_epd_parse(const char *line, struct gt_epd *rec, char *err, size_t err_len)
{
    memset(rec, 0, sizeof *rec);
    const char *s = gt_skip_blanks(line);
    if (!*s || *s == '#')
        return 0;
    /* The position runs up to the first opcode word. */
    const char *p = s, *ops = NULL;
    while (*p) {
        const char *w = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        if (is_opcode(w, (size_t)(p - w))) {
            ops = w;
            break;
        }
        p = gt_skip_blanks(p);
    }
    if (!ops) {
        gt_errf(err, err_len, "no operations (bm, am, dm or id) after the position");
        return -1;
    }
    size_t n = (size_t)(ops - s);
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    if (n == 0) {
        gt_errf(err, err_len, "missing position");
        return -1;
    }
    if (n >= sizeof rec->position) {
        gt_errf(err, err_len, "position text too long");
        return -1;
    }
    memcpy(rec->position, s, n);
    rec->position[n] = 0;
    /* Operations end with ';'; quoted operands (an id, a c0 comment) may
     * hold blanks and semicolons. */
    const char *start = ops;
    bool quoted = false;
    for (const char *c = ops;; c++) {
        if (*c == '"')
            quoted = !quoted;
        if ((*c == ';' && !quoted) || !*c || *c == '\n' || *c == '\r') {
            if (parse_op(start, (size_t)(c - start), rec, err, err_len) < 0)
                return -1;
            if (!*c || *c == '\n' || *c == '\r')
                break;
            start = c + 1;
        }
    }
    if (quoted) {
        gt_errf(err, err_len, "unterminated quote");
        return -1;
    }
    if (!rec->nbm && !rec->nam && !rec->dm) {
        gt_errf(err, err_len, "nothing to solve: no bm, am or dm");
        return -1;
    }
    return 1;
}

/* ---- the runner --------------------------------------------------------- */

/* The first notation a game lists is its record notation. */
static const struct gt_notation *record_notation(const struct gt_game *g)
{
    return g->notations && g->notations[0].name ? &g->notations[0] : NULL;
}

/* A move as people read it: in the record notation, else protocol text. */
static void record_text(const struct gt_game *g, const void *pos, gt_move m, char *buf,
                        size_t len)
{
    const struct gt_notation *rn = record_notation(g);
    if (rn && rn->move_to_text)
        rn->move_to_text(pos, m, buf, len);
    else
        g->move_to_text(pos, m, buf, len);
}

/* Text into a move of pos: the protocol's parser, then each notation in
 * order.  On failure err holds the record notation's reason (the protocol
 * parser's for a game without notations). */
static gt_move read_move(const struct gt_game *g, const void *pos, const char *text,
                         char *err, size_t err_len)
{
    char why[256] = "";
    gt_move m = g->move_from_text(pos, text, why, sizeof why);
    if (m != GT_MOVE_NONE)
        return m;
    snprintf(err, err_len, "%s", why);
    for (const struct gt_notation *n = g->notations; n && n->name; n++) {
        if (!n->move_from_text)
            continue;
        why[0] = 0;
        m = n->move_from_text(pos, text, why, sizeof why);
        if (m != GT_MOVE_NONE)
            return m;
        if (n == g->notations)
            snprintf(err, err_len, "%s", why);
    }
    return GT_MOVE_NONE;
}

/* A record's moves, read against its position. */
struct epd_moves {
    gt_move bm[GT_EPD_MAX_MOVES], am[GT_EPD_MAX_MOVES];
};

/* Read bm and am at root and walk pv from it (each pv move in the position
 * after the ones before it).  -1 with the faulty operand named in err. */
static int read_moves(const struct gt_game *g, const void *root, const struct gt_epd *rec,
                      struct epd_moves *mv, char *err, size_t err_len)
{
    char why[256];
    for (int i = 0; i < rec->nbm; i++)
        if (!(mv->bm[i] = read_move(g, root, rec->bm[i], why, sizeof why))) {
            gt_errf(err, err_len, "bm '%s' is not a move here: %s", rec->bm[i], why);
            return -1;
        }
    for (int i = 0; i < rec->nam; i++)
        if (!(mv->am[i] = read_move(g, root, rec->am[i], why, sizeof why))) {
            gt_errf(err, err_len, "am '%s' is not a move here: %s", rec->am[i], why);
            return -1;
        }
    if (!rec->npv)
        return 0;
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size ? g->undo_size : 1);
    int r = 0;
    if (!pos || !undo) {
        gt_errf(err, err_len, "out of memory");
        r = -1;
    } else {
        memcpy(pos, root, g->pos_size);
        /* The moves are never unmade, so one undo record serves them all. */
        for (int i = 0; i < rec->npv && r == 0; i++) {
            gt_move m = read_move(g, pos, rec->pv[i], why, sizeof why);
            if (m == GT_MOVE_NONE) {
                gt_errf(err, err_len, "pv '%s' (move %d of the pv) is not a move here: %s",
                        rec->pv[i], i + 1, why);
                r = -1;
            } else {
                g->make(pos, m, undo);
            }
        }
    }
    free(pos);
    free(undo);
    return r;
}

static bool listed(const gt_move *list, int n, gt_move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

/* Append to buf (of len bytes, holding a string). */
static void append(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t len, const char *fmt, ...)
{
    size_t n = strlen(buf);
    if (n + 1 >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, len - n, fmt, ap);
    va_end(ap);
}

/* What solves the record: "bm m1 m2 am m3 dm 2", the moves in the record
 * notation, or in protocol text when `protocol`. */
static void expected(char *buf, size_t len, const struct gt_game *g, const void *root,
                     const struct gt_epd *rec, const struct epd_moves *mv, bool protocol)
{
    const char *ops[2] = {"bm", "am"};
    const gt_move *lists[2] = {mv->bm, mv->am};
    int counts[2] = {rec->nbm, rec->nam};
    buf[0] = 0;
    for (int k = 0; k < 2; k++) {
        if (!counts[k])
            continue;
        append(buf, len, "%s%s", buf[0] ? " " : "", ops[k]);
        for (int i = 0; i < counts[k]; i++) {
            char t[64];
            if (protocol)
                g->move_to_text(root, lists[k][i], t, sizeof t);
            else
                record_text(g, root, lists[k][i], t, sizeof t);
            append(buf, len, " %s", t);
        }
    }
    if (rec->dm)
        append(buf, len, "%sdm %d", buf[0] ? " " : "", rec->dm);
}

/* "epd: line 12 (id "WAC.003"): " */
static void report_error(FILE *out, int lineno, const char *id, const char *why)
{
    fprintf(out, "epd: line %d", lineno);
    if (id && *id)
        fprintf(out, " (id \"%s\")", id);
    fprintf(out, ": %s\n", why);
    fflush(out);
}

int gt_epd_run(struct gt_engine *e, const char *path,
               const struct gt_epd_options *opt, FILE *out)
{
    const struct gt_game *g = gt_engine_game(e);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "gtsearch epd: cannot open '%s'\n", path);
        return 1;
    }
    char line[4096], err[512];
    int lineno = 0, total = 0, solved = 0, errors = 0;
    uint64_t nodes = 0;
    int64_t t0 = gt_now_ms();
    while (fgets(line, sizeof line, f)) {
        struct gt_epd rec;
        struct epd_moves mv;
        lineno++;
        int r = gt_epd_parse(line, &rec, err, sizeof err);
        if (r == 0)
            continue;
        total++;
        if (r < 0 || gt_engine_set_position(e, rec.position, NULL, err, sizeof err) < 0 ||
            read_moves(g, gt_engine_position(e), &rec, &mv, err, sizeof err) < 0) {
            report_error(out, lineno, rec.id, err);
            errors++;
            continue;
        }
        struct gt_limits lim = {0};
        if (!strcmp(opt->limit, "nodes"))
            lim.nodes = (uint64_t)opt->value;
        else if (!strcmp(opt->limit, "movetime"))
            lim.movetime = opt->value;
        else
            lim.depth = (int)opt->value;
        int dm_moves = rec.dm ? (opt->dm_in_plies ? (rec.dm + 1) / 2 : rec.dm) : 0;
        lim.mate = dm_moves;
        struct gt_search_result res;
        gt_engine_new_game(e);
        if (gt_engine_search(e, &lim, NULL, NULL, &res) < 0) {
            fclose(f);
            return 1;
        }
        const void *root = gt_engine_position(e);
        gt_move best = gt_safe_best_move(g, root, res.best);
        bool ok = best != GT_MOVE_NONE;
        if (rec.nbm)
            ok = ok && listed(mv.bm, rec.nbm, best);
        if (rec.nam)
            ok = ok && !listed(mv.am, rec.nam, best);
        if (rec.dm) {
            int plies = GT_MATE - res.score;
            ok = ok && res.score > 0 && gt_is_mate_score(res.score) &&
                 (opt->dm_in_plies ? plies == rec.dm : gt_mate_moves(res.score) == rec.dm);
        }
        solved += ok;
        nodes += res.nodes;

        /* "  3 FAILED WAC.003: expected bm Rg3, played Qd5; score ...
         * [bm e3g3 played d2d5]": the record notation, then protocol text. */
        char expect[2][1024], played[2][64] = {"(none)", "(none)"}, score[32];
        for (int protocol = 0; protocol < 2; protocol++)
            expected(expect[protocol], sizeof expect[protocol], g, root, &rec, &mv,
                     protocol);
        if (best) {
            record_text(g, root, best, played[0], sizeof played[0]);
            g->move_to_text(root, best, played[1], sizeof played[1]);
        }
        gt_format_score(g, res.score, score, sizeof score);
        fprintf(out, "%3d %s %s: expected %s, played %s; score %s, depth %d, nodes %llu, "
                "%lld ms (%d/%d) [%s played %s]\n",
                total, ok ? "solved" : "FAILED", rec.id[0] ? rec.id : rec.position,
                expect[0], played[0], score, res.depth, (unsigned long long)res.nodes,
                (long long)res.time_ms, solved, total, expect[1], played[1]);
        fflush(out);
    }
    fclose(f);
    fprintf(out, "\nsolved %d/%d, %d error%s, in %.1f s, nodes %llu\n", solved, total,
            errors, errors == 1 ? "" : "s", (double)(gt_now_ms() - t0) / 1000.0,
            (unsigned long long)nodes);
    return 0;
}
