// Inlines the WebAssembly module built by build.sh: pkg/wasm-bytes.js for the ES module,
// and explorer/koan-go.js, one classic script holding the glue, api.js and the module, for
// the explorer page (a page opened from file:// may load classic scripts only). Also writes
// explorer/examples.js, the explorer's ready-made positions, from engine-tests' records.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2];
const js = join(root, 'bindings/js');
const wasm = readFileSync(join(js, 'pkg/koan_go_raw_bg.wasm'));
const base64 = wasm.toString('base64');

// atob exists in Node 16+ and every browser; the copy is once per load.
const decoder = `function wasmBytes() {
  const text = atob(WASM_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}`;
const banner = '// Built by bindings/js/build.sh from koan\'s rules core: do not edit.\n';

writeFileSync(
  join(js, 'pkg/wasm-bytes.js'),
  `${banner}const WASM_BASE64 = '${base64}';\nexport ${decoder}\n`,
);

const glue = readFileSync(join(js, 'pkg/classic/koan_go_raw.js'), 'utf8');
const api = readFileSync(join(js, 'api.js'), 'utf8').replace(/^export \{ makeApi \};\s*$/m, '');
if (api.includes('export ')) throw new Error('api.js must have one export line, at its end');
writeFileSync(
  join(root, 'explorer/koan-go.js'),
  `${banner}// The npm package koan-go as one classic script: \`koanGo\` is a promise of its API.
var koanGo = (function () {
${glue}
${api}
const WASM_BASE64 = '${base64}';
${decoder}
return wasm_bindgen({ module_or_path: wasmBytes() }).then(() => makeApi(wasm_bindgen));
})();
`,
);

// The explorer's examples: [title, file, what to look at].
const examples = JSON.parse(readFileSync(join(root, 'explorer/examples.json'), 'utf8'));
const withRecords = examples.map((e) => ({
  ...e,
  sgf: readFileSync(join(root, 'engine-tests', e.file), 'utf8'),
}));
writeFileSync(
  join(root, 'explorer/examples.js'),
  `${banner}// The explorer's ready-made positions, from engine-tests/ (see examples.json).\nvar KOAN_EXAMPLES = ${JSON.stringify(withRecords, null, 1)};\n`,
);
