import type { PasskeyCredentialJson } from '@portal/contract';
import { startAuthentication } from '@simplewebauthn/browser';
import { logInWithPasskey, passkeyLoginOptions } from './calls';

/**
 * Signs in with a passkey: the server's options, the browser's passkey prompt, the answer back.
 * With `challenge` (from POST /login) it is the second step; without, a passwordless sign-in.
 */
export async function signInWithPasskey(challenge?: string): Promise<string> {
  const { ceremony, options } = await passkeyLoginOptions(challenge);
  const credential = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  const { tokenJWT } = await logInWithPasskey({ ceremony, credential: credential as unknown as PasskeyCredentialJson });
  return tokenJWT;
}
