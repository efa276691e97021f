#!/bin/sh
# Starts the console behind nginx, in the foreground (a container's command, a systemd service's ExecStart).
# `npm run build` writes dist/ (the console) and dist-nginx/ (this script and configure.mjs): copy both, side by side,
# set the environment (README "Production") and run dist-nginx/start.sh. Needs node (20 or later) and nginx.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# The console is the folder this one is named after (dist-nginx -> dist); the runtime files go next to this script.
CONSOLE_ROOT=${CONSOLE_ROOT:-${here%-nginx}}
CONSOLE_NGINX_RUNTIME=${CONSOLE_NGINX_RUNTIME:-$here/run}
export CONSOLE_ROOT CONSOLE_NGINX_RUNTIME
node "$here/configure.mjs"
exec "${CONSOLE_NGINX_BINARY:-nginx}" -p "$CONSOLE_NGINX_RUNTIME/" -c "$CONSOLE_NGINX_RUNTIME/nginx.conf" -g 'daemon off;'
