#!/bin/sh
# help.sh -- help everywhere: every command that `gtsearch help` lists
# answers --help and -h (exit status 0, a usage line naming it), even
# before the arguments it needs; `gtsearch help CMD` says the same; an
# unknown command is named; `help` in the protocol loop answers with info
# strings; and a bad argument to each command is refused with status 2 by
# a message that names the command and where its help is.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}"
gt=$abs_top_builddir/gtsearch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

"$gt" help >"$tmp/usage" || fail "gtsearch help: exit status $?"
"$gt" --help >"$tmp/usage2" || fail "gtsearch --help: exit status $?"
cmp -s "$tmp/usage" "$tmp/usage2" || fail "gtsearch help and gtsearch --help differ"
# The command list: the lines of "Commands" that start with a name.
cmds=$(awk '/^Commands/ { on = 1; next } /^$/ { on = 0 } on && /^  [a-z]/ { print $1 }' \
    "$tmp/usage")
[ "$(echo "$cmds" | wc -w)" -ge 15 ] || fail "too few commands listed: $cmds"

# A bad argument for each command: one its parser refuses (a command that
# needs a position or a file first gets one, so that the option is read).
bad_args() {
    case $1 in
        analyse|analyze|mate) echo "startpos --bogus" ;;
        epd) echo "suite.epd --bogus" ;;
        help) echo "perft bench" ;;
        *) echo "--bogus" ;;
    esac
}

for cmd in $cmds analyze; do
    if ! "$gt" "$cmd" --help >"$tmp/help" 2>"$tmp/err"; then
        fail "$cmd --help: exit status $?: $(cat "$tmp/err")"
        continue
    fi
    name=$cmd
    [ "$cmd" = analyze ] && name=analyse
    grep -q "^Usage: gtsearch .* $name\( \|$\)" "$tmp/help" ||
        fail "$cmd --help: no usage line naming it: $(head -n 2 "$tmp/help")"
    grep -q "^Example:" "$tmp/help" || fail "$cmd --help: no example"
    "$gt" "$cmd" -h >"$tmp/h" 2>&1 && cmp -s "$tmp/help" "$tmp/h" ||
        fail "$cmd -h differs from $cmd --help"
    "$gt" help "$cmd" >"$tmp/h" 2>&1 && cmp -s "$tmp/help" "$tmp/h" ||
        fail "help $cmd differs from $cmd --help"
    # --help wins over the words before it, bad or not.
    # shellcheck disable=SC2046
    "$gt" "$cmd" $(bad_args "$cmd") --help >"$tmp/h" 2>&1 && cmp -s "$tmp/help" "$tmp/h" ||
        fail "$cmd $(bad_args "$cmd") --help: not the help"

    set +e
    # shellcheck disable=SC2046
    "$gt" "$cmd" $(bad_args "$cmd") >/dev/null 2>"$tmp/err"
    rc=$?
    set -e
    if [ "$rc" != 2 ]; then
        fail "$cmd $(bad_args "$cmd"): exit status $rc, not 2: $(cat "$tmp/err")"
    elif ! grep -q "^gtsearch $cmd: " "$tmp/err" || ! grep -q "gtsearch $cmd --help" "$tmp/err"
    then
        fail "$cmd $(bad_args "$cmd"): the message does not name the command: $(cat "$tmp/err")"
    else
        echo "ok: $cmd: $(head -n 1 "$tmp/err")"
    fi
done

set +e
"$gt" help nosuchcommand >/dev/null 2>"$tmp/err"
rc=$?
set -e
[ "$rc" = 2 ] && grep -q "nosuchcommand" "$tmp/err" ||
    fail "help nosuchcommand: status $rc: $(cat "$tmp/err")"

# The protocol loop: help is answered with info strings, and it goes on.
if printf 'help\nisready\nquit\n' | "$gt" >"$tmp/proto" 2>&1; then
    grep -q "^info string " "$tmp/proto" || fail "protocol help: no info string: $(cat "$tmp/proto")"
    grep -q "^readyok$" "$tmp/proto" || fail "protocol help: the loop stopped"
else
    fail "protocol help: exit status $?"
fi
[ "$fails" = 0 ] && echo "help: every command answers --help"
exit "$fails"
