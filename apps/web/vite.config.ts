import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';
import { defaultClientConditions, defineConfig } from 'vite';

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
  // The contract's TypeScript source, never a build in packages/contract/dist (its package.json).
  resolve: { conditions: ['@portal/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiTarget,
        ws: true,
        changeOrigin: true,
        // The API accepts WebSocket handshakes only from its own origin (or CORS_ORIGINS); through
        // this proxy the page's origin is Vite's, so present the API's own.
        configure: (proxy) => proxy.on('proxyReqWs', (proxyReq) => proxyReq.setHeader('origin', new URL(apiTarget).origin)),
      },
      '/healthz': { target: apiTarget, changeOrigin: true },
      '/login': { target: apiTarget, changeOrigin: true, bypass: postOnly },
      '/register': { target: apiTarget, changeOrigin: true, bypass: postOnly },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate files stay cached across releases.
        // Only the libraries every page needs are named; anything else (a chart library, say)
        // stays with the lazily loaded page that imports it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'vendor',
              test: /node_modules[\\/](zod|i18next|react-i18next|@tanstack|react-hook-form|@hookform|html-parse-stringify|void-elements)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
