import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import type { ReceiptsConfig } from './config.js';

/** The office's sealing key, read once: the signer uses key and certificate, verifiers compare the DER. */
export interface SigningKey {
  privateKey: forge.pki.rsa.PrivateKey;
  /** The same key for Node's crypto, which signs (signer.ts). */
  nodePrivateKey: KeyObject;
  certificate: forge.pki.Certificate;
  /** DER of the signing certificate: a receipt is the office's when its CMS carries this one. */
  certificateDer: Buffer;
  subject: string;
}

/** What a receipt is sealed with (signer.ts): all the receipt renderer's thread is given. */
export type SealingKey = Pick<SigningKey, 'nodePrivateKey' | 'certificate'>;

/*
 * forge reads a UTF8String name as its raw UTF-8 bytes but encodes it again when it writes the
 * name (into the CMS signer's issuer), so "Urząd" would no longer match the certificate and every
 * verifier would fail to find the signer. Decoding once after reading makes both ways agree.
 */
function decodeUtf8Names(certificate: forge.pki.Certificate): void {
  for (const attribute of [...certificate.subject.attributes, ...certificate.issuer.attributes]) {
    const tagged = attribute as { valueTagClass?: number; value?: unknown };
    if (tagged.valueTagClass === forge.asn1.Type.UTF8 && typeof tagged.value === 'string') {
      tagged.value = forge.util.decodeUtf8(tagged.value);
    }
  }
}

/** The certificate of `der` (DER as readP12 makes it), its UTF-8 names as readP12 reads them. */
export function certificateFromDer(der: Buffer): forge.pki.Certificate {
  const certificate = forge.pki.certificateFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary'))));
  decodeUtf8Names(certificate);
  return certificate;
}

export const GENERATED_P12_FILE = 'receipt-signing.p12';
/*
 * The generated file's protection is its mode (0600) and its place outside the database; a password
 * beside it would add nothing, so it is a constant (PKCS#12 needs one). One file, renamed into
 * place whole, so two processes starting together never pair one's password with the other's key.
 */
const GENERATED_PASSWORD = 'portal-receipts';
const CERTIFICATE_YEARS = 10;

function readP12(p12: Buffer, password: string): SigningKey {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const store = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  const { certBag, pkcs8ShroudedKeyBag } = forge.pki.oids as Record<'certBag' | 'pkcs8ShroudedKeyBag', string>;
  const bags: forge.pkcs12.Bag[] = store.getBags({ bagType: certBag })[certBag] ?? [];
  const keyBags: forge.pkcs12.Bag[] = store.getBags({ bagType: pkcs8ShroudedKeyBag })[pkcs8ShroudedKeyBag] ?? [];
  const privateKey = keyBags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!privateKey) throw new Error('the PKCS#12 file must hold the private key');
  // The certificate of that key (a P12 may carry its CA chain too).
  const certificate = bags
    .map((bag) => bag.cert)
    .find((cert): cert is forge.pki.Certificate => {
      const publicKey = cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return publicKey !== undefined && publicKey.n.compareTo(privateKey.n) === 0 && publicKey.e.compareTo(privateKey.e) === 0;
    });
  if (!certificate) throw new Error('the PKCS#12 file must hold the certificate of its private key');
  decodeUtf8Names(certificate);
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  const subject = certificate.subject.attributes
    .map((a: forge.pki.CertificateField) => `${a.shortName ?? a.name ?? ''}=${String(a.value)}`)
    .join(', ');
  const nodePrivateKey = createPrivateKey(forge.pki.privateKeyToPem(privateKey));
  return { privateKey, nodePrivateKey, certificate, certificateDer: der, subject };
}

/** A self-signed certificate for `officeName` (RSA 2048, SHA-256) as PKCS#12 bytes. */
export function selfSignedP12(officeName: string, password: string, now = new Date()): Buffer {
  // Node generates the RSA pair natively (forge's own generator takes seconds).
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = `01${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = now;
  certificate.validity.notAfter = new Date(now.getTime() + CERTIFICATE_YEARS * 365 * 24 * 3600 * 1000);
  // UTF8String, so "Urząd" survives (forge's default string type holds Latin-1 only).
  const utf8 = (value: string) => ({ value, valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class });
  const name = [
    { shortName: 'CN', ...utf8(`${officeName} (receipts, self-signed)`) },
    { shortName: 'O', ...utf8(officeName) },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, { algorithm: '3des', friendlyName: 'receipts' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

function writePrivate(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

/**
 * RECEIPT_SIGNING_P12 when configured (a real office's qualified seal); otherwise the self-signed
 * key in `keysDir`, generated on the first start. It is kept out of the database on purpose: a copy
 * of the database (a backup, a leaked dump) must not be enough to forge the office's receipts.
 */
export function loadSigningKey(config: ReceiptsConfig): SigningKey {
  if (config.signingP12) return readP12(readFileSync(config.signingP12.file), config.signingP12.password);
  const p12File = join(config.keysDir, GENERATED_P12_FILE);
  if (!existsSync(p12File)) {
    mkdirSync(config.keysDir, { recursive: true, mode: 0o700 });
    writePrivate(p12File, selfSignedP12(config.officeName, GENERATED_PASSWORD));
  }
  return readP12(readFileSync(p12File), GENERATED_PASSWORD);
}
