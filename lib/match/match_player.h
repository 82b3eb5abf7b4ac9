/* match_player.h -- one engine program in a match, behind one interface
 * whatever its protocol: UCI, USI, CECP (xboard protocol 2) or gnushogi's.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_PLAYER_H
#define GT_MATCH_PLAYER_H

#include "match.h"
#include "match_proc.h"

/* How long the handshake (uci/uciok, isready/readyok) may take. */
#define GT_HANDSHAKE_MS 10000

struct gt_player {
    const struct gt_match_engine *spec;
    enum gt_proto proto;       /* resolved: never GT_PROTO_GAME */
    const struct gt_game *g;
    struct gt_match_log *log;
    char label[80];            /* the engine's name in the log */
    struct gt_proc proc;
    char id_name[64];          /* from `id name` / `myname` */
    uint32_t offered;          /* UCI/USI: bit i, the engine offers the
                                  command line's option i (handshake) */
    int restarts;
    bool revived;              /* new_game found it exited since its last
                                  move and restarted it */
    /* --report-rss: the engine process's memory after its first and its
     * last game (kB; the figures start over with a new process). */
    long rss_pid, rss_first, rss_last;
    int rss_first_game, rss_last_game;
    /* CECP: the engine keeps its own board; what it has been told. */
    int cecp_known;            /* moves of the current game it knows */
    bool cecp_setboard, cecp_usermove, cecp_sigint, cecp_ping;
    int cecp_pings;            /* the last ping number sent */
    /* gnushogi: like CECP, plus what it said about the end of the game. */
    int gnu_known;             /* moves of the current game it knows */
    int gnu_over;              /* it called the game over (match_gnushogi.c) */
    int gnu_syncs;             /* the last sync word number sent */
};

/* What one move request asks. */
struct gt_think_req {
    const char *base;          /* position text; NULL: the start position */
    const char *const *moves;  /* the game's moves so far, as text */
    int nmoves;
    int side;                  /* 0: the first player is to move */
    int64_t clock[2];          /* remaining clock of each side (base > 0) */
    int movestogo;             /* moves to the end of the period (0: none) */
    const struct gt_match_tc *tc;
    int64_t deadline;          /* gt_now_ms() time at which it loses */
};

enum gt_think_status {
    GT_THINK_MOVE,             /* move holds the move text */
    GT_THINK_RESIGN,           /* bestmove resign (or CECP resign) */
    GT_THINK_WIN,              /* USI bestmove win: a declaration claim */
    GT_THINK_TIMEOUT,          /* no answer before the deadline */
    GT_THINK_CRASH,            /* the engine exited or broke the protocol */
    GT_THINK_DRAW,             /* it cannot play on and calls it a draw
                                  (gnushogi's game-length limit) */
};

struct gt_think_res {
    enum gt_think_status status;
    char move[64];
    int64_t elapsed_ms;        /* measured here, monotonic clock */
    bool has_score;
    int score;                 /* last reported, engine's view; mates are
                                  +-(100000 - N), N as the engine says it */
    int depth;                 /* the depth of that score, 0: not said */
    char detail[160];          /* for a crash or a draw: what happened */
};

void gt_player_init(struct gt_player *p, const struct gt_match_engine *spec,
                    const struct gt_game *g, struct gt_match_log *log, const char *label);

/* Start the program and do the handshake and options.  -1 with a message. */
int gt_player_start(struct gt_player *p, char *err, size_t err_len);

/* Prepare a new game (ucinewgame/usinewgame + isready, CECP and gnushogi
 * new).  Starts the program first when it is not running (the first game,
 * or after a crash), and starts it again, once, when it has exited since
 * its last move (revived is then set).  -1 with a message when it cannot
 * be had. */
int gt_player_new_game(struct gt_player *p, char *err, size_t err_len);

/* Ask for a move. */
void gt_player_think(struct gt_player *p, const struct gt_think_req *req,
                     struct gt_think_res *res);

/* Tell the engine the game is over: CECP `result`, USI `gameover` (mine:
 * +1 it won, 0 a draw, -1 it lost); UCI and gnushogi have no such message. */
void gt_player_game_over(struct gt_player *p, int mine, const char *result,
                         const char *reason);

/* Kill a broken engine (it is restarted at the next game).  One that has
 * closed its end gets a moment to exit by itself, so that its exit status
 * (gt_proc_status_text) is its own. */
void gt_player_kill(struct gt_player *p);

/* Send quit and stop the program. */
void gt_player_quit(struct gt_player *p);

#endif
