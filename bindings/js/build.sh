#!/usr/bin/env bash
# Builds the npm package koan-go in this folder (pkg/) and the ko-rules explorer's script
# (explorer/koan-go.js): the rules core for wasm32 through wasm-bindgen, the WebAssembly
# inlined so that Node, a bundler and a page opened from the file system all load it alike.
#
# Needs: rustup's wasm32-unknown-unknown target and wasm-bindgen-cli of exactly the
# wasm-bindgen version in Cargo.lock (both installed here when missing: cargo builds the
# CLI from source, a few minutes once), and Node.js 18 or later.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

rustup target list --installed | grep -qx wasm32-unknown-unknown \
    || rustup target add wasm32-unknown-unknown

# The CLI must match the library's version exactly, or its output does not fit the module.
version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[ -n "$version" ] || { echo "build.sh: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
bindgen="${WASM_BINDGEN:-$(command -v wasm-bindgen || echo "$HOME/.cargo/bin/wasm-bindgen")}"
if ! [ -x "$bindgen" ] || [ "$("$bindgen" --version | awk '{ print $2 }')" != "$version" ]; then
    echo "build.sh: installing wasm-bindgen-cli $version (cargo builds it from source)" >&2
    # Only the one binary, without TLS (it downloads nothing): fewer crates to build.
    cargo install wasm-bindgen-cli --version "$version" --no-default-features --bin wasm-bindgen
    bindgen="$HOME/.cargo/bin/wasm-bindgen"
fi

cargo build -p koan-go-js --target wasm32-unknown-unknown --release
wasm="${CARGO_TARGET_DIR:-$root/target}/wasm32-unknown-unknown/release/koan_go_js.wasm"

rm -rf "$here/pkg"
# The ES module's glue (Node, bundlers, pages served over http) and the classic script's
# (the explorer, which a browser opens from file:// where module imports are refused).
"$bindgen" --target web --no-typescript --out-dir "$here/pkg" --out-name koan_go_raw "$wasm"
"$bindgen" --target no-modules --no-typescript --out-dir "$here/pkg/classic" --out-name koan_go_raw "$wasm"
node "$here/tools/bundle.mjs" "$root"
echo "build.sh: built $here/pkg and $root/explorer/koan-go.js" >&2
