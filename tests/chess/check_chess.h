/* check_chess.h -- helpers shared by the chess module's Check suites.
 * Every test drives the module through its hook table, as the core does.
 * SPDX-License-Identifier: MIT */
#ifndef CHECK_CHESS_H
#define CHECK_CHESS_H

#include <check.h>
#include <stdint.h>
#include <gtsearch/game.h>

extern const struct gt_game chess_LTX_gt_module;
#define G (&chess_LTX_gt_module)

/* For hot loops: Check records every ck_assert (a write per call), so
 * loops of millions test plainly and report only a failure. */
#define REQUIRE(cond, ...)                                                     \
    do {                                                                       \
        if (!(cond))                                                           \
            ck_abort_msg(__VA_ARGS__);                                         \
    } while (0)

/* A position buffer of the module's size, set from a FEN (test fails on
 * error); free with free(). */
void *chess_test_pos(const char *fen);
/* FENs of a data file (first 4 fields, plus the counters when present). */
int chess_test_load_fens(const char *file, char fens[][128], int max);
/* Play UCI moves given as one space-separated string (test fails on an
 * illegal move). */
void chess_test_play(void *pos, const char *moves);
uint64_t chess_test_perft(void *pos, int depth);

Suite *chess_fen_suite(void);
Suite *chess_rules_suite(void);
Suite *chess_moves_suite(void);
Suite *chess_eval_suite(void);
Suite *chess_san_suite(void);
Suite *chess_book_suite(void);

#endif
