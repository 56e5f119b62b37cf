#!/bin/sh
# `npm install` of a (pruned) workspace tree that fails when the install changed the lockfile,
# which gives `npm ci`'s guarantee (the image is what package-lock.json pins) without `npm ci`'s
# refusal of a lockfile that lacks other platforms' optional packages. Run in the tree's root.
#   sh npm-install-locked.sh [npm install flags...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
pinned=$(mktemp)
cp package-lock.json "$pinned"
npm install --no-audit --no-fund "$@"
node "$here/lockfile-check.mjs" "$pinned" package-lock.json
rm -f "$pinned"
