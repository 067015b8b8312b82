import {
  passkeyOptionsResponse,
  recoveryCodesResponse,
  totpSetupResponse,
  twoFactorEnabledResponse,
  twoFactorStatusResponse,
  type PasskeyCredentialJson,
  type PasskeyOptionsResponse,
  type TotpSetupResponse,
  type TwoFactorEnabledResponse,
  type TwoFactorStatusResponse,
} from '@portal/contract';
import type { startRegistration } from '@simplewebauthn/browser';
import { http } from '../../../../lib/http';

// The signed-in person's own two-factor set-up (issue 21): one function per API operation.

export const twoFactorStatusKey = ['two-factor', 'status'] as const;

export const fetchTwoFactorStatus = (): Promise<TwoFactorStatusResponse> => http.get('/api/two-factor', twoFactorStatusResponse);

// Adding, renewing or removing a factor sends the password again (the server answers a wrong one as a field error).

export const startTotpSetup = (password: string): Promise<TotpSetupResponse> => http.post('/api/two-factor/totp/setup', { password }, totpSetupResponse);

export const confirmTotp = (code: string): Promise<TwoFactorEnabledResponse> =>
  http.post('/api/two-factor/totp/confirm', { code }, twoFactorEnabledResponse);

export const renewRecoveryCodes = (password: string): Promise<{ recoveryCodes: string[] }> =>
  http.post('/api/two-factor/recovery-codes', { password }, recoveryCodesResponse);

export const turnTwoFactorOff = (password: string): Promise<unknown> => http.delete('/api/two-factor', { password });

/** The server's options for a new passkey, after the password; the browser library starts loading meanwhile. */
export function passkeyRegistrationOptions(password: string): Promise<PasskeyOptionsResponse> {
  import('@simplewebauthn/browser').catch(() => undefined);
  return http.post('/api/two-factor/passkeys/options', { password }, passkeyOptionsResponse);
}

/** Registers a passkey: the browser's prompt to create one for the options, the answer back. */
export async function addPasskey({ ceremony, options }: PasskeyOptionsResponse, name?: string): Promise<TwoFactorEnabledResponse> {
  // The browser library loads when someone adds a passkey, not with the page.
  const { startRegistration: register } = await import('@simplewebauthn/browser');
  const credential = await register({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return http.post(
    '/api/two-factor/passkeys',
    { ceremony, credential: credential as unknown as PasskeyCredentialJson, ...(name ? { name } : {}) },
    twoFactorEnabledResponse,
  );
}
