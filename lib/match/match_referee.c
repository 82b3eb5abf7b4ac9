/* match_referee.c -- the referee: keeps the game's position, checks every
 * move an engine sends with move_from_text and is_legal, asks the game
 * after each move whether it is over, runs the clocks, and adjudicates.
 *
 * The end of a game comes from the module alone: no legal moves
 * (generate(GT_GEN_ALL) == 0) gives no_moves(), and rule_outcome(pos, 0)
 * gives the rule results.  Ply 0 because game.h defines `ply` as the
 * distance to the search root, and a repetition within that distance may
 * be scored at once (twofold); at ply 0 every earlier position is game
 * history, so only the full count of the rules (threefold, sennichite's
 * fourfold) ends a game.  A mate takes precedence over a rule draw (mate
 * on the hundredth ply of the fifty-move rule wins).
 *
 * A side with an opening book plays the book's move without asking its
 * engine (match_book.c draws it), judged like any other: a code the game
 * reads as no legal move leaves the book, never loses the game.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_referee.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ending.h"
#include "core/util.h"

#define HISTORY_PLY 0

const char *gt_result_text(int result)
{
    return result > 0 ? "1-0" : result < 0 ? "0-1" : "1/2-1/2";
}

void gt_game_record_free(struct gt_game_record *rec)
{
    for (int i = 0; i < rec->nmoves; i++)
        free(rec->moves[i]);
    free(rec->moves);
    free(rec->notes);
    rec->moves = NULL;
    rec->notes = NULL;
    rec->nmoves = 0;
}

static void finish(struct gt_game_record *rec, int result, enum gt_end end, int culprit,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void finish(struct gt_game_record *rec, int result, enum gt_end end, int culprit,
                   const char *fmt, ...)
{
    va_list ap;
    rec->result = result;
    rec->end = end;
    rec->culprit = culprit;
    va_start(ap, fmt);
    vsnprintf(rec->reason, sizeof rec->reason, fmt, ap);
    va_end(ap);
}

/* The side to move loses: the result from side 0's point of view. */
static int loss_of(int side) { return side == 0 ? -1 : 1; }

/* Is the game over at pos?  Fills rec with the result and the game's
 * own words for it ("white wins: checkmate") and returns true if so. */
static bool judge(const struct gt_game *g, const void *pos, gt_move *buf,
                  struct gt_game_record *rec)
{
    struct gt_ending end;
    if (!gt_game_ended(g, pos, HISTORY_PLY, buf, &end))
        return false;
    char text[200];
    gt_ending_text(g, &end, text, sizeof text);
    finish(rec, end.winner < 0 ? 0 : end.winner == 0 ? 1 : -1, GT_END_RULE, -1, "%s", text);
    return true;
}

/* An engine's move: the protocol's text, or else the game's notations
 * (a CECP engine may answer "O-O" for the king's move). */
static gt_move parse_move(const struct gt_game *g, const void *pos, const char *text,
                          char *err, size_t err_len)
{
    gt_move m = g->move_from_text(pos, text, err, err_len);
    char ignored[128];
    for (const struct gt_notation *n = g->notations; m == GT_MOVE_NONE && n && n->name; n++)
        m = n->move_from_text(pos, text, ignored, sizeof ignored);
    return m;
}

static int add_move(struct gt_game_record *rec, const char *text,
                    const struct gt_move_note *note)
{
    struct gt_move_note *notes = realloc(rec->notes, (size_t)(rec->nmoves + 1) * sizeof *notes);
    if (!notes)
        return -1;
    rec->notes = notes;
    notes[rec->nmoves] = *note;
    char **grown = realloc(rec->moves, (size_t)(rec->nmoves + 1) * sizeof *grown);
    if (!grown)
        return -1;
    rec->moves = grown;
    if (!(grown[rec->nmoves] = strdup(text)))
        return -1;
    rec->nmoves++;
    return 0;
}

static bool timed(const struct gt_match_tc *tc)
{
    return tc->base_ms > 0 || tc->byoyomi_ms > 0;
}

/* When the side to move has lost on time, in gt_now_ms() time. */
static int64_t deadline_of(const struct gt_match_tc *tc, const int64_t clock[2], int side,
                           int64_t now)
{
    if (timed(tc))
        return now + clock[side] + tc->byoyomi_ms + tc->margin_ms;
    if (tc->movetime_ms > 0)
        return now + tc->movetime_ms + tc->margin_ms;
    return now + tc->hang_ms;
}

/* Charge the think time; false when the side overstepped.  `made` is
 * the side's moves so far, this one included: a period's end refills. */
static bool charge_clock(const struct gt_match_tc *tc, int64_t clock[2], int side,
                         int64_t used, int made)
{
    if (timed(tc)) {
        if (used > clock[side] + tc->byoyomi_ms + tc->margin_ms)
            return false;
        clock[side] = used >= clock[side] ? 0 : clock[side] - used;
        clock[side] += tc->inc_ms;
        if (tc->moves > 0 && made % tc->moves == 0)
            clock[side] += tc->base_ms;
        return true;
    }
    if (tc->movetime_ms > 0)
        return used <= tc->movetime_ms + tc->margin_ms;
    return true;
}

/* Score adjudication (cutechess's -resign and -draw): the runs of
 * scores each side reported, updated after every move. */
struct adjudge {
    int low[2], high[2];   /* moves in a row scored <= -resign / >= +resign */
    int quiet;             /* plies in a row both scores within draw_score */
};

/* After `side` moved with res: true (rec filled) when the game is
 * adjudicated. */
static bool adjudicate(const struct gt_match_config *c, struct adjudge *a, int side,
                       const struct gt_think_res *res, int plies, const char *who,
                       struct gt_game_record *rec)
{
    if (c->resign_score > 0) {
        bool low = res->has_score && res->score <= -c->resign_score;
        bool high = res->has_score && res->score >= c->resign_score;
        a->low[side] = low ? a->low[side] + 1 : 0;
        a->high[side] = high ? a->high[side] + 1 : 0;
        bool agreed = !c->resign_twosided || a->high[!side] >= c->resign_moves;
        if (a->low[side] >= c->resign_moves && agreed) {
            finish(rec, loss_of(side), GT_END_ADJUDICATED, -1,
                   "adjudicated: %s scored %d or less for %d moves%s", who,
                   -c->resign_score, c->resign_moves,
                   c->resign_twosided ? ", and its opponent agreed" : "");
            return true;
        }
    }
    if (c->draw_movecount > 0) {
        bool quiet = res->has_score && abs(res->score) <= c->draw_score;
        a->quiet = quiet ? a->quiet + 1 : 0;
        if (a->quiet >= 2 * c->draw_movecount && plies / 2 >= c->draw_movenumber) {
            finish(rec, 0, GT_END_ADJUDICATED, -1, "adjudicated draw: scores within %d "
                   "for %d moves", c->draw_score, c->draw_movecount);
            return true;
        }
    }
    return false;
}

/* Record the legal move m and make it; false (rec finished) when out of
 * memory. */
static bool take_move(const struct gt_game *g, void *pos, void *undo, gt_move m,
                      const struct gt_move_note *note, struct gt_game_record *rec)
{
    char text[64];
    g->move_to_text(pos, m, text, sizeof text);
    if (add_move(rec, text, note) < 0) {
        finish(rec, 0, GT_END_ADJUDICATED, -1, "out of memory");
        return false;
    }
    g->make(pos, m, undo);
    return true;
}

static void play(const struct gt_match_config *c, struct gt_player *seats[2],
                 struct gt_game_books *books, void *pos, void *undo, gt_move *buf,
                 struct gt_game_record *rec)
{
    const struct gt_game *g = c->g;
    const struct gt_match_tc *tc = &c->tc;
    int64_t clock[2] = {tc->base_ms, tc->base_ms};
    struct adjudge adj = {{0, 0}, {0, 0}, 0};
    int made[2] = {0, 0};
    char msg[256];
    for (int ply = 0;; ply++) {
        if (judge(g, pos, buf, rec))
            return;
        if (c->draw_after > 0 && ply >= c->draw_after) {
            finish(rec, 0, GT_END_ADJUDICATED, -1, "adjudicated draw after %d plies", ply);
            return;
        }
        if (rec->nmoves >= GT_MATCH_MAX_PLIES) {
            finish(rec, 0, GT_END_ADJUDICATED, -1, "drawn: the game reached %d plies",
                   GT_MATCH_MAX_PLIES);
            return;
        }
        int side = g->side(pos);
        struct gt_player *p = seats[side];
        const char *who = p->spec->name;
        gt_move bm = books ? gt_book_seat_move(g, &books->seat[side], pos, rec->nmoves,
                                               &books->rng, who, stderr)
                           : GT_MOVE_NONE;
        if (bm != GT_MOVE_NONE) {   /* no think time, no clock */
            struct gt_move_note note = {.m = bm, .ms = 0, .book = true};
            if (!take_move(g, pos, undo, bm, &note, rec))
                return;
            continue;
        }
        struct gt_think_req req = {
            .base = rec->op ? rec->op->base : NULL,
            .moves = (const char *const *)rec->moves, .nmoves = rec->nmoves,
            .side = side, .clock = {clock[0], clock[1]}, .tc = tc,
            .movestogo = tc->moves > 0 ? tc->moves - made[side] % tc->moves : 0,
            .deadline = deadline_of(tc, clock, side, gt_now_ms()),
        };
        struct gt_think_res res;
        gt_player_think(p, &req, &res);
        switch (res.status) {
        case GT_THINK_CRASH:
            finish(rec, loss_of(side), GT_END_CRASH, side, "%s crashed: %s", who, res.detail);
            return;
        case GT_THINK_TIMEOUT:
            if (timed(tc) || tc->movetime_ms > 0)
                finish(rec, loss_of(side), GT_END_TIME, side, "%s lost on time (%lld ms)",
                       who, (long long)res.elapsed_ms);
            else
                finish(rec, loss_of(side), GT_END_TIME, side,
                       "%s did not answer within %lld ms (hang)", who, (long long)tc->hang_ms);
            return;
        case GT_THINK_RESIGN:
            finish(rec, loss_of(side), GT_END_RESIGN, -1, "%s resigns", who);
            return;
        case GT_THINK_WIN:
            if (g->rule_outcome(pos, 0) == GT_WIN)
                finish(rec, -loss_of(side), GT_END_CLAIM, -1, "%s declares a win", who);
            else
                finish(rec, loss_of(side), GT_END_CLAIM, side, "%s made a false win claim",
                       who);
            return;
        case GT_THINK_DRAW:
            finish(rec, 0, GT_END_ADJUDICATED, -1, "adjudicated draw: %s %s", who, res.detail);
            return;
        case GT_THINK_MOVE:
            break;
        }
        if (!charge_clock(tc, clock, side, res.elapsed_ms, ++made[side])) {
            finish(rec, loss_of(side), GT_END_TIME, side,
                   "%s lost on time (%lld ms, %lld left on the clock)", who,
                   (long long)res.elapsed_ms, (long long)req.clock[side]);
            return;
        }
        msg[0] = 0;
        gt_move m = parse_move(g, pos, res.move, msg, sizeof msg);
        if (m == GT_MOVE_NONE || !g->is_legal(pos, m)) {
            finish(rec, loss_of(side), GT_END_ILLEGAL, side, "%s played an illegal move '%s'%s%s",
                   who, res.move, msg[0] ? ": " : "", msg);
            return;
        }
        struct gt_move_note note = {.m = m, .ms = res.elapsed_ms, .has_score = res.has_score,
                                    .score = res.score, .depth = res.depth};
        if (!take_move(g, pos, undo, m, &note, rec))
            return;
        if (adjudicate(c, &adj, side, &res, rec->nmoves, who, rec))
            return;
    }
}

void gt_referee_play(const struct gt_match_config *c, struct gt_player *seats[2],
                     const struct gt_opening *op, struct gt_game_books *books,
                     struct gt_game_record *rec)
{
    const struct gt_game *g = c->g;
    char err[512];
    memset(rec, 0, sizeof *rec);
    rec->op = op;
    rec->culprit = -1;
    void *pos = malloc(g->pos_size), *undo = malloc(g->undo_size ? g->undo_size : 1);
    gt_move *buf = malloc((size_t)g->max_moves * sizeof *buf);
    if (!pos || !undo || !buf) {
        finish(rec, 0, GT_END_ADJUDICATED, -1, "out of memory");
        goto out;
    }
    if (gt_match_set_position(c, pos, op ? op->base : NULL, err, sizeof err) < 0) {
        finish(rec, 0, GT_END_ADJUDICATED, -1, "bad opening: %s", err);
        goto out;
    }
    for (int i = 0; op && i < op->nmoves; i++) {
        gt_move m = g->move_from_text(pos, op->moves[i], err, sizeof err);
        struct gt_move_note note = {.m = m, .ms = -1};
        if (m == GT_MOVE_NONE || add_move(rec, op->moves[i], &note) < 0) {
            finish(rec, 0, GT_END_ADJUDICATED, -1, "bad opening move %s", op->moves[i]);
            goto out;
        }
        g->make(pos, m, undo);
    }
    rec->nopening = rec->nmoves;
    for (int s = 0; s < 2; s++) {
        int rc = gt_player_new_game(seats[s], err, sizeof err);
        rec->revived[s] = seats[s]->revived;
        if (rc < 0) {
            finish(rec, loss_of(s), GT_END_CRASH, s, "%s could not start: %s",
                   seats[s]->spec->name, err);
            goto out;
        }
    }
    play(c, seats, books, pos, undo, buf, rec);
    for (int s = 0; s < 2; s++)
        gt_player_game_over(seats[s], s == 0 ? rec->result : -rec->result,
                            gt_result_text(rec->result), rec->reason);
out:
    free(pos);
    free(undo);
    free(buf);
}
