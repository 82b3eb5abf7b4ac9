/* epd.c -- the EPD suite runner: solved when the best move is in `bm`, not
 * in `am`, and (for `dm`) the score is a mate in exactly that many moves. */
#include <config.h>
#include "epd.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "report.h"
#include "core/util.h"

/* Operation codes that end the position text.  Positions never contain
 * these words: FEN and SFEN fields are boards, sides, rights and numbers. */
static const char *const opcodes[] = {"bm", "am", "dm", "id", "ce", "acd", "acn",
                                      "acs", "pv", "pm", "sm", "c0", "c1", "c2",
                                      "c3", "c4", "c5", "c6", "c7", "c8", "c9",
                                      "hmvc", "fmvn", "noop", NULL};

static bool is_opcode(const char *w, size_t n)
{
    for (int i = 0; opcodes[i]; i++)
        if (strlen(opcodes[i]) == n && !strncmp(w, opcodes[i], n))
            return true;
    return false;
}

static int add_moves(char (*list)[16], int *n, const char *ops, const char *op,
                     char *err, size_t err_len)
{
    char word[64];
    const char *cur = ops;
    while (gt_next_word(&cur, word, sizeof word)) {
        if (*n == GT_EPD_MAX_MOVES || strlen(word) >= 16) {
            gt_errf(err, err_len, "%s: too many or too long moves", op);
            return -1;
        }
        snprintf(list[(*n)++], 16, "%s", word);
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
    char buf[1024], code[16];
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
        return add_moves(rec->bm, &rec->nbm, args, "bm", err, err_len);
    if (!strcmp(code, "am"))
        return add_moves(rec->am, &rec->nam, args, "am", err, err_len);
    if (!strcmp(code, "dm")) {
        long n;
        if (gt_parse_long(args, 1, 500, &n) < 0) {
            gt_errf(err, err_len, "dm needs a number from 1 to 500, got '%s'", args);
            return -1;
        }
        rec->dm = (int)n;
    } else if (!strcmp(code, "id")) {
        size_t n = strlen(args);
        if (n >= 2 && args[0] == '"' && args[n - 1] == '"')
            args++, n -= 2;
        snprintf(rec->id, sizeof rec->id, "%.*s", (int)n, args);
    } else if (!is_opcode(code, strlen(code))) {
        gt_errf(err, err_len, "unknown operation '%s'", code);
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
    /* Operations end with ';' (quotes protect an id's text). */
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

static bool listed(char (*list)[16], int n, const char *move)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(list[i], move))
            return true;
    return false;
}

int gt_epd_run(struct gt_engine *e, const char *path,
               const struct gt_epd_options *opt, FILE *out)
{
    const struct gt_game *g = gt_engine_game(e);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "gtsearch: cannot open '%s'\n", path);
        return 1;
    }
    char line[4096], err[512];
    int lineno = 0, total = 0, solved = 0, bad = 0;
    uint64_t nodes = 0;
    int64_t ms = 0;
    while (fgets(line, sizeof line, f)) {
        struct gt_epd rec;
        lineno++;
        int r = gt_epd_parse(line, &rec, err, sizeof err);
        if (r == 0)
            continue;
        if (r < 0 || gt_engine_set_position(e, rec.position, NULL, err, sizeof err) < 0) {
            fprintf(out, "line %d: %s; skipped\n", lineno, err);
            bad++;
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
        char mv[32] = "(none)", score[32];
        if (best)
            g->move_to_text(root, best, mv, sizeof mv);
        gt_format_score(g, res.score, score, sizeof score);
        bool ok = best != GT_MOVE_NONE;
        if (rec.nbm)
            ok = ok && listed(rec.bm, rec.nbm, mv);
        if (rec.nam)
            ok = ok && !listed(rec.am, rec.nam, mv);
        if (rec.dm) {
            int plies = GT_MATE - res.score;
            ok = ok && res.score > 0 && gt_is_mate_score(res.score) &&
                 (opt->dm_in_plies ? plies == rec.dm : gt_mate_moves(res.score) == rec.dm);
        }
        total++;
        solved += ok;
        nodes += res.nodes;
        ms += res.time_ms;
        fprintf(out, "%3d %-28.28s %-8s best %-8s score %-9s depth %3d nodes %10llu "
                "time %6lld ms  (%d/%d)\n",
                total, rec.id[0] ? rec.id : rec.position, ok ? "solved" : "FAILED", mv,
                score, res.depth, (unsigned long long)res.nodes, (long long)res.time_ms,
                solved, total);
        fflush(out);
    }
    fclose(f);
    fprintf(out, "\nsolved %d/%d, nodes %llu, time %lld ms", solved, total,
            (unsigned long long)nodes, (long long)ms);
    if (bad)
        fprintf(out, ", %d malformed line%s skipped", bad, bad > 1 ? "s" : "");
    fputc('\n', out);
    return 0;
}
