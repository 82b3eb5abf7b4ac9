/* check_datafile.c -- the data files of lib/tune/datafile.h: the binary
 * layout byte by byte, round trips through both formats, and every way a
 * file can be wrong (truncated, another game, another version, empty,
 * malformed or over-long text); then datagen's records with their
 * margins and plies.
 *
 * The Othello example is the game: it has a final margin (the disc
 * count), so a game that ends by its rules has one to record.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tune/datafile.h"
#include "tune/datagen.h"

extern const struct gt_game othello_LTX_gt_module;
static const struct gt_game *const OTH = &othello_LTX_gt_module;

Suite *test_suite(void);

/* A temporary file's name (the file exists, empty). */
static char *temp_path(void)
{
    static char path[64];
    strcpy(path, "/tmp/check_datafile_XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    return path;
}

static void write_file(const char *path, const void *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(bytes, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
}

/* n positions of Othello, each a ply after the last from the start. */
static void positions(char text[][GT_DATA_TEXT_MAX], int n)
{
    void *pos = malloc(OTH->pos_size), *undo = malloc(OTH->undo_size);
    gt_move moves[64];
    char err[128];
    ck_assert_int_eq(OTH->from_text(pos, OTH->startpos, err, sizeof err), 0);
    for (int i = 0; i < n; i++) {
        OTH->to_text(pos, text[i], GT_DATA_TEXT_MAX);
        int k = OTH->generate(pos, GT_GEN_ALL, moves);
        ck_assert_int_gt(k, 0);
        OTH->make(pos, moves[k - 1], undo);
    }
    free(pos);
    free(undo);
}

/* Records with every field, in the ranges both formats keep. */
enum { NREC = 6 };
static void sample(struct gt_data_record *rec)
{
    static const int score[NREC] = {0, -35, GT_DATA_NO_SCORE, 32000, -32000, 417};
    static const double result[NREC] = {1, 0, 0.5, 0.25, 0.75, 0.001};
    static const int margin[NREC] = {0, -12, 300, -32000, 1, 0};
    static const int ply[NREC] = {0, 1, 59, 400, 65535, 7};
    char text[NREC][GT_DATA_TEXT_MAX];
    positions(text, NREC);
    for (int i = 0; i < NREC; i++) {
        memset(&rec[i], 0, sizeof rec[i]);
        strcpy(rec[i].text, text[i]);
        rec[i].score = score[i];
        rec[i].result = result[i];
        rec[i].margin = margin[i];
        rec[i].ply = ply[i];
    }
}

static void write_records(const char *path, const struct gt_data_record *rec, int n,
                          enum gt_data_format f)
{
    char err[256];
    FILE *out = fopen(path, "wb");
    ck_assert_ptr_nonnull(out);
    struct gt_data_writer *w = gt_data_writer_new(OTH, out, f, err, sizeof err);
    ck_assert_ptr_nonnull(w);
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(gt_data_write(w, &rec[i]), 0);
    ck_assert_int_eq(gt_data_flush(w), 0);
    gt_data_writer_free(w);
    ck_assert_int_eq(fclose(out), 0);
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* ---- the binary layout ----------------------------------------------------- */

START_TEST(binary_bytes_are_the_documented_layout)
{
    char *path = temp_path();
    struct gt_data_record rec = {.text = "ab", .score = -2, .result = 0.5, .margin = -300,
                                 .ply = 258};
    write_records(path, &rec, 1, GT_DATA_BINARY);
    unsigned char b[GT_DATA_HEADER_SIZE + 12] = {0};
    FILE *f = fopen(path, "rb");
    ck_assert_uint_eq(fread(b, 1, sizeof b, f), sizeof b);
    ck_assert_int_eq(fgetc(f), EOF);
    fclose(f);
    static const unsigned char head[24] = {'G', 'T', 'S', 'D', 'A', 'T', 'A', '\n',
                                           1, 0, 0, 0, 64, 0, 0, 0,
                                           'o', 't', 'h', 'e', 'l', 'l', 'o', 0};
    ck_assert_mem_eq(b, head, sizeof head);
    for (int i = 24; i < GT_DATA_HEADER_SIZE; i++)
        ck_assert_int_eq(b[i], 0);        /* the name's padding, flags 0, padding */
    static const unsigned char record[12] = {2, 0, 0xfe, 0xff, 0xf4, 0x01, 0xd4, 0xfe,
                                             0x02, 0x01, 'a', 'b'};
    ck_assert_mem_eq(b + GT_DATA_HEADER_SIZE, record, sizeof record);
    unlink(path);
}
END_TEST

START_TEST(binary_round_trip_keeps_every_field)
{
    char *path = temp_path(), err[512];
    struct gt_data_record rec[NREC], back;
    sample(rec);
    write_records(path, rec, NREC, GT_DATA_BINARY);
    struct gt_data_reader *r = gt_data_open(OTH, path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    ck_assert_int_eq(gt_data_reader_format(r), GT_DATA_BINARY);
    for (int i = 0; i < NREC; i++) {
        ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), 1);
        ck_assert_str_eq(back.text, rec[i].text);
        ck_assert_int_eq(back.score, rec[i].score);
        ck_assert_double_eq_tol(back.result, rec[i].result, 1e-9);
        ck_assert_int_eq(back.margin, rec[i].margin);
        ck_assert_int_eq(back.ply, rec[i].ply);
    }
    ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), 0);
    ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), 0);
    gt_data_close(r);
    unlink(path);
}
END_TEST

START_TEST(binary_clamps_what_does_not_fit)
{
    char *path = temp_path(), err[512];
    struct gt_data_record rec[NREC], back;
    sample(rec);
    rec[0].score = 40000;
    rec[0].margin = -99999;
    rec[0].ply = 70000;
    rec[0].result = 0.3337;            /* thousandths */
    rec[1].score = -40000;
    rec[1].ply = -3;
    write_records(path, rec, 2, GT_DATA_BINARY);
    struct gt_data_reader *r = gt_data_open(OTH, path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), 1);
    ck_assert_int_eq(back.score, 32000);
    ck_assert_int_eq(back.margin, -32000);
    ck_assert_int_eq(back.ply, 65535);
    ck_assert_double_eq_tol(back.result, 0.334, 1e-9);
    ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), 1);
    ck_assert_int_eq(back.score, -32000);
    ck_assert_int_eq(back.ply, 0);
    gt_data_close(r);
    unlink(path);
}
END_TEST

/* ---- the text format ------------------------------------------------------- */

START_TEST(text_round_trip_keeps_soft_results)
{
    char *path = temp_path(), err[512];
    struct gt_data_record rec[NREC], back;
    sample(rec);
    rec[3].result = 0.3337;            /* text keeps more than thousandths */
    write_records(path, rec, NREC, GT_DATA_TEXT);
    struct gt_data_reader *r = gt_data_open(OTH, path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    ck_assert_int_eq(gt_data_reader_format(r), GT_DATA_TEXT);
    for (int i = 0; i < NREC; i++) {
        ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), 1);
        ck_assert_str_eq(back.text, rec[i].text);
        ck_assert_int_eq(back.score, rec[i].score);
        ck_assert_double_eq_tol(back.result, rec[i].result, 1e-9);
        /* Three fields a line: margin and ply are not kept. */
        ck_assert_int_eq(back.margin, 0);
        ck_assert_int_eq(back.ply, 0);
    }
    ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), 0);
    gt_data_close(r);
    /* The lines datagen has always written. */
    FILE *f = fopen(path, "r");
    char line[512];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_ptr_nonnull(strstr(line, " | 0 | 1.0\n"));
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_ptr_nonnull(strstr(line, " | -35 | 0.0\n"));
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_ptr_nonnull(strstr(line, " | - | 0.5\n"));
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_ptr_nonnull(strstr(line, " | 32000 | 0.3337\n"));
    fclose(f);
    unlink(path);
}
END_TEST

START_TEST(text_bad_lines_are_told_and_passed)
{
    char *path = temp_path(), err[512], expect[600];
    char *longtext = malloc(1600);
    memset(longtext, 'x', 1500);
    longtext[1500] = 0;
    FILE *f = fopen(path, "w");
    fprintf(f, "# a comment\n\n%s | 12 | 1\nno bars here\n%s | 0 | 0.5\n%s | x | 1\n"
            "%s | -7.6 | 0\n%s | -32768 | 1\n", OTH->startpos, longtext, OTH->startpos,
            OTH->startpos, OTH->startpos);
    fclose(f);
    free(longtext);
    struct gt_data_reader *r = gt_data_open(OTH, path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    struct gt_data_record rec;
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), 1);
    ck_assert_str_eq(rec.text, OTH->startpos);
    ck_assert_int_eq(rec.score, 12);
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), -1);
    snprintf(expect, sizeof expect, "%s:4: expected 'POSITION | SCORE | RESULT'", path);
    ck_assert_str_eq(err, expect);
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), -1);
    snprintf(expect, sizeof expect, "%s:5: a position text of 1500 bytes (at most %d)", path,
             GT_DATA_TEXT_MAX - 1);
    ck_assert_str_eq(err, expect);
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), -1);
    snprintf(expect, sizeof expect, "%s:6: score 'x' is not a number or '-'", path);
    ck_assert_str_eq(err, expect);
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), 1);
    ck_assert_int_eq(rec.score, -8);   /* whole units */
    ck_assert(rec.result == 0);
    char where[300];
    gt_data_where(r, where, sizeof where);
    snprintf(expect, sizeof expect, "%s:7", path);
    ck_assert_str_eq(where, expect);
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), 1);
    ck_assert_int_eq(rec.score, GT_DATA_NO_SCORE + 1);   /* a score, not "none" */
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), 0);
    gt_data_close(r);
    unlink(path);
}
END_TEST

START_TEST(text_of_another_game_is_one_error)
{
    char *path = temp_path(), err[512], expect[600];
    FILE *f = fopen(path, "w");
    for (int i = 0; i < 30; i++)   /* a good line after the 20th does not count */
        fprintf(f, "%s | 0 | 1\n", i < 25 ? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"
                                          : OTH->startpos);
    fclose(f);
    ck_assert_ptr_null(gt_data_open(OTH, path, err, sizeof err));
    snprintf(expect, sizeof expect, "%s does not look like othello data: line 1: ", path);
    ck_assert_msg(!strncmp(err, expect, strlen(expect)), "%s", err);
    /* One good line among the first twenty: the file is read. */
    f = fopen(path, "w");
    for (int i = 0; i < 30; i++)
        fprintf(f, "%s | 0 | 1\n", i != 19 ? "not a position" : OTH->startpos);
    fclose(f);
    struct gt_data_reader *r = gt_data_open(OTH, path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    struct gt_data_record rec;
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), 1);   /* from line 1 again */
    snprintf(expect, sizeof expect, "%s:1", path);
    char where[300];
    gt_data_where(r, where, sizeof where);
    ck_assert_str_eq(where, expect);
    gt_data_close(r);
    unlink(path);
}
END_TEST

/* ---- files that are wrong ---------------------------------------------------- */

static void header(unsigned char *h, const char *name, unsigned version)
{
    memset(h, 0, GT_DATA_HEADER_SIZE);
    memcpy(h, GT_DATA_MAGIC, 8);
    h[8] = (unsigned char)version;
    h[12] = GT_DATA_HEADER_SIZE;
    memcpy(h + 16, name, strlen(name));
}

START_TEST(binary_truncated_last_record)
{
    char *path = temp_path(), err[512], expect[600];
    struct gt_data_record rec[NREC], back;
    sample(rec);
    write_records(path, rec, 3, GT_DATA_BINARY);
    long size = file_size(path);
    long third = size - GT_DATA_RECORD_HEAD - (long)strlen(rec[2].text);
    /* Cut in the text, then in the fixed fields. */
    for (int cut = 0; cut < 2; cut++) {
        ck_assert_int_eq(truncate(path, cut ? third + 4 : size - 3), 0);
        struct gt_data_reader *r = gt_data_open(OTH, path, err, sizeof err);
        ck_assert_msg(r != NULL, "%s", err);
        ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), 1);
        ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), 1);
        ck_assert_str_eq(back.text, rec[1].text);
        ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), -1);
        snprintf(expect, sizeof expect, "%s: truncated record 3 at byte %ld: the 2 records "
                 "before it are whole", path, third);
        ck_assert_str_eq(err, expect);
        ck_assert_int_eq(gt_data_read(r, &back, err, sizeof err), 0);
        gt_data_close(r);
    }
    unlink(path);
}
END_TEST

START_TEST(binary_bad_fields)
{
    char *path = temp_path(), err[512], expect[600];
    unsigned char b[GT_DATA_HEADER_SIZE + 3 * 12];
    header(b, "othello", 1);
    unsigned char *p = b + GT_DATA_HEADER_SIZE;
    static const unsigned char recs[3][12] = {
        {2, 0, 0, 0, 0xe9, 0x03, 0, 0, 0, 0, 'a', 'b'},  /* result 1001 */
        {2, 0, 5, 0, 0xe8, 0x03, 0, 0, 0, 0, 'c', 'd'},  /* good */
        {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'e', 'f'},         /* length 0 */
    };
    memcpy(p, recs, sizeof recs);
    write_file(path, b, sizeof b);
    struct gt_data_reader *r = gt_data_open(OTH, path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    struct gt_data_record rec;
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), -1);
    snprintf(expect, sizeof expect, "%s: record 1 at byte 64: result 1001 thousandths is "
             "over 1000", path);
    ck_assert_str_eq(err, expect);
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), 1);
    ck_assert_str_eq(rec.text, "cd");
    ck_assert_int_eq(rec.score, 5);
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "record 3 at byte 88: text length 0 is not from 1"));
    ck_assert_int_eq(gt_data_read(r, &rec, err, sizeof err), 0);
    gt_data_close(r);
    unlink(path);
}
END_TEST

START_TEST(binary_of_another_game_or_version)
{
    char *path = temp_path(), err[512], expect[600];
    unsigned char b[GT_DATA_HEADER_SIZE + 12];
    static const unsigned char rec[12] = {2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'a', 'b'};
    memcpy(b + GT_DATA_HEADER_SIZE, rec, sizeof rec);

    header(b, "connect4", 1);
    write_file(path, b, sizeof b);
    ck_assert_ptr_null(gt_data_open(OTH, path, err, sizeof err));
    snprintf(expect, sizeof expect, "%s: data for connect4, not othello", path);
    ck_assert_str_eq(err, expect);

    header(b, "othello", 2);
    write_file(path, b, sizeof b);
    ck_assert_ptr_null(gt_data_open(OTH, path, err, sizeof err));
    snprintf(expect, sizeof expect, "%s: data format version 2; this program reads "
             "version 1", path);
    ck_assert_str_eq(err, expect);

    header(b, "othello", 1);
    write_file(path, b, 40);
    ck_assert_ptr_null(gt_data_open(OTH, path, err, sizeof err));
    snprintf(expect, sizeof expect, "%s: truncated header (40 of 64 bytes)", path);
    ck_assert_str_eq(err, expect);
    unlink(path);
}
END_TEST

START_TEST(empty_files_have_no_positions)
{
    char *path = temp_path(), err[512], expect[600];
    snprintf(expect, sizeof expect, "%s: no positions", path);
    ck_assert_ptr_null(gt_data_open(OTH, path, err, sizeof err));   /* 0 bytes */
    ck_assert_str_eq(err, expect);
    write_file(path, "# only a comment\n\n", 18);
    ck_assert_ptr_null(gt_data_open(OTH, path, err, sizeof err));
    ck_assert_str_eq(err, expect);
    write_records(path, NULL, 0, GT_DATA_BINARY);                  /* a header alone */
    ck_assert_int_eq(file_size(path), GT_DATA_HEADER_SIZE);
    ck_assert_ptr_null(gt_data_open(OTH, path, err, sizeof err));
    ck_assert_str_eq(err, expect);
    unlink(path);
    ck_assert_ptr_null(gt_data_open(OTH, path, err, sizeof err));
    snprintf(expect, sizeof expect, "cannot open %s: No such file or directory", path);
    ck_assert_str_eq(err, expect);
}
END_TEST

/* ---- the writer ------------------------------------------------------------ */

START_TEST(writer_fails_cleanly)
{
    char err[256];
    FILE *full = fopen("/dev/full", "wb");
    if (!full)
        return;                        /* not on this system */
    struct gt_data_writer *w = gt_data_writer_new(OTH, full, GT_DATA_BINARY, err, sizeof err);
    ck_assert_ptr_nonnull(w);
    struct gt_data_record rec = {.text = "ab", .score = 1, .result = 1};
    ck_assert_int_eq(gt_data_write(w, &rec), 0);
    ck_assert_int_eq(gt_data_flush(w), -1);
    ck_assert_int_eq(errno, ENOSPC);
    ck_assert_int_eq(gt_data_write(w, &rec), -1);  /* and stays failed */
    ck_assert_int_eq(gt_data_flush(w), -1);
    gt_data_writer_free(w);
    fclose(full);

    /* A record no reader could read back is refused. */
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    w = gt_data_writer_new(OTH, mem, GT_DATA_TEXT, err, sizeof err);
    rec.text[0] = 0;
    ck_assert_int_eq(gt_data_write(w, &rec), -1);
    strcpy(rec.text, "a\nb");
    ck_assert_int_eq(gt_data_write(w, &rec), -1);
    strcpy(rec.text, "ok");
    ck_assert_int_eq(gt_data_write(w, &rec), 0);
    ck_assert_int_eq(gt_data_flush(w), 0);
    gt_data_writer_free(w);
    fclose(mem);
    ck_assert_str_eq(text, "ok | 1 | 1.0\n");
    free(text);
}
END_TEST

START_TEST(format_names)
{
    enum gt_data_format f;
    ck_assert_int_eq(gt_data_format_for("a/data.txt"), GT_DATA_TEXT);
    ck_assert_int_eq(gt_data_format_for("data.bin"), GT_DATA_BINARY);
    ck_assert_int_eq(gt_data_format_for("data"), GT_DATA_BINARY);
    ck_assert_int_eq(gt_data_format_for(".txt.gz"), GT_DATA_BINARY);
    ck_assert_int_eq(gt_data_format_parse("bin", &f), 0);
    ck_assert_int_eq(f, GT_DATA_BINARY);
    ck_assert_int_eq(gt_data_format_parse("text", &f), 0);
    ck_assert_int_eq(f, GT_DATA_TEXT);
    ck_assert_int_eq(gt_data_format_parse("csv", &f), -1);
}
END_TEST

/* ---- datagen's records ----------------------------------------------------- */

START_TEST(datagen_records_margins_and_plies)
{
    struct gt_datagen_config c;
    gt_datagen_config_default(&c, OTH);
    c.games = 6;
    c.nodes = 200;
    c.threads = 2;
    c.report_ms = 0;
    /* Win adjudication stays on (the default): a game with margins plays
     * on once its end is in sight, so its records carry the margin. */
    c.draw_plies = 0;
    c.format = GT_DATA_BINARY;
    char *path = temp_path(), err[512];
    FILE *out = fopen(path, "wb");
    struct gt_datagen_stats st;
    ck_assert_int_eq(gt_datagen_run(OTH, &c, out, NULL, &st, err, sizeof err), 0);
    ck_assert_int_eq(fclose(out), 0);
    ck_assert_int_eq(st.games, 6);
    ck_assert(!st.interrupted);
    struct gt_data_reader *r = gt_data_open(OTH, path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    struct gt_data_record rec;
    long n = 0, decided = 0, games = 0;
    int k, last_ply = 1000, last_margin = 0;
    double last_result = -1;
    void *pos = malloc(OTH->pos_size);
    while ((k = gt_data_read(r, &rec, err, sizeof err)) > 0) {
        n++;
        ck_assert_int_eq(OTH->from_text(pos, rec.text, err, sizeof err), 0);
        ck_assert(rec.score != GT_DATA_NO_SCORE);
        /* The margin goes with the result: the winner's sign, none in a draw. */
        if (rec.result == 1)
            ck_assert_int_gt(rec.margin, 0);
        else if (rec.result == 0)
            ck_assert_int_lt(rec.margin, 0);
        else
            ck_assert_int_eq(rec.margin, 0);
        decided += rec.margin != 0;
        /* Random plies come first; a game's records are written together,
         * their plies growing, with one result and margin. */
        ck_assert_int_ge(rec.ply, c.random_plies);
        ck_assert_int_lt(rec.ply, 130);
        if (rec.ply > last_ply) {
            ck_assert(rec.result == last_result);
            ck_assert_int_eq(rec.margin, last_margin);
        } else
            games++;
        last_ply = rec.ply;
        last_result = rec.result;
        last_margin = rec.margin;
    }
    ck_assert_int_eq(k, 0);
    ck_assert_int_eq(n, st.positions);
    ck_assert_int_le(games, 6);
    ck_assert_int_gt(decided, 0);
    free(pos);
    gt_data_close(r);
    unlink(path);
}
END_TEST

START_TEST(datagen_stops_at_once_when_asked)
{
    struct gt_datagen_config c;
    gt_datagen_config_default(&c, OTH);
    c.games = 50;
    c.nodes = 200;
    c.report_ms = 0;
    atomic_bool stop = true;
    c.stop = &stop;
    char *text = NULL, err[256];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    struct gt_datagen_stats st;
    ck_assert_int_eq(gt_datagen_run(OTH, &c, f, NULL, &st, err, sizeof err), 0);
    fclose(f);
    ck_assert(st.interrupted);
    ck_assert_int_eq(st.games, 0);
    ck_assert_str_eq(text, "");
    free(text);
}
END_TEST

START_TEST(datagen_write_error_names_the_file)
{
    FILE *full = fopen("/dev/full", "wb");
    if (!full)
        return;
    struct gt_datagen_config c;
    gt_datagen_config_default(&c, OTH);
    c.games = 2;
    c.nodes = 100;
    c.report_ms = 0;
    c.format = GT_DATA_BINARY;
    c.out_name = "/dev/full";
    char err[256];
    struct gt_datagen_stats st;
    ck_assert_int_eq(gt_datagen_run(OTH, &c, full, NULL, &st, err, sizeof err), -1);
    ck_assert_str_eq(err, "cannot write /dev/full: No space left on device");
    fclose(full);
}
END_TEST

Suite *test_suite(void)
{
    Suite *s = suite_create("datafile");
    TCase *t = tcase_create("datafile");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, binary_bytes_are_the_documented_layout);
    tcase_add_test(t, binary_round_trip_keeps_every_field);
    tcase_add_test(t, binary_clamps_what_does_not_fit);
    tcase_add_test(t, text_round_trip_keeps_soft_results);
    tcase_add_test(t, text_bad_lines_are_told_and_passed);
    tcase_add_test(t, text_of_another_game_is_one_error);
    tcase_add_test(t, binary_truncated_last_record);
    tcase_add_test(t, binary_bad_fields);
    tcase_add_test(t, binary_of_another_game_or_version);
    tcase_add_test(t, empty_files_have_no_positions);
    tcase_add_test(t, writer_fails_cleanly);
    tcase_add_test(t, format_names);
    tcase_add_test(t, datagen_records_margins_and_plies);
    tcase_add_test(t, datagen_stops_at_once_when_asked);
    tcase_add_test(t, datagen_write_error_names_the_file);
    suite_add_tcase(s, t);
    return s;
}
