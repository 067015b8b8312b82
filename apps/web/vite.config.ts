import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { precompress } from './build-plugins/precompress';
import { zodWithoutJsonSchema } from './build-plugins/zod-without-json-schema';
import { defaultClientConditions, defineConfig, type Plugin, type UserConfig } from 'vite';

const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';

/**
 * `/login` and `/register` are both SPA pages (GET) and API calls (POST) on the same path, so only
 * the POSTs go to the API; a GET falls through to Vite and gets index.html.
 */
function postOnly(req: IncomingMessage): string | undefined {
  return req.method === 'POST' ? undefined : req.url;
}

/** PDF.js's data files the viewer fetches on demand (fonts a PDF names but does not embed, CJK CMaps, image decoders). */
const PDFJS_ASSET_FOLDERS = ['standard_fonts', 'cmaps', 'wasm'] as const;
const PDFJS_ASSETS_BASE = 'pdfjs';

/**
 * Serves those folders of pdfjs-dist under /pdfjs/ (dev server) and copies them into the build,
 * so the viewer fetches them from our own origin: no CDN, nothing outside the CSP's 'self'.
 */
function pdfjsAssets(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const files = PDFJS_ASSET_FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder)).map((name) => ({ path: join(root, folder, name), fileName: `${PDFJS_ASSETS_BASE}/${folder}/${name}` })),
  );
  return {
    name: 'pdfjs-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files.find(({ fileName }) => req.url === `/${fileName}`);
        if (!file) return next();
        res.setHeader('Content-Type', file.fileName.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
        res.end(readFileSync(file.path));
      });
    },
    generateBundle() {
      for (const { path, fileName } of files) this.emitFile({ type: 'asset', fileName, source: readFileSync(path) });
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build is for production whatever NODE_ENV the shell exported (`npm start` with
  // NODE_ENV=development would otherwise ship React's development bundle, 60% larger and slower).
  // Vite reads NODE_ENV after this function runs; `vite build --mode development` still opts out.
  if (command === 'build' && mode === 'production') {
    process.env.NODE_ENV = 'production';
    return { ...config, resolve: { ...config.resolve, alias: [reactRouterProduction()] } };
  }
  return config;
});

/**
 * React Router 7 ships a production build beside its development one but exports only the latter,
 * with its warnings and invariant messages compiled in (they do not test NODE_ENV, so a production
 * bundle keeps them). A production build of the app takes the production build of the router.
 */
function reactRouterProduction() {
  const root = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return { find: /^react-router$/, replacement: join(root, 'dist', 'production', 'index.mjs') };
}

const config: UserConfig = {
  plugins: [react(), pdfjsAssets(), zodWithoutJsonSchema(), precompress()],
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
    // dist/.vite/manifest.json: scripts/bundle-budget.mjs follows each screen's imports through it.
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate files stay cached across releases.
        // Only the libraries every page needs are named; anything else (a chart library, say)
        // stays with the lazily loaded page that imports it.
        codeSplitting: {
          groups: [
            // GET /api/users/me and then the first screen's lists, asked before the rest evaluates
            // (src/lib/current-user-early.ts, first-lists-early.ts): in a file of their own, which
            // main.tsx's first import makes the first to run.
            { name: 'session-start', test: /src[\\/]lib[\\/](current-user-early|first-lists-early)\.ts$/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // What every screen runs, whoever is looking: queries and the contract's
            // schemas. Forms (react-hook-form) stay with the screens that have one.
            { name: 'vendor', test: /node_modules[\\/](zod|@tanstack)[\\/]/ },
            // The QR library, loaded when a code is drawn (lib/ui/qr-code.tsx), under its own name: the
            // two-factor browser spec blocks it to see what a person is told when it cannot load.
            { name: 'qrcode', test: /node_modules[\\/]qrcode[\\/]/ },
            // Small modules that several screens share, each of which would otherwise be a file of its
            // own (a request, a gzip stream and import lines each; issue 16): grouped where the screens
            // that load one load the others too, measured with scripts/bundle-budget.mjs. Only the
            // modules named, not what they import (the contract's index would bring every schema).
            // Forms: the library, its resolver and the error summary, on the screens with a form.
            { name: 'forms', includeDependenciesRecursively: false, test: /node_modules[\\/](react-hook-form|@hookform)[\\/]|src[\\/]lib[\\/]ui[\\/](error-summary\.tsx|form-errors\.ts)$/ },
            // The small parts of a screen (fields, tabs and the page frame, dialogs, the date and money
            // formats, a few hooks), one file instead of 6-9 for a signed-in screen's second wave: the
            // few kB a screen loads without using are cheaper than the files (bench:pages, third round of
            // 24 Nov: signed-in screens up to 17 ms sooner in two rounds of 7 visits, /login level).
            // Not the list format or the locale choice: the shell's 'Unauthorized' page uses them on every screen.
            { name: 'screen-kit', includeDependenciesRecursively: false, test: /src[\\/]lib[\\/](ui[\\/](field|text-field|select-field|text-area-field|busy-button|tabs|page-shell|modal|confirm-dialog)\.tsx|use-linked-id\.ts|use-debounced\.ts|use-now\.ts|save-blob\.ts|format[\\/](?!lists|locale)[a-z-]+\.ts)$/ },
            // What the shell runs and the pages import too: the texts and messages of every domain, the
            // HTTP client, the bell's calls. A module listed here that the shell stops using would ship
            // to every screen, so the list names files, not folders (a language loaded on demand stays out).
            {
              name: 'shell-shared',
              includeDependenciesRecursively: false,
              test: new RegExp(
                [
                  String.raw`apps[\\/]web[\\/]src[\\/]lib[\\/](i18n[\\/](index|messages|translations|common|store|translate|instance|namespaces|use-translation)|http|auth-cookie|config|load-once)\.ts$`,
                  String.raw`apps[\\/]web[\\/]src[\\/]features[\\/]notifications[\\/]api[\\/](calls|query-keys)\.ts$`,
                  String.raw`packages[\\/]contract[\\/]src[\\/](index|zod-config|polish|fields|free-text|http|common|letters|users|auth|obligations|two-factor|text|http-schemas|notifications|notifications-schemas|dates|fields-schemas)\.ts$`,
                ].join('|'),
              ),
            },
          ],
        },
      },
    },
  },
};
