import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The config lives in client/ and is run from the repository root
// (`vite build --config client/vite.config.ts`), so every path is made
// absolute from this folder rather than from the working directory.
const clientDir = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: clientDir,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // antd is large; split it so the app code stays small and caches well.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks: {
          react: ['react', 'react-dom', 'react-router', 'swr'],
          antd: ['antd', '@ant-design/icons', 'dayjs'],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
