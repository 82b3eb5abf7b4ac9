/* check_shogi_notation.c -- the shogi module's notations (kif, csa,
 * xshogi: games/shogi/notation.c) and its end_reason hook, through the hook
 * table: the text of chosen moves of every piece kind, the text read back
 * for every legal move of the bench positions, the error messages, the
 * edit-mode setup gnushogi gets, and the rule named for each way a game
 * ends.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtsearch/game.h>

extern const struct gt_game shogi_LTX_gt_module;
static const struct gt_game *const G = &shogi_LTX_gt_module;

#define STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
#define HANDS "4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1"
#define MAXU 256

enum { KIF, CSA, XSHOGI };

static const struct gt_notation *nota(int i)
{
    return &G->notations[i];
}

static void *new_pos(const char *sfen)
{
    void *p = malloc(G->pos_size);
    char err[256] = "";
    ck_assert_ptr_nonnull(p);
    ck_assert_msg(G->from_text(p, sfen, err, sizeof err) == 0, "from_text(%s): %s", sfen,
                  err);
    return p;
}

static gt_move usi(const void *p, const char *text)
{
    char err[128];
    gt_move m = G->move_from_text(p, text, err, sizeof err);
    ck_assert_msg(m != GT_MOVE_NONE, "move %s: %s", text, err);
    return m;
}

/* The position sfen after the USI moves of line. */
static void *after(const char *sfen, const char *line)
{
    void *p = new_pos(sfen);
    char buf[1024], *save = NULL;
    unsigned char undo[MAXU];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        G->make(p, usi(p, t), undo);
    return p;
}

/* The move given in USI, written in notation i, is `want`, and reads back. */
static void text_is(const void *p, int i, const char *move, const char *want)
{
    char buf[64], err[128] = "";
    gt_move m = usi(p, move);
    nota(i)->move_to_text(p, m, buf, sizeof buf);
    ck_assert_msg(!strcmp(buf, want), "%s of %s: '%s', want '%s'", nota(i)->name, move, buf,
                  want);
    gt_move back = nota(i)->move_from_text(p, want, err, sizeof err);
    ck_assert_msg(back == m, "%s '%s' read back as %x (%s)", nota(i)->name, want, back, err);
}

/* All three at once. */
static void texts(const char *sfen, const char *move, const char *kif, const char *csa,
                  const char *xshogi)
{
    void *p = new_pos(sfen);
    text_is(p, KIF, move, kif);
    text_is(p, CSA, move, csa);
    text_is(p, XSHOGI, move, xshogi);
    free(p);
}

/* Text in notation i reads as the USI move `move`. */
static void reads(const void *p, int i, const char *text, const char *move)
{
    char err[128] = "";
    gt_move m = nota(i)->move_from_text(p, text, err, sizeof err);
    ck_assert_msg(m == usi(p, move), "%s '%s': %x (%s), want %s", nota(i)->name, text, m,
                  err, move);
}

/* Text in notation i is refused with exactly the message `want`. */
static void refused(const void *p, int i, const char *text, const char *want)
{
    char err[128] = "";
    gt_move m = nota(i)->move_from_text(p, text, err, sizeof err);
    ck_assert_msg(m == GT_MOVE_NONE, "%s '%s' accepted", nota(i)->name, text);
    ck_assert_str_eq(err, want);
}

/* ---- the table ------------------------------------------------------------ */

START_TEST(the_notations_are_listed)
{
    ck_assert_ptr_nonnull(G->notations);
    ck_assert_str_eq(nota(KIF)->name, "kif");   /* first: the record notation */
    ck_assert_str_eq(nota(CSA)->name, "csa");
    ck_assert_str_eq(nota(XSHOGI)->name, "xshogi");
    ck_assert_ptr_null(G->notations[3].name);
    for (int i = 0; i < 3; i++) {
        ck_assert_ptr_nonnull(nota(i)->title);
        ck_assert_ptr_nonnull(nota(i)->move_to_text);
        ck_assert_ptr_nonnull(nota(i)->move_from_text);
    }
    ck_assert_ptr_null(nota(KIF)->position_to_text);
    ck_assert_ptr_null(nota(CSA)->position_to_text);
    ck_assert_ptr_nonnull(nota(XSHOGI)->position_to_text);
    ck_assert_ptr_nonnull(G->end_reason);
}
END_TEST

/* ---- the text of chosen moves --------------------------------------------- */

START_TEST(board_moves_of_each_piece)
{
    texts(STARTPOS, "7g7f", "７六歩(77)", "+7776FU", "7g7f");
    texts(STARTPOS, "9i9h", "９八香(99)", "+9998KY", "9i9h");
    texts(STARTPOS, "7i6h", "６八銀(79)", "+7968GI", "7i6h");
    texts(STARTPOS, "6i5h", "５八金(69)", "+6958KI", "6i5h");
    texts(STARTPOS, "5i5h", "５八玉(59)", "+5958OU", "5i5h");
    texts(STARTPOS, "2h3h", "３八飛(28)", "+2838HI", "2h3h");
    void *p = after(STARTPOS, "7g7f 3c3d");
    text_is(p, KIF, "8i7g", "７七桂(89)");
    text_is(p, CSA, "8i7g", "+8977KE");
    text_is(p, KIF, "8h7g", "７七角(88)");
    text_is(p, CSA, "8h7g", "+8877KA");
    free(p);
    /* gote's moves carry gote's sign */
    p = after(STARTPOS, "7g7f");
    text_is(p, KIF, "3c3d", "３四歩(33)");
    text_is(p, CSA, "3c3d", "-3334FU");
    text_is(p, XSHOGI, "3c3d", "3c3d");
    free(p);
}
END_TEST

START_TEST(promoted_pieces)
{
    const char *s = "4k4/9/9/9/+P+L+N+S1+B2+R/9/9/9/4K4 b - 1";
    texts(s, "9e9d", "９四と(95)", "+9594TO", "9e9d");
    texts(s, "8e8d", "８四成香(85)", "+8584NY", "8e8d");
    texts(s, "7e7d", "７四成桂(75)", "+7574NK", "7e7d");
    texts(s, "6e6d", "６四成銀(65)", "+6564NG", "6e6d");
    texts(s, "4e4d", "４四馬(45)", "+4544UM", "4e4d");
    texts(s, "1e1a", "１一龍(15)", "+1511RY", "1e1a");
    const char *w = "4k4/9/9/9/+p+l+n+s1+b2+r/9/9/9/4K4 w - 1";
    texts(w, "9e9f", "９六と(95)", "-9596TO", "9e9f");
    texts(w, "8e8f", "８六成香(85)", "-8586NY", "8e8f");
    texts(w, "7e7f", "７六成桂(75)", "-7576NK", "7e7f");
    texts(w, "6e6f", "６六成銀(65)", "-6566NG", "6e6f");
    texts(w, "4e3d", "３四馬(45)", "-4534UM", "4e3d");
    texts(w, "1e1i", "１九龍(15)", "-1519RY", "1e1i");
}
END_TEST

START_TEST(promotions_and_captures)
{
    /* the bishop exchange: a capture that promotes, or may decline to */
    void *p = after(STARTPOS, "7g7f 3c3d");
    text_is(p, KIF, "8h2b+", "２二角成(88)");
    text_is(p, CSA, "8h2b+", "+8822UM");
    text_is(p, XSHOGI, "8h2b+", "8h2b+");
    text_is(p, KIF, "8h2b", "２二角不成(88)");
    text_is(p, CSA, "8h2b", "+8822KA");
    text_is(p, XSHOGI, "8h2b", "8h2b");
    free(p);
    /* gote's */
    p = after(STARTPOS, "7g7f 3c3d 2g2f");
    text_is(p, KIF, "2b8h+", "８八角成(22)");
    text_is(p, CSA, "2b8h+", "-2288UM");
    text_is(p, XSHOGI, "2b8h+", "2b8h+");
    free(p);
    /* into the zone, promotion optional */
    texts("4k4/9/9/2S6/9/9/9/9/4K4 b - 1", "7d7c", "７三銀不成(74)", "+7473GI", "7d7c");
    texts("4k4/9/9/2S6/9/9/9/9/4K4 b - 1", "7d7c+", "７三銀成(74)", "+7473NG", "7d7c+");
    /* a forced promotion (pawn to the last rank) is not "不成" either way */
    texts("4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a+", "９一歩成(92)", "+9291TO", "9b9a+");
    /* out of the zone: may promote */
    texts("4k4/9/2S6/9/9/9/9/9/4K4 b - 1", "7c6d", "６四銀不成(73)", "+7364GI", "7c6d");
    /* no promotion possible: no mark */
    texts("4k4/9/9/9/2S6/9/9/9/4K4 b - 1", "7e7d", "７四銀(75)", "+7574GI", "7e7d");
}
END_TEST

START_TEST(drops)
{
    texts(HANDS, "P*5e", "５五歩打", "+0055FU", "P*5e");
    texts(HANDS, "L*5e", "５五香打", "+0055KY", "L*5e");
    texts(HANDS, "N*5e", "５五桂打", "+0055KE", "N*5e");
    texts(HANDS, "S*5e", "５五銀打", "+0055GI", "S*5e");
    texts(HANDS, "G*5e", "５五金打", "+0055KI", "G*5e");
    texts(HANDS, "B*5e", "５五角打", "+0055KA", "B*5e");
    texts(HANDS, "R*1a", "１一飛打", "+0011HI", "R*1a");
    const char *w = "4k4/9/9/9/9/9/9/9/4K4 w RB2G2S2N2L9Prb2g2s2n2l9p 1";
    texts(w, "P*5e", "５五歩打", "-0055FU", "P*5e");
    texts(w, "R*9i", "９九飛打", "-0099HI", "R*9i");
}
END_TEST

/* ---- reading ---------------------------------------------------------------- */

START_TEST(kif_forms_read)
{
    void *p = new_pos(STARTPOS);
    reads(p, KIF, "▲７六歩(77)", "7g7f");
    reads(p, KIF, "☗７六歩(77)", "7g7f");
    reads(p, KIF, "7六歩(77)", "7g7f");
    reads(p, KIF, "７６歩(77)", "7g7f");
    reads(p, KIF, "76歩(77)", "7g7f");
    reads(p, KIF, "７六歩", "7g7f");                 /* the origin left out */
    reads(p, KIF, "　７六歩(77)　 ", "7g7f");          /* blanks around it */
    reads(p, KIF, "５八王(59)", "5i5h");
    reads(p, KIF, "７八金(69)", "6i7h");
    free(p);
    /* 同: the one capture that fits */
    p = after(STARTPOS, "7g7f 3c3d 2g2f 2b8h+");
    reads(p, KIF, "同　銀(79)", "7i8h");
    reads(p, KIF, "同銀", "7i8h");
    reads(p, KIF, "同 銀", "7i8h");
    reads(p, KIF, "８八銀(79)", "7i8h");
    free(p);
    p = new_pos("4k4/9/9/9/9/9/7p1/1p5R1/4K4 b - 1");
    refused(p, KIF, "同　飛(28)", "ambiguous KIF move '同　飛(28)'");
    reads(p, KIF, "８八飛(28)", "2h8h");
    free(p);
    /* aliases of promoted pieces and of 不成 */
    p = new_pos("4k4/9/9/9/+P+L+N+S1+B2+R/9/9/9/4K4 b - 1");
    reads(p, KIF, "８四杏(85)", "8e8d");
    reads(p, KIF, "７四圭(75)", "7e7d");
    reads(p, KIF, "６四全(65)", "6e6d");
    reads(p, KIF, "１一竜(15)", "1e1a");
    reads(p, KIF, "１一龍", "1e1a");
    free(p);
    p = new_pos("4k4/9/9/2S6/9/9/9/9/4K4 b - 1");
    reads(p, KIF, "７三銀生(74)", "7d7c");
    reads(p, KIF, "７三銀(74)", "7d7c");    /* no 成: no promotion */
    reads(p, KIF, "７三銀成", "7d7c+");
    free(p);
    /* gote, with its mark */
    p = after(STARTPOS, "7g7f 3c3d 2g2f");
    reads(p, KIF, "△８八角成(22)", "2b8h+");
    reads(p, KIF, "☖８八角成(22)", "2b8h+");
    reads(p, KIF, "▽８八角成", "2b8h+");
    free(p);
    /* a drop without 打 when no piece on the board could go there */
    p = new_pos(HANDS);
    reads(p, KIF, "５五角", "B*5e");
    free(p);
    /* ... but a gold that could also move there needs it */
    p = new_pos("4k4/9/9/9/9/9/9/4G4/4K4 b G 1");
    refused(p, KIF, "５七金", "ambiguous KIF move '５七金'");
    reads(p, KIF, "５七金打", "G*5g");
    reads(p, KIF, "５七金(58)", "5h5g");
    free(p);
}
END_TEST

START_TEST(csa_forms_read)
{
    void *p = new_pos(STARTPOS);
    reads(p, CSA, "7776FU", "7g7f");
    reads(p, CSA, " +7776FU\n", "7g7f");
    free(p);
    p = after(STARTPOS, "7g7f");
    reads(p, CSA, "3334FU", "3c3d");
    reads(p, CSA, "-3334FU", "3c3d");
    free(p);
}
END_TEST

/* What lib/match_gnushogi.c reads from gnushogi (gt_gnushogi_move_to_usi). */
START_TEST(xshogi_forms_read)
{
    void *p = new_pos(HANDS);
    reads(p, XSHOGI, "P*5e", "P*5e");
    reads(p, XSHOGI, "P'5e", "P*5e");
    reads(p, XSHOGI, "p'5e", "P*5e");
    reads(p, XSHOGI, "b*4e", "B*4e");
    reads(p, XSHOGI, "R*1a", "R*1a");
    reads(p, XSHOGI, "5i4h?", "5i4h");
    reads(p, XSHOGI, "5i4h!", "5i4h");
    reads(p, XSHOGI, "5i4h?!", "5i4h");
    free(p);
    p = after(STARTPOS, "7g7f 3c3d");
    reads(p, XSHOGI, "8h2b+", "8h2b+");
    reads(p, XSHOGI, "8h2b+?", "8h2b+");
    reads(p, XSHOGI, "8h2b", "8h2b");
    free(p);
}
END_TEST

START_TEST(garbage_is_refused)
{
    void *p = new_pos(STARTPOS);
    refused(p, KIF, "", "bad KIF move ''");
    refused(p, KIF, "xyz", "bad KIF move 'xyz'");
    refused(p, KIF, "７六", "bad KIF move '７六'");
    refused(p, KIF, "７六歩(7)", "bad KIF move '７六歩(7)'");
    refused(p, KIF, "７六歩(77)x", "bad KIF move '７六歩(77)x'");
    refused(p, KIF, "０六歩(77)", "bad KIF move '０六歩(77)'");
    refused(p, KIF, "５五角打(88)", "bad KIF move '５五角打(88)'");
    refused(p, KIF, "７五歩(77)", "no legal move matches '７五歩(77)'");
    refused(p, KIF, "７六銀(77)", "no legal move matches '７六銀(77)'");
    refused(p, KIF, "７六歩成(77)", "no legal move matches '７六歩成(77)'");
    refused(p, KIF, "５五角打", "no legal move matches '５五角打'");
    refused(p, KIF, "△７六歩(77)", "no legal move matches '△７六歩(77)' (sente to move)");
    refused(p, KIF, "同　歩(77)", "no legal move matches '同　歩(77)'");
    refused(p, KIF, "５八金", "ambiguous KIF move '５八金'");
    refused(p, CSA, "+7776XX", "bad CSA move '+7776XX'");
    refused(p, CSA, "+7776fu", "bad CSA move '+7776fu'");
    refused(p, CSA, "+777FU", "bad CSA move '+777FU'");
    refused(p, CSA, "+7076FU", "bad CSA move '+7076FU'");
    refused(p, CSA, "+7770FU", "bad CSA move '+7770FU'");
    refused(p, CSA, "*7776FU", "bad CSA move '*7776FU'");
    refused(p, CSA, "", "bad CSA move ''");
    refused(p, CSA, "+7775FU", "no legal move matches '+7775FU'");
    refused(p, CSA, "+7776TO", "no legal move matches '+7776TO'");
    refused(p, CSA, "+0055OU", "no legal move matches '+0055OU'");
    refused(p, CSA, "-3334FU", "no legal move matches '-3334FU' (sente to move)");
    refused(p, XSHOGI, "K*5e", "bad xshogi move 'K*5e'");
    refused(p, XSHOGI, "7g7", "bad xshogi move '7g7'");
    refused(p, XSHOGI, "7j7f", "bad xshogi move '7j7f'");
    refused(p, XSHOGI, "7g7f=", "bad xshogi move '7g7f='");
    refused(p, XSHOGI, "...", "bad xshogi move '...'");
    refused(p, XSHOGI, "P*5", "bad xshogi move 'P*5'");
    refused(p, XSHOGI, "", "bad xshogi move ''");
    refused(p, XSHOGI, "7g7e", "no legal move matches '7g7e'");
    refused(p, XSHOGI, "P*5e", "no legal move matches 'P*5e'");
    /* a long text is cut in the message */
    refused(p, XSHOGI, "0123456789012345678901234567890123456789012345678901234",
            "bad xshogi move '012345678901234567890123456789012345678901234567...'");
    refused(p, KIF, "x７六歩７六歩７六歩７六歩７六歩７六歩",
            "bad KIF move 'x７六歩７六歩７六歩７六歩７六歩...'");
    /* NULL text, NULL err */
    ck_assert_uint_eq(nota(KIF)->move_from_text(p, NULL, NULL, 0), GT_MOVE_NONE);
    ck_assert_uint_eq(nota(CSA)->move_from_text(p, NULL, NULL, 0), GT_MOVE_NONE);
    ck_assert_uint_eq(nota(XSHOGI)->move_from_text(p, NULL, NULL, 0), GT_MOVE_NONE);
    free(p);
}
END_TEST

/* A buffer too small gets as much as fits, cut at a character boundary. */
START_TEST(small_buffers)
{
    void *p = after(STARTPOS, "7g7f 3c3d");
    gt_move m = usi(p, "8h2b");
    char buf[64];
    memset(buf, 'x', sizeof buf);
    nota(KIF)->move_to_text(p, m, buf, 8);       /* "２二" is 6 bytes, "角" 3 */
    ck_assert_str_eq(buf, "２二");
    nota(KIF)->move_to_text(p, m, buf, 19);
    ck_assert_str_eq(buf, "２二角不成(88");
    nota(KIF)->move_to_text(p, m, buf, 20);
    ck_assert_str_eq(buf, "２二角不成(88)");
    nota(CSA)->move_to_text(p, m, buf, 4);
    ck_assert_str_eq(buf, "+88");
    nota(CSA)->move_to_text(p, m, buf, 8);
    ck_assert_str_eq(buf, "+8822KA");
    free(p);
}
END_TEST

/* ---- every legal move of the bench positions ------------------------------ */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(every_bench_move_reads_back)
{
    static gt_move list[600];
    static char text[600][64];
    char *sorted[600], err[128];
    int positions = 0, total = 0, board = 0, no_origin = 0, alt = 0;
    for (const char *const *s = G->bench_positions; *s; s++, positions++) {
        void *p = new_pos(*s);
        int n = G->generate(p, GT_GEN_ALL, list);
        ck_assert_int_gt(n, 0);
        total += n;
        for (int k = 0; k < 3; k++) {
            for (int i = 0; i < n; i++) {
                nota(k)->move_to_text(p, list[i], text[i], sizeof text[i]);
                ck_assert_msg(text[i][0], "%s: empty text", nota(k)->name);
                err[0] = 0;
                gt_move back = nota(k)->move_from_text(p, text[i], err, sizeof err);
                ck_assert_msg(back == list[i], "%s: %s '%s' read as %x (%s)", *s,
                              nota(k)->name, text[i], back, err);
                sorted[i] = text[i];
            }
            qsort(sorted, (size_t)n, sizeof sorted[0], cmp_str);
            for (int i = 1; i < n; i++)
                ck_assert_msg(strcmp(sorted[i - 1], sorted[i]), "%s: %s '%s' twice", *s,
                              nota(k)->name, sorted[i]);
        }
        for (int i = 0; i < n; i++) {
            char buf[64];
            /* KIF without its origin: the same move, or ambiguous */
            nota(KIF)->move_to_text(p, list[i], buf, sizeof buf);
            char *paren = strchr(buf, '(');
            if (paren) {
                *paren = 0;
                board++;
                gt_move back = nota(KIF)->move_from_text(p, buf, err, sizeof err);
                if (back == GT_MOVE_NONE)
                    ck_assert_msg(!strncmp(err, "ambiguous KIF move '", 20), "%s", err);
                else {
                    ck_assert_uint_eq(back, list[i]);
                    no_origin++;
                }
            }
            /* CSA without its sign */
            nota(CSA)->move_to_text(p, list[i], buf, sizeof buf);
            ck_assert_uint_eq(nota(CSA)->move_from_text(p, buf + 1, err, sizeof err),
                              list[i]);
            /* gnushogi's other drop form, lower case, with a mark */
            nota(XSHOGI)->move_to_text(p, list[i], buf, sizeof buf);
            if (buf[1] == '*') {
                buf[1] = '\'';
                buf[0] = (char)(buf[0] + 32);
                alt++;
            }
            strcat(buf, "?");
            ck_assert_uint_eq(nota(XSHOGI)->move_from_text(p, buf, err, sizeof err),
                              list[i]);
        }
        free(p);
    }
    ck_assert_int_eq(positions, 15);
    ck_assert_int_eq(total, 1613);
    ck_assert_int_eq(board, 471);     /* board moves; the rest are drops */
    ck_assert_int_eq(no_origin, 439); /* read without "(from)", 32 ambiguous */
    ck_assert_int_eq(alt, 1142);      /* drops */
}
END_TEST

/* ---- gnushogi's edit mode --------------------------------------------------- */

static void edit_is(const char *sfen, const char *want)
{
    void *p = new_pos(sfen);
    char buf[4096];
    ck_assert_int_eq(nota(XSHOGI)->position_to_text(p, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, want);
    /* exactly as long as it needs: one byte less is too small */
    size_t n = strlen(want);
    ck_assert_int_eq(nota(XSHOGI)->position_to_text(p, buf, n + 1), 0);
    ck_assert_str_eq(buf, want);
    ck_assert_int_eq(nota(XSHOGI)->position_to_text(p, buf, n), -1);
    ck_assert_int_eq(nota(XSHOGI)->position_to_text(p, buf, 1), -1);
    free(p);
}

/* The texts lib/match_gnushogi.c's gt_gnushogi_edit_lines gave for these
 * SFENs (tests/match/check_match_shogi.c asserts the first and parts of the
 * second), and that gnushogi took. */
START_TEST(xshogi_edit_setup)
{
    edit_is("4k4/9/4P4/9/9/9/9/1+r7/4K4 b G2Pp 1",
            "edit\n#\nP5c\nK5i\nG*\nP*\nP*\nc\nK5a\nR8h+\nP*\n.");
    edit_is("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn2p 124",
            "edit\n#\nR7b+\nP4b\nB5c\nG4c\nN9e\nP6e\nG3e\nP9f\nP7f\nP5f\nP2f\nP1f\nP8g\n"
            "S7g\nK8h\nS7h\nG6h\nL9i\nN8i\nL1i\nS*\nc\nL1a\nL8b\nP9c\nP6c\nP2c\nP1c\nK9d\n"
            "P8d\nS7d\nP5d\nN8e\nR2h+\nP5i+\nB*\nG*\nN*\nP*\nP*\n.");
    edit_is(STARTPOS,
            "edit\n#\nP9g\nP8g\nP7g\nP6g\nP5g\nP4g\nP3g\nP2g\nP1g\nB8h\nR2h\nL9i\nN8i\n"
            "S7i\nG6i\nK5i\nG4i\nS3i\nN2i\nL1i\nc\nL9a\nN8a\nS7a\nG6a\nK5a\nG4a\nS3a\nN2a\n"
            "L1a\nR8b\nB2b\nP9c\nP8c\nP7c\nP6c\nP5c\nP4c\nP3c\nP2c\nP1c\n.");
    /* the opening of check_match_shogi.c's an_sfen_opening_is_set_up_with_edit */
    edit_is("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
            "edit\n#\nP7f\nP9g\nP8g\nP6g\nP5g\nP4g\nP3g\nP2g\nP1g\nB8h\nR2h\nL9i\nN8i\n"
            "S7i\nG6i\nK5i\nG4i\nS3i\nN2i\nL1i\nc\nL9a\nN8a\nS7a\nG6a\nK5a\nG4a\nS3a\nN2a\n"
            "L1a\nR8b\nB2b\nP9c\nP8c\nP7c\nP6c\nP5c\nP4c\nP3c\nP2c\nP1c\n.");
    edit_is("bngk1n2+B/l1r4gl/p2s1p1s1/1+N1pp1p1p/2p1P2R1/1P1P1PPPP/P3G3L/3SG2S1/L+p4K2 b "
            "Pnp 79",
            "edit\n#\nB1a+\nN8d+\nP5e\nR2e\nP8f\nP6f\nP4f\nP3f\nP2f\nP1f\nP9g\nG5g\nL1g\n"
            "S6h\nG5h\nS2h\nL9i\nK3i\nP*\nc\nB9a\nN8a\nG7a\nK6a\nN4a\nL9b\nR7b\nG2b\nL1b\n"
            "P9c\nS6c\nP4c\nS2c\nP6d\nP5d\nP3d\nP1d\nP7e\nP8i+\nN*\nP*\n.");
    /* hands in the order R B G S N L P, sente's then gote's */
    edit_is(HANDS,
            "edit\n#\nK5i\nR*\nB*\nG*\nG*\nS*\nS*\nN*\nN*\nL*\nL*\nP*\nP*\nP*\nP*\nP*\nP*\n"
            "P*\nP*\nP*\nc\nK5a\nR*\nB*\nG*\nG*\nS*\nS*\nN*\nN*\nL*\nL*\nP*\nP*\nP*\nP*\nP*\n"
            "P*\nP*\nP*\nP*\n.");
    edit_is("8k/6S2/7G1/9/9/9/9/9/4K4 b LPnp 1",
            "edit\n#\nS3b\nG2c\nK5i\nL*\nP*\nc\nK1a\nN*\nP*\n.");
    /* the side to move is not part of it */
    edit_is("8k/6S2/7G1/9/9/9/9/9/4K4 w LPnp 1",
            "edit\n#\nS3b\nG2c\nK5i\nL*\nP*\nc\nK1a\nN*\nP*\n.");
    /* it follows the moves made */
    void *p = after(STARTPOS, "7g7f 3c3d 8h2b+ 3a2b");
    char buf[1024];
    ck_assert_int_eq(nota(XSHOGI)->position_to_text(p, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "edit\n#\nP7f\nP9g\nP8g\nP6g\nP5g\nP4g\nP3g\nP2g\nP1g\nR2h\nL9i\n"
                          "N8i\nS7i\nG6i\nK5i\nG4i\nS3i\nN2i\nL1i\nB*\nc\nL9a\nN8a\nS7a\n"
                          "G6a\nK5a\nG4a\nN2a\nL1a\nR8b\nS2b\nP9c\nP8c\nP7c\nP6c\nP5c\nP4c\n"
                          "P2c\nP1c\nP3d\nB*\n.");
    free(p);
}
END_TEST

/* ---- end_reason --------------------------------------------------------------- */

static void play_line(void *p, const char *line)
{
    char buf[1024], *save = NULL;
    unsigned char undo[MAXU];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        G->make(p, usi(p, t), undo);
}

START_TEST(end_reason_of_mate_and_no_move)
{
    gt_move list[600];
    void *p = new_pos("8k/8G/8G/9/9/9/9/9/4K4 w - 1");
    ck_assert(G->in_check(p));
    ck_assert_int_eq(G->generate(p, GT_GEN_ALL, list), 0);
    ck_assert_int_eq(G->no_moves(p), GT_LOSS);
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_ONGOING);
    ck_assert_str_eq(G->end_reason(p, GT_LOSS), "checkmate");
    free(p);
    /* no legal move without check still loses in shogi */
    p = new_pos("k8/2G6/1G7/9/9/9/9/9/4K4 w - 1");
    ck_assert(!G->in_check(p));
    ck_assert_int_eq(G->generate(p, GT_GEN_ALL, list), 0);
    ck_assert_int_eq(G->no_moves(p), GT_LOSS);
    ck_assert_str_eq(G->end_reason(p, GT_LOSS), "no legal move");
    free(p);
    /* a mate played on the board */
    p = after("8k/9/8G/9/9/9/9/9/4K4 b G 1", "G*1b");
    ck_assert_int_eq(G->generate(p, GT_GEN_ALL, list), 0);
    ck_assert_str_eq(G->end_reason(p, G->no_moves(p)), "checkmate");
    free(p);
    /* not over */
    p = new_pos(STARTPOS);
    ck_assert_str_eq(G->end_reason(p, GT_ONGOING), "game not over");
    free(p);
}
END_TEST

START_TEST(end_reason_of_sennichite)
{
    void *p = new_pos(STARTPOS);
    const char *cycle = "2h1h 8b9b 1h2h 9b8b";
    play_line(p, cycle);
    /* inside a search: the second occurrence already counts */
    ck_assert_int_eq(G->rule_outcome(p, 4), GT_DRAW);
    ck_assert_str_eq(G->end_reason(p, GT_DRAW), "repetition (sennichite)");
    play_line(p, cycle);
    play_line(p, cycle);
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_DRAW);   /* the fourth time */
    ck_assert_str_eq(G->end_reason(p, GT_DRAW), "repetition (sennichite)");
    free(p);
}
END_TEST

START_TEST(end_reason_of_perpetual_check)
{
    const char *s = "4k4/9/9/9/4R4/9/9/9/4K4 w - 1";
    const char *cycle = "5a4a 5e4e 4a5a 4e5e";
    void *p = new_pos(s);
    play_line(p, cycle);
    play_line(p, cycle);
    play_line(p, cycle);
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_WIN);    /* gote, checked, wins */
    ck_assert_str_eq(G->end_reason(p, GT_WIN), "perpetual check");
    free(p);
    /* the checking side to move loses (inside a search) */
    p = new_pos(s);
    play_line(p, "5a4a 5e4e 4a5a 4e5e 5a4a");
    ck_assert_int_eq(G->rule_outcome(p, 4), GT_LOSS);
    ck_assert_str_eq(G->end_reason(p, GT_LOSS), "perpetual check");
    free(p);
}
END_TEST

START_TEST(end_reason_of_declaration)
{
    void *p = new_pos("RBGGSS3/3GKGSS1/9/9/9/9/9/9/8k b RB 1");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_WIN);
    ck_assert_str_eq(G->end_reason(p, GT_WIN), "entering-king declaration");
    free(p);
    p = new_pos("K8/9/9/9/9/9/9/1ssgkg3/3ssggbr w r4p 1");
    ck_assert_int_eq(G->rule_outcome(p, 0), GT_WIN);
    ck_assert_str_eq(G->end_reason(p, GT_WIN), "entering-king declaration");
    free(p);
}
END_TEST

Suite *test_suite(void);
Suite *test_suite(void)
{
    if (G->init() != 0)
        abort();
    Suite *s = suite_create("shogi_notation");
    TCase *tc = tcase_create("notation");
    tcase_set_timeout(tc, 120);  /* sanitizer builds are slow */
    tcase_add_test(tc, the_notations_are_listed);
    tcase_add_test(tc, board_moves_of_each_piece);
    tcase_add_test(tc, promoted_pieces);
    tcase_add_test(tc, promotions_and_captures);
    tcase_add_test(tc, drops);
    tcase_add_test(tc, kif_forms_read);
    tcase_add_test(tc, csa_forms_read);
    tcase_add_test(tc, xshogi_forms_read);
    tcase_add_test(tc, garbage_is_refused);
    tcase_add_test(tc, small_buffers);
    tcase_add_test(tc, every_bench_move_reads_back);
    tcase_add_test(tc, xshogi_edit_setup);
    suite_add_tcase(s, tc);
    tc = tcase_create("end_reason");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, end_reason_of_mate_and_no_move);
    tcase_add_test(tc, end_reason_of_sennichite);
    tcase_add_test(tc, end_reason_of_perpetual_check);
    tcase_add_test(tc, end_reason_of_declaration);
    suite_add_tcase(s, tc);
    return s;
}
