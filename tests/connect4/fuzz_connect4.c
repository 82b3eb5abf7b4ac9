/* fuzz_connect4.c -- libFuzzer target for the connect4 module's text and
 * move hooks (./configure --enable-fuzzers CC=clang; make
 * tests/connect4/fuzz_connect4; tests/connect4/fuzz_connect4 -max_total_time=60).
 *
 * Input: a position text, then after the first newline a move script whose
 * bytes are tried as move text ("a".."g" and junk) and as raw 32-bit move
 * values.  Any crash, sanitizer report or broken invariant (abort) is a bug:
 *  - from_text never crashes and always explains a rejection;
 *  - an accepted text round-trips through to_text;
 *  - is_legal agrees with generate, and make/unmake restore the position.
 * SPDX-License-Identifier: MIT */
#include <gtsearch/game.h>

#include <stdlib.h>
#include <string.h>

extern const struct gt_game connect4_LTX_gt_module;
static const struct gt_game *const G = &connect4_LTX_gt_module;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok)
{
    if (!ok)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready)
        ready = G->init() == 0;
    char text[256], err[128], out[64];
    size_t n = 0;
    while (n < size && n < sizeof text - 1 && data[n] != '\n')
        n++;
    memcpy(text, data, n);
    text[n] = '\0';
    const uint8_t *script = data + n + (n < size), *end = data + size;

    union { unsigned char bytes[256]; uint64_t align; } pos, copy;
    err[0] = '\0';
    if (G->from_text(&pos, text, err, sizeof err) != 0) {
        check(err[0] != '\0');
        return 0;
    }
    G->to_text(&pos, out, sizeof out);
    check(G->from_text(&copy, out, err, sizeof err) == 0);
    check(memcmp(&pos, &copy, G->pos_size) == 0);

    unsigned char undo[64];
    for (const uint8_t *s = script; s < end; s++) {
        gt_move list[16];
        int count = G->generate(&pos, GT_GEN_ALL, list);
        check(count >= 0 && count <= G->max_moves);
        gt_move raw = 0;
        memcpy(&raw, s, (size_t)(end - s) < sizeof raw ? (size_t)(end - s) : sizeof raw);
        for (gt_move m = raw;; m = (gt_move)*s) { /* a raw value, then one byte */
            bool listed = false;
            for (int i = 0; i < count; i++)
                listed |= list[i] == m;
            check(G->is_legal(&pos, m) == listed);
            if (m == (gt_move)*s)
                break;
        }
        char mv[2] = {(char)*s, 0};
        gt_move m = G->move_from_text(&pos, mv, err, sizeof err);
        if (m == GT_MOVE_NONE)
            continue;
        check(G->is_legal(&pos, m));
        memcpy(&copy, &pos, G->pos_size);
        G->make(&pos, m, undo);
        G->unmake(&pos, m, undo);
        check(memcmp(&pos, &copy, G->pos_size) == 0);
        G->make(&pos, m, undo);
    }
    return 0;
}
