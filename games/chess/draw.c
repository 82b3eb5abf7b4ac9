/* draw.c -- the board for a person at a terminal (the protocol's `d`), in
 * the layout Stockfish's `d` prints: eight ranks boxed by +---+ lines, the
 * files below, then the FEN, the hash key and the squares giving check.
 * SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "chess.h"

/* Append to buf; stops quietly when it is full (the text is then cut). */
static void put(char *buf, size_t len, size_t *n, const char *s)
{
    if (*n + 1 >= len)
        return;
    int w = snprintf(buf + *n, len - *n, "%s", s);
    *n = w < 0 || (size_t)w >= len - *n ? len - 1 : *n + (size_t)w;
}

/* Lines are separated by '\n'; the last has none. */
void chess_draw(const void *pos, char *buf, size_t len)
{
    static const char letter[16] = { ' ', 'P', 'N', 'B', 'R', 'Q', 'K', ' ',
                                     ' ', 'p', 'n', 'b', 'r', 'q', 'k', ' ' };
    static const char grid[] = " +---+---+---+---+---+---+---+---+\n";
    const struct chess_pos *p = pos;
    char line[64], fen[128];
    size_t n = 0;
    if (!len)
        return;
    buf[0] = 0;
    put(buf, len, &n, grid);
    for (int rank = 7; rank >= 0; rank--) {
        char *o = line;
        for (int file = 0; file < 8; file++) {
            uint8_t pc = p->board[rank * 8 + file];
            o += sprintf(o, " | %c", pc ? letter[pc & 15] : ' ');
        }
        sprintf(o, " | %d\n", rank + 1);
        put(buf, len, &n, line);
        put(buf, len, &n, grid);
    }
    put(buf, len, &n, "   a   b   c   d   e   f   g   h\n\n");
    chess_to_text(p, fen, sizeof fen);
    put(buf, len, &n, "Fen: ");
    put(buf, len, &n, fen);
    snprintf(line, sizeof line, "\nKey: %016" PRIX64 "\nCheckers:", p->key);
    put(buf, len, &n, line);
    for (bb_t b = checkers_of(p); b;) {
        int sq = pop_lsb(&b);
        snprintf(line, sizeof line, " %c%c", 'a' + (sq & 7), '1' + (sq >> 3));
        put(buf, len, &n, line);
    }
}
