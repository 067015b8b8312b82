import {
  passkeyOptionsResponse,
  recoveryCodesResponse,
  totpSetupResponse,
  twoFactorEnabledResponse,
  twoFactorStatusResponse,
  type PasskeyCredentialJson,
  type TotpSetupResponse,
  type TwoFactorEnabledResponse,
  type TwoFactorStatusResponse,
} from '@portal/contract';
import type { startRegistration } from '@simplewebauthn/browser';
import { http } from '../../../../lib/http';

// The signed-in person's own two-factor set-up (issue 21): one function per API operation.

export const twoFactorStatusKey = ['two-factor', 'status'] as const;

export const fetchTwoFactorStatus = (): Promise<TwoFactorStatusResponse> => http.get('/api/two-factor', twoFactorStatusResponse);

export const startTotpSetup = (): Promise<TotpSetupResponse> => http.post('/api/two-factor/totp/setup', undefined, totpSetupResponse);

export const confirmTotp = (code: string): Promise<TwoFactorEnabledResponse> =>
  http.post('/api/two-factor/totp/confirm', { code }, twoFactorEnabledResponse);

export const renewRecoveryCodes = (): Promise<{ recoveryCodes: string[] }> =>
  http.post('/api/two-factor/recovery-codes', undefined, recoveryCodesResponse);

/** The password again confirms it (the server answers a wrong one as a field error). */
export const turnTwoFactorOff = (password: string): Promise<unknown> => http.delete('/api/two-factor', { password });

/** Registers a passkey: the server's options, the browser's prompt to create one, the answer back. */
export async function addPasskey(name?: string): Promise<TwoFactorEnabledResponse> {
  // The browser library loads when someone adds a passkey (beside the server's options), not with the page.
  const [{ startRegistration: register }, { ceremony, options }] = await Promise.all([
    import('@simplewebauthn/browser'),
    http.post('/api/two-factor/passkeys/options', undefined, passkeyOptionsResponse),
  ]);
  const credential = await register({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return http.post(
    '/api/two-factor/passkeys',
    { ceremony, credential: credential as unknown as PasskeyCredentialJson, ...(name ? { name } : {}) },
    twoFactorEnabledResponse,
  );
}
