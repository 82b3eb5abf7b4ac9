/* gtsearch/game.h -- the plugin interface between the search core and a game.
 *
 * A game module is one constant table of hooks, `struct gt_game`, exported
 * under the name `gt_module` (use the GT_MODULE macro below).  The core
 * never sees the game's types: a position is `pos_size` bytes of memory that
 * the game lays out as it likes, and a move is a 32-bit integer whose
 * encoding the game chooses.  This header is the whole contract: a module
 * includes nothing else from gtsearch and links against nothing of it.
 *
 * Rules that hold for every hook:
 *  - The core owns all memory.  It allocates positions (pos_size bytes) and
 *    undo records (undo_size bytes), and it may copy a position with memcpy,
 *    so a position must not contain pointers into itself or to per-position
 *    heap memory.  Constant tables shared by all positions are fine.
 *  - Hooks that take `const void *pos` must not change the position.
 *  - Hooks may be called from several search threads at once, each on its
 *    own position.  A module keeps no mutable global state (two engines may
 *    live in one process).  Constant tables may be built by `init`.
 *  - Hooks marked OPTIONAL may be NULL; the comment says what the core does.
 *  - Scores are from the side to move's point of view, in the game's own
 *    units (see pawn_value), and stay within +-GT_EVAL_MAX.
 */
#ifndef GTSEARCH_GAME_H
#define GTSEARCH_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The interface version.  A module stores it in `abi_version`; the core
 * refuses a module built for another version, with a message naming both. */
#define GT_ABI_VERSION 1

/* Export a module's table: `GT_MODULE(mygame) = { ... };` in a module whose
 * libtool name is mygame.la.  The name prefix keeps several modules apart
 * when they are linked into one program (libltdl's `name_LTX_symbol`). */
#define GT_MODULE(name) const struct gt_game name##_LTX_gt_module

/* Moves.  0 is "no move" and UINT32_MAX is reserved for the core's virtual
 * null move; every other value is the game's to define. */
typedef uint32_t gt_move;
#define GT_MOVE_NONE ((gt_move)0)
#define GT_MOVE_NULL ((gt_move)UINT32_MAX)

/* Score bounds.  Evaluations stay inside +-GT_EVAL_MAX; the core puts mate
 * scores (GT_MATE - plies to mate) above it. */
#define GT_EVAL_MAX 20000
#define GT_MATE 32000

/* The line protocol the game speaks; it also names the side fields:
 * side 0 is the side that moves first (white in chess, sente/black in
 * shogi), whose clock UCI calls wtime and USI calls btime. */
enum gt_dialect { GT_UCI, GT_USI };

/* What `generate` returns.  Every kind returns LEGAL moves only. */
enum gt_gen {
    GT_GEN_ALL,      /* every legal move */
    GT_GEN_TACTICAL, /* legal moves that change material (captures,
                        promotions): what quiescence search looks at.
                        The core never asks for this while in check. */
    GT_GEN_CHECKS    /* legal moves that give check (mate solver).  A game
                        that does not support it returns -1 and the core
                        filters GT_GEN_ALL through gives_check. */
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

struct gt_game {
    /* ---- identity ------------------------------------------------------ */
    int abi_version;           /* GT_ABI_VERSION; checked before anything */
    const char *name;          /* short name for --game: "chess" */
    const char *description;   /* one line for --list-games */
    const char *author;        /* `id author` */
    enum gt_dialect dialect;
    const char *startpos;      /* start position in this game's text form */
    size_t pos_size;           /* bytes of one position */
    size_t undo_size;          /* bytes of one undo record for make/unmake */
    int max_moves;             /* no position has more legal moves */
    unsigned move_index_count; /* move_index() returns less than this; each
                                  search thread keeps a table of its
                                  square, so keep it to a few thousand */
    int pawn_value;            /* eval units of one pawn: scales margins */

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
    /* Hash key of everything that makes two positions the same for search:
     * pieces, side to move, rights, hands.  Updated incrementally. */
    uint64_t (*key)(const void *pos);
    /* 0 when the first player is to move, 1 otherwise. */
    int (*side)(const void *pos);

    /* ---- moves --------------------------------------------------------- */
    /* Write the legal moves of the given kind to `moves` (room for
     * max_moves) and return how many; -1 for an unsupported kind. */
    int (*generate)(const void *pos, enum gt_gen kind, gt_move *moves);
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
    /* Protocol text of a legal move (pos is before the move). */
    void (*move_to_text)(const void *pos, gt_move m, char *buf, size_t len);
    /* Parse protocol text into a legal move of pos.  On failure return
     * GT_MOVE_NONE and write why into err ("illegal move e2e5",
     * "bad square 'z9'"). */
    gt_move (*move_from_text)(const void *pos, const char *text, char *err,
                              size_t err_len);
    /* Does the move change material (capture, promotion)?  Tactical moves
     * are searched first and are not reduced. */
    bool (*is_tactical)(const void *pos, gt_move m);
    /* Index of a move for history tables: same piece kind and destination
     * should give the same index.  Below move_index_count. */
    unsigned (*move_index)(const void *pos, gt_move m);
    /* OPTIONAL: ordering value of a tactical move, higher first (e.g.
     * victim value * 16 - attacker).  NULL: tactical moves keep
     * generation order. */
    int (*tactical_order)(const void *pos, gt_move m);
    /* OPTIONAL: does the move give check?  NULL: the core makes the move
     * and asks in_check. */
    bool (*gives_check)(const void *pos, gt_move m);
    /* OPTIONAL: static exchange test: does m win at least `threshold`
     * units of material after the best exchange sequence on its square?
     * NULL: the core assumes yes (no exchange pruning). */
    bool (*see_ge)(const void *pos, gt_move m, int threshold);

    /* ---- outcomes ------------------------------------------------------ */
    bool (*in_check)(const void *pos);
    /* The result for the side to move when generate(GT_GEN_ALL) is empty:
     * chess gives GT_LOSS in check and GT_DRAW otherwise (stalemate);
     * shogi always GT_LOSS. */
    enum gt_outcome (*no_moves)(const void *pos);
    /* Rule results that do not depend on the moves available: repetition,
     * move-count rules, insufficient material, a line of four, an entering-
     * king declaration (GT_WIN for the side to move).  `ply` is the number
     * of plies since the search root: a repetition of a position reached
     * within those plies may be scored a draw at once (the side could have
     * avoided it), while older history needs the full count.  The core
     * calls this at every node before generating moves, and at the root
     * (ply 0) to answer `bestmove win`. */
    enum gt_outcome (*rule_outcome)(const void *pos, int ply);

    /* ---- evaluation ---------------------------------------------------- */
    /* Static score for the side to move, within +-GT_EVAL_MAX. */
    int (*evaluate)(const void *pos);

    /* ---- the null move ------------------------------------------------- */
    /* OPTIONAL (both or neither): pass the turn inside the search.  Flip
     * the side, update the key, clear what a pass must clear (chess: the
     * en-passant square) and reset what the rules count per side (shogi:
     * continuous-check counters and the repetition view, or a null inside a
     * checking sequence looks like perpetual check).  The core never makes
     * a null move while in check or right after another null move.  NULL:
     * the core never tries null-move pruning in this game. */
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
};

#endif /* GTSEARCH_GAME_H */
