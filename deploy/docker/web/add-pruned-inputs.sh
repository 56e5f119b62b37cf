#!/bin/sh
# Adds to a `turbo prune --docker` output the files a web build reads from outside its own
# workspaces, which turbo cannot see:
#   shell: every remote's public/locales (shell/rsbuild.config.ts publishes them under /locales).
# Goes away once the shell stops reading other workspaces' folders.
#   add-pruned-inputs.sh <APP> <repo-dir> <pruned-full-dir>
set -eu
app=$1 repo=$2 full=$3
[ "$app" = shell ] || exit 0
for dir in "$repo"/mfe-*/; do
  name=$(basename "$dir")
  [ -d "$dir/public/locales" ] || continue
  mkdir -p "$full/$name/public"
  cp -R "$dir/public/locales" "$full/$name/public/"
done
