#!/bin/sh
# net2c.sh NAME FILE -- a network file as a C header that a game module
# includes to build its trained network in (game.h: features.net):
#     static const unsigned char NAME_net[] = { ... };
# so that the module needs no file beside it.  The module's features
# struct then says .net = NAME_net, .net_size = sizeof NAME_net.
# SPDX-License-Identifier: MIT
set -eu
[ $# -eq 2 ] || { echo "usage: net2c.sh NAME FILE" >&2; exit 2; }
name=$1 file=$2
echo "/* $(basename "$file") as bytes, written by games/net2c.sh: do not edit."
echo " * SPDX-License-Identifier: MIT */"
echo "static const unsigned char ${name}_net[] = {"
od -An -v -tu1 "$file" | sed 's/^ *//; s/  */,/g; s/$/,/'
echo "};"
