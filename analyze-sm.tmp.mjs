import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { decode } from '@jridgewell/sourcemap-codec';
const dir = 'dist/assets';
for (const f of readdirSync(dir).filter(f => f.endsWith('.js'))) {
  const code = readFileSync(`${dir}/${f}`, 'utf8');
  const map = JSON.parse(readFileSync(`${dir}/${f}.map`, 'utf8'));
  const lines = decode(map.mappings);
  const codeLines = code.split('\n');
  const bytes = {};
  lines.forEach((segs, li) => {
    const line = codeLines[li] ?? '';
    for (let i = 0; i < segs.length; i++) {
      const s = segs[i]; const end = i + 1 < segs.length ? segs[i+1][0] : line.length;
      const src = s.length > 1 ? map.sources[s[1]] : '?';
      let k = src.replace(/.*node_modules\//, 'nm/');
      k = k.startsWith('nm/') ? k.split('/').slice(1, k.split('/')[1].startsWith('@') ? 3 : 2).join('/') : k.replace(/^(\.\.\/)+/, '').split('/').slice(0, 3).join('/');
      bytes[k] = (bytes[k] || 0) + (end - s[0]);
    }
  });
  const total = code.length, gz = gzipSync(code).length;
  console.log(`\n## ${f} raw ${total} gz ${gz}`);
  for (const [k, v] of Object.entries(bytes).sort((a, b) => b[1] - a[1]).slice(0, 22)) console.log(`  ${k.padEnd(40)} ${v}  ~gz ${(v / total * gz / 1024).toFixed(1)}k`);
}
