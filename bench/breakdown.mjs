// Size breakdown of a built chunk by source package, from its source map (`vite build --sourcemap`).
import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';

/** Minified bytes per source group (npm package or src/<area>) of one chunk with a .map beside it. */
export function breakdown(chunkPath) {
  const code = readFileSync(chunkPath, 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(`${chunkPath}.map`, 'utf8')));
  const lines = code.split('\n');
  const segments = [];
  map.eachMapping((m) => segments.push(m));
  const sizes = new Map();
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    const next = segments[i + 1];
    const end =
      next && next.generatedLine === s.generatedLine
        ? next.generatedColumn
        : lines[s.generatedLine - 1].length;
    const group = groupOf(s.source ?? '(none)');
    sizes.set(group, (sizes.get(group) ?? 0) + Math.max(0, end - s.generatedColumn));
  }
  return [...sizes.entries()].sort((a, b) => b[1] - a[1]);
}

function groupOf(source) {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 13).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const src = source.indexOf('src/');
  if (src >= 0) return source.slice(src).split('/').slice(0, 3).join('/');
  return source;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [group, bytes] of breakdown(process.argv[2])) {
    console.log(`${String(bytes).padStart(9)}  ${group}`);
  }
}
