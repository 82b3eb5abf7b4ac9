/* match_gnushogi.c -- GNU Shogi 1.4 (gnushogi), whose protocol is the one
 * xshogi used: no handshake, plain commands, moves echoed with a number.
 * What follows was read in its source (commondsp.c, rawdsp.c, search.c,
 * tcontrl.c) and checked against 1.4.2 through a pipe:
 *
 *   - it prints "GNU Shogi 1.4.2" at start; `help` lists its settings;
 *   - `new` starts a game from the start position; `edit` sets one up
 *     (`#` clears, "R1a+" places a piece, "P*" puts one in hand, `c`
 *     turns to gote's pieces, `.` ends);
 *   - after `force` it takes moves without answering them and echoes each
 *     as "N. 7g7f CLOCK"; a refused one gets "Illegal move (no match) 7g7f"
 *     (or "(in check)"), and so does an unknown word, which makes a ping;
 *   - its board does not know whose turn it is: `black` / `white` name
 *     the side to move, moves typed after it belong to that side and then
 *     to each in turn, and `go` plays for the side to move: "N. ... 3a3b
 *     CLOCK";
 *   - with no legal move it prints only "Black mates!" (the winner); after
 *     its own move it may add "Black mates!" or "Drawn game!", and from
 *     then on it swallows every move silently until `new`.  It also calls
 *     a game of 300 plies drawn (GT_GNUSHOGI_MAX_PLIES);
 *   - it has no stop command, but any line it gets while searching ends
 *     the search at once (it polls stdin): an empty line is "move now".
 *
 * Moves are USI's text -- 7g7f, 8h2b+, P*5e, upper-case letters for both
 * sides -- and go out unchanged; what comes back is also read in the forms
 * gnushogi's own parser accepts (P'5e, lower-case letters).
 *
 * Time: its `level` counts whole seconds and it never plans a move under
 * one second (MINRESPONSETIME), which loses a game at 10+0.1.  So it gets
 * no clock of its own (`level 0 0:0`) and the adapter sends the move-now
 * line when its budget for the move (from the clock, increment, byoyomi or
 * movetime) runs out.  A depth limit is passed on: `depth` asks for the
 * number on the next line, printing "depth = " without a newline, so the
 * prompt prefixes the next line it writes.
 *
 * Pondering: `easy` mode, on by default, means no pondering, and
 * `gnushogi -a` turns it off (the man page says the opposite).  `easy`
 * toggles, so the adapter reads the state in `help` first.  gnushogi
 * prints no scores in this mode: --resign has nothing to judge it by.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_gnushogi.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

#define LINE 8192
/* Time kept back from a move's budget for the move-now line to reach
 * gnushogi and its move to come back. */
#define OVERHEAD_MS 50
/* After a move-now line, another this often until the move comes: one
 * that arrived together with `go` was read as an empty command. */
#define NUDGE_MS 25
/* How long it may take to echo the moves it is told. */
#define ECHO_MS 5000

enum { OVER_NONE, OVER_MATE, OVER_DRAW };

/* Side 0 is sente, which gnushogi calls black. */
static const char *side_name(int side) { return side ? "white" : "black"; }

/* The prompt of `depth` ends up in front of the next line. */
static const char *unprompt(const char *line)
{
    while (!strncmp(line, "depth = ", 8))
        line += 8;
    return line;
}

static int over_word(const char *line)
{
    if (strstr(line, " mates!"))
        return OVER_MATE;
    if (!strncmp(line, "Drawn game", 10))
        return OVER_DRAW;
    return OVER_NONE;
}

/* "N. TEXT CLOCK", an echo (1), or "N. ... TEXT CLOCK", its own move (2):
 * TEXT goes into word.  0 for any other line. */
static int numbered(const char *line, char *word, size_t len)
{
    char first[32];
    const char *cur = line;
    if (!gt_next_word(&cur, first, sizeof first))
        return 0;
    size_t n = strlen(first);
    if (n < 2 || first[n - 1] != '.' || strspn(first, "0123456789") != n - 1 ||
        !gt_next_word(&cur, word, len))
        return 0;
    if (strcmp(word, "..."))
        return 1;
    return gt_next_word(&cur, word, len) ? 2 : 0;
}

const struct gt_notation *gt_gnushogi_notation(const struct gt_game *g)
{
    for (const struct gt_notation *n = g->notations; n && n->name; n++)
        if (!strcmp(n->name, GT_GNUSHOGI_NOTATION))
            return n->position_to_text ? n : NULL;
    return NULL;
}

/* The game so far in the xshogi notation: the start position's set-up
 * lines into edit (when the game did not start from the start position)
 * and each move's text into moves[i].  The position after them stays in
 * pos, where the engine's answer is read.  -1 with a message in res. */
static int replay(const struct gt_player *p, const struct gt_think_req *req, void *pos,
                  char *edit, size_t edit_len, char (*moves)[16], struct gt_think_res *res)
{
    const struct gt_game *g = p->g;
    const struct gt_notation *x = gt_gnushogi_notation(g);
    char err[256] = "";
    void *undo = malloc(g->undo_size ? g->undo_size : 1);
    int rc = -1;
    if (!undo || !x)
        goto out;
    if (g->from_text(pos, req->base ? req->base : g->startpos, err, sizeof err) < 0 ||
        (req->base && x->position_to_text(pos, edit, edit_len) < 0)) {
        snprintf(res->detail, sizeof res->detail, "cannot set up the position '%.60s'%s%.60s",
                 req->base ? req->base : "startpos", err[0] ? ": " : "", err);
        goto out;
    }
    for (int i = 0; i < req->nmoves; i++) {
        gt_move m = g->move_from_text(pos, req->moves[i], err, sizeof err);
        if (m == GT_MOVE_NONE) {
            snprintf(res->detail, sizeof res->detail, "cannot replay the move %.40s: %.60s",
                     req->moves[i], err);
            goto out;
        }
        x->move_to_text(pos, m, moves[i], sizeof moves[i]);
        g->make(pos, m, undo);
    }
    rc = 0;
out:
    free(undo);
    if (rc < 0)
        res->status = GT_THINK_CRASH;
    return rc;
}

int gt_gnushogi_start(struct gt_player *p, char *err, size_t err_len)
{
    char line[LINE];
    int64_t deadline = gt_now_ms() + GT_HANDSHAKE_MS;
    for (;;) {
        int r = gt_proc_read_line(&p->proc, deadline, line, sizeof line);
        if (r <= 0) {
            gt_errf(err, err_len, r == 0 ? "no banner line within the time allowed"
                                         : "the engine exited before its banner");
            return -1;
        }
        if (*gt_skip_blanks(line)) {        /* its banner: name and version */
            snprintf(p->id_name, sizeof p->id_name, "%.63s", line);
            break;
        }
    }
    bool easy = true;
    /* An engine that exits after its banner may be gone before `help` is
     * written or after: the same message either way. */
    if (gt_proc_send(&p->proc, "help") < 0) {
        gt_errf(err, err_len, "the engine exited before answering 'help'");
        return -1;
    }
    for (;;) {
        int r = gt_proc_read_line(&p->proc, deadline, line, sizeof line);
        if (r <= 0) {
            gt_errf(err, err_len, r < 0 ? "the engine exited before answering 'help'"
                                        : "no end of its 'help' (the Time Control line)");
            return -1;
        }
        const char *e = strstr(line, "Easy mode:");
        if (e)
            easy = strcmp(gt_skip_blanks(e + 10), "OFF") != 0;
        if (!strncmp(line, "Time Control", 12))
            break;
    }
    if (!easy)
        gt_proc_send(&p->proc, "easy");      /* started with -a: no pondering */
    return 0;
}

int gt_gnushogi_sync(struct gt_player *p, char *err, size_t err_len)
{
    char line[LINE], word[32];
    int n = snprintf(word, sizeof word, "gtsync%d", ++p->gnu_syncs);
    /* `new` first: after a game it ended itself it swallows other words. */
    if (gt_proc_send(&p->proc, "new") < 0 || gt_proc_send(&p->proc, "%s", word) < 0) {
        gt_errf(err, err_len, "the engine is gone");
        return -1;
    }
    p->gnu_over = OVER_NONE;
    int64_t deadline = gt_now_ms() + GT_HANDSHAKE_MS;
    for (;;) {
        int r = gt_proc_read_line(&p->proc, deadline, line, sizeof line);
        if (r <= 0) {
            gt_errf(err, err_len, r == 0 ? "no answer to '%s'" : "the engine exited", word);
            return -1;
        }
        size_t len = strlen(line);
        if (!strncmp(line, "Illegal move", 12) && len > (size_t)n &&
            !strcmp(line + len - n, word) && line[len - n - 1] == ' ')
            return 0;
    }
}

/* How long this move may think before the move-now line; 0: no limit. */
static int64_t budget_ms(const struct gt_think_req *req)
{
    const struct gt_match_tc *tc = req->tc;
    bool timed = tc->base_ms > 0 || tc->byoyomi_ms > 0;
    int64_t b = 0;
    if (timed) {
        /* A share of the clock and most of the increment, but never more
         * than half the clock: the increment only comes after the move. */
        int64_t usable = req->clock[req->side] - OVERHEAD_MS;
        if (usable < 0)
            usable = 0;
        b = usable / 30 + tc->inc_ms * 3 / 4;
        if (b > usable / 2)
            b = usable / 2;
        if (tc->byoyomi_ms > 0)
            b += tc->byoyomi_ms > 2 * OVERHEAD_MS ? tc->byoyomi_ms - OVERHEAD_MS
                                                  : tc->byoyomi_ms / 2;
    }
    if (tc->movetime_ms > 0) {
        int64_t m = tc->movetime_ms > 2 * OVERHEAD_MS ? tc->movetime_ms - OVERHEAD_MS
                                                      : tc->movetime_ms / 2;
        if (!timed || m < b)
            b = m;
        timed = true;
    }
    return timed && b < 1 ? 1 : b;
}

/* New game, no clock of its own, the depth, the position (its set-up
 * lines in edit), and the side the first move told belongs to. */
static int set_up_game(struct gt_player *p, const struct gt_think_req *req, char *edit)
{
    gt_proc_send(&p->proc, "new");
    gt_proc_send(&p->proc, "level 0 0:0");
    if (req->tc->depth > 0) {
        gt_proc_send(&p->proc, "depth");
        gt_proc_send(&p->proc, "%d", req->tc->depth);
    }
    for (char *line = req->base ? edit : NULL, *nl; line; line = nl ? nl + 1 : NULL) {
        if ((nl = strchr(line, '\n')))
            *nl = 0;
        gt_proc_send(&p->proc, "%s", line);
    }
    gt_proc_send(&p->proc, "%s", side_name((req->side + req->nmoves) & 1));
    gt_proc_send(&p->proc, "force");
    p->gnu_known = 0;
    p->gnu_over = OVER_NONE;
    return 0;
}

/* It ended the game itself, and plays no more of it. */
static void ended(const struct gt_player *p, struct gt_think_res *res)
{
    if (p->gnu_over == OVER_DRAW) {
        res->status = GT_THINK_DRAW;
        snprintf(res->detail, sizeof res->detail, "declared the game drawn ('Drawn game!')");
    } else {
        res->status = GT_THINK_CRASH;
        snprintf(res->detail, sizeof res->detail,
                 "it announced a mate the referee does not see, and plays no more");
    }
}

/* Tell it the moves it does not know and wait for each echo.  -1 with
 * res filled when it refuses one or has ended the game on its own. */
static int tell_moves(struct gt_player *p, const struct gt_think_req *req,
                      char (*moves)[16], struct gt_think_res *res)
{
    char line[LINE], word[64];
    for (int i = p->gnu_known; i < req->nmoves; i++)
        gt_proc_send(&p->proc, "%s", moves[i]);
    int next = p->gnu_known;
    int64_t deadline = gt_now_ms() + ECHO_MS;
    while (next < req->nmoves && !p->gnu_over) {
        int r = gt_proc_read_line(&p->proc, deadline, line, sizeof line);
        if (r <= 0) {
            res->status = GT_THINK_CRASH;
            snprintf(res->detail, sizeof res->detail, r < 0 ? "the engine exited"
                     : "it did not take the move %s", req->moves[next]);
            return -1;
        }
        const char *s = unprompt(line);
        p->gnu_over = over_word(s);
        if (!strncmp(s, "Illegal move", 12)) {
            res->status = GT_THINK_CRASH;
            snprintf(res->detail, sizeof res->detail, "it refused the move %s: %.100s",
                     req->moves[next], s);
            return -1;
        }
        if (numbered(s, word, sizeof word) == 1 && !strcmp(word, moves[next]))
            next++;
    }
    p->gnu_known = next;
    if (p->gnu_over) {
        ended(p, res);
        return -1;
    }
    return 0;
}

void gt_gnushogi_think(struct gt_player *p, const struct gt_think_req *req,
                       struct gt_think_res *res)
{
    char line[LINE], word[64];
    if (req->nmoves >= GT_GNUSHOGI_MAX_PLIES) {
        res->status = GT_THINK_DRAW;
        snprintf(res->detail, sizeof res->detail, "stops at its limit of %d plies",
                 GT_GNUSHOGI_MAX_PLIES);
        return;
    }
    char edit[2048] = "";
    char (*moves)[16] = malloc((size_t)(req->nmoves + 1) * sizeof *moves);
    void *pos = malloc(p->g->pos_size);
    if (!moves || !pos) {
        res->status = GT_THINK_CRASH;
        snprintf(res->detail, sizeof res->detail, "out of memory");
        goto out;
    }
    if (replay(p, req, pos, edit, sizeof edit, moves, res) < 0)
        goto out;
    if (p->gnu_known < 0 || p->gnu_known > req->nmoves)
        set_up_game(p, req, edit);
    else
        gt_proc_send(&p->proc, "force");
    if (tell_moves(p, req, moves, res) < 0)
        goto out;
    gt_proc_send(&p->proc, "%s", side_name(req->side));
    int64_t start = gt_now_ms(), budget = budget_ms(req);
    int64_t nudge = budget > 0 ? start + budget : req->deadline;
    if (gt_proc_send(&p->proc, "go") < 0) {
        res->status = GT_THINK_CRASH;
        snprintf(res->detail, sizeof res->detail, "the engine is gone (write failed)");
        goto out;
    }
    for (;;) {
        int r = gt_proc_read_line(&p->proc, nudge < req->deadline ? nudge : req->deadline,
                                  line, sizeof line);
        if (r < 0) {
            res->status = GT_THINK_CRASH;
            snprintf(res->detail, sizeof res->detail, "the engine exited while thinking");
            break;
        }
        if (r == 0) {
            if (gt_now_ms() >= req->deadline) {
                gt_player_kill(p);
                res->status = GT_THINK_TIMEOUT;
                break;
            }
            gt_proc_send(&p->proc, "%s", "");    /* move now */
            nudge = gt_now_ms() + NUDGE_MS;
            continue;
        }
        const char *s = unprompt(line);
        if (numbered(s, word, sizeof word) == 2) {
            /* Its move in the game's protocol text; a text that is no
             * move goes on as it is, for the referee to reject. */
            char err[128];
            gt_move m = gt_gnushogi_notation(p->g)->move_from_text(pos, word, err, sizeof err);
            if (m != GT_MOVE_NONE)
                p->g->move_to_text(pos, m, res->move, sizeof res->move);
            else
                snprintf(res->move, sizeof res->move, "%s", word);
            res->elapsed_ms = gt_now_ms() - start;
            res->status = GT_THINK_MOVE;
            p->gnu_known = req->nmoves + 1;
            gt_proc_send(&p->proc, "force");
            goto out;
        }
        if ((p->gnu_over = over_word(s))) {
            res->elapsed_ms = gt_now_ms() - start;
            if (p->gnu_over == OVER_MATE)
                res->status = GT_THINK_RESIGN;   /* it sees no move: mated */
            else
                ended(p, res);
            goto out;
        }
        if (!strncmp(s, "Illegal", 7)) {
            res->status = GT_THINK_CRASH;
            snprintf(res->detail, sizeof res->detail, "the engine said: %.120s", s);
            break;
        }
    }
    res->elapsed_ms = gt_now_ms() - start;
out:
    free(moves);
    free(pos);
}
