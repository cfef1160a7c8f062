import { defineConfig } from 'vite';
import { arcoStyles } from './scripts/vite/arcoStyles';
import { precompress } from './scripts/vite/precompress';

const apiTarget = process.env.SRM_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: '.',
  plugins: [arcoStyles(), precompress()],
  // React without @vitejs/plugin-react: Vite's own transform handles TSX (tsconfig jsx: react-jsx).
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    // Two pages: the application and the designer (/designer), sharing chunks (runtime, Arco, session).
    rollupOptions: {
      input: { main: 'index.html', designer: 'designer/index.html' },
      // A module's definitions chunk (modules/{area}/generated/definitions.ts) is named after its module, so
      // the network panel and the browser tests see which modules a page loaded.
      output: {
        chunkFileNames: (chunk) => {
          const module = /\/modules\/([^/]+)\/generated\/definitions\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return module ? `assets/definitions-${module}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/srm-ws': { target: apiTarget, ws: true } },
  },
});
