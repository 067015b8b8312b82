import type { PasskeyCredentialJson } from '@portal/contract';
import type { startAuthentication } from '@simplewebauthn/browser';
import { logInWithPasskey, passkeyLoginOptions } from './calls';

/**
 * Signs in with a passkey: the server's options, the browser's passkey prompt, the answer back.
 * With `challenge` (from POST /login) it is the second step; without, a passwordless sign-in.
 */
export async function signInWithPasskey(challenge?: string): Promise<string> {
  // The browser library loads when someone chooses a passkey (beside the server's options), not
  // with the login page: nothing there starts a passkey prompt by itself.
  const [{ startAuthentication: authenticate }, { ceremony, options }] = await Promise.all([import('@simplewebauthn/browser'), passkeyLoginOptions(challenge)]);
  const credential = await authenticate({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  const { tokenJWT } = await logInWithPasskey({ ceremony, credential: credential as unknown as PasskeyCredentialJson });
  return tokenJWT;
}
