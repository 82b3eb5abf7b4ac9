# npm-package.sh -- sourced by the tests that read our records with an npm
# package (chess.js, tsshogi): need_npm_package NAME exports the NODE_PATH
# that finds it, or skips the test (exit 77) saying what is missing.
# Packages are looked up in $abs_top_builddir/node_modules (`npm install
# --no-save --prefix "$abs_top_builddir" NAME`, as .ci/run does), then in
# $GTSEARCH_NODE_MODULES and NODE_PATH.
# SPDX-License-Identifier: MIT
need_npm_package() {
    if ! command -v node >/dev/null 2>&1; then
        echo "SKIP: node is not installed (apt-get install nodejs npm)"
        exit 77
    fi
    NODE_PATH=$abs_top_builddir/node_modules${GTSEARCH_NODE_MODULES:+:$GTSEARCH_NODE_MODULES}${NODE_PATH:+:$NODE_PATH}
    export NODE_PATH
    # From /, so that only NODE_PATH finds it, as it must for a checker
    # that runs from a temporary directory (a node_modules above the
    # working directory, e.g. a distcheck build inside a checkout, does
    # not count).
    if ! (cd / && node -e "require('$1')") >/dev/null 2>&1; then
        echo "SKIP: the npm package $1 is not installed" \
             "(npm install --no-save --prefix \"$abs_top_builddir\" $1)"
        exit 77
    fi
}
