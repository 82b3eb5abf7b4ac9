/* match.h -- the match runner: gtsearch referees games between engine
 * programs of any game it loads.  The game module is the referee (its
 * hooks judge every move and every end of game); the engines are child
 * processes speaking the game's dialect (UCI or USI), CECP, or GNU Shogi's
 * own protocol.
 *
 * The pieces: match_cli.c reads the command line into a gt_match_config,
 * match.c schedules the games on threads and reports, match_referee.c
 * plays one game, match_player.c speaks to one engine, match_proc.c
 * handles its process, match_openings.c reads the openings file (and
 * match_pgn.c a PGN one), match_book.c the engines' opening books
 * (Polyglot), match_elo.c does the statistics,
 * match_standings.c the table of three or more engines,
 * match_record.c writes PGN, the game's own record files and record
 * lines, and match_resume.c reads them back for --resume.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_H
#define GT_MATCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

struct gt_engine;
struct gt_game_record;
struct gt_match_hooks;

enum gt_proto { GT_PROTO_GAME, GT_PROTO_UCI, GT_PROTO_USI, GT_PROTO_CECP, GT_PROTO_GNUSHOGI };

#define GT_MATCH_MAX_ENGINES 16
#define GT_MATCH_MAX_EOPTIONS 32

/* One engine as the command line describes it. */
struct gt_match_engine {
    char name[64];            /* "" until the handshake or name= sets it */
    const char *cmd;          /* run with /bin/sh -c */
    enum gt_proto proto;      /* GT_PROTO_GAME: the game's dialect */
    uint64_t nodes;           /* nodes=: this engine's node limit per move,
                                 in place of --nodes (0: the match's) */
    int noptions;
    const char *opt_name[GT_MATCH_MAX_EOPTIONS];
    const char *opt_value[GT_MATCH_MAX_EOPTIONS];
    uint32_t opt_if_offered;  /* bit i: option i is sent only when the
                                 engine offers it, without a warning
                                 (a variant's switch) */
    char *cmd_owned;          /* cmd when built by the command line (freed
                                 with the configuration) */
    const char *book;         /* book=: this engine's opening book, in place
                                 of the match's (NULL: the match's) */
    int book_depth;           /* bookdepth=: in place of the match's (0) */
};

/* The time control of every game (both sides alike). */
struct gt_match_tc {
    int64_t base_ms, inc_ms;  /* sudden death clock and increment */
    int moves;                /* moves per period (0: sudden death): every
                                 `moves` moves the clock gets base_ms more */
    int64_t byoyomi_ms;       /* per move once the clock is empty */
    int64_t movetime_ms;      /* fixed time per move */
    uint64_t nodes;           /* fixed nodes per move */
    int depth;                /* fixed depth per move */
    int64_t margin_ms;        /* grace before a clock overrun loses */
    int64_t hang_ms;          /* without a clock: no answer in this long
                                 counts as a loss on time */
};

/* A game option value to apply to every referee position. */
struct gt_match_gameopt {
    const char *name;
    const char *value;
};

struct gt_match_config {
    const struct gt_game *g;
    int nengines;
    struct gt_match_engine engines[GT_MATCH_MAX_ENGINES];
    struct gt_match_tc tc;
    int games;                /* per pair of engines */
    bool gauntlet;            /* the first engine plays each other one,
                                 the others do not meet (else a round
                                 robin: every pair plays) */
    int concurrency;
    const char *openings;     /* file or NULL: the start position */
    int first_opening;        /* the file's opening that game 1 plays (0: the
                                 first; later games go on from it, wrapping) */
    const char *pgn;          /* output files or NULL: the games file, */
    const char *record_format;/* its format (NULL: gt_record_format's
                                 default), */
    bool pgn_min;             /* PGN without comments and with the tags
                                 that say the game alone */
    const char *record;       /* the one-line records */
    bool resume;              /* go on from the games already in the pgn
                                 and record files (match_resume.c) */
    const char *log;          /* engine traffic and stderr, or NULL */
    const char *progress;     /* a JSON line per finished game, or NULL
                                 (match_progress.h) */
    int draw_after;           /* plies; 0: never adjudicate */
    int resign_score;         /* in engine units (cp); 0: never */
    int resign_moves;
    bool resign_twosided;     /* the winner's score must agree (>= score) */
    int draw_movenumber;      /* score draw: from this full move on, */
    int draw_movecount;       /* both sides' scores within draw_score of 0 */
    int draw_score;           /* for this many moves each (0: never) */
    bool openings_random;     /* shuffle the openings (with seed) */
    unsigned long seed;
    int opening_plies;        /* play only this many plies of each
                                 opening's moves (0: all) */
    const char *book;         /* every engine's opening book file (the
                                 game's book format), unless its own */
    int book_depth;           /* book moves only in the first N full moves
                                 of a game (0: while the book has some) */
    int rating_interval;      /* print the standings every N games (0: at
                                 the end only) */
    bool sprt;
    double elo0, elo1, alpha, beta;
    int ngameopts;
    struct gt_match_gameopt gameopts[GT_MATCH_MAX_EOPTIONS];
    bool quiet;               /* no progress lines (tests) */
    bool report_rss;          /* report each engine process's memory */
    const struct gt_match_hooks *hooks; /* NULL: the games are dealt and
                                 counted in this process */
    const atomic_bool *interrupted; /* set (Ctrl-C): start no new game; the
                                 games in progress finish and count */
};

/* The totals of one pair, from the first engine's point of view. */
struct gt_match_tally {
    int wins, losses, draws;
    int time_losses[2];       /* by the pair's first / second engine */
    int crashes[2];           /* crashes and hangs */
    int illegal[2];
    int ptnml[5];             /* pairs of games on one opening (colours
                                 swapped) by the first engine's points in
                                 half points: 0, 1/2, 1, 3/2, 2 */
};

struct gt_match_summary {
    int games_played;
    int npairs;
    int pair_a[GT_MATCH_MAX_ENGINES * GT_MATCH_MAX_ENGINES / 2];
    int pair_b[GT_MATCH_MAX_ENGINES * GT_MATCH_MAX_ENGINES / 2];
    struct gt_match_tally tally[GT_MATCH_MAX_ENGINES * GT_MATCH_MAX_ENGINES / 2];
    int sprt_verdict;         /* 0 none, +1 H1 accepted, -1 H0 accepted */
    double llr;               /* after the last game, or at the decision */
    int sprt_games;           /* games counted when the SPRT decided */
    int revived[GT_MATCH_MAX_ENGINES];  /* each engine's exits between
                                           games (restarted, no game lost) */
};

/* A match in progress, as its hooks see it. */
struct gt_match;

/* Where the worker threads get their game numbers and put the finished
 * games: the match's own counter and tally unless hooks replace them, as
 * a distributed run (lib/dist) does with messages between processes.
 * begin is called once the engines passed the preflight, before any game,
 * with the number of games; end after the last local game, before the
 * results are printed. */
struct gt_match_hooks {
    void *ctx;
    void (*begin)(void *ctx, struct gt_match *m, int total);
    int (*next)(void *ctx);       /* a game number (0-based), -1: none left */
    void (*done)(void *ctx, int n, const struct gt_game_record *rec);
    void (*end)(void *ctx);
};

/* Count, print and write game n as a worker thread of this process would
 * (its opening is the schedule's, whatever rec->op says).  Returns true
 * once the match has stopped: the SPRT decided. */
bool gt_match_tally(struct gt_match *m, int n, struct gt_game_record *rec);

/* Fill a configuration with the defaults (no engines, no time control). */
void gt_match_config_default(struct gt_match_config *c, const struct gt_game *g);

/* Play the match; the report goes to out (progress and results).  Returns
 * 0, or -1 with a message in err when it could not be run at all (bad
 * openings file, an engine that does not start). */
int gt_match_run(struct gt_match_config *c, FILE *out, struct gt_match_summary *sum,
                 char *err, size_t err_len);

/* The `match` command: arguments after the word `match`.  The engine `e`
 * gives the game and the game options set with --option.  Returns the
 * program's exit status. */
int gt_match_main(struct gt_engine *e, int argc, char **argv);

#endif
