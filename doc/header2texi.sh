#!/bin/sh
# header2texi.sh -- turn the comments of lib/gtsearch/game.h into the
# Texinfo reference of the plugin interface (doc/game-reference.texi), so
# the manual says what the header says and cannot drift from it.
#
# Usage: header2texi.sh game.h > game-reference.texi
#
# What it understands is the header's own layout:
#  - the file's first comment: the rules for every hook;
#  - a comment, then a #define, typedef, enum or struct: one definition;
#  - inside an enum or struct, a member with a comment after it (which may
#    go on over the next lines) or a comment before it;
#  - inside struct gt_game, "---- name ----" comments: one section each.
# Texinfo's special characters (@ { }) in the comments are escaped, and
# "--" is kept from becoming an en dash.
# SPDX-License-Identifier: MIT
set -eu
if [ $# -ne 1 ] || [ ! -r "$1" ]; then
    echo "usage: $0 game.h" >&2
    exit 2
fi
awk '
function esc(s) {
    gsub(/@/, "@@", s); gsub(/\{/, "@{", s); gsub(/\}/, "@}", s)
    gsub(/--/, "-@w{}-", s)      # two dashes stay two (--game), not a dash
    return s
}
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
# Strip the comment markers of one line of a comment.
function uncomment(s) {
    s = trim(s)
    sub(/^\/\*+/, "", s); sub(/\*+\/$/, "", s); sub(/^\*( |$)/, "", s)
    return trim(s)
}
# Print the gathered comment lines as Texinfo: "- " lines become a list,
# `name` becomes @code{name}.
function flush() { printf "%s", comtext() }
function comtext(   i, line, inlist, out) {
    inlist = 0; out = ""
    for (i = 1; i <= ncom; i++) {
        line = esc(com[i])
        line = codify(line)
        if (line ~ /^- /) {
            if (!inlist) { out = out "@itemize @bullet\n"; inlist = 1 }
            out = out "@item\n"; sub(/^- /, "", line)
        } else if (line == "" && inlist) {
            out = out "@end itemize\n"; inlist = 0
        }
        out = out line "\n"
    }
    if (inlist) out = out "@end itemize\n"
    ncom = 0
    return out
}
# A member is held until the next one is seen: a member without a comment
# of its own shares the held member text (@deftypefnx), as in the header.
function hold(kind, head, xhead, name, body) {
    if (ncom == 0 && held_kind == kind && held_kind != "" && !held_trailing) {
        held_head = held_head "\n" xhead; return
    }
    if (ncom == 0 && held_kind != "" && !held_trailing) body = "Described with @code{" held_name "} above.\n"
    else body = comtext()
    release()
    held_kind = kind; held_head = head; held_name = name; held_body = body
    held_trailing = trailing
}
function release() {
    if (held_kind == "") return
    print held_head; printf "%s", held_body
    print (held_kind == "hook" ? "@end deftypefn" : "@end deftypecv"); print ""
    held_kind = ""
}
function codify(s,   out, a) {
    out = ""
    while (match(s, /`[^`]+`/)) {
        a = substr(s, RSTART + 1, RLENGTH - 2)
        out = out substr(s, 1, RSTART - 1) "@code{" a "}"
        s = substr(s, RSTART + RLENGTH)
    }
    return out s
}
function add(s) { com[++ncom] = s }
function title(s) { return toupper(substr(s, 1, 1)) substr(s, 2) }
# One member of struct gt_game: a field or a hook (function pointer).
function member(decl,   name, type, args, p) {
    decl = trim(decl); sub(/;$/, "", decl)
    if (match(decl, /\(\*[a-z_]+\)/)) {
        name = substr(decl, RSTART + 2, RLENGTH - 3)
        type = trim(substr(decl, 1, RSTART - 1))
        args = trim(substr(decl, RSTART + RLENGTH))
        hold("hook", "@deftypefn Hook {" esc(type) "} " name " " esc(args),
             "@deftypefnx Hook {" esc(type) "} " name " " esc(args), name)
        hooks++
    } else {
        match(decl, /[A-Za-z_]+(, [A-Za-z_]+)*$/)
        name = substr(decl, RSTART); type = trim(substr(decl, 1, RSTART - 1))
        sub(/\*$/, "", type); if (substr(decl, RSTART - 1, 1) == "*") type = type "*"
        hold("field", "@deftypecv Field {" structname "} {" esc(type) "} {" name "}",
             "@deftypecvx Field {" structname "} {" esc(type) "} {" name "}", name)
    }
}

BEGIN { state = "top"; ncom = 0; hooks = 0 }

# The first comment: the introduction.
state == "top" {
    if ($0 ~ /\*\//) { add(uncomment($0)); state = "intro-done"
        print "@section Rules for every hook"
        print ""
        # Drop the "gtsearch/game.h -- ..." title line.
        for (i = 1; i < ncom; i++) com[i] = com[i + 1]; ncom--
        flush(); print ""; next }
    add(uncomment($0)); next
}

# A comment at file level or inside a struct: gather it.
state != "in-comment" && /^[ \t]*\/\*/ {
    line = $0
    if (line ~ /----/) {                 # a section of struct gt_game
        s = line; gsub(/[\/\*-]/, "", s); s = trim(s); release()
        print "@subsection " title(s)
        print ""
        next
    }
    add(uncomment(line))
    if (line !~ /\*\//) state = "in-comment"
    next
}
state == "in-comment" {
    add(uncomment($0))
    if ($0 ~ /\*\//) state = "body"
    next
}

# Definitions at file level.
/^#define [A-Z_]+/ && !instruct {
    name = $2; sub(/\(.*/, "", name)
    if (name ~ /_H$/) { ncom = 0; next }
    if (!typesec++) { print "@section Types and constants"; print "" }
    rest = $0; sub(/^#define [A-Za-z_]+/, "", rest)
    args = ""
    if (rest ~ /^\(/) {
        args = substr(rest, 2, index(rest, ")") - 2); rest = substr(rest, index(rest, ")") + 1)
    }
    print "@defmac " name (args != "" ? " " args : "")
    v = trim(rest); if (v != "") print "Expands to @code{" esc(v) "}."
    print ""
    flush(); print "@end defmac"; print ""; next
}
/^typedef / {
    d = $0; sub(/;.*/, "", d)
    tname = $NF; sub(/;$/, "", tname)
    print "@deftp Type " tname
    print "@code{" esc(d) "}."
    print ""; flush(); print "@end deftp"; print ""; next
}
/^enum [a-z_]+ \{.*\};/ {           # an enum on one line
    split($0, w, " "); ename = w[2]
    vals = $0; sub(/^[^{]*\{/, "", vals); sub(/\}.*/, "", vals)
    print "@deftp Enum {enum " ename "}"
    flush(); print ""
    print "Values: @code{" esc(trim(vals)) "}."
    print "@end deftp"; print ""; next
}
/^enum [a-z_]+ \{/ {
    split($0, w, " "); ename = w[2]
    print "@deftp Enum {enum " ename "}"
    flush(); print ""
    inenum = 1; rest = $0; sub(/^[^{]*\{/, "", rest); rest = trim(rest)
    pending = rest; print "@table @code"; next
}
inenum && /^\};/ {
    if (pending != "") enumval(pending)
    flush(); print "@end table"; print "@end deftp"; print ""; inenum = 0; next
}
inenum {
    # Lines of an enum: "NAME, /* text" or the rest of that text.
    line = $0
    if (line ~ /\};/) {
        sub(/\};.*/, "", line)
        if (line ~ /^[ \t]*GT_/) { if (pending != "") enumval(pending); pending = line }
        else pending = pending " " line
        if (pending != "") enumval(pending)
        pending = ""; flush(); print "@end table"; print "@end deftp"; print ""; inenum = 0; next
    }
    if (line ~ /^[ \t]*GT_/) {
        if (pending != "") enumval(pending)
        pending = line; next
    }
    pending = pending " " line; next
}
/^struct [a-z_]+ \{/ {
    split($0, w, " "); structname = w[2]; instruct = 1
    if (structname == "gt_game") { print "@section The game table"; print "" }
    print "@deftp Struct {struct " structname "}"
    flush(); print "@end deftp"; print ""
    if (structname == "gt_game") gamestruct = 1
    next
}
instruct && /^\};/ { release(); instruct = 0; gamestruct = 0; next }
instruct && /^[ \t]*$/ { next }
instruct {
    line = $0
    # A member with its comment on the same line (maybe going on below).
    if (line ~ /;[ \t]*\/\*/) {
        decl = line; sub(/;.*/, ";", decl)
        c = line; sub(/^[^;]*;[ \t]*/, "", c)
        add(uncomment(c))
        while (c !~ /\*\// && (getline nxt) > 0) { c = nxt; add(uncomment(nxt)) }
        trailing = 1; member(decl); next
    }
    trailing = 0
    decl = line
    while (decl !~ /;/ && (getline nxt) > 0) decl = decl " " trim(nxt)
    member(decl); next
}
/^#/ || /^[ \t]*$/ { next }
function enumval(s,   names, text, n, i, k) {
    s = trim(s)
    names = s; sub(/\/\*.*/, "", names)
    text = s; if (!sub(/^[^\/]*\/\*/, "", text)) text = ""; sub(/\*\/[ \t]*$/, "", text)
    gsub(/[ \t]+/, " ", text)
    n = split(names, k, ",")
    for (i = 1; i <= n; i++) {
        k[i] = trim(k[i]); sub(/[ =].*/, "", k[i])
        if (k[i] != "") print (i > 1 ? "@itemx " : "@item ") k[i]
    }
    print (trim(text) == "" ? "" : codify(esc(trim(text))))
}
END {
    if (hooks < 20) { print "header2texi: only " hooks " hooks found" > "/dev/stderr"; exit 1 }
}
' "$1"
