/* protocol.c -- UCI and USI as one loop.  The game names the dialect; the
 * differences (usi/usiok, sfen, btime meaning the first player, byoyomi,
 * bestmove resign/win, gameover, option names) are handled here.  A bad
 * line gets an `info string` that says what was wrong, and the engine
 * keeps its last good state.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "protocol.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/options.h"
#include "core/ending.h"
#include "core/perft.h"
#include "report.h"
#include "core/util.h"


struct session {
    struct gt_engine *e;
    const struct gt_game *g;
    FILE *out;
    pthread_mutex_t out_lock;   /* the search thread writes too */
    bool usi;
    bool quit;
    bool refused;               /* the last position command was refused:
                                   go must not search the one before it */
    bool debug;                 /* `debug on`: say more after each search */
};

static void say(struct session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void say(struct session *s, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&s->out_lock);
    va_start(ap, fmt);
    vfprintf(s->out, fmt, ap);
    va_end(ap);
    fputc('\n', s->out);
    fflush(s->out);
    pthread_mutex_unlock(&s->out_lock);
}

static void on_info(void *ctx, const struct gt_search_info *info)
{
    struct session *s = ctx;
    char line[8192];
    gt_format_info(s->g, gt_engine_position(s->e), info, line, sizeof line);
    say(s, "%s", line);
}

static void on_done(void *ctx, const struct gt_search_result *res)
{
    struct session *s = ctx;
    const struct gt_game *g = s->g;
    const void *root = gt_engine_position(s->e);
    gt_move best = gt_safe_best_move(g, root, res->best);
    if (best == GT_MOVE_NONE) {          /* no legal move: the game is over */
        say(s, "bestmove %s", s->usi ? "resign" : "(none)");
        return;
    }
    if (s->debug)
        say(s, "info string debug: depth %d, %llu nodes in %lld ms; null move: %llu tries, "
            "%llu cutoffs, %llu verifications, %llu failed", res->depth,
            (unsigned long long)res->nodes, (long long)res->time_ms,
            (unsigned long long)res->null.tries, (unsigned long long)res->null.cutoffs,
            (unsigned long long)res->null.verifications,
            (unsigned long long)res->null.verify_failures);
    char text[64], ponder[64] = "";
    gt_move line[2] = {best, res->ponder};
    int n = gt_format_line(g, root, line, res->ponder ? 2 : 1, text, sizeof text);
    if (n == 2) {
        char *sp = strchr(text, ' ');
        snprintf(ponder, sizeof ponder, " ponder %s", sp + 1);
        *sp = 0;
    }
    say(s, "bestmove %s%s", text, ponder);
}

static void describe_option(void *ctx, const char *line)
{
    say(ctx, "%s", line);
}

static void cmd_hello(struct session *s)
{
    say(s, "id name gtsearch %s (%s)", gt_version(), s->g->name);
    say(s, "id author %s", s->g->author ? s->g->author : "the gtsearch authors");
    gt_options_describe(gt_engine_options(s->e), describe_option, s);
    say(s, "%s", s->usi ? "usiok" : "uciok");
}

/* setoption name <name words> [value <value words>] */
static void cmd_setoption(struct session *s, const char *args)
{
    char name[256] = "", err[256];
    const char *v = NULL, *cur = args;
    char word[256];
    if (!gt_next_word(&cur, word, sizeof word) || strcmp(word, "name")) {
        say(s, "info string setoption: expected 'name'");
        return;
    }
    cur = gt_skip_blanks(cur);
    const char *value_kw = strstr(cur, " value");
    while (value_kw && value_kw[6] && value_kw[6] != ' ')
        value_kw = strstr(value_kw + 1, " value");
    size_t n = value_kw ? (size_t)(value_kw - cur) : strlen(cur);
    while (n && (cur[n - 1] == ' ' || cur[n - 1] == '\t'))
        n--;
    if (n == 0 || n >= sizeof name) {
        say(s, "info string setoption: missing option name");
        return;
    }
    memcpy(name, cur, n);
    name[n] = 0;
    if (value_kw)
        v = gt_skip_blanks(value_kw + 6);
    if (gt_engine_set_option(s->e, name, v, err, sizeof err) < 0)
        say(s, "info string %s", err);
}

/* position startpos|fen <text>|sfen <text> [moves ...] */
static void set_position(struct session *s, const char *args)
{
    char word[64], err[512];
    const char *cur = args;
    char *text = NULL;
    if (!gt_next_word(&cur, word, sizeof word)) {
        say(s, "info string position: expected startpos, fen or sfen");
        return;
    }
    const char *moves_kw = strstr(cur, " moves");
    while (moves_kw && moves_kw[6] && moves_kw[6] != ' ')
        moves_kw = strstr(moves_kw + 1, " moves");
    if (!strcmp(word, "startpos")) {
        if (*gt_skip_blanks(cur) && (!moves_kw || gt_skip_blanks(cur) != moves_kw + 1)) {
            say(s, "info string position: unexpected text after startpos");
            return;
        }
    } else if (!strcmp(word, "fen") || !strcmp(word, "sfen")) {
        const char *start = gt_skip_blanks(cur);
        size_t n = moves_kw ? (size_t)(moves_kw - start) : strlen(start);
        if (moves_kw && moves_kw < start)
            n = 0;
        text = malloc(n + 1);
        if (!text)
            return;
        memcpy(text, start, n);
        text[n] = 0;
        if (!*text) {
            say(s, "info string position: missing %s text", word);
            free(text);
            return;
        }
    } else {
        say(s, "info string position: expected startpos, fen or sfen, not '%s'", word);
        return;
    }
    const char *moves = moves_kw ? moves_kw + 6 : NULL;
    if (gt_engine_set_position(s->e, text, moves, err, sizeof err) < 0)
        say(s, "info string %s; position unchanged", err);
    else
        s->refused = false;
    free(text);
}

/* A refused position leaves the engine on the old one, which the GUI no
 * longer means: remember it, so that go answers without searching it. */
static void cmd_position(struct session *s, const char *args)
{
    s->refused = true;
    set_position(s, args);
}

static void divide_line(void *ctx, gt_move m, uint64_t count)
{
    struct session *s = ctx;
    char mv[32];
    s->g->move_to_text(gt_engine_position(s->e), m, mv, sizeof mv);
    say(s, "%s: %llu", mv, (unsigned long long)count);
}

static void go_perft(struct session *s, int depth)
{
    const struct gt_game *g = s->g;
    void *pos = malloc(g->pos_size);
    if (!pos)
        return;
    memcpy(pos, gt_engine_position(s->e), g->pos_size);
    int64_t t0 = gt_now_ms();
    uint64_t n = gt_perft(g, pos, depth, divide_line, s);
    int64_t ms = gt_now_ms() - t0;
    say(s, "\nNodes searched: %llu", (unsigned long long)n);
    say(s, "info string perft %d: %llu leaves in %lld ms", depth,
        (unsigned long long)n, (long long)ms);
    free(pos);
}

static int go_number(struct session *s, const char **cur, const char *kw,
                     long long min, long long max, long long *out)
{
    char word[64];
    long v;
    if (!gt_next_word(cur, word, sizeof word) || gt_parse_long(word, (long)min, (long)max, &v) < 0) {
        say(s, "info string go: '%s' needs a number from %lld to %lld, got '%s'; ignored",
            kw, min, max, word);
        return -1;
    }
    *out = v;
    return 0;
}

/* A go without any limit (bare, or all its fields malformed) analyses
 * until stop or the end of the input. */
static void infinite_unless_limited(struct gt_limits *lim)
{
    if (!lim->depth && !lim->nodes && !lim->movetime && !lim->time[0] && !lim->time[1] &&
        !lim->inc[0] && !lim->inc[1] && !lim->byoyomi && !lim->mate)
        lim->infinite = true;
}

/* USI `go mate`: the tsume answer. */
static void on_mate_usi(void *ctx, const struct gt_mate_result *res)
{
    struct session *s = ctx;
    char line[8192];
    if (res->status == GT_MATE_FOUND) {
        gt_format_line(s->g, gt_engine_position(s->e), res->pv, res->pv_len, line,
                       sizeof line);
        say(s, "checkmate %s", line);
        return;
    }
    if (res->status == GT_MATE_UNKNOWN)
        say(s, "info string mate search: %s", res->message);
    say(s, "checkmate %s", res->status == GT_MATE_NONE ? "nomate" : "timeout");
}

/* UCI `go mate N`: a found mate is the answer; otherwise the normal search
 * that follows gives it. */
static void on_mate_uci(void *ctx, const struct gt_mate_result *res)
{
    struct session *s = ctx;
    const void *root = gt_engine_position(s->e);
    if (res->status != GT_MATE_FOUND) {
        say(s, "info string mate search: %s%s%s; searching normally",
            res->status == GT_MATE_NONE ? "no mate within the limit"
                                        : gt_mate_status_name(res->status),
            res->status == GT_MATE_UNKNOWN ? ": " : "",
            res->status == GT_MATE_UNKNOWN ? res->message : "");
        return;
    }
    struct gt_search_info info = {
        .depth = res->plies, .seldepth = res->plies, .score = GT_MATE - res->plies,
        .nodes = res->nodes, .time_ms = res->time_ms,
        .pv_len = res->pv_len < GT_MAX_PLY ? res->pv_len : GT_MAX_PLY,
    };
    memcpy(info.pv, res->pv, (size_t)info.pv_len * sizeof info.pv[0]);
    on_info(s, &info);
    char text[64], ponder[64] = "";
    int n = gt_format_line(s->g, root, res->pv, res->pv_len > 1 ? 2 : 1, text, sizeof text);
    char *sp = strchr(text, ' ');
    if (n == 2 && sp) {
        snprintf(ponder, sizeof ponder, " ponder %s", sp + 1);
        *sp = 0;
    }
    say(s, "bestmove %s%s", text, ponder);
}

/* go ... mate <N>  (UCI: a mate in N moves, every attacker move allowed;
 * without a mate the search answers) or go mate <ms>|infinite  (USI: the
 * tsume solver, checks only).  UCI's other limits may come before or
 * after; they bound both the solver and the search. */
static void go_mate(struct session *s, struct gt_limits *lim, const char *cur)
{
    struct gt_mate_limits ml = {0};
    char word[64];
    long long v;
    if (s->usi) {
        long ms;
        word[0] = 0;
        gt_next_word(&cur, word, sizeof word);
        if (!strcmp(word, "infinite"))
            ;
        else if (gt_parse_long(word, 1, 1L << 40, &ms) == 0)
            ml.time_ms = ms;
        else
            say(s, "info string go mate: expected a time in ms or 'infinite', got '%s'; "
                "searching without a time limit", word);
    } else {
        if (go_number(s, &cur, "mate", 1, GT_MAX_PLY / 2, &v) < 0) {
            /* Still one answer to this go: the normal search's. */
            infinite_unless_limited(lim);
            if (gt_engine_go(s->e, lim, on_info, on_done, s) < 0)
                say(s, "info string go: cannot start the search");
            return;
        }
        lim->mate = (int)v;
        ml.max_plies = 2 * (int)v - 1;
        ml.all_moves = true;
    }
    while (gt_next_word(&cur, word, sizeof word)) {
        if (!s->usi && !strcmp(word, "movetime")) {
            if (go_number(s, &cur, word, 0, 1LL << 40, &v) == 0)
                lim->movetime = v;
        } else if (!s->usi && !strcmp(word, "nodes")) {
            if (go_number(s, &cur, word, 1, 1LL << 50, &v) == 0)
                lim->nodes = (uint64_t)v;
        } else if (!s->usi && !strcmp(word, "infinite"))
            lim->infinite = true;
        else
            say(s, "info string go mate: ignoring '%s'", word);
    }
    if (!s->usi) {
        ml.nodes = lim->nodes;
        ml.time_ms = lim->movetime;
        if (!lim->infinite && !lim->nodes && !lim->movetime && !lim->depth &&
            !lim->time[0] && !lim->time[1])
            lim->depth = 2 * lim->mate + 1 < GT_MAX_PLY ? 2 * lim->mate + 1 : GT_MAX_PLY - 1;
    }
    if (gt_engine_mate(s->e, &ml, s->usi ? on_mate_usi : on_mate_uci, s->usi ? NULL : lim,
                       on_info, on_done, s) < 0)
        say(s, "info string go: cannot start the mate search");
}

/* A finished game says who won, in the game's words, before the search
 * answers that it has no move. */
static void say_if_ended(struct session *s)
{
    const struct gt_game *g = s->g;
    gt_move *buf = malloc((size_t)g->max_moves * sizeof *buf);
    struct gt_ending end;
    if (buf && gt_game_ended(g, gt_engine_position(s->e), 0, buf, &end)) {
        char text[256];
        gt_ending_text(g, &end, text, sizeof text);
        say(s, "info string game over: %s", text);
    }
    free(buf);
}

/* The go words that end a searchmoves list (any other word is a move). */
static bool go_keyword(const char *w)
{
    static const char *const words[] = {"infinite", "ponder", "depth", "nodes", "movetime",
                                        "wtime", "btime", "winc", "binc", "movestogo",
                                        "byoyomi", "mate", "perft", NULL};
    for (const char *const *k = words; *k; k++)
        if (!strcmp(w, *k))
            return true;
    return false;
}

/* go searchmoves M...: the legal moves named, up to the next go word; a
 * word that is no legal move is reported and left out.  When none of
 * them is legal, every move is searched. */
static void go_searchmoves(struct session *s, struct gt_limits *lim, const char **cur)
{
    const void *pos = gt_engine_position(s->e);
    char word[64], err[160];
    const char *before = *cur;
    while (gt_next_word(cur, word, sizeof word)) {
        if (go_keyword(word)) {
            *cur = before;          /* the caller reads it */
            break;
        }
        before = *cur;
        gt_move m = s->g->move_from_text(pos, word, err, sizeof err);
        if (m == GT_MOVE_NONE) {
            say(s, "info string go searchmoves: %s, left out", err);
            continue;
        }
        bool dup = false;
        for (int i = 0; i < lim->nsearchmoves; i++)
            dup |= lim->searchmoves[i] == m;
        if (!dup && lim->nsearchmoves < GT_MAX_SEARCHMOVES)
            lim->searchmoves[lim->nsearchmoves++] = m;
    }
}

static void cmd_go(struct session *s, const char *args)
{
    struct gt_limits lim = {0};
    const char *cur = args;
    char word[64];
    long long v;
    /* UCI's w* fields and USI's b* fields both belong to the first player. */
    const int first = 0, second = 1;
    int wside = s->usi ? second : first, bside = s->usi ? first : second;
    if (gt_engine_searching(s->e)) {
        say(s, "info string go: a search is already running (send stop first)");
        return;
    }
    if (s->refused) {
        const char *mate = strstr(args, "mate");
        say(s, "info string go: the last position was refused; not searching the one "
            "before it");
        if (s->usi && mate && (mate == args || mate[-1] == ' '))
            say(s, "checkmate nomate");
        else
            say(s, "bestmove %s", s->usi ? "resign" : "0000");
        return;
    }
    while (gt_next_word(&cur, word, sizeof word)) {
        if (!strcmp(word, "infinite"))
            lim.infinite = true;
        else if (!strcmp(word, "ponder"))
            lim.ponder = true;
        else if (!strcmp(word, "depth")) {
            if (go_number(s, &cur, word, 1, GT_MAX_PLY - 1, &v) == 0)
                lim.depth = (int)v;
        } else if (!strcmp(word, "nodes")) {
            if (go_number(s, &cur, word, 1, 1LL << 50, &v) == 0)
                lim.nodes = (uint64_t)v;
        } else if (!strcmp(word, "movetime")) {
            if (go_number(s, &cur, word, 0, 1LL << 40, &v) == 0)
                lim.movetime = v;
        } else if (!strcmp(word, "wtime") || !strcmp(word, "btime")) {
            int side = word[0] == 'w' ? wside : bside;
            if (go_number(s, &cur, word, -(1LL << 40), 1LL << 40, &v) == 0)
                lim.time[side] = v > 0 ? v : 1;
        } else if (!strcmp(word, "winc") || !strcmp(word, "binc")) {
            int side = word[0] == 'w' ? wside : bside;
            if (go_number(s, &cur, word, 0, 1LL << 40, &v) == 0)
                lim.inc[side] = v;
        } else if (!strcmp(word, "movestogo")) {
            if (go_number(s, &cur, word, 1, 10000, &v) == 0)
                lim.movestogo = (int)v;
        } else if (!strcmp(word, "byoyomi")) {
            if (go_number(s, &cur, word, 0, 1LL << 40, &v) == 0)
                lim.byoyomi = v;
        } else if (!strcmp(word, "mate")) {
            go_mate(s, &lim, cur);
            return;
        } else if (!strcmp(word, "perft")) {
            if (go_number(s, &cur, word, 1, 64, &v) == 0) {
                go_perft(s, (int)v);
                return;
            }
        } else if (!strcmp(word, "searchmoves")) {
            go_searchmoves(s, &lim, &cur);
        } else
            say(s, "info string go: unknown parameter '%s', ignored", word);
    }
    infinite_unless_limited(&lim);
    /* USI: a side that may declare an entering-king win does so. */
    if (s->usi && s->g->rule_outcome(gt_engine_position(s->e), 0) == GT_WIN) {
        say(s, "bestmove win");
        return;
    }
    say_if_ended(s);
    if (gt_engine_go(s->e, &lim, on_info, on_done, s) < 0)
        say(s, "info string go: cannot start the search");
}

/* d: the game's drawing of the position when it has one, else its text. */
static void cmd_display(struct session *s)
{
    char text[8192];
    const void *pos = gt_engine_position(s->e);
    if (!s->g->draw) {
        s->g->to_text(pos, text, sizeof text);
        say(s, "info string position %s", text);
        return;
    }
    s->g->draw(pos, text, sizeof text);
    size_t n = strlen(text);
    while (n && text[n - 1] == '\n')
        text[--n] = 0;
    say(s, "%s", text);
}

/* help: the loop's commands, as info strings that a GUI shows or skips. */
static void cmd_help(struct session *s)
{
    const char *p = s->usi ? "usi" : "uci";
    say(s, "info string gtsearch speaks %s for %s; commands:", s->usi ? "USI" : "UCI",
        s->g->name);
    say(s, "info string %s                      identify, list the options, answer %sok", p,
        p);
    say(s, "info string isready                  answer readyok (at once, even while "
        "searching)");
    say(s, "info string setoption name N [value V]   set an option (names are "
        "case-insensitive)");
    say(s, "info string %snewgame               forget what earlier games taught the search",
        p);
    say(s, "info string position startpos|%s TEXT [moves M...]   set the position",
        s->usi ? "sfen" : "fen");
    say(s, "info string go [depth N] [nodes N] [movetime MS] [%s MS] [%s MS] [%s MS] [%s MS]",
        s->usi ? "btime" : "wtime", s->usi ? "wtime" : "btime", s->usi ? "binc" : "winc",
        s->usi ? "winc" : "binc");
    say(s, "info string    [movestogo N] [byoyomi MS] [infinite] [ponder] [mate N|MS] "
        "[perft N]");
    say(s, "info string stop%s, ponderhit, quit   end the search / the ponder / the program",
        s->usi ? " (or gameover)" : "");
    say(s, "info string d                        draw the position");
    say(s, "info string debug on|off             after each search, its statistics");
    say(s, "info string help                     this list");
}

static void dispatch(struct session *s, const char *line)
{
    char cmd[64];
    const char *cur = line;
    if (!gt_next_word(&cur, cmd, sizeof cmd))
        return;
    const char *args = gt_skip_blanks(cur);
    if (!strcmp(cmd, "uci") || !strcmp(cmd, "usi")) {
        if ((cmd[1] == 's') != s->usi)
            say(s, "info string %s speaks %s; answering anyway", s->g->name,
                s->usi ? "USI" : "UCI");
        cmd_hello(s);
    } else if (!strcmp(cmd, "isready"))
        say(s, "readyok");
    else if (!strcmp(cmd, "setoption"))
        cmd_setoption(s, args);
    else if (!strcmp(cmd, "ucinewgame") || !strcmp(cmd, "usinewgame")) {
        if (gt_engine_searching(s->e))
            say(s, "info string %s: a search is running (send stop first)", cmd);
        else
            gt_engine_new_game(s->e);
    } else if (!strcmp(cmd, "position"))
        cmd_position(s, args);
    else if (!strcmp(cmd, "go"))
        cmd_go(s, args);
    else if (!strcmp(cmd, "stop") || !strcmp(cmd, "gameover"))
        gt_engine_stop(s->e);
    else if (!strcmp(cmd, "ponderhit"))
        gt_engine_ponderhit(s->e);
    else if (!strcmp(cmd, "quit"))
        s->quit = true;
    else if (!strcmp(cmd, "d"))
        cmd_display(s);
    else if (!strcmp(cmd, "help"))
        cmd_help(s);
    else if (!strcmp(cmd, "debug")) {
        /* UCI: debug [on|off]; in debug mode the engine says more. */
        if (!strcmp(args, "on") || !*args)
            s->debug = true;
        else if (!strcmp(args, "off"))
            s->debug = false;
        else
            say(s, "info string debug: '%s' is neither on nor off", args);
    }
    else
        say(s, "info string unknown command '%s'", cmd);
}

int gt_protocol_run(struct gt_engine *e, FILE *in, FILE *out)
{
    struct session s = {.e = e, .g = gt_engine_game(e), .out = out};
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    pthread_mutex_init(&s.out_lock, NULL);
    s.usi = s.g->dialect == GT_USI;
    /* A banner, as engines print one: GUIs skip it, people see who speaks. */
    say(&s, "gtsearch %s (%s) by %s", gt_version(), s.g->name,
        s.g->author ? s.g->author : "the gtsearch authors");
    /* Lines of any length: a game's whole history fits on one. */
    while (!s.quit && (got = getline(&line, &cap, in)) >= 0) {
        size_t n = (size_t)got;
        if (strlen(line) != n) {
            say(&s, "info string a line with a NUL byte, ignored");
            continue;
        }
        while (n && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' '))
            line[--n] = 0;     /* GUIs on some systems send CR LF */
        dispatch(&s, line);
    }
    if (s.quit)
        gt_engine_stop(e);
    else {
        /* End of input: a limited search may finish and answer. */
        gt_engine_release(e);
        gt_engine_wait(e);
    }
    pthread_mutex_destroy(&s.out_lock);
    free(line);
    return 0;
}
