// Writes .br and .gz beside every compressible file of the build, so the server sends
// pre-compressed bytes with no work per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const compressible = /\.(js|css|html|svg|json|txt|xml|map)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let count = 0;
for (const file of walk(root)) {
  if (!compressible.test(file)) continue;
  const raw = readFileSync(file);
  if (raw.length < 512) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  count++;
}
console.log(`compressed ${count} files in ${root}`);
