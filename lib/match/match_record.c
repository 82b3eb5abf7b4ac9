/* match_record.c -- writing finished games as PGN or record lines.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_record.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "match_openings.h"
#include "core/util.h"

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

static void free_texts(char **texts, int n)
{
    for (int i = 0; i < n; i++)
        free(texts[i]);
    free(texts);
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

/* The time control in PGN's TimeControl syntax (seconds): "300+5" for a
 * clock with increment, "1/10" (one move in ten seconds) for a fixed
 * time per move, "-" without a clock (depth or node limits).  PGN has no
 * byoyomi: it is written "300+byoyomi 10". */
static void tc_text(const struct gt_match_tc *tc, char *buf, size_t len)
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

static void date_text(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(buf, len, "%Y.%m.%d", &tm);
}

/* Seconds with at most three decimals and no trailing zeros: 0.8, 12. */
static void seconds_text(int64_t ms, char *buf, size_t len)
{
    snprintf(buf, len, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
    char *end = buf + strlen(buf);
    while (end[-1] == '0')
        *--end = 0;
    if (end[-1] == '.')
        end[-1] = 0;
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

/* The comment after an engine's move: "+0.35/12 0.8s", "0.8s". */
static void move_comment(const struct gt_move_note *note, char *buf, size_t len)
{
    char score[48], secs[32];
    gt_record_score_text(note, score, sizeof score);
    seconds_text(note->ms, secs, sizeof secs);
    snprintf(buf, len, "%s%s%ss", score, score[0] ? " " : "", secs);
}

/* Movetext words, wrapped before column 80. */
struct wrap {
    FILE *f;
    int col;
};

static void put_word(struct wrap *w, const char *word)
{
    int n = (int)strlen(word);
    if (w->col && w->col + 1 + n > 79) {
        fputc('\n', w->f);
        w->col = 0;
    } else if (w->col) {
        fputc(' ', w->f);
        w->col++;
    }
    fputs(word, w->f);
    w->col += n;
}

/* A comment of free text, word by word; no brace may close it early. */
static void put_comment(struct wrap *w, const char *text)
{
    char word[300];
    const char *p = text;
    bool first = true;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        size_t n = 0;
        if (first)
            word[n++] = '{';
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && n + 2 < sizeof word)
            word[n++] = *p == '}' ? ')' : *p == '{' ? '(' : *p, p++;
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        if (!*p)
            word[n++] = '}';
        word[n] = 0;
        put_word(w, word);
        first = false;
        if (!*p)
            return;
    }
}

/* The number of the first move: the start position's move number when
 * its text ends in one (FEN's fullmove number), else 1. */
static long first_number(const char *start)
{
    long v;
    const char *last = NULL;
    for (const char *p = start; p && *p; p++)
        if (*p != ' ' && (p == start || p[-1] == ' '))
            last = p;
    return last && gt_parse_long(last, 1, 1000000, &v) == 0 ? v : 1;
}

/* Replay rec from its start: the text of every move in the record
 * notation (the game's first notation; else the protocol's text), and
 * the side that moved first.  NULL when out of memory. */
static char **record_texts(const struct gt_match_config *c, const struct gt_game_record *rec,
                           int *first_side)
{
    const struct gt_game *g = c->g;
    const struct gt_notation *n = g->notations && g->notations[0].name ? &g->notations[0]
                                                                       : NULL;
    char **texts = calloc((size_t)rec->nmoves + 1, sizeof *texts);
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size ? g->undo_size : 1);
    bool ok = pos && undo && texts &&
              gt_match_set_position(c, pos, rec->op ? rec->op->base : NULL, NULL, 0) == 0;
    *first_side = ok ? g->side(pos) : 0;
    for (int i = 0; texts && i < rec->nmoves; i++) {
        char text[128];
        gt_move m = rec->notes[i].m;
        if (ok && n && m != GT_MOVE_NONE) {
            text[0] = 0;
            n->move_to_text(pos, m, text, sizeof text);
        } else
            snprintf(text, sizeof text, "%s", rec->moves[i]);
        texts[i] = strdup(text[0] ? text : rec->moves[i]);
        if (ok && m != GT_MOVE_NONE)
            g->make(pos, m, undo);
        else
            ok = false;
    }
    for (int i = 0; texts && i < rec->nmoves; i++)
        if (!texts[i]) {
            free_texts(texts, rec->nmoves);
            texts = NULL;
        }
    free(pos);
    free(undo);
    return texts;
}

void gt_record_pgn(FILE *f, const struct gt_match_config *c, int round,
                   const char *first, const char *second,
                   const struct gt_game_record *rec)
{
    const struct gt_game *g = c->g;
    const char *base = rec->op ? rec->op->base : NULL;
    char buf[256];
    date_text(buf, sizeof buf);
    tag(f, "Event", "gtsearch match");
    tag(f, "Site", "?");
    tag(f, "Date", buf);
    snprintf(buf, sizeof buf, "%d", round);
    tag(f, "Round", buf);
    tag(f, "White", first);
    tag(f, "Black", second);
    tag(f, "Result", gt_result_text(rec->result));
    const char *variant = g->variant ? g->variant : g->name;
    if (*variant)
        tag(f, "Variant", variant);
    if (base) {
        tag(f, "SetUp", "1");
        tag(f, "FEN", base);
    }
    tag(f, "Termination", termination(rec->end));
    tc_text(&c->tc, buf, sizeof buf);
    tag(f, "TimeControl", buf);
    snprintf(buf, sizeof buf, "%d", rec->nmoves);
    tag(f, "PlyCount", buf);
    fputc('\n', f);

    int side;
    char **texts = record_texts(c, rec, &side);
    long number = first_number(base);
    struct wrap w = {.f = f};
    for (int i = 0; i < rec->nmoves; i++) {
        char word[192];
        const char *text = texts ? texts[i] : rec->moves[i];
        if ((side + i) % 2 == 0)
            snprintf(word, sizeof word, "%ld. %s", number + (side + i) / 2, text);
        else if (i == 0)
            snprintf(word, sizeof word, "%ld... %s", number, text);
        else
            snprintf(word, sizeof word, "%s", text);
        put_word(&w, word);
        if (rec->notes[i].ms < 0 || i == rec->nmoves - 1)
            continue;
        word[0] = '{';
        move_comment(&rec->notes[i], word + 1, sizeof word - 2);
        strcat(word, "}");
        put_word(&w, word);
    }
    /* The reason joins the last move's comment: one comment after a move
     * is what every reader takes (chess.js refuses two in a row). */
    char last[512] = "";
    if (rec->nmoves && rec->notes[rec->nmoves - 1].ms >= 0) {
        move_comment(&rec->notes[rec->nmoves - 1], last, sizeof last);
        strcat(last, ", ");
    }
    snprintf(last + strlen(last), sizeof last - strlen(last), "%s", rec->reason);
    put_comment(&w, last);
    put_word(&w, gt_result_text(rec->result));
    fputs("\n\n", f);
    if (texts)
        free_texts(texts, rec->nmoves);
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
                    int round, const char *first, const char *second,
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
        if (score[0] && !(comments[i] = strdup(score)))
            goto out;
    }
    date_text(date, sizeof date);
    tc_text(&c->tc, tc, sizeof tc);
    snprintf(event, sizeof event, "gtsearch match, game %d", round);
    struct gt_record r = {
        .start = rec->op ? rec->op->base : NULL,
        .moves = moves, .nmoves = n, .move_ms = ms,
        .comments = (const char *const *)comments,
        .players = {first, second},
        .event = event, .site = "?", .date = date,
        .time_control = strcmp(tc, "-") ? tc : NULL,
        .result = rec->result, .reason = rec->reason,
    };
    rc = fmt->write_record(&r, f);
out:
    if (comments)
        free_texts(comments, n);
    free(moves);
    free(ms);
    return rc;
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
