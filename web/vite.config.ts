import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const webRoot = import.meta.dirname;
const repoRoot = path.resolve(webRoot, '..');

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    // .br and .gz beside each text asset, written once at build at the highest levels: the server
    // (@fastify/static preCompressed) sends them as they are, spending no CPU per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: {
      '@domain': path.join(repoRoot, 'domain'),
      '@': path.join(webRoot, 'src'),
    },
  },
  build: {
    outDir: path.join(repoRoot, 'dist/web'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true },
    },
  },
});
