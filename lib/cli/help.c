/* help.c -- printing the help of help.h: the general usage with its
 * command list, a command's help, and the `help` command.  The texts are
 * the table's (help_table.c).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "help.h"

#include <string.h>

#include "args.h"

enum { WIDTH = 79, LIST_INDENT = 6 };

const struct gt_command_help *gt_help_find(const char *name)
{
    size_t n;
    const struct gt_command_help *t = gt_help_table(&n);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(t[i].name, name) || (t[i].alias && !strcmp(t[i].alias, name)))
            return &t[i];
    return NULL;
}

bool gt_help_asked(int n, char **words)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(words[i], "--help") || !strcmp(words[i], "-h"))
            return true;
    return false;
}

/* Print text from column col on (the caller ends what is before it with
 * a blank), breaking at blanks so that lines end by WIDTH; a new line
 * starts at column indent.  With groups, a blank inside brackets does not
 * break (an option and its value stay together). */
static void wrap(FILE *out, int col, int indent, bool groups, const char *text)
{
    bool first = true;          /* the line's first word: no blank before it */
    for (const char *p = text;;) {
        while (*p == ' ')
            p++;
        if (!*p)
            return;
        const char *q = p;
        int depth = 0;
        for (; *q && (*q != ' ' || depth > 0); q++)
            if (groups && (*q == '[' || *q == '('))
                depth++;
            else if (groups && (*q == ']' || *q == ')') && depth > 0)
                depth--;
        /* ... and so do --out FILE and the like (values are in capitals). */
        if (groups && p[0] == '-' && p[1] == '-' && q[0] == ' ' && q[1] >= 'A' && q[1] <= 'Z')
            for (q++; *q && *q != ' '; q++)
                ;
        int len = (int)(q - p);
        if (col > indent && col + !first + len > WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
            first = true;
        }
        if (!first) {
            fputc(' ', out);
            col++;
        }
        fprintf(out, "%.*s", len, p);
        col += len;
        first = false;
        p = q;
    }
}

/* "NAME " and ARGS from col on, the name kept on the first line. */
static void name_and_args(FILE *out, int col, int indent, const struct gt_command_help *h)
{
    col += fprintf(out, "%s%s", h->name, *h->args ? " " : "");
    wrap(out, col, indent, true, h->args);
}

static void list_commands(FILE *out)
{
    size_t n;
    const struct gt_command_help *t = gt_help_table(&n);
    for (size_t i = 0; i < n; i++) {
        name_and_args(out, fprintf(out, "  "), LIST_INDENT, &t[i]);
        fprintf(out, "\n%*s", LIST_INDENT, "");
        wrap(out, LIST_INDENT, LIST_INDENT, false, t[i].summary);
        fputc('\n', out);
    }
}

void gt_help_usage(FILE *out)
{
    fputs("Usage: gtsearch [--game NAME|FILE] [--option NAME=VALUE]... [COMMAND [ARGS]]\n"
          "\n"
          "A game-tree search engine for any game a module brings.  Without a command\n"
          "it speaks the game's protocol (UCI or USI) on standard input and output\n"
          "(type help there for its commands).\n"
          "\n"
          "Commands (each takes --help; gtsearch help COMMAND says the same):\n", out);
    list_commands(out);
    fputs("\n"
          "Options (before the command):\n"
          "  --game NAME|FILE   the game (default " GT_DEFAULT_GAME "): a built-in name, an installed\n"
          "                     module's name, or a module file (.la or .so)\n"
          "  --option N=V       set an engine option first (e.g. NullMove=false, Hash=64)\n"
          "  --list-games       list the games and exit\n"
          "  --help, -h         this text\n"
          "  --version          the version\n"
          "\n"
          "Exit status: 0 success, 1 a runtime error, 2 a usage error.\n", out);
}

void gt_help_command(const struct gt_command_help *h, FILE *out)
{
    name_and_args(out, fprintf(out, "Usage: gtsearch [--game NAME] [--option N=V]... "), 8, h);
    fprintf(out, "\n%s\n", h->about);
    if (h->alias)
        fprintf(out, "(%s is the same command.)\n", h->alias);
    if (h->options)
        fprintf(out, "\nOptions:\n%s", h->options);
    else
        fputs("\nOptions: none.\n", out);
    fprintf(out, "\nExample:\n  %s\n", h->example);
    fputs("--game NAME|FILE (default " GT_DEFAULT_GAME ") and --option NAME=VALUE go before "
          "the command.\n", out);
}

int gt_help_main(int n, char **words)
{
    /* --help wins here as after any command: help's own help. */
    bool asked = gt_help_asked(n, words);
    if (!asked && n > 1)
        return gt_usage_error("help", "one command at most, not '%s' too", words[1]);
    const char *name = asked ? "help" : n ? words[0] : NULL;
    if (!name) {
        gt_help_usage(stdout);
        return 0;
    }
    const struct gt_command_help *h = gt_help_find(name);
    if (!h) {
        fprintf(stderr, "gtsearch help: no command is named '%s'; the commands:", name);
        size_t count;
        const struct gt_command_help *t = gt_help_table(&count);
        for (size_t i = 0; i < count; i++)
            fprintf(stderr, " %s", t[i].name);
        fputs("\n", stderr);
        return GT_EXIT_USAGE;
    }
    gt_help_command(h, stdout);
    return 0;
}
