import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';

/**
 * `/login` and `/register` are both SPA pages (GET) and API calls (POST) on the same path, so only
 * the POSTs go to the API; a GET falls through to Vite and gets index.html.
 */
function postOnly(req: IncomingMessage): string | undefined {
  return req.method === 'POST' ? undefined : req.url;
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
      '/login': { target: apiTarget, changeOrigin: true, bypass: postOnly },
      '/register': { target: apiTarget, changeOrigin: true, bypass: postOnly },
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
