#!/bin/sh
# tutorial.sh -- run every command of doc/writing-a-game.md as its reader
# would, against a gtsearch installed into a temporary DESTDIR, and compare
# what they print with the tutorial's output blocks.
#
# The tutorial's ```sh blocks run in order in one shell (so `cd` carries
# over), each with stdout and stderr captured.  A ```text block that comes
# next (blank lines between are allowed) is that block's expected output:
# its lines are shell patterns (`*` matches anything) that must match lines
# of the real output in the same order; other real lines may come between.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_builddir:?}" "${abs_top_srcdir:?}"
doc=$abs_top_srcdir/doc/writing-a-game.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Install, and point PATH and pkg-config at the installed tree.
if ! ${MAKE:-make} -C "$abs_top_builddir" install DESTDIR="$tmp/root" \
        >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    echo "FAIL: make install DESTDIR=$tmp/root"
    exit 1
fi
prefix=$(sed -n 's/^prefix=//p' "$abs_top_builddir/gtsearch.pc")
pcdir=$(dirname "$(find "$tmp/root" -name gtsearch.pc | head -n 1)")
PATH=$tmp/root$prefix/bin:$PATH
PKG_CONFIG_PATH=$pcdir
PKG_CONFIG_SYSROOT_DIR=$tmp/root   # -I paths point into the DESTDIR
srcdir=$abs_top_srcdir
export PATH PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR srcdir
unset GTSEARCH_MODULE_PATH MAKEFLAGS MFLAGS MAKELEVEL CC CFLAGS || true

# Split the tutorial: block N's commands into cmd.N, its expected output
# (if any) into want.N; a runner script that captures each block's output.
mkdir "$tmp/blocks" "$tmp/work"
awk -v dir="$tmp/blocks" '
    /^```sh$/   { n++; mode = "cmd"; file = dir "/cmd." n; printf "" > file; last = n; next }
    /^```text$/ { if (after == last && last) { mode = "want"; file = dir "/want." last; printf "" > file }
                  else mode = "skip"; next }
    /^```/      { if (mode == "cmd") after = last; else if (mode != "") after = 0;
                  if (mode == "") { mode = "skip"; next } mode = ""; next }
    mode == "cmd" || mode == "want" { print > file; next }
    mode == "skip" { next }
    /^[ \t]*$/  { next }
                { after = 0 }
    END { print n > (dir "/count") }
' "$doc"
count=$(cat "$tmp/blocks/count")
if [ "$count" -lt 8 ]; then
    echo "FAIL: found only $count sh blocks in $doc"
    exit 1
fi
{
    i=1
    while [ "$i" -le "$count" ]; do
        printf '{\n'; cat "$tmp/blocks/cmd.$i"
        printf '} >"%s/out.%d" 2>&1 || echo "block %d exited $?" >>"%s/out.%d"\n' \
            "$tmp" "$i" "$i" "$tmp" "$i"
        i=$((i + 1))
    done
} >"$tmp/run.sh"
(cd "$tmp/work" && sh "$tmp/run.sh")

# Compare: every expected line must match a later real line, in order.
fail=0
i=1
while [ "$i" -le "$count" ]; do
    echo "--- block $i:"; sed 's/^/$ /' "$tmp/blocks/cmd.$i"
    cat "$tmp/out.$i"
    if [ -f "$tmp/blocks/want.$i" ]; then
        rest=$tmp/rest
        cp "$tmp/out.$i" "$rest"
        while IFS= read -r want; do
            found=0
            : >"$rest.next"
            while IFS= read -r got; do
                if [ "$found" = 1 ]; then
                    printf '%s\n' "$got" >>"$rest.next"
                else
                    # shellcheck disable=SC2254
                    case $got in $want) found=1 ;; esac
                fi
            done <"$rest"
            mv "$rest.next" "$rest"
            if [ "$found" = 0 ]; then
                echo "FAIL: block $i: no line matching: $want"
                fail=1
                break
            fi
        done <"$tmp/blocks/want.$i"
    elif grep -q "^block $i exited" "$tmp/out.$i"; then
        echo "FAIL: block $i failed and shows no output to compare"
        fail=1
    fi
    i=$((i + 1))
done
if [ "$fail" = 0 ]; then
    echo "PASS: all $count command blocks of doc/writing-a-game.md print what it shows"
fi
exit "$fail"
