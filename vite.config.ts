import { defineConfig } from 'vite';

const apiTarget = process.env.SRM_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: '.',
  // React without @vitejs/plugin-react: Vite's own transform handles TSX (tsconfig jsx: react-jsx).
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    // Two pages: the application and the designer (/designer), sharing chunks (runtime, Arco, session).
    rollupOptions: { input: { main: 'index.html', designer: 'designer/index.html' } },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
