/* match_record.c -- finished games: which format a record file takes,
 * the game's own record formats (KIF, CSA, ...) and record lines; the
 * helpers the writers share.  PGN is in match_record_pgn.c.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_record.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "match_openings.h"
#include "core/util.h"

const char *gt_match_variant_name(const struct gt_match_config *c)
{
    const struct gt_game *g = c->g;
    for (const struct gt_variant *v = g->variants; v && v->name; v++)
        for (int i = 0; v->option && i < c->ngameopts; i++)
            if (!strcasecmp(c->gameopts[i].name, v->option) && v->value &&
                !strcasecmp(c->gameopts[i].value, v->value))
                return v->name;
    return g->variant ? g->variant : g->name;
}

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
void gt_record_put_quoted(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fputc(*s == '"' ? '\'' : *s == '\\' ? '/' : *s, f);
    fputc('"', f);
}

void gt_record_free_texts(char **texts, int n)
{
    for (int i = 0; i < n; i++)
        free(texts[i]);
    free(texts);
}

/* The time control in words close to PGN's TimeControl (seconds, with
 * fractions as given): "300+5" for a clock with increment, "1/10" (one
 * move in ten seconds) for a fixed time per move, "-" without a clock
 * (depth or node limits), "300+byoyomi 10" with a byoyomi.  The PGN tag
 * itself takes the standard's integers (match_record_pgn.c). */
void gt_record_tc_text(const struct gt_match_tc *tc, char *buf, size_t len)
{
    if (tc->base_ms > 0 && tc->byoyomi_ms > 0)
        snprintf(buf, len, "%g+byoyomi %g", tc->base_ms / 1000.0, tc->byoyomi_ms / 1000.0);
    else if (tc->byoyomi_ms > 0)
        snprintf(buf, len, "0+byoyomi %g", tc->byoyomi_ms / 1000.0);
    else if (tc->base_ms > 0)
        snprintf(buf, len, "%g+%g", tc->base_ms / 1000.0, tc->inc_ms / 1000.0);
    else if (tc->movetime_ms > 0)
        snprintf(buf, len, "1/%g", tc->movetime_ms / 1000.0);
    else
        snprintf(buf, len, "-");
}

void gt_record_date_text(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(buf, len, "%Y.%m.%d", &tm);
}

void gt_record_score_text(const struct gt_move_note *note, char *buf, size_t len)
{
    int s = note->score;
    size_t at;
    if (!note->has_score) {
        buf[0] = 0;
        return;
    }
    if (s >= GT_RECORD_MATE_ZONE)
        at = (size_t)snprintf(buf, len, "+M%d", 100000 - s);
    else if (s <= -GT_RECORD_MATE_ZONE)
        at = (size_t)snprintf(buf, len, "-M%d", 100000 + s);
    else
        at = (size_t)snprintf(buf, len, "%s%d.%02d", s < 0 ? "-" : "+", abs(s) / 100,
                              abs(s) % 100);
    if (note->depth > 0 && at < len)
        snprintf(buf + at, len - at, "/%d", note->depth);
}

static bool has_format(const struct gt_notation *n, bool reader)
{
    return reader ? n->read_record != NULL : n->write_record != NULL;
}

/* The extension of a file name (after its last dot), or NULL. */
static const char *extension(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    const char *dot = path ? strrchr(slash ? slash : path, '.') : NULL;
    return dot && dot[1] ? dot + 1 : NULL;
}

const struct gt_notation *gt_record_notation_named(const struct gt_game *g, const char *name,
                                                   bool reader)
{
    for (const struct gt_notation *n = g->notations; name && n && n->name; n++)
        if (gt_streq_nocase(n->name, name) && has_format(n, reader))
            return n;
    return NULL;
}

int gt_record_format_of_path(const struct gt_game *g, const char *path, bool reader,
                             const struct gt_notation **fmt)
{
    const char *ext = extension(path);
    *fmt = NULL;
    if (!ext)
        return -1;
    if (gt_streq_nocase(ext, "pgn"))
        return 0;
    /* The extension is the notation's name, or starts with it (.kifu). */
    for (const struct gt_notation *n = g->notations; n && n->name; n++) {
        size_t len = strlen(n->name);
        if (has_format(n, reader) && len &&
            !strncasecmp(ext, n->name, len) && strlen(ext) <= len + 1) {
            *fmt = n;
            return 0;
        }
    }
    return -1;
}

void gt_record_formats_text(const struct gt_game *g, bool reader, char *buf, size_t len)
{
    size_t at = (size_t)snprintf(buf, len, "pgn");
    for (const struct gt_notation *n = g->notations; n && n->name && at < len; n++)
        if (has_format(n, reader))
            at += (size_t)snprintf(buf + at, len - at, ", %s", n->name);
}

int gt_record_format(const struct gt_game *g, const char *name, const char *path,
                     const struct gt_notation **fmt, char *err, size_t err_len)
{
    *fmt = NULL;
    if (name) {
        if (gt_streq_nocase(name, "pgn") || (*fmt = gt_record_notation_named(g, name, false)))
            return 0;
        char list[256];
        gt_record_formats_text(g, false, list, sizeof list);
        gt_errf(err, err_len, "%s has no record format '%s' (its formats: %s)", g->name, name,
                list);
        return -1;
    }
    if (gt_record_format_of_path(g, path, false, fmt) == 0)
        return 0;
    if (g->notations && g->notations[0].name && g->notations[0].write_record)
        *fmt = &g->notations[0];
    return 0;
}

int gt_record_write(FILE *f, const struct gt_notation *fmt, const struct gt_match_config *c,
                    int round, int index, const char *first, const char *second,
                    const struct gt_game_record *rec)
{
    int n = rec->nmoves, rc = -1;
    gt_move *moves = malloc(((size_t)n + 1) * sizeof *moves);
    int64_t *ms = malloc(((size_t)n + 1) * sizeof *ms);
    char **comments = calloc((size_t)n + 1, sizeof *comments);
    char date[32], tc[64], event[64];
    if (!moves || !ms || !comments)
        goto out;
    for (int i = 0; i < n; i++) {
        char score[48];
        moves[i] = rec->notes[i].m;
        ms[i] = rec->notes[i].ms < 0 ? 0 : rec->notes[i].ms;
        gt_record_score_text(&rec->notes[i], score, sizeof score);
        if (rec->notes[i].book)
            snprintf(score, sizeof score, "book");
        if (score[0] && !(comments[i] = strdup(score)))
            goto out;
    }
    gt_record_date_text(date, sizeof date);
    gt_record_tc_text(&c->tc, tc, sizeof tc);
    snprintf(event, sizeof event, "gtsearch match, game %d", round);
    struct gt_record r = {
        .start = rec->op ? rec->op->base : NULL,
        .moves = moves, .nmoves = n, .move_ms = ms,
        .comments = (const char *const *)comments,
        .players = {first, second},
        .event = event, .site = "?", .date = date,
        .time_control = strcmp(tc, "-") ? tc : NULL,
        .result = rec->result, .reason = rec->reason,
        .index = index, .file_ext = extension(c->pgn),
    };
    rc = fmt->write_record(&r, f);
out:
    if (comments)
        gt_record_free_texts(comments, n);
    free(moves);
    free(ms);
    return rc;
}

void gt_record_line(FILE *f, const struct gt_match_config *c, int round,
                    const char *first, const char *second,
                    const struct gt_game_record *rec, long games_end)
{
    fprintf(f, "game=%d first=", round);
    gt_record_put_quoted(f, first);
    fputs(" second=", f);
    gt_record_put_quoted(f, second);
    fprintf(f, " result=%s end=%s reason=", gt_result_text(rec->result), gt_end_name(rec->end));
    gt_record_put_quoted(f, rec->reason);
    if (games_end >= 0)
        fprintf(f, " games_end=%ld", games_end);
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
