import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// dossier serves a .br or .gz beside a file to browsers that accept it; they are made here once,
// at build time, at the strongest settings.
function precompress(): Plugin {
  const compressible = /\.(m?js|css|html|svg|json|txt|map)$/;
  return {
    name: 'dossier-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (folder: string): string[] =>
        readdirSync(folder).flatMap((name) => {
          const path = join(folder, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk('dist')) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

// The app is served by dossier at /{environment}/…; its files live at /assets/… for every
// environment, hence base '/'.
export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost/demo/home' } },
    globals: true,
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    maxWorkers: 2,
    // One page for all the files a worker runs: loading Fluent UI and the app again for each of the
    // 111 files took three minutes of the suite's six on two cores. Each test still starts from a
    // fresh page's state (src/test/setup.ts resets what the app keeps outside React).
    isolate: false,
    // Several 5 s waits may follow one another on a busy CI machine.
    testTimeout: 20_000,
  },
});
