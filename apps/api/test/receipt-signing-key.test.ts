import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { GENERATED_P12_FILE, loadSigningKey, selfSignedP12 } from '../src/modules/receipts/signing-key.js';

// The office's receipt key, outside the database: no engine is involved, so this file runs once.
describe('the receipt signing key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-key-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated on the first start into the keys folder, readable by the owner only, and the same on the next start', () => {
    const keysDir = join(dir, 'keys');
    const first = loadSigningKey({ officeName: 'Urząd Miasta Łódź', signingP12: null, keysDir });
    expect(statSync(join(keysDir, GENERATED_P12_FILE)).mode & 0o777).toBe(0o600);
    expect(first.subject).toContain('O=Urząd Miasta Łódź');
    const again = loadSigningKey({ officeName: 'Urząd Miasta Łódź', signingP12: null, keysDir });
    expect(again.certificateDer.equals(first.certificateDer)).toBe(true);
  });

  it('is the configured PKCS#12 when RECEIPT_SIGNING_P12 names one, opened with its password', () => {
    const file = join(dir, 'seal.p12');
    writeFileSync(file, selfSignedP12('Kwalifikowana Pieczęć Urzędu', 'tajne-hasło'));
    const config = loadConfig({ RECEIPT_SIGNING_P12: file, RECEIPT_SIGNING_P12_PASSWORD: 'tajne-hasło', OFFICE_NAME: 'Urząd Miasta' });
    expect(config.receipts).toMatchObject({ officeName: 'Urząd Miasta', signingP12: { file, password: 'tajne-hasło' } });
    expect(loadSigningKey(config.receipts).subject).toContain('O=Kwalifikowana Pieczęć Urzędu');
    expect(() => loadSigningKey({ ...config.receipts, signingP12: { file, password: 'wrong' } })).toThrow(/password/i);
  });

  it('defaults to the office name "City Service Portal" and a keys folder beside the data', () => {
    const { receipts } = loadConfig({});
    expect(receipts.officeName).toBe('City Service Portal');
    expect(receipts.signingP12).toBeNull();
    expect(receipts.keysDir).toMatch(/\/data\/keys$/);
  });
});
