/* datagen.h -- tuning data from self-play: fast games at fixed nodes, from
 * random or book openings, adjudicated, whose quiet positions are written
 * with the game's result (either format of datafile.h).
 *
 * Or from games against an opponent: the same engine with other options
 * (another network, the hand-written evaluation), so that the data holds
 * positions the engine would not reach against itself.  The two take
 * turns to move first (the engine in game i when i, from 0, is even),
 * each with a table of its own, and a position's score is that of the
 * player who searched it.
 *
 * A position is kept when the side to move is not in check, the search's
 * best move is not noisy (the game's is_noisy: no capture or promotion in
 * chess) and its score is not decided: a position that quiescence would
 * not change, whose static evaluation the tuner can be asked to explain.
 * SPDX-License-Identifier: MIT */
#ifndef GT_TUNE_DATAGEN_H
#define GT_TUNE_DATAGEN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

#include "datafile.h"

struct gt_datagen_hooks;

/* The most games a run may ask for: with a time limit, "as many as fit". */
#define GT_DATAGEN_GAMES_MAX (1L << 40)

struct gt_datagen_config {
    long games;
    int64_t time_ms;           /* start no game after this long (0: no
                                  limit); the games in progress finish */
    uint64_t nodes;            /* per move (0: depth only) */
    int depth;                 /* per move (0: nodes only) */
    int threads;               /* games played at once, one engine each */
    int random_plies;          /* random legal moves after the opening */
    int max_opening_score;     /* drop openings searched beyond this (units) */
    const char *openings;      /* file of position texts or NULL */
    uint64_t seed;
    int hash_mb;
    int win_score, win_plies;  /* adjudicate a win: |score| >= win_score
                                  for win_plies plies in a row */
    int draw_score, draw_plies, draw_after; /* and a draw, after draw_after */
    int max_plies;             /* a game this long is a draw */
    bool write_score;          /* the search score, else "-" */
    int noptions;              /* engine options, "Name=value" */
    const char *const *options;
    int nopponent;             /* the second player's options, "Name=value",
                                  on top of options; none: self-play */
    const char *const *opponent;
    int report_ms;             /* between progress lines (0: none) */
    enum gt_data_format format; /* of the output (default text) */
    const char *out_name;      /* the output's name, for messages */
    const atomic_bool *stop;   /* once true (a signal): no new game, and the
                                  games in progress are dropped unwritten;
                                  NULL: never */
    const struct gt_datagen_hooks *hooks; /* NULL: the games are dealt and
                                  written in this process */
};

struct gt_datagen_stats {
    long games, positions, wins[2], draws;
    long adjudicated;
    long versus[3];            /* with an opponent: the engine's wins, draws
                                  and losses against it */
    double seconds;
    bool interrupted;          /* the stop flag was set */
    bool timed_out;            /* time_ms ran out before the last game */
};

/* A run in progress, as its hooks see it. */
struct gt_datagen_run;

/* Where the threads get their game indexes and put the finished games:
 * the run's own counter and output unless hooks replace them, as a
 * distributed run (lib/dist) does with messages between processes.
 * done gets game i's kept positions ("TEXT | SCORE | PLY" lines: SCORE
 * the first player's or "-", PLY from the game's start), its result for
 * the first player (1, 0.5, 0) and margin (datafile.h); lines NULL: game
 * i could not be played (or was dropped at a stop), and the run fails.
 * begin comes before the first game, end after the last local one. */
struct gt_datagen_hooks {
    void *ctx;
    void (*begin)(void *ctx, struct gt_datagen_run *r);
    long (*next)(void *ctx);      /* a game index, -1: none left */
    int (*done)(void *ctx, long i, const char *lines, double result, int margin,
                bool adjudicated);
    void (*end)(void *ctx, bool failed);
};

/* Write game i's lines with its result and margin and count it, as a
 * thread of this process does.  0, or -1 on a write error (the run then
 * fails with a message naming out_name). */
int gt_datagen_write(struct gt_datagen_run *r, long i, const char *lines, double result,
                     int margin, bool adjudicated);

/* Defaults for a game (scores scaled by its eval_unit). */
void gt_datagen_config_default(struct gt_datagen_config *c, const struct gt_game *g);

/* Play the games and write the positions to out in c->format (a binary
 * header first; text files get no comment lines here), flushed after
 * each whole game.  Progress lines go to progress (may be NULL).
 * Returns 0 (also when stopped: st->interrupted), or -1 with err (bad
 * openings file, an engine option refused, out of memory, a write
 * error). */
int gt_datagen_run(const struct gt_game *g, const struct gt_datagen_config *c, FILE *out,
                   FILE *progress, struct gt_datagen_stats *st, char *err, size_t err_len);

#endif
