import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const INDEX_HTML = '<!doctype html><html lang="en"><head><title>City Service Portal</title></head><body><div id="root"></div></body></html>';
export const ASSET_JS = 'console.log("portal");';

/** A tiny stand-in for apps/web/dist: index.html and one fingerprinted asset. */
export function createWebDist(): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'assets', 'index-abc123.js'), ASSET_JS);
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
