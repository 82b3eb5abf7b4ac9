/* fuzz_chess.c -- libFuzzer target for the chess module.
 *
 * Input: a FEN on the first line, then UCI or SAN move texts separated by
 * blanks.  The FEN goes through from_text; if it is accepted, the position
 * must round-trip through to_text, and every parsed move is checked
 * against is_legal, gives_check (vs make + in_check), key_after (vs the
 * key make gives) and played.  Each text goes through both readers (SAN
 * must agree with UCI where UCI reads it), and at the end every legal move's SAN must read back as the move.
 * Raw 32-bit words of the input are also fed to is_legal.  Build:
 * configure --enable-fuzzers CC=clang; run: tests/chess/fuzz_chess -runs=N
 * corpus/
 * SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <gtsearch/game.h>

extern const struct gt_game chess_LTX_gt_module;
static const struct gt_game *const G = &chess_LTX_gt_module;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        G->init();
        ready = 1;
    }
    if (size > 4096)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    char *moves = strchr(text, '\n');
    if (moves)
        *moves++ = 0;

    unsigned char pos[G->pos_size], again[G->pos_size];
    unsigned char undo[G->undo_size];
    char err[128], out[128], buf[16];
    if (G->from_text(pos, text, err, sizeof err) != 0) {
        if (!err[0])
            abort(); /* every refusal names its fault */
        free(text);
        return 0;
    }
    G->set_option(pos, "UCI_Chess960", (size & 1) ? "true" : "false");
    G->to_text(pos, out, sizeof out);
    if (G->from_text(again, out, err, sizeof err) != 0 || G->key(again) != G->key(pos))
        abort();

    for (size_t i = 0; i + 4 <= size; i += 4) {
        gt_move m;
        memcpy(&m, data + i, 4);
        if (G->is_legal(pos, m)) {
            G->move_to_text(pos, m, buf, sizeof buf);
            if (G->move_from_text(pos, buf, err, sizeof err) != m)
                abort();
        }
    }
    const struct gt_notation *san = &G->notations[0];
    for (char *t = moves ? strtok(moves, " \t\r\n") : NULL; t; t = strtok(NULL, " \t\r\n")) {
        err[0] = 0;
        gt_move sm = san->move_from_text(pos, t, err, sizeof err);
        if (sm != GT_MOVE_NONE ? !G->is_legal(pos, sm) : !err[0])
            abort();
        err[0] = 0;
        gt_move m = G->move_from_text(pos, t, err, sizeof err);
        if (m == GT_MOVE_NONE) {
            if (!err[0])
                abort();
            if ((m = sm) == GT_MOVE_NONE)
                continue;
        } else if (sm != m) {
            abort();
        }
        if (!G->is_legal(pos, m))
            abort();
        bool check = G->gives_check(pos, m);
        uint64_t foretold = G->key_after(pos, m);
        (void)G->see_ge(pos, m, 0);
        (void)G->evaluate(pos, NULL);
        G->make(pos, m, undo);
        if (G->in_check(pos) != check || G->key(pos) != foretold)
            abort();
        (void)G->rule_outcome(pos, 3);
        G->to_text(pos, out, sizeof out);
        if (G->from_text(again, out, err, sizeof err) != 0 || G->key(again) != G->key(pos))
            abort();
    }
    gt_move list[256];
    int n = G->generate(pos, GT_GEN_ALL, list);
    for (int i = 0; i < n; i++) {
        san->move_to_text(pos, list[i], buf, sizeof buf);
        if (san->move_from_text(pos, buf, err, sizeof err) != list[i])
            abort();
        G->make(pos, list[i], undo);
        (void)G->evaluate(pos, NULL);
        G->unmake(pos, list[i], undo);
    }
    enum gt_outcome o = G->rule_outcome(pos, 0);
    if (o == GT_ONGOING && n == 0)
        o = G->no_moves(pos);
    if (o != GT_ONGOING && !G->end_reason(pos, o))
        abort();
    free(text);
    return 0;
}
