/* match_cecp.c -- engines that speak CECP, the xboard/WinBoard protocol
 * version 2 (Tim Mann and H.G. Muller's specification, "Chess Engine
 * Communication Protocol").
 *
 * Unlike UCI the engine keeps its own board, so the adapter remembers how
 * many moves of the game it has told.  Every request is played the same
 * way: `force` mode, the missing moves (`usermove M` when the engine asked
 * for it), `time`/`otim` in centiseconds, `go`, then read `move M`; after
 * the answer the engine goes back to `force`, so it never thinks on the
 * opponent's time.  Move text is coordinate notation (e2e4, e7e8q): the
 * adapter rejects `san=1`.  A move in another notation (some engines
 * answer castling as O-O, which xboard accepts) is read by the referee
 * through the game's notations, so the adapter knows no game.  A game
 * that does not start from the start position needs `setboard`.  Node
 * limits and byoyomi have no CECP words and are refused at the start.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_cecp.h"

#include <stdio.h>
#include <string.h>

#include "core/util.h"

#define LINE 8192

/* One `feature a=1 b="x y" ...` line: answer each one. */
static bool parse_features(struct gt_player *p, const char *s)
{
    bool done = false;
    while (*(s = gt_skip_blanks(s))) {
        char name[64], value[128];
        size_t n = 0, v = 0;
        while (*s && *s != '=' && *s != ' ' && n + 1 < sizeof name)
            name[n++] = *s++;
        name[n] = 0;
        if (*s != '=') {
            while (*s && *s != ' ')
                s++;
            continue;
        }
        s++;
        if (*s == '"') {
            for (s++; *s && *s != '"'; s++)
                if (v + 1 < sizeof value)
                    value[v++] = *s;
            if (*s == '"')
                s++;
        } else {
            while (*s && *s != ' ')
                if (v + 1 < sizeof value)
                    value[v++] = *s++;
                else
                    s++;
        }
        value[v] = 0;
        bool on = !strcmp(value, "1");
        if (!strcmp(name, "san") && on) {
            gt_proc_send(&p->proc, "rejected san");
            continue;
        }
        if (!strcmp(name, "setboard"))
            p->cecp_setboard = on;
        else if (!strcmp(name, "usermove"))
            p->cecp_usermove = on;
        else if (!strcmp(name, "ping"))
            p->cecp_ping = on;
        else if (!strcmp(name, "sigint"))
            p->cecp_sigint = on;
        else if (!strcmp(name, "myname"))
            snprintf(p->id_name, sizeof p->id_name, "%.63s", value);
        else if (!strcmp(name, "done"))
            done = on;
        gt_proc_send(&p->proc, "accepted %s", name);
    }
    return done;
}

int gt_cecp_start(struct gt_player *p, char *err, size_t err_len)
{
    char line[LINE], word[64];
    if (gt_proc_send(&p->proc, "xboard") < 0 || gt_proc_send(&p->proc, "protover 2") < 0) {
        gt_errf(err, err_len, "the engine exited at once");
        return -1;
    }
    /* A protocol 1 engine sends no features: two seconds of silence is
     * its answer.  done=0 asks for time up to the handshake limit. */
    int64_t deadline = gt_now_ms() + 2000;
    for (;;) {
        int r = gt_proc_read_line(&p->proc, deadline, line, sizeof line);
        if (r < 0) {
            gt_errf(err, err_len, "the engine exited during the feature exchange");
            return -1;
        }
        if (r == 0)
            break;
        const char *cur = line;
        gt_next_word(&cur, word, sizeof word);
        if (!strcmp(word, "feature")) {
            if (strstr(cur, "done=0"))
                deadline = gt_now_ms() + GT_HANDSHAKE_MS;
            if (parse_features(p, cur))
                break;
        }
    }
    for (int i = 0; i < p->spec->noptions; i++)
        gt_proc_send(&p->proc, "option %s=%s", p->spec->opt_name[i], p->spec->opt_value[i]);
    return 0;
}

int gt_cecp_sync(struct gt_player *p, char *err, size_t err_len)
{
    char line[LINE], want[32];
    if (!p->cecp_ping) {
        while (gt_proc_read_line(&p->proc, gt_now_ms() + 50, line, sizeof line) > 0)
            ;
        return gt_proc_running(&p->proc) && p->proc.fd >= 0 ? 0 : -1;
    }
    snprintf(want, sizeof want, "pong %d", ++p->cecp_pings);
    if (gt_proc_send(&p->proc, "ping %d", p->cecp_pings) < 0)
        return -1;
    int64_t deadline = gt_now_ms() + GT_HANDSHAKE_MS;
    for (;;) {
        int r = gt_proc_read_line(&p->proc, deadline, line, sizeof line);
        if (r <= 0) {
            gt_errf(err, err_len, r == 0 ? "no '%s'" : "the engine exited", want);
            return -1;
        }
        if (!strcmp(line, want))
            return 0;
    }
}

static int set_up_game(struct gt_player *p, const struct gt_think_req *req,
                       struct gt_think_res *res)
{
    if (req->base && !p->cecp_setboard) {
        res->status = GT_THINK_CRASH;
        snprintf(res->detail, sizeof res->detail,
                 "the engine has no setboard, so it cannot start from a position");
        return -1;
    }
    const struct gt_match_tc *tc = req->tc;
    gt_proc_send(&p->proc, "new");
    gt_proc_send(&p->proc, "force");
    gt_proc_send(&p->proc, "easy");
    gt_proc_send(&p->proc, "post");
    if (tc->base_ms > 0) {
        long long s = (tc->base_ms + 999) / 1000;
        if (tc->inc_ms % 1000 == 0)
            gt_proc_send(&p->proc, "level %d %lld:%02lld %lld", tc->moves, s / 60, s % 60,
                         (long long)tc->inc_ms / 1000);
        else
            gt_proc_send(&p->proc, "level %d %lld:%02lld %.2f", tc->moves, s / 60, s % 60,
                         tc->inc_ms / 1000.0);
    }
    if (tc->movetime_ms > 0)
        gt_proc_send(&p->proc, "st %lld",
                     (long long)(tc->movetime_ms >= 1000 ? tc->movetime_ms / 1000 : 1));
    if (tc->depth > 0)
        gt_proc_send(&p->proc, "sd %d", tc->depth);
    if (req->base)
        gt_proc_send(&p->proc, "setboard %s", req->base);
    p->cecp_known = 0;
    return 0;
}

/* Thinking output: `ply score time nodes pv...`, score in centipawns. */
static void parse_thinking(const char *line, struct gt_think_res *res)
{
    long ply, score;
    char rest;
    if (sscanf(line, "%ld %ld %c", &ply, &score, &rest) == 3 && ply > 0) {
        res->score = (int)score;
        res->has_score = true;
        res->depth = ply < 10000 ? (int)ply : 0;
    }
}

void gt_cecp_think(struct gt_player *p, const struct gt_think_req *req,
                   struct gt_think_res *res)
{
    char line[LINE], word[64];
    if (p->cecp_known < 0 || p->cecp_known > req->nmoves) {
        if (set_up_game(p, req, res) < 0)
            return;
    } else
        gt_proc_send(&p->proc, "force");
    for (int i = p->cecp_known; i < req->nmoves; i++)
        gt_proc_send(&p->proc, p->cecp_usermove ? "usermove %s" : "%s", req->moves[i]);
    p->cecp_known = req->nmoves;
    if (req->tc->base_ms > 0) {
        gt_proc_send(&p->proc, "time %lld", (long long)(req->clock[req->side] / 10));
        gt_proc_send(&p->proc, "otim %lld", (long long)(req->clock[!req->side] / 10));
    }
    int64_t start = gt_now_ms(), deadline = req->deadline;
    bool stopped = false;
    if (gt_proc_send(&p->proc, "go") < 0) {
        res->status = GT_THINK_CRASH;
        snprintf(res->detail, sizeof res->detail, "the engine is gone (write failed)");
        return;
    }
    for (;;) {
        int r = gt_proc_read_line(&p->proc, deadline, line, sizeof line);
        if (r < 0) {
            res->status = stopped ? GT_THINK_TIMEOUT : GT_THINK_CRASH;
            snprintf(res->detail, sizeof res->detail, "the engine exited while thinking");
            break;
        }
        if (r == 0) {
            if (stopped) {
                gt_player_kill(p);
                res->status = GT_THINK_TIMEOUT;
                break;
            }
            gt_proc_send(&p->proc, "?");     /* move now */
            stopped = true;
            deadline = gt_now_ms() + 1000;
            continue;
        }
        const char *cur = line;
        gt_next_word(&cur, word, sizeof word);
        if (!strcmp(word, "move")) {
            gt_next_word(&cur, res->move, sizeof res->move);
            res->elapsed_ms = gt_now_ms() - start;
            res->status = stopped ? GT_THINK_TIMEOUT : GT_THINK_MOVE;
            p->cecp_known = req->nmoves + 1;
            gt_proc_send(&p->proc, "force");
            return;
        }
        if (!strcmp(word, "resign")) {
            res->elapsed_ms = gt_now_ms() - start;
            res->status = GT_THINK_RESIGN;
            return;
        }
        if (!strncmp(line, "Illegal move", 12)) {
            res->status = GT_THINK_CRASH;
            snprintf(res->detail, sizeof res->detail, "the engine said: %.120s", line);
            break;
        }
        parse_thinking(line, res);
    }
    res->elapsed_ms = gt_now_ms() - start;
}
