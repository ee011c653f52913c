// koan-go: koan's Go rules (every ko rule, SGF, counting, Jasiek's ko types) for JavaScript.
// An ES module for Node and browsers: the WebAssembly module is inlined (pkg/wasm-bytes.js),
// so it loads the same way everywhere, with no fetch and no file path.
import init, * as raw from './pkg/koan_go_raw.js';
import { wasmBytes } from './pkg/wasm-bytes.js';
import { makeApi } from './api.js';

await init({ module_or_path: wasmBytes() });

const api = makeApi(raw);

export const { Game, IllegalMoveError, KoanInternalError, KO_RULES, PRESETS, testPanic } = api;
export default api;
