import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

// Pure parsing of the environment: no database, runs once.
describe('the city\u2019s payment account (PAYMENT_ACCOUNT_NRB, PAYMENT_RECIPIENT_NAME, PAYMENT_RECIPIENT_NIP)', () => {
  it('is off by default', () => {
    expect(loadConfig({}).paymentAccount).toBeNull();
  });

  it('reads the account number as people write it and keeps its 26 digits', () => {
    const config = loadConfig({ PAYMENT_ACCOUNT_NRB: 'PL61 1090 1014 0000 0712 1981 2874', PAYMENT_RECIPIENT_NAME: ' Urząd Miasta Testowo ' });
    expect(config.paymentAccount).toEqual({ nrb: '61109010140000071219812874', recipientName: 'Urząd Miasta Testowo', nip: null });
  });

  it('refuses to start with a mistyped account number (check digits), a wrong shape, or half the settings', () => {
    expect(() => loadConfig({ PAYMENT_ACCOUNT_NRB: '61 1090 1014 0000 0712 1981 2875', PAYMENT_RECIPIENT_NAME: 'City' })).toThrow(/check digits/);
    expect(() => loadConfig({ PAYMENT_ACCOUNT_NRB: '1234', PAYMENT_RECIPIENT_NAME: 'City' })).toThrow(/26 digits/);
    expect(() => loadConfig({ PAYMENT_ACCOUNT_NRB: '61109010140000071219812874' })).toThrow(/set together/);
    expect(() => loadConfig({ PAYMENT_RECIPIENT_NAME: 'City' })).toThrow(/set together/);
    expect(() => loadConfig({ PAYMENT_ACCOUNT_NRB: '61109010140000071219812874', PAYMENT_RECIPIENT_NAME: 'x'.repeat(71) })).toThrow(/70 characters/);
  });

  it('reads the city\u2019s tax number (NIP) as people write it, and refuses to start with a mistyped one', () => {
    const account = { PAYMENT_ACCOUNT_NRB: '61109010140000071219812874', PAYMENT_RECIPIENT_NAME: 'City' };
    expect(loadConfig({ ...account, PAYMENT_RECIPIENT_NIP: 'PL 123-456-32-18' }).paymentAccount?.nip).toBe('1234563218');
    expect(() => loadConfig({ ...account, PAYMENT_RECIPIENT_NIP: '123-456-32-19' })).toThrow(/check digit/);
    expect(() => loadConfig({ ...account, PAYMENT_RECIPIENT_NIP: '12345' })).toThrow(/10 digits/);
    expect(() => loadConfig({ PAYMENT_RECIPIENT_NIP: '1234563218' })).toThrow(/needs PAYMENT_ACCOUNT_NRB/);
  });
});
