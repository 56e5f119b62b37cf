#!/bin/sh
# Lays out the static site of one web image (run inside Dockerfile.web's "site" stage).
#   layout-site.sh <APP> <in-dir> <out-dir> <keep-versions>
# in-dir holds dist/ (the Rsbuild output), package.json, previous/ (html root of PREVIOUS_IMAGE)
# and web/ (these files). out-dir receives html/ and default.conf.
set -eu
app=$1 in=$2 out=$3 keep=$4
mkdir -p "$out/html"

if [ "$app" = shell ]; then
  cp -R "$in/dist/." "$out/html/"
  test -f "$out/html/index.html" || { echo "shell build has no index.html" >&2; exit 1; }
  cp "$in/web/nginx-shell.conf" "$out/default.conf"
  exit 0
fi

case "$app" in
  mfe-*) name=${app#mfe-} ;;
  *) echo "APP must be shell or mfe-<name>, got '$app'" >&2; exit 1 ;;
esac
version=$(node -p "JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8')).version" "$in/package.json")
test -f "$in/dist/remoteEntry.js" || { echo "$app build has no remoteEntry.js (set filename: 'remoteEntry.js')" >&2; exit 1; }

root="$out/html/remotes/$name"
mkdir -p "$root"
if [ -d "$in/previous/remotes/$name" ]; then
  cp -R "$in/previous/remotes/$name/." "$root/"
fi
if [ -e "$root/$version" ]; then
  echo "$app $version is already published: published versions are immutable, bump the version in $app/package.json" >&2
  exit 1
fi
cp -R "$in/dist" "$root/$version"

# Keep the newest $keep versions (the current one is always the newest).
ls "$root" | sort -V | head -n "-$keep" | while read -r old; do rm -rf "${root:?}/$old"; done
cp "$in/web/nginx-remote.conf" "$out/default.conf"
echo "published $app at /remotes/$name/$version/ (kept: $(ls "$root" | sort -V | tr '\n' ' '))"
