/* gtsearch/game.h -- the plugin interface between the search core and a game.
 * SPDX-License-Identifier: MIT
 *
 * A game module is one constant table of hooks, `struct gt_game`, exported
 * under the name `gt_module` (use the GT_MODULE macro below).  The core
 * never sees the game's types: a position is `pos_size` bytes of memory that
 * the game lays out as it likes, and a move is a 32-bit integer whose
 * encoding the game chooses.  This header is the whole contract: a module
 * includes nothing else from gtsearch and links against nothing of it
 * (build it with `pkg-config --cflags gtsearch` only).
 *
 * Rules that hold for every hook:
 *  - The core owns all memory.  It allocates positions (pos_size bytes) and
 *    undo records (undo_size bytes), and it may copy a position with memcpy,
 *    so a position must not contain pointers into itself or to per-position
 *    heap memory.  Constant tables shared by all positions are fine.
 *  - Hooks that take `const void *pos` must not change the game the
 *    position holds (board, side to move, hands, history).  A module may
 *    keep a memo there, facts derived from that game which any later hook
 *    would work out the same way (shogi keeps its evaluation's answer and
 *    the squares each king's enemy attacks), and const hooks may write it:
 *    a position is always the caller's own, never shared by threads while
 *    a hook runs.  make clears what the move outdates.
 *  - Hooks may be called from several search threads at once, each on its
 *    own position.  A module keeps no mutable global state (two engines may
 *    live in one process).  Constant tables may be built by `init`.
 *  - One convention for what a module may leave out: a hook or field whose
 *    comment starts OPTIONAL may be NULL (or 0, or left out of the
 *    table), and the same comment ends with "NULL: ...", what the core
 *    does instead.  Every other hook is required; the core refuses a
 *    module without it, naming the hook.  tests/core/check_registry checks
 *    that every OPTIONAL comment states its fallback.
 *  - Scores are from the side to move's point of view, in the game's own
 *    units (see eval_unit), and stay within +-GT_EVAL_MAX.
 *  - Side 0 is the side that moves first; `side_names` says what the game
 *    calls it (white in chess, sente in shogi, black in Othello).
 *
 * doc/writing-a-game.md is the tutorial; doc/abi4.md says what changed
 * since version 3 and how to port a module (doc/abi3.md: from version 2,
 * doc/abi2.md: from version 1).
 */
#ifndef GTSEARCH_GAME_H
#define GTSEARCH_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The interface version.  A module stores it in `abi_version`, and the
 * layout of this header's structs in `abi_layout` (write GT_ABI first in
 * its table); the core refuses a module built for another version or
 * another layout, with a message naming both.  The version goes up with
 * every change of a struct here, without exception; the layout check
 * catches a module built against a header edited by hand. */
#define GT_ABI_VERSION 4

/* At most this many keys from correction_keys. */
#define GT_CORRECTION_KEYS 4

/* The layout of this header's structs as one number: the size of each
 * struct a module fills in and the place of the game table's last hooks,
 * mixed (FNV-1a style) so that any change moves it.  Evaluated where a
 * module's table is written, after every struct is defined. */
#define GT_ABI_MIX(h, v) (((h) ^ (uint64_t)(v)) * 0x100000001b3ULL)
#define GT_ABI_LAYOUT                                                              \
    GT_ABI_MIX(GT_ABI_MIX(GT_ABI_MIX(GT_ABI_MIX(GT_ABI_MIX(GT_ABI_MIX(GT_ABI_MIX(     \
    GT_ABI_MIX(GT_ABI_MIX(GT_ABI_MIX(GT_ABI_MIX(0xcbf29ce484222325ULL,               \
                                               sizeof(struct gt_game)),              \
        offsetof(struct gt_game, features)), offsetof(struct gt_game, variants)),    \
        sizeof(struct gt_features)), sizeof(struct gt_feature_change)),              \
        sizeof(struct gt_notation)), sizeof(struct gt_record)),                      \
        sizeof(struct gt_option_spec)), sizeof(struct gt_param)),                    \
        sizeof(struct gt_book_codec)), sizeof(struct gt_variant))
/* The first two fields of every module's table. */
#define GT_ABI .abi_version = GT_ABI_VERSION, .abi_layout = GT_ABI_LAYOUT

/* Export a module's table: `GT_MODULE(mygame) = { ... };` in a module whose
 * libtool name is mygame.la.  The name prefix keeps several modules apart
 * when they are linked into one program (libltdl's `name_LTX_symbol`); the
 * core looks for `mygame_LTX_gt_module`, then plain `gt_module`. */
#define GT_MODULE(name) const struct gt_game name##_LTX_gt_module

/* Moves.  0 is "no move" and UINT32_MAX is reserved for the core's virtual
 * null move (a pass that exists only inside the search); every other value
 * is the game's to define, including its own real pass if the rules have
 * one (see pass_move). */
typedef uint32_t gt_move;
#define GT_MOVE_NONE ((gt_move)0)
#define GT_MOVE_NULL ((gt_move)UINT32_MAX)

/* Score bounds.  Evaluations stay inside +-GT_EVAL_MAX.  Above it lie the
 * scores the core gives decided games: a won game of a game with a margin
 * (see final_margin) scores GT_EVAL_MAX + margin, at most GT_EVAL_MAX +
 * GT_MARGIN_MAX; a won game without one scores GT_MATE less the plies to
 * the end (a mate score).  Losses mirror them. */
#define GT_EVAL_MAX 20000
#define GT_MARGIN_MAX 10000
#define GT_MATE 32000

/* The line protocol the game speaks; it also names the clock fields:
 * UCI calls side 0's clock wtime, USI calls it btime. */
enum gt_dialect { GT_UCI, GT_USI };

/* What `generate` returns.  Every kind returns LEGAL moves only. */
enum gt_gen {
    GT_GEN_ALL,      /* every legal move, the game's real pass included */
    GT_GEN_NOISY,    /* the legal moves whose effect the static evaluation
                        judges worst (chess: captures and promotions): what
                        quiescence searches at the horizon.  The set must
                        dry up quickly along any line (quiescence runs
                        until it is empty or the stand-pat score holds);
                        a game whose every move is sweeping (Othello flips
                        discs on every move) returns none, or only the few
                        that decide (corners).  The core never asks for
                        this while in check. */
    GT_GEN_CHECKS,   /* legal moves that give check (mate solver).  A game
                        that does not support it returns -1 and the core
                        filters GT_GEN_ALL through gives_check. */
    GT_GEN_QUIET     /* asked only of a game that sets
                        GT_FLAG_GEN_QUIET: the moves of GT_GEN_ALL that
                        is_noisy rejects, in their order there; and
                        GT_GEN_NOISY must then hold the others, in their
                        order there.  The search lists the noisy moves
                        first and these only when the noisy ones have not
                        cut the node (it lists GT_GEN_ALL while in check).
                        Without the flag it lists GT_GEN_ALL at once. */
};

/* A game's verdict on a position, from the side to move's point of view. */
enum gt_outcome { GT_ONGOING, GT_DRAW, GT_WIN, GT_LOSS };

/* How likely passing is to be the best move here (null move pruning).  The
 * core asks only after a null-move search failed high, so an answer may cost
 * a little time. */
enum gt_zugzwang_risk {
    GT_RISK_LOW,    /* trust the null move */
    GT_RISK_MEDIUM, /* verify the fail-high at high depth */
    GT_RISK_HIGH    /* always verify the fail-high with a real search */
};

/* Engine options a game adds (e.g. UCI_Chess960).  The core shows them to
 * the GUI beside its own and stores their values. */
enum gt_option_type { GT_OPT_CHECK, GT_OPT_SPIN, GT_OPT_COMBO, GT_OPT_STRING,
                      GT_OPT_BUTTON };

struct gt_option_spec {
    const char *name;          /* as the GUI shows it */
    enum gt_option_type type;
    const char *def;           /* default value as text ("true", "16", ...) */
    long min, max;             /* GT_OPT_SPIN bounds */
    const char *const *vars;   /* GT_OPT_COMBO choices, NULL-terminated */
};

/* An opening book format: what the entries of a book file mean in this
 * game.  The file's layout is the core's (the match runner reads
 * Polyglot's: 16-byte entries of key, move code, weight, learn, sorted by
 * key); the game says which key a position has and which move a code
 * names.  Chess implements Polyglot's own keys and codes, so the books
 * other programs make are read as they are. */
struct gt_book_codec {
    const char *name;          /* the format, for messages: "polyglot" */
    /* The position's book key (not the search's `key`: the format fixes
     * it).  The same position gives the same key whatever moves led to
     * it; positions that differ, the side to move included, almost never
     * share one. */
    uint64_t (*key)(const void *pos);
    /* The legal move of pos that `code` (a file's 16-bit move field)
     * names, or GT_MOVE_NONE when it names none (a stale entry, a key
     * collision): the runner then leaves the book. */
    gt_move (*move)(const void *pos, unsigned code);
    /* The code of the legal move m of pos: what `move` reads back to m
     * (a book writer's half; selftest checks both ways). */
    unsigned (*code)(const void *pos, gt_move m);
};

/* A variant as other programs name it (cutechess's -variant), and the
 * game option that plays it: the match runner sets that option for its
 * referee and sends it to every engine that offers it. */
struct gt_variant {
    const char *name;          /* "fischerandom", "standard" */
    const char *option;        /* a game option (of `options`), or NULL:
                                  the game as it is, nothing to set */
    const char *value;         /* the option's value: "true" */
};

/* A named integer parameter: the game's evaluation weights (eval_params)
 * and the core's search margins share this shape, so that one tuner can
 * adjust either. */
struct gt_param {
    const char *name;          /* unique, [A-Za-z0-9_]: "knight_mg" */
    int32_t value;             /* the compiled-in value */
    int32_t min, max;          /* the range a tuner may explore */
};

/* A weights file: the form `gtsearch tune` writes and the EvalFile option
 * reads.  One parameter a line, in the table's order, as
 *     GT_PARAM(knight_mg, 337, 0, 2000)
 * (name, value, min, max), with C comments around them.  A module keeps
 * its compiled-in weights in such a file and includes it twice, with
 * GT_PARAM defined to make the gt_param table and an enum of indexes:
 *     #define GT_PARAM(n, v, lo, hi) { #n, v, lo, hi },
 *     static const struct gt_param params[] = {
 *     #include "eval_weights.h"
 *         { NULL, 0, 0, 0 } };
 * so that a tuned file drops in unchanged.  (EvalFile also takes lines of
 * `name value`.) */

/* Flags of a game (the `flags` field). */
enum gt_game_flag {
    /* perft counts a game that ends before the last ply (generate returns
     * no move) as one leaf, as Othello's published counts do.  Without
     * it, perft counts move sequences of exactly the asked length, as
     * chess and shogi counts do: an ended game adds nothing. */
    GT_FLAG_PERFT_ENDED_IS_LEAF = 1u << 0,
    /* In this game's mate problems every attacker move is a check (shogi's
     * tsume rule); `mate` and `go mate` default to it.  Without it the
     * attacker may play any move (a chess "mate in N"). */
    GT_FLAG_MATE_BY_CHECKS = 1u << 1,
    /* generate answers GT_GEN_QUIET (see there). */
    GT_FLAG_GEN_QUIET = 1u << 2,
};

/* A played game, as the core hands it to a record format (write_record
 * below).  Side 0 moves first unless the start position says otherwise. */
struct gt_record {
    const char *start;          /* start position text; NULL: startpos */
    const gt_move *moves;       /* the moves played from it, in order */
    int nmoves;
    const int64_t *move_ms;     /* think time of each move, or NULL */
    const char *const *comments;/* per move (score, depth), or NULL; an
                                   entry may be NULL */
    const char *players[2];     /* by side */
    const char *event, *site;
    const char *date;           /* "YYYY.MM.DD" */
    const char *time_control;   /* e.g. "60+1" (seconds), or NULL */
    int result;                 /* +1 side 0 won, -1 side 1 won, 0 draw,
                                   2 unfinished */
    const char *reason;         /* why it ended, in the game's words */
    int index;                  /* games before this one in the same file
                                   (0: its first): a format whose files
                                   separate games writes its separator
                                   before every game but the first */
    const char *file_ext;       /* the file's extension ("kifu"), or NULL:
                                   a format may pick its encoding by it */
};

/* A game's own notation beside its protocol text: what people write in
 * records, books and test suites (chess: SAN; shogi: KIF, CSA), or what
 * another program speaks (gnushogi's move and board text).  The core's
 * tools look notations up by name; the first one a game lists is its
 * record notation (PGN movetext, EPD bm/am, opening files).  Nothing in
 * the core knows any notation's syntax. */
struct gt_notation {
    const char *name;          /* short, lower case: "san", "kif", "csa" */
    const char *title;         /* one line for humans */
    /* Move text in this notation: the same contract as struct gt_game's
     * move_to_text and move_from_text (the protocol's text), which is
     * where it is written down. */
    void (*move_to_text)(const void *pos, gt_move m, char *buf, size_t len);
    gt_move (*move_from_text)(const void *pos, const char *text, char *err,
                              size_t err_len);
    /* OPTIONAL: the position in this notation (a board diagram, an edit
     * command sequence); may span lines.  Returns 0, or -1 when the buffer
     * is too small or the notation cannot say this position.  NULL: the
     * tools show the protocol text. */
    int (*position_to_text)(const void *pos, char *buf, size_t len);
    /* OPTIONAL: this notation's file format, for games recorded in it
     * (KIF and CSA files; PGN is the core's own, written with the record
     * notation).  write_record writes one whole game (after the separator
     * its files need when rec->index > 0); 0, or -1 on a write error.
     * read_record reads the first game of `text` into its start position
     * (the game's text, "" for the start position) and its moves
     * (protocol text, blank-separated), for opening files; it returns the
     * number of bytes it used (so a file may hold several games), 0 when
     * no game is left, or -1 with a message in err.  NULL (either): the
     * notation has no file format of its own. */
    int (*write_record)(const struct gt_record *rec, FILE *out);
    int (*read_record)(const char *text, char *start, size_t start_len, char *moves,
                       size_t moves_len, char *err, size_t err_len);
};

/* Input features for a learned evaluation (doc/network.md).  A feature is
 * a number below `count`, active or not in a position (a white knight on
 * f3; a pawn in hand, the second one): the network's first layer adds one
 * row of weights per active feature, for each perspective, and keeps the
 * sums on the search stack.  A perspective is a side (0 or 1): the same
 * position seen as that side sees it, so that one set of weights serves
 * both (chess flips the board for black).  The side to move is not a
 * feature: the network reads it from `side`, and the null move, which
 * changes nothing else, changes no feature.
 *
 * `changes` lets the core update the sums as moves are made instead of
 * adding every active row again at each node. */
#define GT_FEATURE_CHANGES 32

/* What one move does to one perspective's features. */
struct gt_feature_change {
    bool refresh;              /* too much changes: the core recomputes this
                                  perspective after the move (chess features
                                  relative to the king, after a king move) */
    int nadded, nremoved;      /* at most GT_FEATURE_CHANGES each */
    uint32_t added[GT_FEATURE_CHANGES];
    uint32_t removed[GT_FEATURE_CHANGES];
};

struct gt_features {
    const char *name;          /* the feature set, [a-z0-9-]: "chess-psq";
                                  a network file names the set it was
                                  trained on and is refused by another */
    int version;               /* up whenever an index changes meaning */
    uint32_t count;            /* features per perspective: 0 .. count-1 */
    int max_active;            /* no position has more active features in
                                  one perspective */
    /* The active features of pos seen by perspective `persp`, written to
     * idx (room for max_active); returns how many.  Each index at most once;
     * the order does not matter. */
    int (*active)(const void *pos, int persp, uint32_t *idx);
    /* OPTIONAL: what the legal move m (pos before it) changes, for each
     * perspective: ch[persp].removed are active before the move and not
     * after it, ch[persp].added the reverse (a feature in both lists is
     * fine: it cancels).  Set refresh instead where that is simpler.
     * The core sets refresh, nadded and nremoved to zero in both before
     * the call: write only what the move changes.  The game's real pass
     * changes nothing (leave both empty).
     * NULL: the core asks `active` again after every move. */
    void (*changes)(const void *pos, gt_move m, struct gt_feature_change ch[2]);
    /* OPTIONAL: the game's symmetries, for training: `train --symmetries`
     * adds every position turned by each of them, so that the data counts
     * several times over.  turn(pos, k, out), k in 1..symmetries, writes to
     * out (pos_size bytes) the position pos turned by symmetry k: shogi's
     * board with its files reversed, Othello's square turned or reflected
     * seven ways.  out is a whole position, as from_text would make it,
     * with the same side to move and the same value as pos (its evaluate
     * may differ: that is what the network learns around).  Where
     * symmetry k does not hold for pos (chess: a side may still castle),
     * turn writes pos unchanged, byte for byte, and no copy is added; a
     * copy that is the position itself adds none either.  0 and NULL:
     * none, and `train --symmetries` is refused. */
    int symmetries;
    void (*turn)(const void *pos, int k, void *out);
    /* OPTIONAL: the module's own trained network, the bytes of a network
     * file (doc/network.md) built into the module, which the engine plays
     * with from the start (UseNetwork, EvalFile).  NULL: none until
     * EvalFile names one. */
    const unsigned char *net;
    size_t net_size;
    /* OPTIONAL (interface 4): a narrower feature set that this one
     * extends.  Its features are this set's first base->count, meaning
     * the same, and every position has base_ratio times as many features
     * active here as there.  A network trained on `base` then loads as one
     * of this set whose other rows are zero, and plays exactly as it did
     * (its output buckets' span multiplied by base_ratio): EvalFile reads
     * it, `train --init` starts a wider network from it, `net FILE --out`
     * writes it widened.  Of base, the core reads name, version, count,
     * max_active and active (selftest checks the two sets agree).  NULL:
     * none. */
    const struct gt_features *base;
    int base_ratio;
};

struct gt_game {
    /* ---- identity ------------------------------------------------------ */
    int abi_version;           /* GT_ABI_VERSION; checked before anything */
    uint64_t abi_layout;       /* GT_ABI_LAYOUT; checked next */
    const char *name;          /* short name for --game: "chess" */
    const char *description;   /* one line for --list-games */
    const char *variant;       /* the game's name in other programs' lists
                                  (PGN's Variant tag, cutechess): NULL means
                                  `name`; "" means the protocols' default
                                  game (chess), which needs no Variant tag */
    const char *author;        /* `id author` */
    enum gt_dialect dialect;
    const char *side_names[2]; /* lower case: {"white", "black"}; used in
                                  messages, records and the referee */
    const char *startpos;      /* start position in this game's text form */
    size_t pos_size;           /* bytes of one position */
    size_t undo_size;          /* bytes of one undo record for make/unmake */
    int max_moves;             /* no position has more legal moves */
    unsigned move_index_count; /* move_index() returns less than this; each
                                  search thread keeps a table of its
                                  square, so keep it to a few thousand */
    int eval_unit;             /* evaluation units of one unit of advantage,
                                  the step every search margin is written
                                  in (a pawn in chess, a disc in Othello);
                                  `score cp` prints score * 100 / eval_unit */
    unsigned flags;            /* enum gt_game_flag bits */
    gt_move pass_move;         /* the game's real pass, a move like any other
                                  in generate/make/unmake, or GT_MOVE_NONE
                                  for a game that has none (see below) */

    /* OPTIONAL: build constant tables once, before any other hook.  Called
     * once per process per module, before the first position is set;
     * returns 0 on success.  NULL: nothing to build. */
    int (*init)(void);

    /* ---- positions ----------------------------------------------------- */
    /* Set *pos from text (FEN, SFEN, ...).  On success return 0.  On error
     * return -1 and write a one-line message naming the fault into err
     * (err_len bytes, NUL-terminated); *pos may then be garbage and the
     * core will not use it.  Must never crash on any input. */
    int (*from_text)(void *pos, const char *text, char *err, size_t err_len);
    /* Write the position as text that from_text reads back. */
    void (*to_text)(const void *pos, char *buf, size_t len);
    /* OPTIONAL: draw the position for a person reading a terminal (the
     * protocol's `d`): several lines of ASCII, a board with coordinates,
     * hands, the side to move.  NULL: the core shows to_text. */
    void (*draw)(const void *pos, char *buf, size_t len);
    /* Hash key of everything that makes two positions the same for search
     * (pieces, side to move, rights, hands): equal positions must have
     * equal keys, and different ones should almost never.  How the game
     * computes it (kept up to date by make, or from scratch) is its own
     * business; the core only compares keys. */
    uint64_t (*key)(const void *pos);
    /* OPTIONAL: the key the position would have after the legal move m,
     * without making it (equal to key() after make).  The search asks as
     * soon as it picks a move, and fetches the child's table entry while it
     * decides whether and how deep to search it.  NULL: the fetch starts
     * after make, with less time to arrive. */
    uint64_t (*key_after)(const void *pos, gt_move m);
    /* 0 when side 0 is to move, 1 otherwise. */
    int (*side)(const void *pos);

    /* ---- moves --------------------------------------------------------- */
    /* Write the legal moves of the given kind to `moves` (room for
     * max_moves) and return how many; -1 for an unsupported kind.  Zero
     * moves of GT_GEN_ALL means the game has ended: no_moves says how.
     * The order is a hint: the search tries quiet moves that its history
     * tables rank equal in the order listed, so list the likelier first
     * (chess lists king steps last). */
    int (*generate)(const void *pos, enum gt_gen kind, gt_move *moves);
    /* OPTIONAL: how many moves generate(GT_GEN_ALL) would list, without
     * listing them (perft counts its last ply with it).  NULL: perft
     * generates and counts the list. */
    int (*count_moves)(const void *pos);
    /* Play a legal move.  `undo` is undo_size bytes of the core's memory in
     * which the game saves what unmake needs; the core keeps it untouched
     * until the matching unmake, and may never call unmake (a move of the
     * game record). */
    void (*make)(void *pos, gt_move m, void *undo);
    void (*unmake)(void *pos, gt_move m, const void *undo);
    /* Is m (any 32-bit value: it may come from a hash-table collision) a
     * legal move here?  The core checks every move it did not just get
     * from generate. */
    bool (*is_legal)(const void *pos, gt_move m);
    /* Move text, in the protocol's form here (every notation's pair below
     * keeps the same contract in its own form).  move_to_text writes a
     * legal move of pos (pos before the move), NUL-terminated within len
     * bytes.  move_from_text reads text into a legal move of pos: on
     * failure it returns GT_MOVE_NONE and writes why into err ("illegal
     * move e2e5", "bad square 'z9'", "ambiguous"); it must never crash on
     * any input.  Each reads back what the other wrote (selftest checks). */
    void (*move_to_text)(const void *pos, gt_move m, char *buf, size_t len);
    gt_move (*move_from_text)(const void *pos, const char *text, char *err,
                              size_t err_len);
    /* Is the move noisy (see GT_GEN_NOISY)?  Noisy moves are ordered
     * first, are not reduced and are not pruned as quiet moves are. */
    bool (*is_noisy)(const void *pos, gt_move m);
    /* Index of a move for history tables: same piece kind and destination
     * should give the same index.  Below move_index_count. */
    unsigned (*move_index)(const void *pos, gt_move m);
    /* OPTIONAL: ordering value of a noisy move, higher first (e.g.
     * victim value * 16 - attacker).  NULL: generation order. */
    int (*noisy_order)(const void *pos, gt_move m);
    /* OPTIONAL: does the move give check?  NULL: the core makes the move
     * and asks in_check. */
    bool (*gives_check)(const void *pos, gt_move m);
    /* OPTIONAL: static exchange test: does m win at least `threshold`
     * units of material after the best exchange sequence on its square?
     * NULL: the core assumes yes (no exchange pruning). */
    bool (*see_ge)(const void *pos, gt_move m, int threshold);
    /* OPTIONAL: a legal move after which the opponent has no legal move
     * and loses (no_moves says GT_LOSS), or GT_MOVE_NONE.  It may miss
     * mates (the search finds those), so make it cheap: the search asks at
     * every node it cannot answer from its table, and answers a mate at
     * once.  Never called in check, nor in a game with final_margin.
     * The search evaluates the node first, so what evaluate learned (its
     * memo, see above) is usually there to use; but with a network (see
     * features) evaluate may not have run: work out what is missing.
     * NULL: the search finds every mate by searching. */
    gt_move (*mate_in_one)(const void *pos);

    /* ---- the end of the game ------------------------------------------- */
    /* A game ends in one of two ways, and each has its hook:
     *  - by the moves available: generate(GT_GEN_ALL) returns no move
     *    (checkmate, stalemate, Othello's "neither side can place a
     *    disc") and no_moves gives the result;
     *  - by a rule that does not look at the moves: rule_outcome
     *    (repetition, move-count rules, insufficient material, a line of
     *    four, an entering-king declaration).
     * A rule that does depend on the moves belongs in generate (return no
     * move) and no_moves, never in rule_outcome.  Perft sees only the
     * first kind (see GT_FLAG_PERFT_ENDED_IS_LEAF). */
    bool (*in_check)(const void *pos);
    /* The result for the side to move when generate(GT_GEN_ALL) is empty:
     * chess gives GT_LOSS in check and GT_DRAW otherwise (stalemate);
     * shogi always GT_LOSS; Othello compares the discs. */
    enum gt_outcome (*no_moves)(const void *pos);
    /* Rule results that do not depend on the moves available.  `ply` is
     * the number of plies since the search root: a repetition of a
     * position reached within those plies may be scored a draw at once
     * (the side could have avoided it), while older history needs the full
     * count.  The core calls this at every node before generating moves,
     * and at the root (ply 0) to answer `bestmove win`. */
    enum gt_outcome (*rule_outcome)(const void *pos, int ply);
    /* OPTIONAL: the margin of a finished game, for games whose result has
     * one (disc count, points): called where no_moves or rule_outcome gave
     * GT_WIN or GT_LOSS, it returns how large the win is, in eval units,
     * at least 1 (the core clamps it to GT_MARGIN_MAX).  A won game then
     * scores GT_EVAL_MAX + margin wherever it is reached, so the search
     * prefers the largest win and the smallest loss (not the fastest).
     * NULL: a win is a win (mate scores: the fastest win is best). */
    int (*final_margin)(const void *pos);
    /* OPTIONAL: no game from this position lasts more than this many
     * plies (passes included); for games whose length is bounded, such as
     * the empty squares of a board game that fills up.  Where the search
     * has more depth left than that (in plies: one more, to see the end)
     * it solves the position: no move is pruned or reduced by a guess, so
     * a proven result is exact (the largest margin, not merely a win).
     * The bound must fall by at least one with every move and never be
     * negative.  NULL: no bound; the search never solves. */
    int (*max_plies_left)(const void *pos);
    /* OPTIONAL: the rule that ended the game, for messages and records:
     * "checkmate", "stalemate", "threefold repetition", "four in a row".
     * Called on a position where the game has ended, with the outcome the
     * other hooks gave.  NULL: the core says "no legal move" or "game
     * rule". */
    const char *(*end_reason)(const void *pos, enum gt_outcome o);

    /* ---- evaluation ---------------------------------------------------- */
    /* Static score for the side to move, within +-GT_EVAL_MAX.  `params`
     * holds one value per entry of eval_params, in order: the compiled-in
     * values unless the user loaded others.  NULL means the compiled-in
     * values (and is what a game without eval_params always gets). */
    int (*evaluate)(const void *pos, const int32_t *params);
    /* OPTIONAL: the evaluation's weights as data, ended by an entry whose
     * name is NULL.  The engine passes their values to evaluate and
     * eval_trace, and a tuner adjusts them.  NULL: the weights are code;
     * evaluate gets NULL params and `tune` refuses the game. */
    const struct gt_param *eval_params;
    /* OPTIONAL (with eval_params): the evaluation's trace.  Write into
     * coef[i] the coefficient of params[i] in the score of pos (for the
     * side to move), so that the score is close to sum(coef[i] *
     * params[i]) plus what no parameter explains, and return the score
     * evaluate would.  A tapered weight is two parameters whose
     * coefficients carry the phase.  The tuner's gradients come from it.
     * NULL: `tune` refuses the game. */
    int (*eval_trace)(const void *pos, const int32_t *params, double *coef);
    /* OPTIONAL: the position's input features, for a learned evaluation
     * (struct gt_features below): with them `gtsearch train` trains a
     * network on datagen's positions and the engine plays with it
     * (UseNetwork, EvalFile).  NULL: the game plays with evaluate alone. */
    const struct gt_features *features;

    /* ---- the null move ------------------------------------------------- */
    /* OPTIONAL (both or neither): pass the turn inside the search.  Flip
     * the side, update the key, clear what a pass must clear (chess: the
     * en-passant square) and reset what the rules count per side (shogi:
     * continuous-check counters and the repetition view, or a null inside a
     * checking sequence looks like perpetual check).  The core never makes
     * a null move while in check, right after another null move, or right
     * after the game's real pass.  NULL: the core never tries null-move
     * pruning in this game. */
    void (*make_null)(void *pos, void *undo);
    void (*unmake_null)(void *pos, const void *undo);
    /* OPTIONAL: may the side to move pass here at all?  Cheap, called
     * before every null-move try.  Chess: the side has a piece other than
     * pawns and king.  NULL: always yes. */
    bool (*null_ok)(const void *pos);
    /* OPTIONAL: how likely is this a zugzwang, where passing would be the
     * best move?  Asked after a null-move search failed high.  NULL:
     * GT_RISK_LOW. */
    enum gt_zugzwang_risk (*zugzwang_risk)(const void *pos);
    /* OPTIONAL: tune the null-move reduction.  `r` is the core's reduction
     * for this depth and eval margin (eval - beta, in the game's units);
     * return the one to use (at least 1).  NULL: the core's r. */
    int (*null_reduction)(const void *pos, int depth, int margin, int r);

    /* ---- notation ------------------------------------------------------ */
    /* OPTIONAL: the game's notations, ended by an entry whose name is
     * NULL; the first is its record notation.  NULL: records and suites
     * use the protocol text. */
    const struct gt_notation *notations;

    /* ---- options and tools --------------------------------------------- */
    /* OPTIONAL: the game's own engine options, ended by an entry whose name
     * is NULL, and the hook that applies a value to a position.  The core
     * applies every game option to its position after each from_text, so
     * a game may keep option flags inside the position. */
    const struct gt_option_spec *options;
    void (*set_option)(void *pos, const char *name, const char *value);
    /* Positions for `bench` in this game's text form, NULL-terminated, and
     * the default bench depth. */
    const char *const *bench_positions;
    int bench_depth;
    /* OPTIONAL: the game's own defaults for the search's named numbers
     * (`gtsearch params` lists them), as "Name=value" strings, ended by
     * NULL: the margins and switches that games measured best for this
     * game.  The user's options still override them.  NULL: the core's
     * defaults. */
    const char *const *search_defaults;
    /* OPTIONAL: keys of parts of the position (in shogi its pawns, and
     * each side's other pieces on the board), written to keys[0..n) with
     * n <= GT_CORRECTION_KEYS; returns n.  The search learns, per part,
     * how far the evaluation tends to stand from what the search found
     * (correction history), and adds that to the evaluation: cheap
     * knowledge for a plain evaluation.  Equal parts must give equal
     * keys.  NULL (or 0 keys): no correction.  Asked at every node
     * while CorrectionHistory is on, so keep it cheap: shogi keeps its
     * keys up to date in make, chess hashes a few bitboards. */
    int (*correction_keys)(const void *pos, uint64_t *keys);

    /* ---- books and variants (interface 3, at the end) -------------------- */
    /* OPTIONAL: the game's opening-book format (struct gt_book_codec):
     * with it `match --book FILE` (cutechess's book=FILE) plays moves from
     * a book file.  NULL: the game has no book format, and the runner
     * refuses a book. */
    const struct gt_book_codec *book;
    /* OPTIONAL: the variants other programs name, ended by an entry whose
     * name is NULL (chess: "standard", and "fischerandom" through
     * UCI_Chess960).  NULL: only the game as it is, named by `variant`
     * (else `name`). */
    const struct gt_variant *variants;
};

/* Games with a real pass (Othello, Go, ...): the game picks a value for it
 * (pass_move), generate lists it where the rules allow it (Othello: only
 * when no disc can be placed, so it is then the only move), make and
 * unmake play it, and its protocol text is the game's ("pass").  The core
 * knows it when it sees it: no null move right after it (the two would
 * cancel), no history credit for it, and, as for any move that is the
 * only legal one, the engine plays it at once under a clock.  Repetition
 * stays the game's business: a pass changes only the side to move. */

#endif /* GTSEARCH_GAME_H */
