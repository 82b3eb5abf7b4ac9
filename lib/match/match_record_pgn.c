/* match_record_pgn.c -- finished games as PGN: the tags, the movetext in
 * the game's record notation with each engine move's score, depth and
 * time, wrapped before column 80.  Minimal PGN (--pgn-min, cutechess's
 * -pgnout FILE min) keeps the Seven Tag Roster and the tags that say the
 * game (Variant, SetUp, FEN, Termination) and drops the comments.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_record.h"

#include <stdlib.h>
#include <string.h>

#include "match_openings.h"
#include "core/util.h"

static void tag(FILE *f, const char *name, const char *value)
{
    fprintf(f, "[%s ", name);
    gt_record_put_quoted(f, value);
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

/* Whole seconds, to the nearest; a clock or a time per move stays at
 * least 1 (an increment may become 0). */
static long long whole_seconds(int64_t ms, bool at_least_1)
{
    long long s = (long long)((ms + 500) / 1000);
    return at_least_1 && ms > 0 && s < 1 ? 1 : s;
}

/* The time control in the PGN standard's form (section 9.6, integers
 * only, as python-chess's time_control() insists): "300+5" for a clock
 * with increment, "1/2" (one move in two seconds) for a fixed time per
 * move or a byoyomi alone, "-" without a clock.  Each time is rounded to
 * whole seconds (0.5+0.05 becomes 1+0), and PGN has no byoyomi: a clock
 * with one is its sudden-death part ("300").  The exact control is then
 * the caller's to keep elsewhere. */
static void pgn_time_control(const struct gt_match_tc *tc, char *buf, size_t len)
{
    if (tc->base_ms > 0 && tc->byoyomi_ms > 0)
        snprintf(buf, len, "%lld", whole_seconds(tc->base_ms, true));
    else if (tc->base_ms > 0)
        snprintf(buf, len, "%lld+%lld", whole_seconds(tc->base_ms, true),
                 whole_seconds(tc->inc_ms, false));
    else if (tc->byoyomi_ms > 0 || tc->movetime_ms > 0)
        snprintf(buf, len, "1/%lld",
                 whole_seconds(tc->byoyomi_ms > 0 ? tc->byoyomi_ms : tc->movetime_ms, true));
    else
        snprintf(buf, len, "-");
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

/* The comment after an engine's move: "+0.35/12 0.8s", "0.8s"; "book"
 * for a move of its opening book. */
static void move_comment(const struct gt_move_note *note, char *buf, size_t len)
{
    if (note->book) {
        snprintf(buf, len, "book");
        return;
    }
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
            gt_record_free_texts(texts, rec->nmoves);
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
    const char *base = rec->op ? rec->op->base : NULL;
    char buf[256];
    gt_record_date_text(buf, sizeof buf);
    tag(f, "Event", "gtsearch match");
    tag(f, "Site", "?");
    tag(f, "Date", buf);
    snprintf(buf, sizeof buf, "%d", round);
    tag(f, "Round", buf);
    tag(f, "White", first);
    tag(f, "Black", second);
    tag(f, "Result", gt_result_text(rec->result));
    const char *variant = gt_match_variant_name(c);
    if (*variant)
        tag(f, "Variant", variant);
    if (base) {
        tag(f, "SetUp", "1");
        tag(f, "FEN", base);
    }
    tag(f, "Termination", termination(rec->end));
    bool min = c->pgn_min;
    /* A control PGN cannot say exactly (under a second, byoyomi) keeps
     * its own words in a tag beside the standard one. */
    char exact[128];
    pgn_time_control(&c->tc, buf, sizeof buf);
    gt_record_tc_text(&c->tc, exact, sizeof exact);
    if (!min)
        tag(f, "TimeControl", buf);
    if (!min && strcmp(buf, exact))
        tag(f, "TimeControlExact", exact);
    snprintf(buf, sizeof buf, "%d", rec->nmoves);
    if (!min)
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
        if (min || rec->notes[i].ms < 0 || i == rec->nmoves - 1)
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
    if (!min)
        put_comment(&w, last);
    put_word(&w, gt_result_text(rec->result));
    fputs("\n\n", f);
    if (texts)
        gt_record_free_texts(texts, rec->nmoves);
}
