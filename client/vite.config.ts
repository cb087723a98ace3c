import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Plugin, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyles } from './antdStaticStyles';

// The config lives in client/ and is run from the repository root
// (`vite build --config client/vite.config.ts`), so every path is made
// absolute from this folder rather than from the working directory.
const clientDir = fileURLToPath(new URL('.', import.meta.url));

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;

/**
 * Writes a .br and a .gz beside every hashed text asset, compressed once at build time at the
 * highest levels (brotli 11 takes seconds for the whole build, too slow per request). The server
 * sends whichever the browser accepts (src/common/static/client-files.ts).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options) {
      const assets = join(options.dir!, 'assets');
      for (const name of readdirSync(assets)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const content = readFileSync(join(assets, name));
        writeFileSync(
          join(assets, `${name}.br`),
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        );
        writeFileSync(join(assets, `${name}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * .vite/modules.json: the built file each of the app's modules ends up in. Small chunks are merged
 * into others (experimentalMinChunkSize below), so a module's code is not always in a file the
 * manifest names after it; the bundle tests and the firstLoad bench look modules up here
 * (test/support/client-bundle.ts).
 */
function moduleFiles(): Plugin {
  return {
    name: 'module-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files: Record<string, string> = {};
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk')
          for (const id of chunk.moduleIds) if (id.startsWith(clientDir) && !id.includes('node_modules')) files[relative(clientDir, id)] = chunk.fileName;
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(files, null, 1) });
    },
  };
}

export default defineConfig(({ command }) => ({
  root: clientDir,
  plugins: [react(), antdStaticStyles(), precompress(), moduleFiles()],
  resolve: {
    // react-router's package points every import at its development build, whose only difference
    // is its warnings (ENABLE_DEV_WARNINGS): the built client takes the production one; the dev
    // server keeps the warnings.
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : [],
  },
  build: {
    // Every browser the app supports preloads modules itself (<link rel="modulepreload">): without
    // the polyfill no script watches every node the app adds to the page.
    modulePreload: { polyfill: false },
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: the chunks and their imports, read by the bundle size test.
    manifest: true,
    // The entry (the shell, React's runtime aside, and the antd components the shell uses) is about
    // 580 KB before compression, 190 KB gzip; test/browser/first-load.browser-spec.ts holds the
    // first page's JavaScript under 350 KB gzip.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // React and the router change less often than the app: their own chunk stays cached across
        // releases. antd is left to Rollup, which puts in the first page only the components the
        // shell uses and the rest beside the screens that use them (one antd chunk was 420 KB gzip).
        manualChunks: { react: ['react', 'react-dom', 'react-router', 'swr'] },
        // Rollup gives what screens share a file per combination of screens: 118 files, a third of
        // them icons and helpers under 2 KB, 46 of them asked for by the landing. Chunks under 20 KB
        // whose code only defines things go into a chunk loaded with them: 67 files, the landing's
        // 30. A browser opens 6 connections to a server: on Fast 3G the cold landing came 1.5 s
        // sooner, Rate cards after it 2 s sooner (docs/benchmarks.md, session 37).
        experimentalMinChunkSize: 20_000,
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
}));
