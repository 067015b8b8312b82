import { Signer } from '@signpdf/signpdf';
import forge from 'node-forge';
import type { SigningKey } from './signing-key.js';

/** forge's OID table, with the names this file uses known to be there. */
const oids = forge.pki.oids as Record<'contentType' | 'data' | 'signingTime' | 'messageDigest' | 'sha256', string>;

/**
 * A detached CMS (adbe.pkcs7.detached) over the bytes @signpdf hands over, with the attributes
 * Adobe and the EU validator expect in this order: content type, signing time, message digest.
 * Like @signpdf's P12Signer, but over a key read once at start (not the PKCS#12 decrypted per
 * receipt) and with certificate names in UTF-8 kept intact (signing-key.ts).
 */
export class OfficeSigner extends Signer {
  constructor(private readonly key: SigningKey) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    p7.addCertificate(this.key.certificate);
    p7.addSigner({
      key: this.key.privateKey,
      certificate: this.key.certificate,
      digestAlgorithm: oids.sha256,
      authenticatedAttributes: [
        { type: oids.contentType, value: oids.data },
        // forge's types say string; it takes (and encodes) a Date.
        { type: oids.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Promise.resolve(Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary'));
  }
}
