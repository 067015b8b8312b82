import { createHash, verify, X509Certificate } from 'node:crypto';
import type { ReceiptSignatureResult } from '@portal/contract';
import forge from 'node-forge';

export interface SignatureCheck {
  signature: ReceiptSignatureResult;
  /** The signed digest matches the bytes and the signed ranges are the whole file but the signature itself. */
  unchanged: boolean;
}

const MESSAGE_DIGEST_OID = '1.2.840.113549.1.9.4';
const NO_SIGNATURE: SignatureCheck = { signature: 'missing', unchanged: false };

/** The last /ByteRange [a b c d] of the file (an incremental update would add a later one). */
function lastByteRange(pdf: Buffer): [number, number, number, number] | null {
  const text = pdf.toString('latin1');
  let found: [number, number, number, number] | null = null;
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    found = [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
  }
  return found;
}

type Node = forge.asn1.Asn1;
const children = (node: Node | undefined): Node[] => (node && Array.isArray(node.value) ? (node.value as Node[]) : []);
const bytesOf = (node: Node | undefined): Buffer => Buffer.from(typeof node?.value === 'string' ? node.value : '', 'binary');
const derOf = (node: Node): Buffer => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');

/** The parts of a detached CMS SignedData a check needs, or null when it is not one. */
function parseCms(der: Buffer) {
  const contentInfo = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')), { parseAllBytes: false, strict: false } as unknown as boolean);
  const signedData = children(children(contentInfo)[1])[0];
  const parts = children(signedData);
  const certificates = parts.find((node) => node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === 0);
  const signerInfos = parts[parts.length - 1];
  const signerInfo = children(signerInfos)[0];
  const signerParts = children(signerInfo);
  const signedAttributes = signerParts.find((node) => node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === 0);
  const signature = signerParts.find((node) => node.tagClass === forge.asn1.Class.UNIVERSAL && node.type === forge.asn1.Type.OCTETSTRING);
  if (!signedAttributes || !signature) return null;
  let messageDigest: Buffer | null = null;
  for (const attribute of children(signedAttributes)) {
    const [oid, values] = children(attribute);
    if (oid && forge.asn1.derToOid(forge.util.createBuffer(bytesOf(oid).toString('binary'))) === MESSAGE_DIGEST_OID) {
      messageDigest = bytesOf(children(values)[0]);
    }
  }
  // The signature covers the attributes DER-encoded as a SET, not as the [0] they are stored in.
  const signedSet = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, children(signedAttributes));
  return {
    certificates: children(certificates).map(derOf),
    signedBytes: derOf(signedSet),
    signature: bytesOf(signature),
    messageDigest,
  };
}

const verifiesWith = (certificateDer: Buffer, signed: Buffer, signature: Buffer): boolean => {
  try {
    return verify('sha256', signed, new X509Certificate(certificateDer).publicKey, signature);
  } catch {
    return false;
  }
};

/**
 * Checks a PDF's detached CMS signature the way a reader does (the signed ranges' SHA-256 against
 * the signed message digest, the signature over the signed attributes), and whether the key that
 * made it is the office's. Anything malformed is "invalid", never an exception.
 */
export function checkReceiptSignature(pdf: Buffer, officeCertificateDer: Buffer): SignatureCheck {
  const range = lastByteRange(pdf);
  if (!range) return NO_SIGNATURE;
  const [start, firstLength, secondStart, secondLength] = range;
  const wholeFile = start === 0 && firstLength < secondStart && secondStart + secondLength === pdf.length;
  if (!wholeFile) return { signature: 'invalid', unchanged: false };
  const contents = pdf.subarray(firstLength, secondStart).toString('latin1');
  const hex = /^<([0-9a-fA-F]+)>$/.exec(contents)?.[1];
  if (!hex) return { signature: 'invalid', unchanged: false };
  let cms: ReturnType<typeof parseCms>;
  try {
    cms = parseCms(Buffer.from(hex, 'hex'));
  } catch {
    cms = null;
  }
  if (!cms) return { signature: 'invalid', unchanged: false };

  const digest = createHash('sha256').update(pdf.subarray(0, firstLength)).update(pdf.subarray(secondStart)).digest();
  const unchanged = cms.messageDigest !== null && cms.messageDigest.equals(digest);
  if (verifiesWith(officeCertificateDer, cms.signedBytes, cms.signature)) return { signature: 'office', unchanged };
  const byItsOwnCertificate = cms.certificates.some((der) => verifiesWith(der, cms.signedBytes, cms.signature));
  return { signature: byItsOwnCertificate ? 'other' : 'invalid', unchanged: byItsOwnCertificate && unchanged };
}
