// The TypeScript declarations (index.d.ts) compile under --strict with the way usage.ts uses
// the API, and refuse its deliberate misuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

test('index.d.ts type-checks a program using the API', () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const args = ['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', join(here, 'usage.ts')];
  const run = spawnSync(process.execPath, [tsc, ...args], { encoding: 'utf8' });
  assert.equal(run.status, 0, `tsc failed:\n${run.stdout}${run.stderr}`);
});
