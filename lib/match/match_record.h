/* match_record.h -- game records: PGN, the game's own record files and
 * the one-line record format.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_RECORD_H
#define GT_MATCH_RECORD_H

#include <stdio.h>

#include "match.h"
#include "match_referee.h"

/* Scores from this far off 100000 on are mates (gt_move_note). */
#define GT_RECORD_MATE_ZONE 90000

/* One game as PGN: the Seven Tag Roster (White is side 0), Variant (the
 * game's `variant`, else its name; none when ""), SetUp and FEN when the
 * game starts from a set-up position, Termination, TimeControl and
 * PlyCount; movetext in the game's record notation (its first; without
 * one, the protocol's text), numbered from the start position's move
 * number, each engine move followed by a comment {+0.35/12 0.8s} (score
 * in pawns, or +M5 for a mate, from the mover's view; depth; think time),
 * wrapped before column 80; the reason in the game's words closes the
 * last comment ({+M1/3 0.2s, white wins: checkmate}; alone when the last
 * move has none), then the result.  With c->pgn_min: no TimeControl,
 * TimeControlExact or PlyCount tags and no comments at all. */
void gt_record_pgn(FILE *f, const struct gt_match_config *c, int round,
                   const char *first, const char *second,
                   const struct gt_game_record *rec);

/* One game as one line:
 *   game=N first="NAME" second="NAME" result=R end=KIND reason="TEXT"
 *   [games_end=BYTES] position startpos|fen TEXT|sfen TEXT [moves M...]
 * (all on one line); the tail is a protocol position command that replays
 * the whole game, the opening included.  games_end (when >= 0) is the
 * length of a games file in a notation's own format once this game was
 * in it: --resume cuts that file there, since it cannot read it back. */
void gt_record_line(FILE *f, const struct gt_match_config *c, int round,
                    const char *first, const char *second,
                    const struct gt_game_record *rec, long games_end);

const char *gt_end_name(enum gt_end end);

/* The name of what the match plays, as records write it (PGN's Variant
 * tag): the game's variant whose option the match sets to its value
 * (chess with UCI_Chess960 on: "fischerandom"), else the game's own
 * variant name, else its name. */
const char *gt_match_variant_name(const struct gt_match_config *c);

/* A move's score and depth as the records write it: "+0.35/12", "-M3",
 * "+1.20" (no depth), "" (no score). */
void gt_record_score_text(const struct gt_move_note *note, char *buf, size_t len);

/* Record formats.  A game's games file is PGN (the core's, NULL here) or
 * the file format of one of its notations (write_record, read_record).
 *
 * gt_record_format: the format named `name` (case does not matter), or
 * without a name the one the extension of `path` names (.pgn, or a
 * notation's name, which the extension may extend by one letter: .kifu),
 * else the game's default: its record notation's file format when it has
 * one, else PGN.  -1 with a message listing the game's formats when it
 * has none of that name. */
int gt_record_format(const struct gt_game *g, const char *name, const char *path,
                     const struct gt_notation **fmt, char *err, size_t err_len);

/* The format the extension of path names, for writing or reading: 0 with
 * *fmt (NULL: PGN), or -1 when it names none. */
int gt_record_format_of_path(const struct gt_game *g, const char *path, bool reader,
                             const struct gt_notation **fmt);

/* The notation of that name that can write (read) its files, or NULL. */
const struct gt_notation *gt_record_notation_named(const struct gt_game *g, const char *name,
                                                   bool reader);

/* "pgn, kif, csa": the formats a game can write (read). */
void gt_record_formats_text(const struct gt_game *g, bool reader, char *buf, size_t len);

/* One game in a notation's own file format (its write_record): the moves
 * with their think times and scores, the players by side, the result and
 * the reason; index games came before it in the file (c->pgn, whose
 * extension the format is told).  0, or -1 on a write error or when out
 * of memory. */
int gt_record_write(FILE *f, const struct gt_notation *fmt, const struct gt_match_config *c,
                    int round, int index, const char *first, const char *second,
                    const struct gt_game_record *rec);

/* Shared by the record writers (match_record.c, match_record_pgn.c). */
/* A quoted field with no quotes or backslashes inside. */
void gt_record_put_quoted(FILE *f, const char *s);
void gt_record_free_texts(char **texts, int n);
/* The time control as "300+5" (seconds), "-" for none. */
void gt_record_tc_text(const struct gt_match_tc *tc, char *buf, size_t len);
/* Today as "YYYY.MM.DD". */
void gt_record_date_text(char *buf, size_t len);

#endif
