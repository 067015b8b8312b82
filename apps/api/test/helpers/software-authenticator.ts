import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator (WebAuthn, attestation "none", ES256 on P-256): what a browser
 * hands the API after navigator.credentials.create, built here without a browser. `credentialId`
 * may be given to register the same credential twice.
 */
export function softwareAuthenticator(credentialId: Buffer = randomBytes(32)) {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  const id = credentialId.toString('base64url');

  return {
    id,
    /** The answer to POST /api/two-factor/passkeys/options' `options`, for `origin`. */
    register(options: Record<string, unknown>, origin: string) {
      const rp = options.rp as { id: string };
      const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        createHash('sha256').update(rp.id).digest(),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        Buffer.alloc(4), // signature counter 0
        Buffer.alloc(16), // AAGUID: none
        length,
        credentialId,
        Buffer.from(isoCBOR.encode(coseKey)),
      ]);
      const attestation = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: clientData.toString('base64url'),
          attestationObject: Buffer.from(attestation).toString('base64url'),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
