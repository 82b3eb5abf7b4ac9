/* match_referee.h -- one game between two engine programs, judged by the
 * game module's hooks.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_REFEREE_H
#define GT_MATCH_REFEREE_H

#include "match.h"
#include "match_book.h"
#include "match_openings.h"
#include "match_player.h"

/* Why a game ended. */
enum gt_end {
    GT_END_RULE,       /* mate, stalemate, repetition, a line of four ... */
    GT_END_RESIGN,     /* the engine resigned */
    GT_END_CLAIM,      /* a USI declaration claim (won or false) */
    GT_END_TIME,       /* over its clock + margin, or no answer (hang) */
    GT_END_CRASH,      /* exited, broke the protocol, did not start */
    GT_END_ILLEGAL,    /* an illegal or unreadable move */
    GT_END_ADJUDICATED /* --draw-after, --resign, the ply cap, or a draw
                          an engine calls when it can play no further */
};

/* Games longer than this are drawn (every real game ends long before). */
#define GT_MATCH_MAX_PLIES 4000

/* What the referee saw of one move, beside its protocol text: the move
 * itself (for the records' notations) and what its engine said. */
struct gt_move_note {
    gt_move m;                     /* a move of the position before it */
    int64_t ms;                    /* think time; -1: a move of the opening */
    bool has_score;
    int score;                     /* the mover's own last score, in
                                      centipawns; mates +-(100000 - N) */
    int depth;                     /* the depth of that score; 0: not said */
    bool book;                     /* played from the engine's book (ms 0) */
};

struct gt_game_record {
    const struct gt_opening *op;   /* NULL: the start position */
    char **moves;                  /* the opening's moves, then the game's,
                                      as protocol text */
    struct gt_move_note *notes;    /* one per move */
    int nmoves, nopening;
    int result;                    /* +1 the first player (side 0) won,
                                      -1 the second won, 0 a draw */
    enum gt_end end;
    int culprit;                   /* side whose fault ended it (time,
                                      crash, illegal), else -1 */
    char reason[256];
    bool revived[2];               /* the seat's engine had exited since
                                      its last move and was restarted
                                      for this game */
};

/* The opening books of one game's two sides, and the seed of its draws. */
struct gt_game_books {
    struct gt_book_seat seat[2];   /* by side */
    uint64_t rng;                  /* a gt_rand64 state */
};

/* Play one game: seats[0] plays side 0 (white, sente), seats[1] side 1,
 * each from its book while it has a move (books NULL: no books).  Never
 * fails: whatever goes wrong is a result with its reason. */
void gt_referee_play(const struct gt_match_config *c, struct gt_player *seats[2],
                     const struct gt_opening *op, struct gt_game_books *books,
                     struct gt_game_record *rec);

void gt_game_record_free(struct gt_game_record *rec);

/* "1-0", "0-1" or "1/2-1/2". */
const char *gt_result_text(int result);

#endif
