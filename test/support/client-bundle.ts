import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * What a built client (vite build, with its .vite/manifest.json) makes a browser download, read
 * from the manifest: the bundle size test and `npm run bench -- firstLoad` share it.
 */

/** The repository: two folders up from test/support, one more when compiled into dist-bench (the benches). */
export const REPO_ROOT = resolve(__dirname, '..', '..', ...(__dirname.includes('dist-bench') ? ['..'] : []));

/** The client the tests serve: CLIENT_DIR, or client/dist as `npm test`'s pretest builds it. */
export function builtClientDir(): string {
  return process.env.CLIENT_DIR ?? join(REPO_ROOT, 'client', 'dist');
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * The build's manifest, with every app module as a key: a module whose chunk the build merged into
 * another (client/vite.config.ts, experimentalMinChunkSize) maps to the chunk it is in, from the
 * build's .vite/modules.json.
 */
export function readManifest(clientDir: string): Manifest {
  const path = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`No ${path}: build the client with client/vite.config.ts (it writes the manifest)`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const modulesPath = join(clientDir, '.vite', 'modules.json');
  if (!existsSync(modulesPath)) return manifest;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const modules = JSON.parse(readFileSync(modulesPath, 'utf8')) as Record<string, string>;
  for (const [module, file] of Object.entries(modules)) {
    const chunk = byFile.get(file);
    if (chunk && !manifest[module]) manifest[module] = chunk;
  }
  return manifest;
}

/** A file's size as sent: the build's own .gz and .br copies when present, else compressed here at the same levels. */
export function sizeOf(clientDir: string, file: string): FileSize {
  const path = join(clientDir, file);
  const content = readFileSync(path);
  const copy = (suffix: string, compress: () => Buffer) => (existsSync(path + suffix) ? readFileSync(path + suffix).length : compress().length);
  return {
    file,
    raw: content.length,
    gzip: copy('.gz', () => gzipSync(content, { level: 9 })),
    brotli: copy('.br', () => brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
  };
}

/**
 * The JavaScript the first page needs before any screen: the entry and every chunk it imports
 * statically, transitively (what index.html loads and modulepreloads). Dynamic imports (the
 * screens) are left out: they load on demand.
 */
export function initialJavaScript(clientDir: string): FileSize[] {
  const manifest = readManifest(clientDir);
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error('The manifest names no entry');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  // Each file once, though several of its modules are keys.
  return [...new Set([...seen].map((key) => manifest[key].file))].map((file) => sizeOf(clientDir, file));
}

/** Every JavaScript chunk of the build, largest (gzip) first. */
export function allJavaScript(clientDir: string): FileSize[] {
  return readdirSync(join(clientDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => sizeOf(clientDir, `assets/${name}`))
    .sort((a, b) => b.gzip - a.gzip);
}

export const totalOf = (sizes: FileSize[], key: 'raw' | 'gzip' | 'brotli') => sizes.reduce((sum, size) => sum + size[key], 0);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
