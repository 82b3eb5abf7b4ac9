/* help_table.c -- what each command of the program takes and does, with
 * the defaults its option parser (main.c, tune_cli.c, ...) and the man
 * page give: the one place the help texts live (help.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "help.h"

/* The search limits of analyse and epd: one counts, the last given. */
#define SEARCH_LIMITS(depth)                                                             \
    "  --depth N           search N plies deep, 1 to 127 (default " depth ")\n"       \
    "  --nodes N           ... or search N nodes\n"                                      \
    "  --movetime MS       ... or MS milliseconds (the last limit given counts)\n"

/* A position on the command line, as the protocols' position command has it. */
#define POSITION_TEXT                                                                    \
    "  TEXT                the position (required): the game's position text or\n"  \
    "                      startpos, either followed by moves M...\n"

static const struct gt_command_help table[] = {
    {
        "perft", NULL, "DEPTH [--position TEXT] [--divide]",
        "count the legal move tree",
        "Count the leaves of the legal move tree DEPTH plies deep (1 to 64) and print\n"
        "the time and leaves per second.",
        "  DEPTH               the plies to count, 1 to 64 (required)\n"
        "  --position TEXT     start from TEXT: the game's position text or startpos,\n"
        "                      either followed by moves M... (default: startpos)\n"
        "  --divide            first print each root move with its count (default: off)\n",
        "gtsearch perft 5 --divide",
    },
    {
        "selftest", NULL, "[--games N] [--seed N] [--position TEXT] [options]",
        "check the game module's hooks along random games (run it first)",
        "Play random games and check the game module's hooks at every ply: legality,\n"
        "make/unmake and the null move, keys, move and position text in every\n"
        "notation, the move lists, count_moves against perft, the end of the game,\n"
        "the length bound and the input features.  Exit status 1 when a check failed.",
        "  --games N           random games to play (default 20)\n"
        "  --plies N           cut a game after N plies (default 300)\n"
        "  --depth N           perft depth checked against count_moves, 0 to 8\n"
        "                      (default 2; 0: off)\n"
        "  --every N           ... at every N plies (default 8)\n"
        "  --seed N            the random games' seed (default 1)\n"
        "  --position TEXT     start from TEXT: the game's position text or startpos,\n"
        "                      either followed by moves M... (default: startpos)\n",
        "gtsearch --game ./mygame.so selftest --games 100 --seed 7",
    },
    {
        "params", NULL, "",
        "the search's named numbers: value, default, range (each is an option)",
        "Print the search's named numbers (margins, thresholds, time factors): name,\n"
        "value, default, least and greatest value.  Each is an engine option too.",
        NULL,
        "gtsearch --option LMRBase=120 params",
    },
    {
        "bench", NULL, "[DEPTH]",
        "search the game's bench positions; the last line is a node signature",
        "Search each of the game's bench positions with one thread and a cleared hash\n"
        "table; the last line, Nodes searched: N, changes only with the search.",
        "  DEPTH               search each position DEPTH plies deep, 1 to 127\n"
        "                      (default: the game's own bench depth)\n",
        "gtsearch --option NullMove=false bench 10",
    },
    {
        "analyse", "analyze", "TEXT [--depth N|--nodes N|--movetime MS] [--multipv N]",
        "search one position (TEXT may be 'startpos') and show statistics",
        "Search one position and print the protocol's info lines, the best move and\n"
        "the null-move statistics.",
        POSITION_TEXT
        SEARCH_LIMITS("10")
        "  --multipv N         show the N best lines, 1 to 64 (default 1)\n",
        "gtsearch analyse startpos --depth 12 --multipv 3",
    },
    {
        "epd", NULL, "FILE [--depth N|--nodes N|--movetime MS] [--threads N] [--dm-plies]",
        "run a test suite (bm, am, dm, id)",
        "Run a test suite: each line of FILE is a position and operations (bm, am, dm,\n"
        "pv, id); each position is searched and reported solved or FAILED.",
        "  FILE                the suite (required)\n"
        SEARCH_LIMITS("10")
        "  --threads N         search threads, 1 to 256 (default 1)\n"
        "  --dm-plies          dm counts plies (default: moves)\n",
        "gtsearch epd suite.epd --movetime 1000 --threads 4",
    },
    {
        "mate", NULL, "TEXT [--plies N] [--nodes N] [--movetime MS] [--checks|--all-moves]",
        "prove the shortest forced mate (df-pn)",
        "Prove the shortest forced mate from TEXT with the df-pn solver; print the\n"
        "status (mate, nomate, timeout), its plies, the line, the nodes and the time.",
        POSITION_TEXT
        "  --plies N           the longest mate looked for, 1 to 255 (default 255)\n"
        "  --nodes N           stop after N nodes (default: no limit)\n"
        "  --movetime MS       stop after MS milliseconds (default: no limit)\n"
        "  --checks            every attacker move gives check (default in USI games)\n"
        "  --all-moves         the attacker may play any move (default in UCI games)\n",
        "gtsearch mate 'POSITION TEXT' --plies 9 --movetime 10000",
    },
    {
        "match", NULL, "--engine CMD [KEY=VALUE]... --engine CMD ... LIMIT [options]",
        "referee games between engine programs (see gtsearch(1), MATCH)",
        "Referee games between engine programs of the game (two or more, round robin\n"
        "or gauntlet) and print the results with the Elo difference and, for three or\n"
        "more engines, the standings (gtsearch(1), MATCH).",
        "  --engine CMD [KEY=VALUE]...   an engine: a shell command, then its settings\n"
        "                      name=NAME (default: its own), proto=uci|usi|cecp|gnushogi\n"
        "                      (default: the game's dialect), nodes=N, option.NAME=VALUE,\n"
        "                      book=FILE bookdepth=N (its own, in place of --book's)\n"
        "A LIMIT, at least one (fixed limits combine with a clock):\n"
        "  --tc [M/]S[+INC]    seconds (or m:ss) on the clock, increment; M: per M moves\n"
        "  --byoyomi MS        time per move once the clock is empty\n"
        "  --movetime MS, --nodes N, --depth N   fixed limits per move\n"
        "Other options:\n"
        "  --games N           games per pair of engines (default 2)\n"
        "  --gauntlet          the first engine plays each other one, who do not meet\n"
        "                      (default: round robin, every pair plays)\n"
        "  --book FILE         every engine plays from this Polyglot book (.bin) while it\n"
        "                      has a move, drawn by weight; marked {book} (default: none)\n"
        "  --book-depth N      book moves only in the first N full moves (default: all)\n"
        "  --openings FILE     openings, each played twice with colours swapped: PGN,\n"
        "                      position lines or record files (default: start position)\n"
        "  --concurrency N     games in parallel, 1 to 256 (default 1)\n"
        "  --sprt [elo0=E] [elo1=E] [alpha=A] [beta=B]   stop when the SPRT decides\n"
        "                      (default: off; its defaults 0, 5, 0.05, 0.05; 2 engines)\n"
        "  --draw-after N      adjudicate a draw after N plies (default: off)\n"
        "  --resign SCORE:MOVES  an engine scoring -SCORE or worse for MOVES moves in a\n"
        "                      row loses (default: off)\n"
        "  --timemargin MS     grace over the clock before a loss on time (default 100)\n"
        "  --timeout MS        without a clock or movetime, no answer in MS is a hang\n"
        "                      (default 60000)\n"
        "  --pgn FILE          append the games to FILE (default: none)\n"
        "  --record-format NAME  the --pgn file's format: pgn or a notation's record\n"
        "                      files (default: by FILE's extension, else the game's)\n"
        "  --pgn-min           minimal PGN: the tags that say the game, no comments\n"
        "  --record FILE       append one line per game (default: none)\n"
        "  --resume            the same command line again goes on from the games the\n"
        "                      --pgn (PGN) or --record file holds: they count, the\n"
        "                      others are played (default: off)\n"
        "  --rating-interval N the results and standings every N games (default 0:\n"
        "                      at the end only)\n"
        "  --log FILE          append the engines' traffic and stderr (default: none)\n"
        "  --progress FILE     append a JSON line per game: results, Elo, LLR, for\n"
        "                      gtsearch plot (default: none)\n"
        "  --report-rss        report each engine process's memory (default: off)\n"
        "cutechess-cli and fastchess options are read too: -engine cmd=CMD [arg=A]...\n"
        "  [name=N] [option.N=V]... [tc=TC] [st=S] [book=F bookdepth=N], -each, -games,\n"
        "  -rounds, -repeat, -openings file=F [order=random] [start=N] [plies=N],\n"
        "  -srand, -sprt, -draw, -resign, -pgnout FILE [min], -ratinginterval,\n"
        "  -concurrency, -maxmoves, -variant NAME (the game's variants), -recover,\n"
        "  -tournament round-robin|gauntlet\n",
        "gtsearch match --engine ./gtsearch --engine ./other --tc 10+0.1 --games 100",
    },
    {
        "datagen", NULL, "[--games N] [--nodes N|--depth N] [--out FILE] [options]",
        "self-play games: quiet positions with their result, for tune and train",
        "Play self-play games and write their quiet positions with the search's score\n"
        "and the game's result: the data of tune and train.  The engines take the\n"
        "options given with --option; with --opponent-option, against a second\n"
        "engine that takes those options too, the two moving first in turn.  Ctrl-C\n"
        "stops, keeping the whole games.",
        "  --games N           games to play (default 100; with --seconds alone: as\n"
        "                      many as fit)\n"
        "  --seconds N         start no game after N seconds; the games in progress\n"
        "                      finish and are written (default: no limit)\n"
        "  --nodes N           nodes a move (default 5000; 0: none, then give --depth)\n"
        "  --depth N           depth a move, 0 to 100 (default 0: none)\n"
        "  --threads N         games in parallel, 1 to 256 (default 1)\n"
        "  --random-plies N    random moves after the opening (or the start), 0 to\n"
        "                      100 (default 8)\n"
        "  --openings FILE     start from the file's openings, in match's formats\n"
        "                      (default: none)\n"
        "  --seed N            the games' seed (default 1)\n"
        "  --hash MB           each engine's hash table, 1 to 65536 (default 16)\n"
        "  --max-plies N       a game this long is a draw (default 400)\n"
        "  --out FILE          the file to write (default: standard output)\n"
        "  --format bin|text   (default: text if FILE ends in .txt or without --out,\n"
        "                      else binary)\n"
        "  --no-score          leave the search scores out (default: written)\n"
        "  --opponent-option NAME=VALUE\n"
        "                      an option of the opponent, on top of --option's\n"
        "                      (repeatable; default: none, self-play)\n",
        "gtsearch datagen --games 1000 --nodes 5000 --threads 4 --out data.bin",
    },
    {
        "convert", NULL, "IN... --out FILE [--format bin|text]",
        "data files of either format into one",
        "Read data files of either format and write their records to one file; a bad\n"
        "record is skipped with a warning.",
        "  IN...               the data files to read (at least one)\n"
        "  --out FILE          the file to write (required)\n"
        "  --format bin|text   (default: text if FILE ends in .txt, else binary)\n",
        "gtsearch convert data.txt --out data.bin",
    },
    {
        "label", NULL, "DATA... --engine CMD [KEY=VALUE]... LIMIT --out FILE [options]",
        "another engine's scores for data's positions, for train",
        "Write the records of data files again, each with the score another engine\n"
        "gives its position (its own process, spoken to in the game's protocol) in\n"
        "place of the search score; results stay.  A position without an answer is\n"
        "written without a score.  Ctrl-C stops with the file whole; --resume goes on.",
        "  DATA...             data files to score (at least one)\n"
        "  --engine CMD [KEY=VALUE]...\n"
        "                      the engine, with match's name=, proto=, option.N=V\n"
        "                      (required; an option it does not offer is an error)\n"
        "  --nodes N | --depth N | --movetime MS | --byoyomi MS\n"
        "                      its limit a position (required: one of them)\n"
        "  --scale X           eval units of one of the engine's units, 0.001 to 1000\n"
        "                      (default 1); mates are written as the largest score\n"
        "  --threads N         engines at once, 1 to 64 (default 1)\n"
        "  --out FILE          the file to write (required)\n"
        "  --format bin|text   (default: text if FILE ends in .txt, else binary)\n"
        "  --resume            keep FILE's records and go on after as many positions\n"
        "                      of DATA (default: FILE is written afresh)\n"
        "  --max-positions N   stop when FILE holds N (default: all)\n"
        "  --log FILE          append the engines' traffic and stderr (default: none)\n",
        "gtsearch label data.gtd --engine ./stronger option.Threads=1 --depth 8 "
        "--out stronger.gtd",
    },
    {
        "tune", NULL, "DATA... [--out FILE|--update FILE] [--progress FILE] [options]",
        "fit the evaluation's weights to the results; writes a weights file",
        "Fit the evaluation's weights to the data's results (Texel's method), starting\n"
        "from the compiled-in weights or EvalFile's, and write them as a weights file.",
        "  DATA...             data files, datagen's (at least one, at most 64)\n"
        "  --out FILE          write the weights to FILE (default: standard output)\n"
        "  --update FILE       instead, rewrite the module's weights file in place\n"
        "  --epochs N          full passes, 0 to 1000000 (default 300)\n"
        "  --lr X              Adam's step, in weight units (default 1)\n"
        "  --l2 X              pull toward the starting weights (default 1e-7)\n"
        "  --lambda X          share of the search scores in the target, 0 to 1\n"
        "                      (default 0: results only)\n"
        "  --k X               the sigmoid's scale, 0 to 100 (default 0: fitted)\n"
        "  --validation X      share of the positions held out, 0 to 1 (default 0.1)\n"
        "  --seed N            chooses the held-out positions (default 1)\n"
        "  --threads N         1 to 64 (default 1)\n"
        "  --report N          print the losses every N epochs (default 10)\n"
        "  --freeze GLOB,...   keep the weights these shell patterns match\n"
        "                      (default: none)\n"
        "  --only GLOB,...     tune only the weights these match (default: all)\n"
        "  --progress FILE     append a JSON line per report: the losses, for\n"
        "                      gtsearch plot (--log FILE: the same; default: none)\n",
        "gtsearch tune data.bin --epochs 500 --out weights.h",
    },
    {
        "spsa", NULL, "--params NAME[:C_END],... [--iterations N] LIMIT [options]",
        "tune search numbers by self-play (SPSA)",
        "Tune the search's named numbers (gtsearch params) by self-play with SPSA; the\n"
        "last line gives the tuned values as --option words.",
        "  --params NAME[:C_END],...   the numbers to tune (required); C_END, the last\n"
        "                      step (default: an eighth of the value, at least 1)\n"
        "  --iterations N      1 to 10000000 (default 200)\n"
        "  --pairs N           game pairs an iteration, 1 to 10000 (default 1)\n"
        "  --r-end R           the last learning rate (default 0.002)\n"
        "  --seed N            the perturbations' seed (default 1)\n"
        "  --out FILE          write all the search's numbers as a weights file\n"
        "                      (default: none)\n"
        "  --progress FILE     append a JSON line per iteration: every number, for\n"
        "                      gtsearch plot (default: none; --log is match's)\n"
        "  --engine CMD [KEY=VALUE]...   the engine (default: this program, this game)\n"
        "A LIMIT (--tc S[+INC], --byoyomi MS, --movetime MS, --nodes N, --depth N) and\n"
        "match's other options (--openings FILE, --concurrency N, ...) as in\n"
        "gtsearch match --help.\n",
        "gtsearch spsa --params LMRBase,RFPMargin --tc 1+0.1 --iterations 200",
    },
    {
        "train", NULL, "DATA... --out FILE [--residual] [options]",
        "train a network on datagen's positions (games with input features)",
        "Train a network (NNUE) on data files for a game that declares input features;\n"
        "the network and a checkpoint are written after every epoch (doc/network.md).",
        "  DATA...             data files, datagen's (at least one)\n"
        "  --out FILE          the network to write (required but with --epochs 0)\n"
        "  --hidden N          hidden width, a multiple of 32 up to 1024 (default 256)\n"
        "  --buckets N         output layers, one for each share of the side to move's\n"
        "                      active features, 1 to 16 (default: --init's, else 1)\n"
        "  --layer2 N          a second hidden layer of N units, 1 to 64, between the\n"
        "                      sums and the output (default: --init's, else none)\n"
        "  --residual          learn a correction to the game's evaluation\n"
        "                      (default: off)\n"
        "  --window UNITS      with --residual: only where the game's evaluation is\n"
        "                      within UNITS (default 0: everywhere)\n"
        "  --output-scale X    with --residual: the written network's correction\n"
        "                      times X, 0.01 to 1 (default 1; to 4 with --epochs 0:\n"
        "                      the --init network measured as if written so)\n"
        "  --epochs N          (default 10); 0 with --init NET and no --out: print\n"
        "                      NET's loss on all the data, and by output bucket (with\n"
        "                      --buckets N: in N), train and write nothing\n"
        "  --batch N           positions a step (default 16384)\n"
        "  --lr X              Adam's first rate (default 0.001) ...\n"
        "  --lr-end X          ... falling along a cosine to this (default 0.00005)\n"
        "  --weight-decay X    shrink the first layer's weights by rate x X a step\n"
        "                      (decoupled, as AdamW; default 0: none)\n"
        "  --lambda X          weight of the result in the target, 0 to 1 (default 0.5)\n"
        "  --td-decay X        blend each score with its game's later ones, the one d\n"
        "                      plies on weighing X^d, 0 to 1 (default 0: its own)\n"
        "  --td-plies N        ... up to N plies on (default 8)\n"
        "  --k X               eval units a logit (default 4 times the game's eval unit)\n"
        "  --validation X      share of the games held out whole, 0 to 1 (default 0.05)\n"
        "  --threads N         1 to 64 (default 1)\n"
        "  --seed N            (default 1)\n"
        "  --max-positions N   read at most N positions (default: all)\n"
        "  --checkpoint FILE   (default: OUT.ckpt)\n"
        "  --symmetries        add each position turned by each of the game's\n"
        "                      symmetries (its features' turn hook; default: off)\n"
        "  --keep-best         write the network only after an epoch whose validation\n"
        "                      loss is the run's lowest so far (default: every epoch)\n"
        "  --resume FILE       go on from a checkpoint (default: start afresh); one that\n"
        "                      holds all the epochs: write its network again (but\n"
        "                      with --keep-best)\n"
        "  --init NET          start from a network file's weights, as it plays\n"
        "                      (its width unless --hidden, which may widen it;\n"
        "                      default: random ones)\n"
        "  --progress FILE     one JSON line per epoch, for gtsearch plot; --resume\n"
        "                      appends (--log FILE: the same; default: none)\n"
        "  --report SECONDS    progress inside an epoch (default 10; 0: none)\n",
        "gtsearch train data.bin --out my.gtnet --residual --window 400 --lambda 0",
    },
    {
        "export-features", NULL, "DATA... --out FILE [--max-positions N]",
        "the positions' input features, for an outside trainer (doc/network.md)",
        "Write the data's positions as the network sees them (input features, score,\n"
        "result), for a trainer outside gtsearch; doc/network.md gives the format.",
        "  DATA...             data files, datagen's (at least one)\n"
        "  --out FILE          the file to write (required)\n"
        "  --max-positions N   read at most N positions (default: all)\n",
        "gtsearch export-features data.bin --out data.features",
    },
    {
        "net", NULL, "[FILE] [--position TEXT] [--scale N|--weight X] [--out FILE]",
        "a network file's header and score, or a copy at another weight",
        "Check a network file (default: the engine's, EvalFile's or the built-in one)\n"
        "and print its game, features, shape, kind and scale, and its score for a\n"
        "position (a residual network's beside the evaluation it corrects).  With\n"
        "--out, write a copy; --scale, --weight and --window change its header only\n"
        "(the weights stay the same bytes): a residual network's correction at\n"
        "another weight without training again.  A network of the narrower feature\n"
        "set that the game's extends is read, and copied, widened.",
        "  FILE                a network file (default: the engine's network)\n"
        "  --position TEXT     the position to score: the game's position text or\n"
        "                      startpos, either followed by moves M... (default:\n"
        "                      startpos)\n"
        "  --scale N           the copy's scale, eval units an output unit, 1 to 100000\n"
        "  --weight X          ... or the scale times X, 0.01 to 100 (0.5: half weight)\n"
        "  --window N          a residual copy's window, 0 (everywhere) to the largest\n"
        "                      evaluation\n"
        "  --out FILE          write the copy there (required with the three above)\n",
        "gtsearch net --weight 0.8 --out lighter.gtnet",
    },
    {
        "plot", NULL, "FILE... --out PICTURE.svg [--title TEXT]",
        "draw progress files (match, spsa, tune, train --progress) as SVG",
        "Draw the progress files that match, spsa, tune and train write (--progress\n"
        "FILE: a JSON line each game, iteration or epoch) as one SVG picture: Elo with\n"
        "its 95% interval and the SPRT's LLR; spsa's parameters; the training and\n"
        "validation loss.  Several files of one kind give several series.",
        "  FILE...             progress files, all of one kind (at least one)\n"
        "  --out PICTURE.svg   the picture to write (required)\n"
        "  --title TEXT        the picture's title (default: the kind's)\n",
        "gtsearch plot a.jsonl b.jsonl --out elo.svg --title 'LMR tweak'",
    },
    {
        "help", NULL, "[COMMAND]",
        "this text, or a command's help",
        "Print the general usage, or COMMAND's help (as gtsearch COMMAND --help does).",
        NULL,
        "gtsearch help match",
    },
};

const struct gt_command_help *gt_help_table(size_t *n)
{
    *n = sizeof table / sizeof table[0];
    return table;
}
