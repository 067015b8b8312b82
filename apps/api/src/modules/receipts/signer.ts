import { constants, privateEncrypt } from 'node:crypto';
import { Signer } from '@signpdf/signpdf';
import forge from 'node-forge';
import type { SealingKey } from './signing-key.js';

/** forge's OID table, with the names this file uses known to be there. */
const oids = forge.pki.oids as Record<'contentType' | 'data' | 'signingTime' | 'messageDigest' | 'sha256', string>;

/** DER of DigestInfo { sha256, NULL } up to the digest itself (RFC 8017, section 9.2, note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * forge's own RSA signature runs in JavaScript big integers, slow enough to dominate a receipt;
 * this stand-in makes the same RSASSA-PKCS1-v1_5 signature with Node's OpenSSL (figures in
 * bench/README.md, bench:receipts).
 */
const nativeSigner = (key: SealingKey) => ({
  sign: (md: forge.md.MessageDigest) =>
    privateEncrypt(
      { key: key.nodePrivateKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]),
    ).toString('binary'),
});

/**
 * A detached CMS (adbe.pkcs7.detached) over the bytes @signpdf hands over, with the attributes
 * Adobe and the EU validator expect in this order: content type, signing time, message digest.
 * Like @signpdf's P12Signer, but over a key read once at start (not the PKCS#12 decrypted per
 * receipt) and with certificate names in UTF-8 kept intact (signing-key.ts).
 */
export class OfficeSigner extends Signer {
  constructor(private readonly key: SealingKey) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    p7.addCertificate(this.key.certificate);
    p7.addSigner({
      key: nativeSigner(this.key) as unknown as forge.pki.rsa.PrivateKey,
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
