/* records.h -- what the KIF and CSA record files (records_kif.c,
 * records_csa.c) share, from records.c: the start positions they name, a
 * game's ending, think times in whole seconds, and for reading, a line
 * reader whose errors name the line and a position being set up.
 * Internal to the shogi module.
 * SPDX-License-Identifier: MIT */
#ifndef GTSEARCH_SHOGI_RECORDS_H
#define GTSEARCH_SHOGI_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "shogi.h"

#define SHOGI_REC_STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

/* The handicaps KIF names (手合割), gote (上手) moving first. */
#define SHOGI_REC_NHANDICAPS 10
struct shogi_rec_handicap { const char *name, *sfen; };
extern const struct shogi_rec_handicap shogi_rec_handicaps[SHOGI_REC_NHANDICAPS];

/* Hand pieces in the order both formats write them, rook first. */
extern const int shogi_rec_hand_order[7];
/* How many of each unpromoted type 1..7 a set holds. */
extern const int shogi_rec_type_total[8];

/* ---- writing ------------------------------------------------------------- */

/* -1: the standard start, 0..SHOGI_REC_NHANDICAPS - 1: a handicap,
 * SHOGI_REC_NHANDICAPS: any other position. */
int shogi_rec_start_kind(const struct shogi_pos *p);

/* How a game ended, in both formats' words (the table in records.c). */
struct shogi_rec_end {
    const char *kif_word;  /* terminal move word */
    const char *kif_end;   /* after "まで%d手で" ("の勝ち" added when won) */
    int winner;            /* -1: none */
    const char *csa;       /* end statement */
};
struct shogi_rec_end shogi_rec_ending(const struct gt_record *rec, int stm);

/* Whole seconds for a move's think time ms; *total_ms, the mover's total,
 * gets ms. */
int64_t shogi_rec_move_seconds(int64_t *total_ms, int64_t ms);
/* Set up the record's start position; false if it is not one. */
bool shogi_rec_start_pos(const struct gt_record *rec, struct shogi_pos *p);
/* rec->date "YYYY.MM.DD" as "YYYY/MM/DD"; false when absent or partial. */
bool shogi_rec_date(const struct gt_record *rec, char out[16]);
/* A text on one line: line breaks become blanks. */
void shogi_rec_put_line(FILE *out, const char *s);

/* ---- reading ------------------------------------------------------------- */

struct shogi_rec_reader {
    const char *text;        /* the whole input */
    size_t at;               /* start of the next line */
    int line;                /* number of the line last taken */
    char *err;
    size_t err_len;
    struct shogi_pos pos;    /* the game so far */
    char *moves;
    size_t moves_len, moves_used;
    int nmoves;
    int last_to;             /* destination of the last move (同) */
};

/* A position being built: pieces by square (0: none), hands. */
struct shogi_rec_setup {
    uint8_t board[10][10];   /* [file][rank], piece codes as in shogi.h */
    int hand[2][8];
    int side;
    int all_to;              /* CSA 00AL: the side that gets the rest, or -1 */
};

/* Empty outputs, a reader on `text` past a UTF-8 byte order mark, an
 * empty set-up.  1: go on; 0: no text; -1: no room for the results. */
int shogi_rec_open(struct shogi_rec_reader *r, struct shogi_rec_setup *su, const char *text,
                   char *start, size_t start_len, char *moves, size_t moves_len, char *err,
                   size_t err_len);
/* The error "line N: ..." in r->err; returns -1. */
int shogi_rec_fail(struct shogi_rec_reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The next line, without its line break, in buf (cut to len - 1 bytes);
 * false at the end.  *start is where the line began. */
bool shogi_rec_next_line(struct shogi_rec_reader *r, char *buf, size_t len, size_t *start);
bool shogi_rec_starts(const char *s, const char *w);
/* Blanks (ASCII and U+3000) off both ends, in place. */
char *shogi_rec_trim(char *s);
/* Play a read move and add it to the moves' text. */
int shogi_rec_add_move(struct shogi_rec_reader *r, gt_move m);
/* Set the start position from sfen and write its text ("" for the
 * standard start). */
int shogi_rec_set_start(struct shogi_rec_reader *r, const char *sfen, char *start,
                        size_t start_len);
void shogi_rec_setup_sfen(const struct shogi_rec_setup *s, char *out, size_t len);
/* CSA 00AL, KIF 残りの駒全部: the pieces on neither the board nor a hand
 * go to su->all_to. */
void shogi_rec_setup_rest(struct shogi_rec_setup *su);

#endif
