/* match.c -- the match scheduler: checks that every engine starts, deals
 * the games out to worker threads, prints a progress line after each game,
 * keeps the tallies, writes the records, stops early when the SPRT
 * decides, and prints the results.
 *
 * The schedule: every pair of engines (a round robin when there are more
 * than two; in a gauntlet the first engine and each other one) plays
 * `games` games; game k of a pair uses opening k/2
 * (cycling through the file) and the pair's first engine plays side 0 in
 * the even games, so each opening is played twice with colours swapped.
 * An engine with an opening book plays its moves while the book has one
 * (match_book.c).  Each worker thread owns its own copy of every engine process and
 * restarts one that crashed or hung.  The games file and the record lines
 * follow the game numbers, whatever order the threads finish them in; the
 * progress lines (match_progress.h) follow the order the games finish in,
 * each with the tally after it.  With --resume the games the files
 * already hold (match_resume.c) are counted first, as if played now (no
 * progress line: the earlier run wrote theirs), and only the others are
 * played.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "match_book.h"
#include "match_elo.h"
#include "match_gnushogi.h"
#include "match_openings.h"
#include "match_player.h"
#include "match_progress.h"
#include "match_record.h"
#include "match_referee.h"
#include "match_resume.h"
#include "match_standings.h"
#include "core/util.h"

/* A finished game waiting for the games before it to be written. */
struct pending {
    struct pending *next;
    int n, pair;
    bool a_first;
    struct gt_game_record rec;
};

/* --report-rss: one engine process of one worker, at the end. */
struct rss_note {
    char label[80];
    long pid, first, last;   /* pid 0: no game ended with it running */
    int first_game, last_game, restarts;
};

struct sched {
    struct gt_match_config *c;
    struct gt_openings ops;
    struct gt_book *books[GT_MATCH_MAX_ENGINES];  /* each engine's, or NULL
                                 (engines naming one file share it) */
    struct gt_match_log log;
    FILE *out, *pgn, *record, *progress;
    const struct gt_notation *fmt;   /* the games file's format; NULL: PGN */
    struct gt_match_summary *sum;
    pthread_mutex_t lock;
    int next, total, done;
    int threads_started;      /* numbers the workers' log labels */
    int nthreads;
    int written;              /* games 0 .. written-1 are in the files */
    int in_pgn;               /* games in the games file before the next
                                 (1 for a file that held anything) */
    struct pending *pending;  /* finished later games, by number */
    struct rss_note *rss;     /* nthreads x nengines, or NULL */
    bool stop;
    double llr_lo, llr_hi;
    signed char *points;      /* per game: the pair's first engine's half
                                 points + 1 (0: not finished), until its
                                 twin (same opening, colours swapped) is */
    char *finished;           /* per game: 1 when the files held it
                                 (--resume), or NULL */
    int resumed;              /* how many */
};

void gt_match_config_default(struct gt_match_config *c, const struct gt_game *g)
{
    memset(c, 0, sizeof *c);
    c->g = g;
    c->games = 2;
    c->concurrency = 1;
    c->tc.margin_ms = 100;
    c->tc.hang_ms = 60000;
    c->alpha = c->beta = 0.05;
    c->elo1 = 5;
}

/* splitmix64: the same shuffle for the same seed on every machine. */
static uint64_t next_random(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* -openings order=random plies=N: shuffle (Fisher-Yates) and cut each
 * opening's moves to the first N plies. */
static void arrange_openings(const struct gt_match_config *c, struct gt_openings *ops)
{
    uint64_t x = c->seed;
    for (int i = ops->n - 1; c->openings_random && i > 0; i--) {
        int j = (int)(next_random(&x) % (uint64_t)(i + 1));
        struct gt_opening t = ops->v[i];
        ops->v[i] = ops->v[j];
        ops->v[j] = t;
    }
    for (int i = 0; c->opening_plies > 0 && i < ops->n; i++)
        while (ops->v[i].nmoves > c->opening_plies)
            free(ops->v[i].moves[--ops->v[i].nmoves]);
}

/* Game number n (0-based) of the schedule: which pair, which opening,
 * and whether the pair's first engine plays side 0. */
static void schedule(const struct sched *s, int n, int *pair, int *opening, bool *a_first)
{
    int k = n / s->sum->npairs;
    *pair = n % s->sum->npairs;
    *opening = s->ops.n ? (k / 2 + s->c->first_opening) % s->ops.n : -1;
    *a_first = k % 2 == 0;
}

static void print_tally_line(FILE *out, const struct gt_match_config *c,
                             const struct gt_match_summary *sum, int p)
{
    const struct gt_match_tally *t = &sum->tally[p];
    struct gt_elo e;
    gt_elo_estimate(t->wins, t->losses, t->draws, &e);
    char elo[32];
    fprintf(out, "%s vs %s: +%d -%d =%d, score %.1f%%, Elo %s\n",
            c->engines[sum->pair_a[p]].name, c->engines[sum->pair_b[p]].name, t->wins,
            t->losses, t->draws, 100 * e.score, gt_elo_text(e.elo, elo, sizeof elo));
}

static void write_game(struct sched *s, int n, int pair, bool a_first,
                       const struct gt_game_record *rec)
{
    const struct gt_match_config *c = s->c;
    const struct gt_match_summary *sum = s->sum;
    const char *first = c->engines[a_first ? sum->pair_a[pair] : sum->pair_b[pair]].name;
    const char *second = c->engines[a_first ? sum->pair_b[pair] : sum->pair_a[pair]].name;
    if (s->pgn) {
        if (!s->fmt)
            gt_record_pgn(s->pgn, c, n + 1, first, second, rec);
        else if (gt_record_write(s->pgn, s->fmt, c, n + 1, s->in_pgn, first, second, rec) < 0)
            fprintf(stderr, "gtsearch match: game %d: the %s record was not written to '%s'\n",
                    n + 1, s->fmt->name, c->pgn);
        fflush(s->pgn);
        s->in_pgn++;
    }
    if (s->record) {
        /* A notation's games file cannot be read back: the line says where
         * its game ends, so that --resume can cut a game the line lacks. */
        long games_end = s->pgn && s->fmt ? ftell(s->pgn) : -1;
        gt_record_line(s->record, c, n + 1, first, second, rec, games_end);
        fflush(s->record);
    }
}

/* Past the games the files held before (--resume): none is awaited. */
static void skip_finished(struct sched *s)
{
    while (s->finished && s->written < s->total && s->finished[s->written])
        s->written++;
}

/* Write the games that are next in order (under the lock). */
static void write_ready(struct sched *s)
{
    while (s->pending && s->pending->n == s->written) {
        struct pending *w = s->pending;
        s->pending = w->next;
        write_game(s, w->n, w->pair, w->a_first, &w->rec);
        gt_game_record_free(&w->rec);
        free(w);
        s->written++;
        skip_finished(s);
    }
}

/* A game that finished before an earlier one keeps its record (taken
 * from rec) until that one is written: the files stay in game order. */
static void write_in_order(struct sched *s, int n, int pair, bool a_first,
                           struct gt_game_record *rec)
{
    struct pending *w = n == s->written ? NULL : malloc(sizeof *w);
    if (!w) {                /* next in order, or out of memory: at once */
        write_game(s, n, pair, a_first, rec);
        s->written += n == s->written;
        skip_finished(s);
        write_ready(s);
        return;
    }
    *w = (struct pending){.n = n, .pair = pair, .a_first = a_first, .rec = *rec};
    rec->moves = NULL;
    rec->notes = NULL;
    rec->nmoves = 0;
    struct pending **at = &s->pending;
    while (*at && (*at)->n < n)
        at = &(*at)->next;
    w->next = *at;
    *at = w;
}

/* Game n ended with `half` half points for the pair's first engine:
 * once its twin game has ended too, the pair counts in the pentanomial. */
static void count_pair(struct sched *s, int n, int pair, int half)
{
    int np = s->sum->npairs, k = n / np, twin = (k ^ 1) * np + pair;
    if (!s->points || twin >= s->total)
        return;
    s->points[n] = (signed char)(half + 1);
    if (s->points[twin])
        s->sum->tally[pair].ptnml[half + s->points[twin] - 1]++;
}

static void print_pair(FILE *out, const struct gt_match_config *c,
                       const struct gt_match_summary *sum, int p);
static void print_sprt(FILE *out, const struct sched *s);

/* -ratinginterval: the standings every N games. */
static void print_interval(struct sched *s)
{
    const struct gt_match_summary *sum = s->sum;
    fprintf(s->out, "Standings after %d games:\n", sum->games_played);
    for (int p = 0; p < sum->npairs; p++)
        print_pair(s->out, s->c, sum, p);
    if (s->c->sprt)
        print_sprt(s->out, s);
    if (s->c->nengines >= 3)
        gt_standings_print(s->out, s->c, sum);
}

/* Count one finished game (under the lock); a resumed one (read back
 * from the files) is neither printed nor written again. */
static void tally(struct sched *s, int n, int pair, bool a_first, struct gt_game_record *rec,
                  bool resumed)
{
    struct gt_match_summary *sum = s->sum;
    struct gt_match_tally *t = &sum->tally[pair];
    int for_a = a_first ? rec->result : -rec->result;
    if (for_a > 0)
        t->wins++;
    else if (for_a < 0)
        t->losses++;
    else
        t->draws++;
    count_pair(s, n, pair, for_a + 1);
    if (rec->culprit >= 0) {
        int who = (rec->culprit == 0) == a_first ? 0 : 1;   /* 0: the pair's first */
        if (rec->end == GT_END_TIME)
            t->time_losses[who]++;
        else if (rec->end == GT_END_CRASH)
            t->crashes[who]++;
        else if (rec->end == GT_END_ILLEGAL)
            t->illegal[who]++;
    }
    sum->games_played++;
    s->done++;
    const struct gt_match_config *c = s->c;
    int seat_engine[2] = {a_first ? sum->pair_a[pair] : sum->pair_b[pair],
                          a_first ? sum->pair_b[pair] : sum->pair_a[pair]};
    const char *first = c->engines[seat_engine[0]].name;
    const char *second = c->engines[seat_engine[1]].name;
    for (int k = 0; k < 2; k++)
        sum->revived[seat_engine[k]] += rec->revived[k];
    if (!c->quiet && !resumed) {
        fprintf(s->out, "Game %d/%d: %s - %s %s {%s}\n", n + 1, s->total, first, second,
                gt_result_text(rec->result), rec->reason);
        for (int k = 0; k < 2; k++)
            if (rec->revived[k])
                fprintf(s->out, "  (%s had exited since its last move: restarted)\n",
                        c->engines[seat_engine[k]].name);
        fprintf(s->out, "  ");
        print_tally_line(s->out, c, sum, pair);
        fflush(s->out);
    }
    if (!resumed)
        write_in_order(s, n, pair, a_first, rec);
    /* The SPRT counts pairs where there are some (as fastchess does): a
     * pair's two games share an opening and are not independent. */
    if (c->sprt && !s->stop) {
        double penta = gt_sprt_llr_penta(t->ptnml, c->elo0, c->elo1);
        sum->llr = penta != 0 ? penta : gt_sprt_llr(t->wins, t->losses, t->draws, c->elo0,
                                                     c->elo1);
    }
    if (s->progress && !resumed)
        gt_match_progress_line(s->progress, c, sum, n, pair, s->llr_lo, s->llr_hi);
    if (!c->quiet && !resumed && c->rating_interval > 0 &&
        sum->games_played % c->rating_interval == 0)
        print_interval(s);
    if (c->sprt && !s->stop && (sum->llr >= s->llr_hi || sum->llr <= s->llr_lo)) {
        sum->sprt_verdict = sum->llr >= s->llr_hi ? 1 : -1;
        sum->sprt_games = sum->games_played;
        s->stop = true;
        if (!c->quiet)
            fprintf(s->out, "SPRT: LLR %.2f crossed the %s bound %.2f: %s accepted; "
                    "no new games\n", sum->llr, sum->sprt_verdict > 0 ? "upper" : "lower",
                    sum->sprt_verdict > 0 ? s->llr_hi : s->llr_lo,
                    sum->sprt_verdict > 0 ? "H1" : "H0");
    }
    fflush(s->out);
}

/* --report-rss: the engine's memory after a game it played. */
static void note_rss(struct gt_player *p, int game)
{
    long kb = gt_proc_running(&p->proc) ? gt_proc_rss_kb(&p->proc) : -1;
    if (kb < 0)
        return;
    if (p->rss_pid != (long)p->proc.pid) {   /* a new process starts over */
        p->rss_pid = (long)p->proc.pid;
        p->rss_first = kb;
        p->rss_first_game = game;
    }
    p->rss_last = kb;
    p->rss_last_game = game;
}

/* The handle hooks get. */
struct gt_match {
    struct sched *s;
};

bool gt_match_tally(struct gt_match *m, int n, struct gt_game_record *rec)
{
    struct sched *s = m->s;
    int pair, opening;
    bool a_first;
    schedule(s, n, &pair, &opening, &a_first);
    rec->op = opening >= 0 ? &s->ops.v[opening] : NULL;
    pthread_mutex_lock(&s->lock);
    tally(s, n, pair, a_first, rec, false);
    bool stop = s->stop;
    pthread_mutex_unlock(&s->lock);
    return stop;
}

/* The next game to play: the hooks', or this process's own count. */
static int next_game(struct sched *s)
{
    const struct gt_match_hooks *h = s->c->hooks;
    if (h)
        return h->next(h->ctx);
    pthread_mutex_lock(&s->lock);
    if (!s->stop && s->c->interrupted && atomic_load(s->c->interrupted)) {
        s->stop = true;
        if (s->out)
            fprintf(s->out, "Interrupted: no new game; the games in progress finish "
                    "(Ctrl-C again to quit at once)\n");
    }
    while (s->finished && s->next < s->total && s->finished[s->next])
        s->next++;
    int n = s->stop || s->next >= s->total ? -1 : s->next++;
    pthread_mutex_unlock(&s->lock);
    return n;
}

/* Game n's books.  The draws are seeded by the match's seed and the
 * game's opening pair, so that both games of a pair (colours swapped)
 * draw alike: with one book for both engines they play the same line. */
static void game_books(const struct sched *s, int n, int pair, bool a_first,
                       struct gt_game_books *b)
{
    const struct gt_match_config *c = s->c;
    int engine[2] = {a_first ? s->sum->pair_a[pair] : s->sum->pair_b[pair],
                     a_first ? s->sum->pair_b[pair] : s->sum->pair_a[pair]};
    uint64_t x = c->seed ^ ((uint64_t)(n / s->sum->npairs / 2) << 20) ^ (uint64_t)pair;
    b->rng = next_random(&x);
    for (int side = 0; side < 2; side++) {
        const struct gt_match_engine *e = &c->engines[engine[side]];
        b->seat[side] = (struct gt_book_seat){
            .book = s->books[engine[side]],
            .depth = e->book_depth ? e->book_depth : c->book_depth,
        };
    }
}

/* Open every engine's book (its own, else the match's); one file named
 * twice is read once. */
static int open_books(struct sched *s, char *err, size_t err_len)
{
    const struct gt_match_config *c = s->c;
    for (int i = 0; i < c->nengines; i++) {
        const char *path = c->engines[i].book ? c->engines[i].book : c->book;
        if (!path)
            continue;
        if (!c->g->book) {
            gt_errf(err, err_len, "%s has no opening-book format: engine %d's book '%s' "
                    "cannot be read", c->g->name, i + 1, path);
            return -1;
        }
        for (int j = 0; j < i && !s->books[i]; j++)
            if (s->books[j] && !strcmp(s->books[j]->path, path))
                s->books[i] = s->books[j];
        if (!s->books[i] && gt_book_open(path, &s->books[i], err, err_len) < 0)
            return -1;
    }
    return 0;
}

static void *worker(void *arg)
{
    struct sched *s = arg;
    const struct gt_match_config *c = s->c;
    struct gt_player *players = calloc((size_t)c->nengines, sizeof *players);
    if (!players)
        return NULL;
    pthread_mutex_lock(&s->lock);
    int tid = ++s->threads_started;
    pthread_mutex_unlock(&s->lock);
    for (int i = 0; i < c->nengines; i++) {
        char label[80];
        snprintf(label, sizeof label, "%s#%d", c->engines[i].name, tid);
        gt_player_init(&players[i], &c->engines[i], c->g, &s->log, label);
    }
    for (;;) {
        int n = next_game(s);
        if (n < 0)
            break;
        int pair, opening;
        bool a_first;
        schedule(s, n, &pair, &opening, &a_first);
        struct gt_player *a = &players[s->sum->pair_a[pair]];
        struct gt_player *b = &players[s->sum->pair_b[pair]];
        struct gt_player *seats[2] = {a_first ? a : b, a_first ? b : a};
        struct gt_game_record rec;
        struct gt_game_books books;
        game_books(s, n, pair, a_first, &books);
        gt_referee_play(c, seats, opening >= 0 ? &s->ops.v[opening] : NULL, &books, &rec);
        for (int k = 0; k < 2 && c->report_rss; k++)
            note_rss(seats[k], n + 1);
        if (c->hooks) {
            c->hooks->done(c->hooks->ctx, n, &rec);
        } else {
            pthread_mutex_lock(&s->lock);
            tally(s, n, pair, a_first, &rec, false);
            pthread_mutex_unlock(&s->lock);
        }
        gt_game_record_free(&rec);
    }
    pthread_mutex_lock(&s->lock);
    for (int i = 0; s->rss && tid <= s->nthreads && i < c->nengines; i++) {
        struct rss_note *r = &s->rss[(tid - 1) * c->nengines + i];
        snprintf(r->label, sizeof r->label, "%s", players[i].label);
        r->pid = players[i].rss_pid;
        r->first = players[i].rss_first;
        r->last = players[i].rss_last;
        r->first_game = players[i].rss_first_game;
        r->last_game = players[i].rss_last_game;
        r->restarts = players[i].restarts;
    }
    pthread_mutex_unlock(&s->lock);
    for (int i = 0; i < c->nengines; i++)
        gt_player_quit(&players[i]);
    free(players);
    return NULL;
}

/* What gnushogi cannot do, said before the first game. */
static bool gnushogi_refused(const struct gt_match_config *c, const struct gt_match_engine *e,
                             int i, char *err, size_t err_len)
{
    if (!gt_gnushogi_notation(c->g))
        gt_errf(err, err_len, "engine %d speaks gnushogi's protocol, and %s has no %s "
                "notation to speak it with", i + 1, c->g->name, GT_GNUSHOGI_NOTATION);
    else if (c->tc.nodes > 0 || e->nodes > 0)
        gt_errf(err, err_len, "engine %d (gnushogi) has no node limit", i + 1);
    else if (e->noptions > 0)
        gt_errf(err, err_len, "engine %d (gnushogi) has no options (option.%s)", i + 1,
                e->opt_name[0]);
    else
        return false;
    return true;
}

/* Start each engine once: it must work, and it tells its name. */
static int preflight(struct sched *s, char *err, size_t err_len)
{
    struct gt_match_config *c = s->c;
    for (int i = 0; i < c->nengines; i++) {
        struct gt_match_engine *e = &c->engines[i];
        struct gt_player p;
        char why[512];
        gt_player_init(&p, e, c->g, &s->log, e->name[0] ? e->name : "engine");
        bool nodes = c->tc.nodes > 0 || e->nodes > 0;
        if (p.proto == GT_PROTO_CECP && (nodes || c->tc.byoyomi_ms > 0)) {
            gt_errf(err, err_len, "engine %d speaks CECP, which has no %s limit", i + 1,
                    nodes ? "node" : "byoyomi");
            return -1;
        }
        if (p.proto == GT_PROTO_GNUSHOGI && gnushogi_refused(c, e, i, err, err_len))
            return -1;
        if (gt_player_start(&p, why, sizeof why) < 0) {
            gt_errf(err, err_len, "engine %d does not start: %s", i + 1, why);
            return -1;
        }
        gt_player_quit(&p);
        bool listed = p.proto == GT_PROTO_UCI || p.proto == GT_PROTO_USI;
        for (int k = 0; listed && k < e->noptions; k++)
            if (!(p.offered & 1u << k) && !(e->opt_if_offered & 1u << k))
                fprintf(stderr, "gtsearch match: warning: engine %d (%s) does not offer "
                        "option '%s': not sent\n", i + 1, e->name[0] ? e->name
                        : p.id_name[0] ? p.id_name : e->cmd, e->opt_name[k]);
        bool set_up = false;
        for (int k = 0; k < s->ops.n; k++)
            set_up = set_up || s->ops.v[k].base;
        if (p.proto == GT_PROTO_CECP && !p.cecp_setboard && set_up) {
            gt_errf(err, err_len, "engine %d (CECP) has no setboard, so it cannot play the "
                    "openings that start from a position; give them as 'startpos moves' "
                    "lines", i + 1);
            return -1;
        }
        if (!e->name[0])
            snprintf(e->name, sizeof e->name, "%s", p.id_name[0] ? p.id_name : e->cmd);
    }
    /* Names tell engines apart in the results. */
    for (int i = 1; i < c->nengines; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(c->engines[i].name, c->engines[j].name)) {
                char longer[128];
                snprintf(longer, sizeof longer, "%.56s #%d", c->engines[i].name, i + 1);
                memcpy(c->engines[i].name, longer, sizeof c->engines[i].name - 1);
                break;
            }
    return 0;
}

/* A pair's results: games, score, Elo, LOS, and for paired games the
 * pentanomial counts and normalized Elo. */
static void print_pair(FILE *out, const struct gt_match_config *c,
                       const struct gt_match_summary *sum, int p)
{
    const struct gt_match_tally *t = &sum->tally[p];
    const char *a = c->engines[sum->pair_a[p]].name, *b = c->engines[sum->pair_b[p]].name;
    struct gt_elo e;
    gt_elo_estimate(t->wins, t->losses, t->draws, &e);
    fprintf(out, "%s vs %s: %d games, W %d L %d D %d (for %s)\n", a, b, e.games, t->wins,
            t->losses, t->draws, a);
    char elo[32], lo[32], hi[32];
    fprintf(out, "  score %.1f%%, Elo difference %s, 95%% interval [%s, %s], "
            "LOS %.1f%%\n", 100 * e.score, gt_elo_text(e.elo, elo, sizeof elo),
            gt_elo_text(e.elo_lo, lo, sizeof lo), gt_elo_text(e.elo_hi, hi, sizeof hi),
            100 * e.los);
    struct gt_penta pe;
    gt_penta_estimate(t->ptnml, &pe);
    if (!pe.pairs)
        return;
    fprintf(out, "  Ptnml(0-2): %d, %d, %d, %d, %d\n", t->ptnml[0], t->ptnml[1],
            t->ptnml[2], t->ptnml[3], t->ptnml[4]);
    fprintf(out, "  pairs %d: Elo %s, 95%% interval [%s, %s]; ", pe.pairs,
            gt_elo_text(pe.elo, elo, sizeof elo), gt_elo_text(pe.elo_lo, lo, sizeof lo),
            gt_elo_text(pe.elo_hi, hi, sizeof hi));
    fprintf(out, "nElo %s, 95%% interval [%s, %s]\n", gt_elo_text(pe.nelo, elo, sizeof elo),
            gt_elo_text(pe.nelo_lo, lo, sizeof lo), gt_elo_text(pe.nelo_hi, hi, sizeof hi));
}

static void print_sprt(FILE *out, const struct sched *s)
{
    const struct gt_match_config *c = s->c;
    const struct gt_match_summary *sum = s->sum;
    fprintf(out, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f, bounds [%.3f, %.3f]: ",
            c->elo0, c->elo1, c->alpha, c->beta, fabs(sum->llr) < 5e-4 ? 0.0 : sum->llr, s->llr_lo, s->llr_hi);
    if (sum->sprt_verdict)
        fprintf(out, "%s after %d games (games already running were finished and "
                "counted)\n", sum->sprt_verdict > 0 ? "H1 accepted" : "H0 accepted",
                sum->sprt_games);
    else
        fprintf(out, "no decision\n");
}

static void print_results(struct sched *s)
{
    const struct gt_match_config *c = s->c;
    const struct gt_match_summary *sum = s->sum;
    FILE *out = s->out;
    fprintf(out, "\nResults after %d games:\n", sum->games_played);
    for (int p = 0; p < sum->npairs; p++) {
        print_pair(out, c, sum, p);
        const struct gt_match_tally *t = &sum->tally[p];
        const char *a = c->engines[sum->pair_a[p]].name, *b = c->engines[sum->pair_b[p]].name;
        fprintf(out, "  losses on time: %s %d, %s %d; crashes/hangs: %s %d, %s %d; "
                "illegal moves: %s %d, %s %d\n", a, t->time_losses[0], b, t->time_losses[1],
                a, t->crashes[0], b, t->crashes[1], a, t->illegal[0], b, t->illegal[1]);
    }
    bool revived = false;
    for (int i = 0; i < c->nengines; i++)
        revived = revived || sum->revived[i];
    if (revived) {
        fprintf(out, "exits between games (restarted, no game lost):");
        for (int i = 0; i < c->nengines; i++)
            fprintf(out, "%s %s %d", i ? "," : "", c->engines[i].name, sum->revived[i]);
        fprintf(out, "\n");
    }
    if (s->rss) {
        fprintf(out, "Engine memory (VmRSS of each engine's process group, after its first "
                "and its last game):\n");
        for (int k = 0; k < s->nthreads * c->nengines; k++) {
            const struct rss_note *r = &s->rss[k];
            if (!r->label[0])
                continue;
            if (!r->pid) {
                fprintf(out, "  RSS %s: none measured\n", r->label);
                continue;
            }
            fprintf(out, "  RSS %s: %ld kB after game %d, %ld kB after game %d (%+ld kB); "
                    "restarts %d%s\n", r->label, r->first, r->first_game, r->last,
                    r->last_game, r->last - r->first, r->restarts,
                    r->restarts ? " (the figures are the last process's)" : "");
        }
    }
    if (c->sprt)
        print_sprt(out, s);
    if (c->nengines >= 3) {
        fprintf(out, "Standings (each engine's Elo from its score against the field):\n");
        gt_standings_print(out, c, sum);
    }
    fflush(out);
}

/* One game a file holds, against the schedule of this command line. */
static int resumed_game(struct sched *s, const struct gt_resume *r, const struct gt_resumed *g,
                        char *err, size_t err_len)
{
    const struct gt_match_config *c = s->c;
    const struct gt_match_summary *sum = s->sum;
    int n = g->number - 1, pair, opening;
    bool a_first;
    if (n >= s->total) {
        gt_errf(err, err_len, "%s:%d: game %d, but this match has %d games (%d per pair, "
                "%d pairs): not the same --games or engines", r->file, g->line, g->number,
                s->total, c->games, sum->npairs);
        return -1;
    }
    schedule(s, n, &pair, &opening, &a_first);
    const char *first = c->engines[a_first ? sum->pair_a[pair] : sum->pair_b[pair]].name;
    const char *second = c->engines[a_first ? sum->pair_b[pair] : sum->pair_a[pair]].name;
    const char *variant = gt_match_variant_name(c);
    const char *base = opening >= 0 ? s->ops.v[opening].base : NULL;
    if (strcmp(g->first, first) || strcmp(g->second, second)) {
        gt_errf(err, err_len, "%s:%d: game %d is %s - %s, but game %d of this match is "
                "%s - %s: other engines, names or order", r->file, g->line, g->number,
                g->first, g->second, g->number, first, second);
        return -1;
    }
    /* PGN names the game in its Variant tag (none where the variant is ""). */
    if (r->pgn && strcmp(g->has_variant ? g->variant : "", variant)) {
        gt_errf(err, err_len, "%s:%d: game %d is %s, and this match plays %s", r->file,
                g->line, g->number, g->has_variant ? g->variant : "without a Variant tag",
                *variant ? variant : c->g->name);
        return -1;
    }
    if ((base == NULL) != (g->start == NULL) || (base && strcmp(base, g->start))) {
        gt_errf(err, err_len, "%s:%d: game %d starts from %s, but its opening here is %s: "
                "another openings file or order", r->file, g->line, g->number,
                g->start ? g->start : "the start position", base ? base : "the start position");
        return -1;
    }
    /* Time, crash and illegal name their culprit: the loser. */
    bool fault = g->end == GT_END_TIME || g->end == GT_END_CRASH || g->end == GT_END_ILLEGAL;
    struct gt_game_record rec = {.op = opening >= 0 ? &s->ops.v[opening] : NULL,
                                 .result = g->result, .end = g->end,
                                 .culprit = fault && g->result ? (g->result > 0 ? 1 : 0) : -1};
    s->finished[n] = 1;
    s->resumed++;
    tally(s, n, pair, a_first, &rec, true);
    return 0;
}

/* --resume: read both files, agree them, check every game against this
 * command line, count them, and cut what is to be played again. */
static int resume(struct sched *s, char *err, size_t err_len)
{
    const struct gt_match_config *c = s->c;
    struct gt_resume pgn = {0}, lines = {0};
    bool has_pgn = c->pgn && !s->fmt, has_lines = c->record != NULL;
    int rc = -1;
    if (c->hooks) {
        gt_errf(err, err_len, "--resume is for a match in one process, not a distributed one");
        return -1;
    }
    if (!has_pgn && !has_lines) {
        if (c->pgn)
            gt_errf(err, err_len, "--resume reads the games back from PGN or the --record "
                    "lines; the %s games file '%s' needs --record FILE beside it",
                    s->fmt->name, c->pgn);
        else
            gt_errf(err, err_len, "--resume needs the games file (--pgn FILE, -pgnout FILE) "
                    "or the --record file of the match");
        return -1;
    }
    if ((has_pgn && gt_resume_read(c->pgn, true, &pgn, err, err_len) < 0) ||
        (has_lines && gt_resume_read(c->record, false, &lines, err, err_len) < 0))
        goto out;
    struct gt_resume *a = has_pgn ? &pgn : &lines, *b = has_pgn && has_lines ? &lines : NULL;
    if (gt_resume_reconcile(a, b, err, err_len) < 0 ||
        !(s->finished = calloc((size_t)s->total, 1)))
        goto out;
    for (int i = 0; i < a->n; i++)
        if (resumed_game(s, a, &a->v[i], err, err_len) < 0)
            goto out;
    if (gt_resume_cut(a, stderr, err, err_len) < 0 ||
        (b && gt_resume_cut(b, stderr, err, err_len) < 0) ||
        (c->pgn && s->fmt && gt_resume_cut_notation(c->pgn, &lines, stderr, err, err_len) < 0))
        goto out;
    skip_finished(s);
    rc = 0;
out:
    gt_resume_free(&pgn);
    gt_resume_free(&lines);
    return rc;
}

static FILE *open_out(const char *path, char *err, size_t err_len)
{
    FILE *f = fopen(path, "a");
    if (!f)
        gt_errf(err, err_len, "cannot open '%s' for writing", path);
    return f;
}

int gt_match_run(struct gt_match_config *c, FILE *out, struct gt_match_summary *sum,
                 char *err, size_t err_len)
{
    struct sched s = {.c = c, .out = out, .sum = sum};
    int rc = -1;
    memset(sum, 0, sizeof *sum);
    pthread_mutex_init(&s.lock, NULL);
    pthread_mutex_init(&s.log.lock, NULL);
    if (c->nengines < 2) {
        gt_errf(err, err_len, "a match needs at least two engines");
        goto out;
    }
    for (int i = 0; i < (c->gauntlet ? 1 : c->nengines); i++)
        for (int j = i + 1; j < c->nengines; j++) {
            sum->pair_a[sum->npairs] = i;
            sum->pair_b[sum->npairs++] = j;
        }
    if (c->sprt && c->nengines != 2) {
        gt_errf(err, err_len, "the SPRT needs exactly two engines");
        goto out;
    }
    gt_sprt_bounds(c->alpha, c->beta, &s.llr_lo, &s.llr_hi);
    if (gt_record_format(c->g, c->record_format, c->pgn, &s.fmt, err, err_len) < 0)
        goto out;
    if (c->openings &&
        gt_openings_load(c, c->openings, &s.ops, c->quiet ? NULL : stderr, err, err_len) < 0)
        goto out;
    arrange_openings(c, &s.ops);
    if (open_books(&s, err, err_len) < 0)
        goto out;
    if (c->log && !(s.log.f = open_out(c->log, err, err_len)))
        goto out;
    /* The engines' names first: the resumed games are checked by them. */
    if (preflight(&s, err, err_len) < 0)
        goto out;
    s.total = c->games * sum->npairs;
    s.points = calloc((size_t)s.total, 1);
    if (c->resume && resume(&s, err, err_len) < 0)
        goto out;
    if ((c->pgn && !(s.pgn = open_out(c->pgn, err, err_len))) ||
        (c->record && !(s.record = open_out(c->record, err, err_len))) ||
        (c->progress && !(s.progress = open_out(c->progress, err, err_len))))
        goto out;
    /* Appending to a file with games: the first new one needs the
     * format's separator too. */
    if (s.pgn && fseek(s.pgn, 0, SEEK_END) == 0 && ftell(s.pgn) > 0)
        s.in_pgn = 1;
    int left = s.total - s.resumed;
    int nthreads = c->concurrency < left ? c->concurrency : left;
    if (nthreads < 1)
        nthreads = 1;
    s.nthreads = nthreads;
    pthread_t *threads = calloc((size_t)nthreads, sizeof *threads);
    if (c->report_rss)
        s.rss = calloc((size_t)(nthreads * c->nengines), sizeof *s.rss);
    if (!threads || (c->report_rss && !s.rss)) {
        free(threads);
        gt_errf(err, err_len, "out of memory");
        goto out;
    }
    if (!c->quiet) {
        fprintf(out, "Match: %d engines%s, %d games per pair, %d in parallel, %s\n",
                c->nengines, c->gauntlet && c->nengines > 2 ? " (gauntlet)" : "", c->games,
                nthreads, s.ops.n ? "openings from the file" : "from the start position");
        if (c->resume)
            fprintf(out, "Resumed: %d of the %d games are in the files and counted; %d to "
                    "play\n", s.resumed, s.total, left);
        fflush(out);
    }
    const struct gt_match_hooks *h = c->hooks;
    struct gt_match handle = {&s};
    if (h && h->begin)
        h->begin(h->ctx, &handle, s.total);
    int started = 0;
    for (; started < nthreads; started++)
        if (pthread_create(&threads[started], NULL, worker, &s) != 0)
            break;
    if (started == 0)
        worker(&s);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    if (h && h->end)
        h->end(h->ctx);
    /* Every game handed out was finished, so nothing waits here; were
     * one missing, the games after it are still written. */
    while (s.pending) {
        s.written = s.pending->n;
        write_ready(&s);
    }
    if (!c->quiet)
        print_results(&s);
    rc = 0;
out:
    free(s.points);
    free(s.finished);
    free(s.rss);
    gt_openings_free(&s.ops);
    for (int i = 0; i < c->nengines; i++) {
        bool shared = false;
        for (int j = 0; j < i; j++)
            shared = shared || s.books[j] == s.books[i];
        if (!shared)
            gt_book_free(s.books[i]);
    }
    if (s.log.f)
        fclose(s.log.f);
    if (s.pgn)
        fclose(s.pgn);
    if (s.record)
        fclose(s.record);
    if (s.progress)
        fclose(s.progress);
    pthread_mutex_destroy(&s.lock);
    pthread_mutex_destroy(&s.log.lock);
    return rc;
}
