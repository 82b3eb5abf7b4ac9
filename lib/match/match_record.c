/* match_record.c -- writing finished games as PGN or record lines. */
#include <config.h>
#include "match_record.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "match_openings.h"

const char *gt_end_name(enum gt_end end)
{
    switch (end) {
    case GT_END_RULE: return "rule";
    case GT_END_RESIGN: return "resign";
    case GT_END_CLAIM: return "claim";
    case GT_END_TIME: return "time";
    case GT_END_CRASH: return "crash";
    case GT_END_ILLEGAL: return "illegal";
    case GT_END_ADJUDICATED: return "adjudication";
    }
    return "?";
}

/* A tag value or a quoted field: no quotes or backslashes inside. */
static void put_quoted(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fputc(*s == '"' ? '\'' : *s == '\\' ? '/' : *s, f);
    fputc('"', f);
}

static void tag(FILE *f, const char *name, const char *value)
{
    fprintf(f, "[%s ", name);
    put_quoted(f, value);
    fputs("]\n", f);
}

static const char *termination(enum gt_end end)
{
    switch (end) {
    case GT_END_TIME: return "time forfeit";
    case GT_END_CRASH: return "abandoned";
    case GT_END_ILLEGAL: return "rules infraction";
    case GT_END_ADJUDICATED: return "adjudication";
    default: return "normal";
    }
}

static void tc_text(const struct gt_match_tc *tc, char *buf, size_t len)
{
    if (tc->base_ms > 0 && tc->byoyomi_ms > 0)
        snprintf(buf, len, "%g+byoyomi %g", tc->base_ms / 1000.0, tc->byoyomi_ms / 1000.0);
    else if (tc->base_ms > 0)
        snprintf(buf, len, "%g+%g", tc->base_ms / 1000.0, tc->inc_ms / 1000.0);
    else if (tc->movetime_ms > 0)
        snprintf(buf, len, "%g/move", tc->movetime_ms / 1000.0);   /* PGN's "*" form */
    else
        snprintf(buf, len, "-");
}

/* The side to move in the game's first position. */
static int first_side(const struct gt_match_config *c, const struct gt_game_record *rec)
{
    const struct gt_game *g = c->g;
    void *pos = malloc(g->pos_size);
    int side = 0;
    if (pos && gt_match_set_position(c, pos, rec->op ? rec->op->base : NULL, NULL, 0) == 0)
        side = g->side(pos);
    free(pos);
    return side;
}

void gt_record_pgn(FILE *f, const struct gt_match_config *c, int round,
                   const char *first, const char *second,
                   const struct gt_game_record *rec)
{
    char buf[256];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    tag(f, "Event", "gtsearch match");
    tag(f, "Site", "?");
    tag(f, "Date", buf);
    snprintf(buf, sizeof buf, "%d", round);
    tag(f, "Round", buf);
    tag(f, "White", first);
    tag(f, "Black", second);
    tag(f, "Result", gt_result_text(rec->result));
    const char *variant = c->g->variant ? c->g->variant : c->g->name;
    if (*variant)
        tag(f, "Variant", variant);
    if (rec->op && rec->op->base) {
        tag(f, "SetUp", "1");
        tag(f, "FEN", rec->op->base);
    }
    tag(f, "Termination", termination(rec->end));
    snprintf(buf, sizeof buf, "%d", rec->nmoves);
    tag(f, "PlyCount", buf);
    tc_text(&c->tc, buf, sizeof buf);
    tag(f, "TimeControl", buf);
    fputc('\n', f);
    int col = 0, side = first_side(c, rec);
    for (int i = 0; i < rec->nmoves; i++) {
        char num[32] = "";
        int s = (side + i) % 2;
        if (s == 0)
            snprintf(num, sizeof num, "%d. ", (side + i) / 2 + 1);
        else if (i == 0)
            snprintf(num, sizeof num, "1... ");
        int w = (int)(strlen(num) + strlen(rec->moves[i]));
        if (col + w + 1 > 79) {
            fputc('\n', f);
            col = 0;
        } else if (col) {
            fputc(' ', f);
            col++;
        }
        col += fprintf(f, "%s%s", num, rec->moves[i]);
    }
    fprintf(f, "%s{%s} %s\n\n", col ? "\n" : "", rec->reason, gt_result_text(rec->result));
}

void gt_record_line(FILE *f, const struct gt_match_config *c, int round,
                    const char *first, const char *second,
                    const struct gt_game_record *rec)
{
    fprintf(f, "game=%d first=", round);
    put_quoted(f, first);
    fputs(" second=", f);
    put_quoted(f, second);
    fprintf(f, " result=%s end=%s reason=", gt_result_text(rec->result), gt_end_name(rec->end));
    put_quoted(f, rec->reason);
    if (rec->op && rec->op->base)
        fprintf(f, " position %s %s", c->g->dialect == GT_USI ? "sfen" : "fen", rec->op->base);
    else
        fputs(" position startpos", f);
    if (rec->nmoves)
        fputs(" moves", f);
    for (int i = 0; i < rec->nmoves; i++)
        fprintf(f, " %s", rec->moves[i]);
    fputc('\n', f);
}
