#!/bin/sh
# Builds every image of Ferry, each alone (its own `docker build`, its own pruned workspace tree),
# from the repository root:
#   deploy/docker/build-images.sh [TAG]              docker build of each image, tagged ferry/<name>:TAG (default 0.1.0)
#   deploy/docker/build-images.sh --rehearse         without Docker: rehearse-build.sh for each image
# Stops at the first image that fails. Web images are built without PREVIOUS_IMAGE (a first
# release); releasing a remote is described in deploy/README.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
services="gateway link notification billing dev-identity dev-drive dev-mail"
webapps="shell mfe-upload mfe-download mfe-account mfe-marketing"
mode=docker tag=0.1.0
case "${1:-}" in
  --rehearse) mode=rehearse ;;
  "") ;;
  *) tag=$1 ;;
esac
for name in $services; do
  echo "=== service $name"
  if [ "$mode" = rehearse ]; then sh "$here/rehearse-build.sh" service "$name"
  else docker build -f "$here/Dockerfile.service" --build-arg SERVICE="$name" -t "ferry/$name:$tag" "$repo"; fi
done
for name in $webapps; do
  echo "=== web $name"
  if [ "$mode" = rehearse ]; then sh "$here/rehearse-build.sh" web "$name"
  else docker build -f "$here/Dockerfile.web" --build-arg APP="$name" -t "ferry/$name:$tag" "$repo"; fi
done
