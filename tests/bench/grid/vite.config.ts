// Build of the grid bench page alone (tests/bench/grid.bench.ts builds and serves it).
import { defineConfig } from 'vite';

export default defineConfig({
  root: '.',
  base: './',
  build: { chunkSizeWarningLimit: 4000, rollupOptions: { input: { bench: 'tests/bench/grid/index.html' } } },
});
