/* match_player.c -- an engine program behind a table of protocol
 * adapters: UCI and USI spoken here, CECP and gnushogi in match_cecp.c
 * and match_gnushogi.c.
 *
 * A move request is `position startpos|fen X|sfen X moves ...` and
 * `go ...`; the answer is read until `bestmove`, keeping the last score of
 * the `info` lines.  The referee's deadline covers the engine's clock plus
 * the margin: past it the engine gets `stop` and one second to answer, and
 * is killed if it does not (it is restarted for the next game).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_player.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "match_cecp.h"
#include "match_gnushogi.h"
#include "core/util.h"

#define LINE 8192

void gt_player_init(struct gt_player *p, const struct gt_match_engine *spec,
                    const struct gt_game *g, struct gt_match_log *log, const char *label)
{
    memset(p, 0, sizeof *p);
    p->spec = spec;
    p->g = g;
    p->log = log;
    snprintf(p->label, sizeof p->label, "%s", label);
    p->proc.fd = -1;
    p->proc.status = -1;
    if (spec->proto != GT_PROTO_GAME)
        p->proto = spec->proto;
    else        /* the game's own protocol; any other is named with proto= */
        p->proto = g->dialect == GT_USI ? GT_PROTO_USI : GT_PROTO_UCI;
}

/* What a protocol adapter does: start the program (handshake and
 * options), prepare a new game, and ask for a move.  UCI and USI are
 * spoken here; CECP and gnushogi in their own files. */
struct adapter {
    const char *name;
    int (*start)(struct gt_player *p, char *why, size_t why_len);
    int (*new_game)(struct gt_player *p, char *why, size_t why_len);
    void (*think)(struct gt_player *p, const struct gt_think_req *req,
                  struct gt_think_res *res);
};

static int uci_start(struct gt_player *p, char *why, size_t why_len);
static int uci_new_game(struct gt_player *p, char *why, size_t why_len);
static void uci_think(struct gt_player *p, const struct gt_think_req *req,
                      struct gt_think_res *res);

static int cecp_new_game(struct gt_player *p, char *why, size_t why_len)
{
    p->cecp_known = -1;          /* gt_cecp_think sets the game up */
    return gt_cecp_sync(p, why, why_len);
}

static int gnushogi_new_game(struct gt_player *p, char *why, size_t why_len)
{
    p->gnu_known = -1;           /* gt_gnushogi_think sets the game up */
    return gt_gnushogi_sync(p, why, why_len);
}

static const struct adapter adapters[] = {
    [GT_PROTO_GAME] = {"UCI", uci_start, uci_new_game, uci_think},   /* resolved away */
    [GT_PROTO_UCI] = {"UCI", uci_start, uci_new_game, uci_think},
    [GT_PROTO_USI] = {"USI", uci_start, uci_new_game, uci_think},
    [GT_PROTO_CECP] = {"CECP", gt_cecp_start, cecp_new_game, gt_cecp_think},
    [GT_PROTO_GNUSHOGI] = {"gnushogi", gt_gnushogi_start, gnushogi_new_game, gt_gnushogi_think},
};

static const struct adapter *adapter(const struct gt_player *p) { return &adapters[p->proto]; }

/* `option name N type ...`: mark the options of the command line that
 * the engine offers (UCI and USI names are case-insensitive). */
static void note_option(struct gt_player *p, const char *cur)
{
    char word[64];
    if (!gt_next_word(&cur, word, sizeof word) || strcmp(word, "name"))
        return;
    const char *name = gt_skip_blanks(cur), *type = strstr(name, " type ");
    size_t n = type ? (size_t)(type - name) : strlen(name);
    for (int i = 0; i < p->spec->noptions; i++)
        if (strlen(p->spec->opt_name[i]) == n && !strncasecmp(p->spec->opt_name[i], name, n))
            p->offered |= 1u << i;
}

/* Read lines until one starts with `want` (a whole first word). */
static int wait_for(struct gt_player *p, const char *want, int64_t deadline,
                    char *err, size_t err_len)
{
    char line[LINE], word[64];
    for (;;) {
        int r = gt_proc_read_line(&p->proc, deadline, line, sizeof line);
        if (r <= 0) {
            gt_errf(err, err_len, r == 0 ? "no '%s' within the time allowed"
                                         : "the engine exited before '%s'", want);
            return -1;
        }
        const char *cur = line;
        gt_next_word(&cur, word, sizeof word);
        if (!strcmp(word, want))
            return 0;
        if (!strcmp(word, "option"))
            note_option(p, cur);
        else if (!strcmp(word, "id") && gt_next_word(&cur, word, sizeof word) &&
            !strcmp(word, "name"))
            snprintf(p->id_name, sizeof p->id_name, "%s", gt_skip_blanks(cur));
    }
}

static int uci_start(struct gt_player *p, char *err, size_t err_len)
{
    bool usi = p->proto == GT_PROTO_USI;
    int64_t deadline = gt_now_ms() + GT_HANDSHAKE_MS;
    p->offered = 0;
    /* An engine that exits at once may be gone before the first word:
     * the write fails, and that says the same as a read would. */
    if (gt_proc_send(&p->proc, usi ? "usi" : "uci") < 0) {
        gt_errf(err, err_len, "the engine exited before '%s'", usi ? "usiok" : "uciok");
        return -1;
    }
    if (wait_for(p, usi ? "usiok" : "uciok", deadline, err, err_len) < 0) {
        size_t n = strlen(err);
        if (!strncmp(err, "no '", 4) && n + 1 < err_len)   /* it answered, not this */
            snprintf(err + n, err_len - n, " (another protocol? name it: "
                     "proto=uci|usi|cecp|gnushogi)");
        return -1;
    }
    /* An option the engine does not offer is not sent (preflight warns). */
    for (int i = 0; i < p->spec->noptions; i++)
        if (p->offered & 1u << i)
            gt_proc_send(&p->proc, "setoption name %s value %s", p->spec->opt_name[i],
                         p->spec->opt_value[i]);
    if (gt_proc_send(&p->proc, "isready") < 0) {
        gt_errf(err, err_len, "the engine exited before 'readyok'");
        return -1;
    }
    return wait_for(p, "readyok", deadline, err, err_len);
}

int gt_player_start(struct gt_player *p, char *err, size_t err_len)
{
    char why[256] = "";
    if (gt_proc_start(&p->proc, p->spec->cmd, p->log, p->label, err, err_len) < 0)
        return -1;
    if (adapter(p)->start(p, why, sizeof why) < 0) {
        gt_player_kill(p);
        char how[128];
        gt_proc_status_text(&p->proc, how, sizeof how);
        gt_errf(err, err_len, "engine '%s' (%s): %s%s%s%s", p->spec->cmd, adapter(p)->name,
                why, how[0] ? " (" : "", how, how[0] ? ")" : "");
        return -1;
    }
    return 0;
}

/* ucinewgame/usinewgame or CECP/gnushogi's new: 0, or -1 with why. */
static int uci_new_game(struct gt_player *p, char *why, size_t why_len)
{
    if (gt_proc_send(&p->proc, p->proto == GT_PROTO_USI ? "usinewgame" : "ucinewgame") < 0 ||
        gt_proc_send(&p->proc, "isready") < 0 ||
        wait_for(p, "readyok", gt_now_ms() + GT_HANDSHAKE_MS, why, why_len) < 0) {
        snprintf(why, why_len, "%s", p->proc.fd < 0 ? "it exited" : "no readyok");
        return -1;
    }
    return 0;
}

int gt_player_new_game(struct gt_player *p, char *err, size_t err_len)
{
    char why[256];
    p->revived = false;
    for (bool retried = false;; retried = true) {
        if (!gt_proc_running(&p->proc) && gt_player_start(p, err, err_len) < 0)
            return -1;
        if (adapter(p)->new_game(p, why, sizeof why) == 0)
            return 0;
        /* Dead since its last move (killed between games, or it exited
         * after its move): the game it is about to play is not lost yet,
         * so it gets one fresh start. */
        bool gone = gt_proc_gone(&p->proc);
        gt_player_kill(p);
        if (!gone || retried) {
            gt_errf(err, err_len, "engine '%s' before the game: %s", p->spec->cmd, why);
            return -1;
        }
        char how[128];
        gt_proc_status_text(&p->proc, how, sizeof how);
        gt_match_log_printf(p->log, "[%s] had exited since its last move (%s): restarted",
                            p->label, how[0] ? how : "killed");
        p->revived = true;
    }
}

/* The position command of a request; NULL when out of memory. */
static char *position_line(const struct gt_player *p, const struct gt_think_req *req)
{
    size_t n = 64 + (req->base ? strlen(req->base) : 0);
    for (int i = 0; i < req->nmoves; i++)
        n += strlen(req->moves[i]) + 1;
    char *s = malloc(n);
    if (!s)
        return NULL;
    size_t at;
    if (req->base)
        at = (size_t)sprintf(s, "position %s %s", p->proto == GT_PROTO_USI ? "sfen" : "fen",
                             req->base);
    else
        at = (size_t)sprintf(s, "position startpos");
    if (req->nmoves)
        at += (size_t)sprintf(s + at, " moves");
    for (int i = 0; i < req->nmoves; i++)
        at += (size_t)sprintf(s + at, " %s", req->moves[i]);
    return s;
}

static void go_line(const struct gt_player *p, const struct gt_think_req *req,
                    char *buf, size_t len)
{
    const struct gt_match_tc *tc = req->tc;
    bool usi = p->proto == GT_PROTO_USI;
    size_t at = (size_t)snprintf(buf, len, "go");
    if (tc->base_ms > 0 || tc->byoyomi_ms > 0) {
        /* UCI's w* fields and USI's b* fields belong to the first player. */
        at += (size_t)snprintf(buf + at, len - at, " %s %lld %s %lld",
                               usi ? "btime" : "wtime", (long long)req->clock[0],
                               usi ? "wtime" : "btime", (long long)req->clock[1]);
        if (req->movestogo > 0)
            at += (size_t)snprintf(buf + at, len - at, " movestogo %d", req->movestogo);
        if (tc->byoyomi_ms > 0)
            at += (size_t)snprintf(buf + at, len - at, " byoyomi %lld",
                                   (long long)tc->byoyomi_ms);
        else if (tc->inc_ms > 0)
            at += (size_t)snprintf(buf + at, len - at, " %s %lld %s %lld",
                                   usi ? "binc" : "winc", (long long)tc->inc_ms,
                                   usi ? "winc" : "binc", (long long)tc->inc_ms);
    }
    if (tc->movetime_ms > 0)
        at += (size_t)snprintf(buf + at, len - at, " movetime %lld", (long long)tc->movetime_ms);
    uint64_t nodes = p->spec->nodes ? p->spec->nodes : tc->nodes;
    if (nodes > 0)
        at += (size_t)snprintf(buf + at, len - at, " nodes %llu", (unsigned long long)nodes);
    if (tc->depth > 0)
        snprintf(buf + at, len - at, " depth %d", tc->depth);
}

/* `info ... depth D ... score cp N | score mate N` (USI also `mate +` /
 * `mate -`); the depth is kept only from a line that has a score. */
static void parse_score(const char *line, struct gt_think_res *res)
{
    const char *cur = line;
    char word[64];
    long depth = 0;
    while (gt_next_word(&cur, word, sizeof word)) {
        if (!strcmp(word, "depth")) {
            if (!gt_next_word(&cur, word, sizeof word) ||
                gt_parse_long(word, 0, 10000, &depth) < 0)
                depth = 0;
            continue;
        }
        if (strcmp(word, "score"))
            continue;
        char kind[16], value[32];
        long v;
        if (!gt_next_word(&cur, kind, sizeof kind) || !gt_next_word(&cur, value, sizeof value))
            return;
        if (!strcmp(kind, "cp") && gt_parse_long(value, -1000000, 1000000, &v) == 0) {
            res->score = (int)v;
            res->has_score = true;
            res->depth = (int)depth;
        } else if (!strcmp(kind, "mate")) {
            if (!strcmp(value, "+") || !strcmp(value, "-"))
                v = value[0] == '+' ? 1 : -1;
            else if (gt_parse_long(value, -10000, 10000, &v) < 0)
                return;
            res->score = v >= 0 ? 100000 - (int)v : -100000 - (int)v;
            res->has_score = true;
            res->depth = (int)depth;
        }
        return;
    }
}

static void uci_think(struct gt_player *p, const struct gt_think_req *req,
                      struct gt_think_res *res)
{
    char line[LINE], go[256], word[64];
    char *pos = position_line(p, req);
    go_line(p, req, go, sizeof go);
    int64_t start = gt_now_ms();
    int sent = pos ? gt_proc_send(&p->proc, "%s", pos) : -1;
    free(pos);
    if (sent < 0 || gt_proc_send(&p->proc, "%s", go) < 0) {
        res->status = GT_THINK_CRASH;
        snprintf(res->detail, sizeof res->detail, "the engine is gone (write failed)");
        return;
    }
    int64_t deadline = req->deadline;
    bool stopped = false;
    for (;;) {
        int r = gt_proc_read_line(&p->proc, deadline, line, sizeof line);
        if (r < 0) {
            res->status = stopped ? GT_THINK_TIMEOUT : GT_THINK_CRASH;
            snprintf(res->detail, sizeof res->detail, "the engine exited while thinking");
            break;
        }
        if (r == 0) {
            if (stopped) {           /* it does not even answer stop */
                gt_player_kill(p);
                res->status = GT_THINK_TIMEOUT;
                break;
            }
            gt_proc_send(&p->proc, "stop");
            stopped = true;
            deadline = gt_now_ms() + 1000;
            continue;
        }
        const char *cur = line;
        gt_next_word(&cur, word, sizeof word);
        if (!strcmp(word, "info")) {
            parse_score(cur, res);
        } else if (!strcmp(word, "bestmove")) {
            if (!stopped)
                res->elapsed_ms = gt_now_ms() - start;
            gt_next_word(&cur, res->move, sizeof res->move);
            res->status = stopped ? GT_THINK_TIMEOUT
                          : !strcmp(res->move, "resign") ? GT_THINK_RESIGN
                          : !strcmp(res->move, "win") && p->proto == GT_PROTO_USI ? GT_THINK_WIN
                          : GT_THINK_MOVE;
            break;
        }
    }
    if (res->status == GT_THINK_TIMEOUT || res->status == GT_THINK_CRASH)
        res->elapsed_ms = gt_now_ms() - start;
}

void gt_player_think(struct gt_player *p, const struct gt_think_req *req,
                     struct gt_think_res *res)
{
    memset(res, 0, sizeof *res);
    if (!gt_proc_running(&p->proc)) {
        res->status = GT_THINK_CRASH;
        snprintf(res->detail, sizeof res->detail, "the engine is not running");
        return;
    }
    adapter(p)->think(p, req, res);
    /* A time loss leaves a live engine running; one that exited is
     * stopped here, so the next game starts it afresh. */
    if (res->status == GT_THINK_CRASH || (gt_proc_running(&p->proc) && p->proc.fd < 0)) {
        gt_player_kill(p);
        char how[128];
        gt_proc_status_text(&p->proc, how, sizeof how);
        size_t n = strlen(res->detail);
        if (how[0] && res->detail[0] && n + 4 < sizeof res->detail)
            snprintf(res->detail + n, sizeof res->detail - n, " (%s)", how);
    }
}

void gt_player_game_over(struct gt_player *p, int mine, const char *result,
                         const char *reason)
{
    if (p->proto == GT_PROTO_CECP && gt_proc_running(&p->proc))
        gt_proc_send(&p->proc, "result %s {%s}", result, reason);
    else if (p->proto == GT_PROTO_USI && gt_proc_running(&p->proc))
        gt_proc_send(&p->proc, "gameover %s", mine > 0 ? "win" : mine < 0 ? "lose" : "draw");
}

void gt_player_kill(struct gt_player *p)
{
    if (gt_proc_running(&p->proc))
        p->restarts++;
    gt_proc_stop(&p->proc, gt_proc_gone(&p->proc) ? 300 : 0);
}

void gt_player_quit(struct gt_player *p)
{
    if (!gt_proc_running(&p->proc))
        return;
    gt_proc_send(&p->proc, "quit");
    gt_proc_stop(&p->proc, 1000);
}
