#!/bin/sh
# Offline check of the web images without Docker: lays out the built shell and one built remote
# with layout-site.sh, serves them with the host's nginx (Debian: nginx-light) using the images'
# server configs, and prints the status and caching headers that matter.
#   deploy/docker/web/try-with-nginx.sh [mfe-upload]      (needs shell/dist and <remote>/dist)
set -eu
remote=${1:-mfe-upload}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
command -v nginx >/dev/null || { echo "nginx not found (apt-get install nginx-light)" >&2; exit 1; }
work=$(mktemp -d)
chmod 755 "$work"   # nginx workers run as another user when started by root
trap 'for p in "$work"/run/*.pid; do [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null; done; rm -rf "$work"' EXIT
mkdir -p "$work/run" "$work/remotes-cm"
cp "$repo/deploy/k8s/overlays/dev/remotes.json" "$work/remotes-cm/"
mkdir -p "$work/csp-cm" && cp "$repo/deploy/k8s/overlays/dev/page-csp.conf" "$work/csp-cm/"

stage() { # app
  mkdir -p "$work/$1/in/previous"
  cp -R "$repo/$1/dist" "$work/$1/in/dist"
  cp "$repo/$1/package.json" "$work/$1/in/"
  cp -R "$here" "$work/$1/in/web"
  sh "$here/layout-site.sh" "$1" "$work/$1/in" "$work/$1/out" 5
}
serve() { # app port
  sed -e "s#listen 8080;#listen 127.0.0.1:$2;#" -e "s#/usr/share/nginx/html#$work/$1/out/html#" \
      -e "s#/etc/ferry/remotes#$work/remotes-cm#" -e "s#/etc/ferry/csp#$work/csp-cm#" "$work/$1/out/default.conf" > "$work/$1.server.conf"
  cat > "$work/$1.nginx.conf" <<CONF
worker_processes 1;
error_log $work/run/$1.error.log warn;
pid $work/run/$1.pid;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path $work/run/$1-c; proxy_temp_path $work/run/$1-p; fastcgi_temp_path $work/run/$1-f;
  uwsgi_temp_path $work/run/$1-u; scgi_temp_path $work/run/$1-s;
  include $work/$1.server.conf;
}
CONF
  nginx -t -q -c "$work/$1.nginx.conf"
  nginx -c "$work/$1.nginx.conf"
}
show() { printf '%-60s %s\n' "$1" "$(curl -s -o /dev/null -D - "$1" | tr -d '\r' | grep -i -E '^HTTP|^cache-control|^access-control-allow-origin' | paste -sd' ')"; }

stage shell; stage "$remote"
serve shell 18431; serve "$remote" 18432
sleep 0.3
name=${remote#mfe-}
version=$(node -p "JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8')).version" "$repo/$remote/package.json")
for path in /healthz / /upload /d/some-slug /remotes.json; do show "http://127.0.0.1:18431$path"; done
for path in /healthz "/remotes/$name/$version/remoteEntry.js" "/remotes/$name/$version/mf-manifest.json" "/remotes/$name/$version/locales/en/$name.json" "/remotes/$name/0.0.0-missing/remoteEntry.js" /; do
  show "http://127.0.0.1:18432$path"
done
