#!/bin/sh
# Rehearses an image build without a Docker engine: the same steps as Dockerfile.service /
# Dockerfile.web, run on this machine in a temporary folder (npm uses its local cache first).
#   deploy/docker/rehearse-build.sh service link        (gateway|link|notification|billing|dev-identity|dev-drive)
#   deploy/docker/rehearse-build.sh web mfe-upload      (shell|mfe-upload|mfe-download|mfe-account|mfe-marketing)
# Leaves the result in the printed folder (REHEARSE_DIR, an empty or new folder, or a new
# temporary one): <dir>/app is the image's /app (service) and <dir>/site/html the image's
# /usr/share/nginx/html (web). Needs node, npm and turbo on PATH
# (export PATH=$PWD/node_modules/.bin:$PATH). Every image at once: build-images.sh --rehearse.
set -eu
kind=${1:?service|web} name=${2:?name}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
case "$kind" in
  service) ignore="$here/Dockerfile.service.dockerignore" ;;
  web) ignore="$here/Dockerfile.web.dockerignore" ;;
  *) echo "kind must be service or web" >&2; exit 1 ;;
esac
if [ -n "${REHEARSE_DIR:-}" ]; then work=$REHEARSE_DIR; mkdir -p "$work"
else work=$(mktemp -d "${TMPDIR:-/tmp}/ferry-rehearse-$name-XXXX"); fi
chmod 755 "$work"
export TURBO_TELEMETRY_DISABLED=1 NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

echo "[1/5] build context (the .dockerignore applied) → $work/ctx"
mkdir -p "$work/ctx"
# tar matches an exclude pattern against every path component, which is what "**/x" means.
sed -e '/^\s*$/d' -e '/^#/d' -e 's#^\*\*/##' "$ignore" > "$work/excludes"
(cd "$repo" && tar --exclude-from="$work/excludes" -cf - .) | tar -x -C "$work/ctx"

echo "[2/5] turbo prune @ferry/$name --docker"
(cd "$work/ctx" && turbo prune "@ferry/$name" --docker >/dev/null 2>&1)

echo "[3/5] npm install of the pruned workspaces, the lockfile checked"
mkdir -p "$work/app"
cp -R "$work/ctx/out/json/." "$work/app/"
(cd "$work/app" && sh "$here/npm-install-locked.sh" --prefer-offline >"$work/install.log" 2>&1) || { tail -20 "$work/install.log"; exit 1; }
tail -1 "$work/install.log"

echo "[4/5] turbo run build --filter=@ferry/$name"
cp -R "$work/ctx/out/full/." "$work/app/"
cp "$work/ctx/tsconfig.base.json" "$work/app/"
(cd "$work/app" && PUBLIC_SESSION_MAX_AGE_HOURS=168 npx turbo run build --filter="@ferry/$name" >"$work/build.log" 2>&1) || { tail -30 "$work/build.log"; exit 1; }

if [ "$kind" = service ]; then
  echo "[5/5] npm prune --omit=dev"
  (cd "$work/app" && npm prune --omit=dev >"$work/prune.log" 2>&1)
  test -f "$work/app/services/$name/dist/main.js" || { echo "no services/$name/dist/main.js" >&2; exit 1; }
  echo "runtime tree: $work/app ($(du -sh "$work/app/node_modules" | cut -f1) of node_modules); start: cd $work/app/services/$name && node dist/main.js"
else
  echo "[5/5] layout-site.sh (no previous image)"
  mkdir -p "$work/in/previous"
  cp -R "$work/app/$name/dist" "$work/in/dist"
  cp "$work/app/$name/package.json" "$work/in/"
  cp -R "$here/web" "$work/in/web"
  sh "$here/web/layout-site.sh" "$name" "$work/in" "$work/site" 5
  echo "site: $work/site/html (nginx config $work/site/default.conf)"
fi
