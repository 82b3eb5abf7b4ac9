#!/bin/sh
# license.sh -- every source file says its license in its first lines.
# SPDX-License-Identifier: MIT
set -eu
: "${abs_top_srcdir:?}"
cd "$abs_top_srcdir"
test -f LICENSE || { echo "FAIL: no LICENSE file"; exit 1; }
grep -q '^MIT License' LICENSE || { echo "FAIL: LICENSE is not the MIT License"; exit 1; }
missing=$(find lib games tests doc/examples -type f \
              \( -name '*.c' -o -name '*.h' -o -name '*.sh' -o -name '*.mk' \) \
              ! -path 'tests/data/*' |
          while read -r f; do
              head -n 60 "$f" | grep -q 'SPDX-License-Identifier: MIT' || echo "$f"
          done)
if [ -n "$missing" ]; then
    echo "FAIL: no SPDX-License-Identifier line in:"
    echo "$missing"
    exit 1
fi
echo "PASS: LICENSE is MIT and every source file says so"
