/* datagen.c -- self-play games for tuning data (datagen.h).
 *
 * Each thread owns an engine (no shared state but the output and the
 * counters, behind one lock).  Game i's random choices come from the seed
 * and i alone, and its engine starts each game with a cleared table, so a
 * game is the same whichever thread plays it.  A game reaches the file
 * whole, flushed at once, or not at all.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "datagen.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/ending.h"
#include "core/search.h"
#include "core/util.h"
#include "engine/engine.h"
#include "match/match.h"
#include "match/match_openings.h"

void gt_datagen_config_default(struct gt_datagen_config *c, const struct gt_game *g)
{
    int u = g->eval_unit > 0 ? g->eval_unit : 100;
    *c = (struct gt_datagen_config){
        .games = 100, .nodes = 5000, .threads = 1, .random_plies = 8,
        .max_opening_score = 3 * u, .seed = 1, .hash_mb = 16,
        .win_score = 10 * u, .win_plies = 6,
        .draw_score = u / 10, .draw_plies = 12, .draw_after = 80,
        .max_plies = 400, .write_score = true, .report_ms = 10000,
        .format = GT_DATA_TEXT,
    };
}

struct shared {
    const struct gt_game *g;
    const struct gt_datagen_config *c;
    const struct gt_openings *book;
    struct gt_data_writer *w;
    FILE *progress;
    pthread_mutex_t lock;
    long next_game;
    struct gt_datagen_stats st;
    int64_t t0, last_report;
    int failed;
    char err[640];
    struct gt_data_record rec; /* the one being written, under the lock */
};

/* What play_game returns for a game dropped at a stop. */
#define STOPPED (-2.0)

static bool stopped(const struct shared *sh)
{
    return sh->c->stop && atomic_load(sh->c->stop);
}

/* One game's text: the start and the moves so far (protocol text). */
struct game {
    char *start;               /* NULL: the start position */
    char *moves;
    size_t len, cap;
    int nmoves;                /* plies played from start */
    char *lines;               /* the kept positions, "TEXT | SCORE | PLY" */
    size_t llen, lcap;
};

static int append(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t n = strlen(s);
    if (*len + n + 1 > *cap) {
        size_t c = *cap ? *cap : 1024;
        while (c < *len + n + 1)
            c *= 2;
        char *b = realloc(*buf, c);
        if (!b)
            return -1;
        *buf = b;
        *cap = c;
    }
    memcpy(*buf + *len, s, n + 1);
    *len += n;
    return 0;
}

static int play_text(struct game *gm, const struct gt_game *g, const void *pos, gt_move m)
{
    char mv[64];
    g->move_to_text(pos, m, mv, sizeof mv);
    if (gm->len && append(&gm->moves, &gm->len, &gm->cap, " ") < 0)
        return -1;
    gm->nmoves++;
    return append(&gm->moves, &gm->len, &gm->cap, mv);
}

static int sync_engine(struct gt_engine *e, struct game *gm)
{
    char err[256];
    return gt_engine_set_position(e, gm->start, gm->moves ? gm->moves : "", err, sizeof err);
}

/* The opening: a book line (or the start) and random legal moves.  0 if
 * the game may begin, 1 if this opening ended the game (try another). */
static int opening(struct shared *sh, struct gt_engine *e, struct game *gm, uint64_t *rng,
                   gt_move *buf)
{
    const struct gt_game *g = sh->g;
    gm->len = 0;
    gm->nmoves = 0;
    if (gm->moves)
        gm->moves[0] = 0;
    free(gm->start);
    gm->start = NULL;
    if (sh->book && sh->book->n) {
        const struct gt_opening *op = &sh->book->v[gt_rand64(rng) % (uint64_t)sh->book->n];
        gm->start = op->base ? strdup(op->base) : NULL;
        for (int i = 0; i < op->nmoves; i++, gm->nmoves++)
            if ((gm->len && append(&gm->moves, &gm->len, &gm->cap, " ") < 0) ||
                append(&gm->moves, &gm->len, &gm->cap, op->moves[i]) < 0)
                return -1;
    }
    if (sync_engine(e, gm) < 0)
        return 1;
    for (int p = 0; p < sh->c->random_plies; p++) {
        const void *pos = gt_engine_position(e);
        int n = g->generate(pos, GT_GEN_ALL, buf);
        if (n <= 0)
            return 1;
        if (play_text(gm, g, pos, buf[gt_rand64(rng) % (uint64_t)n]) < 0 ||
            sync_engine(e, gm) < 0)
            return -1;
    }
    struct gt_ending end;
    if (gt_game_ended(g, gt_engine_position(e), 0, buf, &end))
        return 1;
    /* An opening that is already lost teaches nothing about balance. */
    struct gt_limits lim = {.nodes = sh->c->nodes, .depth = sh->c->depth};
    struct gt_search_result res;
    if (gt_engine_search(e, &lim, NULL, NULL, &res) < 0)
        return -1;
    return abs(res.score) > sh->c->max_opening_score;
}

static int keep_line(struct game *gm, const struct gt_game *g, const void *pos, int score,
                     bool with_score)
{
    char text[GT_DATA_TEXT_MAX], tail[64];
    g->to_text(pos, text, sizeof text);
    if (with_score)
        snprintf(tail, sizeof tail, " | %d | %d\n", g->side(pos) == 0 ? score : -score,
                 gm->nmoves);
    else
        snprintf(tail, sizeof tail, " | - | %d\n", gm->nmoves);
    return append(&gm->lines, &gm->llen, &gm->lcap, text) < 0 ||
           append(&gm->lines, &gm->llen, &gm->lcap, tail) < 0 ? -1 : 0;
}

/* Play the game from its opening to the end.  Returns the first player's
 * result (1, 0.5, 0), margin (a game that ended by its rules and has
 * final_margin; else 0) and whether it was adjudicated; -1 on an error,
 * STOPPED when the run was stopped first. */
static double play_game(struct shared *sh, struct gt_engine *const pl[2], struct game *gm,
                        gt_move *buf, int *margin, bool *adjudicated)
{
    const struct gt_game *g = sh->g;
    struct gt_engine *e = pl[0];
    const struct gt_datagen_config *c = sh->c;
    int win_run = 0, win_side = -1, draw_run = 0;
    *adjudicated = false;
    *margin = 0;
    for (int ply = 0;; ply++) {
        if (stopped(sh))
            return STOPPED;
        const void *pos = gt_engine_position(e);
        struct gt_ending end;
        if (gt_game_ended(g, pos, 0, buf, &end)) {
            *margin = end.winner == 0 ? end.margin : -end.margin;
            return end.winner < 0 ? 0.5 : end.winner == 0 ? 1 : 0;
        }
        if (ply >= c->max_plies) {
            *adjudicated = true;
            return 0.5;
        }
        e = pl[g->side(pos) != 0];     /* the player to move searches */
        struct gt_limits lim = {.nodes = c->nodes, .depth = c->depth};
        struct gt_search_result res;
        if (gt_engine_search(e, &lim, NULL, NULL, &res) < 0)
            return -1;
        pos = gt_engine_position(e);
        gt_move best = res.best;
        if (best == GT_MOVE_NONE || !g->is_legal(pos, best)) {
            int n = g->generate(pos, GT_GEN_ALL, buf);
            if (n <= 0)
                return -1;
            best = buf[0];
        }
        int first = g->side(pos) == 0 ? res.score : -res.score; /* first player's view */
        bool quiet = !gt_is_decided_score(res.score) &&
                     !(g->in_check && g->in_check(pos)) &&
                     !(g->is_noisy && g->is_noisy(pos, best)) && !gt_is_pass(g, best);
        if (quiet && keep_line(gm, g, pos, res.score, c->write_score) < 0)
            return -1;
        /* Adjudication: a score that stays decisive, or near zero late.  A
         * game with margins plays on once the search sees its end: the
         * record needs the real margin, which adjudication never learns. */
        bool margin_known = g->final_margin && gt_is_decided_score(res.score);
        int ws = margin_known ? -1
               : first >= c->win_score ? 0 : first <= -c->win_score ? 1 : -1;
        win_run = ws >= 0 && ws == win_side ? win_run + 1 : ws >= 0;
        win_side = ws;
        if (c->win_plies > 0 && win_run >= c->win_plies) {
            *adjudicated = true;
            return ws == 0 ? 1 : 0;
        }
        draw_run = abs(first) <= c->draw_score && ply >= c->draw_after ? draw_run + 1 : 0;
        if (c->draw_plies > 0 && draw_run >= c->draw_plies) {
            *adjudicated = true;
            return 0.5;
        }
        if (play_text(gm, g, pos, best) < 0 || sync_engine(pl[0], gm) < 0 ||
            (pl[1] != pl[0] && sync_engine(pl[1], gm) < 0))
            return -1;
    }
}

/* One kept line, "TEXT | SCORE | PLY", into a record (from the right: a
 * position text may hold '|').  -1 if it is not such a line. */
static int line_record(const char *line, size_t n, struct gt_data_record *rec)
{
    const char *bar2 = memrchr(line, '|', n);
    const char *bar1 = bar2 ? memrchr(line, '|', (size_t)(bar2 - line)) : NULL;
    if (!bar1)
        return -1;
    size_t len = (size_t)(bar1 - line);
    while (len && line[len - 1] == ' ')
        len--;
    if (!len || len >= GT_DATA_TEXT_MAX)
        return -1;
    memcpy(rec->text, line, len);
    rec->text[len] = 0;
    const char *sc = bar1 + 1;
    while (*sc == ' ')
        sc++;
    rec->score = *sc == '-' && sc[1] == ' ' ? GT_DATA_NO_SCORE : atoi(sc);
    rec->ply = atoi(bar2 + 1);
    return 0;
}

/* Write a game's positions with its result, under the lock, and flush
 * them: the file holds whole games.  After a write error nothing more is
 * written. */
static int write_lines(struct shared *sh, long i, const char *lines, double result,
                       int margin, bool adj)
{
    long kept = 0;
    int rc = 0;
    pthread_mutex_lock(&sh->lock);
    if (sh->failed)
        rc = -1;
    for (const char *line = lines, *nl; rc == 0 && line && *line; line = nl + 1) {
        nl = strchr(line, '\n');
        if (!nl)
            nl = line + strlen(line) - 1;
        if (line_record(line, (size_t)(nl + 1 - line), &sh->rec) < 0)
            continue;          /* not from keep_line: nothing to write */
        sh->rec.result = result;
        sh->rec.margin = margin;
        if (gt_data_write(sh->w, &sh->rec) < 0)
            rc = -1;
        kept++;
    }
    if (rc == 0 && gt_data_flush(sh->w) < 0)
        rc = -1;
    if (rc < 0 && !sh->failed) {
        snprintf(sh->err, sizeof sh->err, "cannot write %s: %s",
                 sh->c->out_name ? sh->c->out_name : "the data", strerror(errno));
        sh->failed = 1;
    }
    if (rc == 0) {
        sh->st.games++;
        sh->st.positions += kept;
        if (result == 1)
            sh->st.wins[0]++;
        else if (result == 0)
            sh->st.wins[1]++;
        else
            sh->st.draws++;
        sh->st.adjudicated += adj;
        if (sh->c->nopponent > 0) {
            /* The engine moves first in even games. */
            double r = i % 2 == 0 ? result : 1 - result;
            sh->st.versus[r == 1 ? 0 : r == 0 ? 2 : 1]++;
        }
    }
    int64_t now = gt_now_ms();
    if (rc == 0 && sh->progress && sh->c->report_ms > 0 &&
        now - sh->last_report >= sh->c->report_ms) {
        double s = (now - sh->t0) / 1000.0;
        char of[32] = "", left[32] = "";
        if (sh->c->games < GT_DATAGEN_GAMES_MAX)
            snprintf(of, sizeof of, "/%ld", sh->c->games);
        if (sh->c->time_ms > 0)
            snprintf(left, sizeof left, "  %.0f s left",
                     now - sh->t0 < sh->c->time_ms ? (sh->c->time_ms - (now - sh->t0)) / 1000.0
                                                   : 0.0);
        char vs[64] = "";
        if (sh->c->nopponent > 0)
            snprintf(vs, sizeof vs, "  +%ld =%ld -%ld (against the opponent)",
                     sh->st.versus[0], sh->st.versus[1], sh->st.versus[2]);
        fprintf(sh->progress,
                "games %ld%s  positions %ld  %.0f positions/s  %.2f games/s  "
                "+%ld =%ld -%ld (first player)%s%s\n",
                sh->st.games, of, sh->st.positions, s > 0 ? sh->st.positions / s : 0,
                s > 0 ? sh->st.games / s : 0, sh->st.wins[0], sh->st.draws, sh->st.wins[1], vs,
                left);
        fflush(sh->progress);
        sh->last_report = now;
    }
    pthread_mutex_unlock(&sh->lock);
    return rc;
}

/* The handle hooks get. */
struct gt_datagen_run {
    struct shared *sh;
};

int gt_datagen_write(struct gt_datagen_run *r, long i, const char *lines, double result,
                     int margin, bool adjudicated)
{
    return write_lines(r->sh, i, lines, result, margin, adjudicated);
}

/* Hand the game's positions on (the hooks' done, or the output) and
 * clear them for the next game. */
static int flush_game(struct shared *sh, long i, struct game *gm, double result, int margin,
                      bool adj)
{
    const struct gt_datagen_hooks *h = sh->c->hooks;
    const char *lines = gm->lines ? gm->lines : "";
    int rc = h ? h->done(h->ctx, i, lines, result, margin, adj)
               : write_lines(sh, i, lines, result, margin, adj);
    gm->llen = 0;
    if (gm->lines)
        gm->lines[0] = 0;
    return rc;
}

/* The next game to play: the hooks', or this process's own count. */
static long next_index(struct shared *sh)
{
    const struct gt_datagen_hooks *h = sh->c->hooks;
    pthread_mutex_lock(&sh->lock);
    bool failed = sh->failed || stopped(sh);
    /* Past the time limit no game starts; a distributed run's dealer
     * keeps its own clock (dist_datagen.c). */
    bool late = !h && sh->c->time_ms > 0 && gt_now_ms() - sh->t0 >= sh->c->time_ms;
    long i = failed || h || late || sh->next_game >= sh->c->games ? -1 : sh->next_game++;
    pthread_mutex_unlock(&sh->lock);
    return h && !failed ? h->next(h->ctx) : i;
}

/* An engine with the run's options, and the opponent's after them. */
static struct gt_engine *thread_engine(struct shared *sh, bool opponent)
{
    char err[256], hash[16];
    struct gt_engine *e = gt_engine_new(sh->g, err, sizeof err);
    if (!e)
        return NULL;
    snprintf(hash, sizeof hash, "%d", sh->c->hash_mb);
    gt_engine_set_option(e, sh->g->dialect == GT_USI ? "USI_Hash" : "Hash", hash, NULL, 0);
    int count = sh->c->noptions + (opponent ? sh->c->nopponent : 0);
    for (int i = 0; i < count; i++) {
        const char *o = i < sh->c->noptions ? sh->c->options[i]
                                             : sh->c->opponent[i - sh->c->noptions];
        if (gt_engine_set_option_word(e, o, err, sizeof err) < 0) {
            pthread_mutex_lock(&sh->lock);
            snprintf(sh->err, sizeof sh->err, "%soption %s: %s",
                     i < sh->c->noptions ? "" : "the opponent's ", o, err);
            sh->failed = 1;
            pthread_mutex_unlock(&sh->lock);
            gt_engine_free(e);
            return NULL;
        }
    }
    gt_engine_set_option(e, "Threads", "1", NULL, 0);
    return e;
}

static void *datagen_thread(void *arg)
{
    struct shared *sh = arg;
    struct gt_engine *e = thread_engine(sh, false);
    struct gt_engine *opp = e && sh->c->nopponent > 0 ? thread_engine(sh, true) : e;
    gt_move *buf = malloc(sizeof *buf * (size_t)sh->g->max_moves);
    struct game gm = {0};
    long i = -1;
    if (!e || !opp || !buf)
        goto fail;
    for (;;) {
        if ((i = next_index(sh)) < 0)
            break;
        uint64_t rng = sh->c->seed * 0x9e3779b97f4a7c15ULL ^ (uint64_t)i * 0xd1b54a32d192ed03ULL;
        int k;
        gt_engine_new_game(e);
        for (int tries = 0; (k = opening(sh, e, &gm, &rng, buf)) == 1 && tries < 100; tries++)
            gt_engine_new_game(e);
        if (k != 0)
            goto fail;
        gt_engine_new_game(e);
        if (opp != e) {
            gt_engine_new_game(opp);
            if (sync_engine(opp, &gm) < 0)
                goto fail;
        }
        /* The engine moves first in even games, the opponent in odd ones. */
        struct gt_engine *const pl[2] = {i % 2 ? opp : e, i % 2 ? e : opp};
        bool adj;
        int margin;
        double result = play_game(sh, pl, &gm, buf, &margin, &adj);
        if (result == STOPPED)
            goto dropped;
        if (result < 0 || flush_game(sh, i, &gm, result, margin, adj) < 0)
            goto fail;
    }
    goto done;
dropped:
    /* The dealer of a distributed run must not wait for this game. */
    if (sh->c->hooks)
        sh->c->hooks->done(sh->c->hooks->ctx, i, NULL, 0, 0, false);
    goto done;
fail:
    if (sh->c->hooks && i >= 0)
        sh->c->hooks->done(sh->c->hooks->ctx, i, NULL, 0, 0, false);
    pthread_mutex_lock(&sh->lock);
    if (!sh->failed)
        snprintf(sh->err, sizeof sh->err, "a game could not be played (out of memory, "
                 "or no opening that does not end the game)");
    sh->failed = 1;
    pthread_mutex_unlock(&sh->lock);
done:
    if (opp != e)
        gt_engine_free(opp);
    gt_engine_free(e);
    free(buf);
    free(gm.start);
    free(gm.moves);
    free(gm.lines);
    return NULL;
}

int gt_datagen_run(const struct gt_game *g, const struct gt_datagen_config *c, FILE *out,
                   FILE *progress, struct gt_datagen_stats *st, char *err, size_t err_len)
{
    struct gt_openings book = {0};
    struct gt_match_config mc;
    gt_match_config_default(&mc, g);
    if (c->openings &&
        gt_openings_load(&mc, c->openings, &book, progress ? progress : stderr, err,
                         err_len) < 0)
        return -1;
    /* The header (or the caller's comment lines) out at once: a file that
     * cannot be written fails before the first game. */
    const char *name = c->out_name ? c->out_name : "the data";
    char why[256] = "";
    struct gt_data_writer *w = gt_data_writer_new(g, out, c->format, why, sizeof why);
    if (w && gt_data_flush(w) < 0) {
        snprintf(why, sizeof why, "%s", strerror(errno));
        gt_data_writer_free(w);
        w = NULL;
    }
    if (!w) {
        gt_errf(err, err_len, "cannot write %s: %s", name, why);
        gt_openings_free(&book);
        return -1;
    }
    struct shared sh = {.g = g, .c = c, .book = &book, .w = w, .progress = progress,
                        .t0 = gt_now_ms()};
    sh.last_report = sh.t0;
    pthread_mutex_init(&sh.lock, NULL);
    int nt = c->threads > 0 ? c->threads : 1;
    pthread_t *th = calloc((size_t)nt, sizeof *th);
    int started = 0;
    struct gt_datagen_run handle = {&sh};
    if (c->hooks && c->hooks->begin)
        c->hooks->begin(c->hooks->ctx, &handle);
    for (; th && started < nt; started++)
        if (pthread_create(&th[started], NULL, datagen_thread, &sh) != 0)
            break;
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    free(th);
    if (c->hooks && c->hooks->end)
        c->hooks->end(c->hooks->ctx, sh.failed || !started);
    pthread_mutex_destroy(&sh.lock);
    gt_openings_free(&book);
    sh.st.seconds = (gt_now_ms() - sh.t0) / 1000.0;
    sh.st.interrupted = stopped(&sh);
    sh.st.timed_out = !sh.st.interrupted && c->time_ms > 0 &&
                      gt_now_ms() - sh.t0 >= c->time_ms && sh.st.games < c->games;
    *st = sh.st;
    if (gt_data_flush(w) < 0 && !sh.failed) {
        snprintf(sh.err, sizeof sh.err, "cannot write %s: %s", name, strerror(errno));
        sh.failed = 1;
    }
    gt_data_writer_free(w);
    if (!started && !sh.failed) {
        snprintf(sh.err, sizeof sh.err, "cannot start a thread");
        sh.failed = 1;
    }
    if (sh.failed)
        gt_errf(err, err_len, "%s", sh.err);
    return sh.failed ? -1 : 0;
}
