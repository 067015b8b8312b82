import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Cluster } from '../../scripts/cluster.js';
import { api, letterBody, login, messageBody, registerCitizen, type Session } from '../../scripts/cluster-client.js';
import { expectedAudit } from './row-check.js';

// What bench:load drives: the accounts and matters it works on, the mix of operations and each
// operation, and what the API acknowledged (checked against the database after the run).

const CASE_DOCUMENTS_MAX = 20; // @portal/contract's, the documents a case may hold
const CITIZENS = 20;

export type Kind = 'letter' | 'citizen message' | 'take' | 'clerk reply' | 'resolve' | 'obligations' | 'cases' | 'case details' | 'upload PDF' | 'download PDF';
export const MIX: [Kind, number][] = [
  ['letter', 8],
  ['citizen message', 16],
  ['take', 6],
  ['clerk reply', 14],
  ['resolve', 3],
  ['obligations', 15],
  ['cases', 12],
  ['case details', 8],
  ['upload PDF', 6],
  ['download PDF', 12],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);
export function pick(): Kind {
  let roll = Math.random() * MIX_TOTAL;
  for (const [kind, weight] of MIX) if ((roll -= weight) < 0) return kind;
  return 'obligations';
}
const any = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

export interface World {
  url: string;
  citizens: { who: Session; caseId: number; documents: number; conversations: number[] }[];
  /** conversation id -> its letter's id and the letter's author, as POST /api/letters answered. */
  letters: Map<number, { letterId: number; subject: string; author: Session }>;
  clerks: Session[];
  admin: Session;
  open: number[];
  taken: { id: number; clerk: Session }[];
  /** Conversations a resolve was sent for (no more citizen messages to them). */
  resolved: Set<number>;
  documents: string[];
  pdf: Buffer;
}

/**
 * What the API acknowledged in the current cluster's database, for the check afterwards: the unique
 * text of each letter, message, case and document, and the key of each audit row (row-check.ts).
 */
const newAcked = () => ({ letters: new Set<string>(), messages: new Set<string>(), documents: new Set<string>(), cases: new Set<string>(), audit: new Set<string>() });
export const acked = newAcked();
/** A new cluster's database starts empty: forget what the previous one acknowledged. */
export function resetAcked(): void {
  for (const keys of Object.values(acked)) keys.clear();
}
let counter = 0;
export const tag = randomBytes(3).toString('hex');

async function upload(world: World, citizen: World['citizens'][number]): Promise<number> {
  // A case holds at most CASE_DOCUMENTS_MAX (20): a citizen with a full case opens the next one.
  if (citizen.documents >= CASE_DOCUMENTS_MAX) {
    citizen.caseId = await openCase(world.url, citizen.who);
    citizen.documents = 0;
  }
  citizen.documents++;
  const { who, caseId } = citizen;
  const name = `load-${tag}-${++counter}.pdf`;
  const boundary = `----load${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    world.pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${world.url}/api/case-resolution/${caseId}/add-document`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  }).catch(() => null);
  if (!response) return 0;
  const answer = (await response.json().catch(() => null)) as { uuid?: string; documentName?: string } | null;
  if (response.status === 201 && answer?.uuid && answer.documentName) {
    acked.documents.add(answer.documentName);
    acked.audit.add(expectedAudit.documentAdded(caseId, answer.documentName));
    world.documents.push(answer.uuid);
  }
  return response.status;
}

export async function operate(world: World, kind: Kind): Promise<number> {
  const citizen = any(world.citizens);
  const clerk = any(world.clerks);
  if (!citizen || !clerk) return 0;
  switch (kind) {
    case 'letter': {
      const subject = `load ${tag} letter ${++counter}`;
      const answer = await api<{ id: number; letterId: number }>(world.url, 'POST', '/api/letters', citizen.who, letterBody(citizen.who, subject));
      if (answer.status === 201) {
        acked.letters.add(subject);
        acked.audit.add(expectedAudit.letterSent(answer.body.letterId));
        world.letters.set(answer.body.id, { letterId: answer.body.letterId, subject, author: citizen.who });
        citizen.conversations.push(answer.body.id);
        world.open.push(answer.body.id);
      }
      return answer.status;
    }
    case 'citizen message': {
      const id = any(citizen.conversations.filter((conversation) => !world.resolved.has(conversation)));
      if (id === undefined) return operate(world, 'letter');
      const content = `load ${tag} message ${++counter}`;
      const answer = await api(world.url, 'POST', `/api/conversations/${id}/messages/send`, citizen.who, messageBody(id, citizen.who, content));
      if (answer.status === 201) acked.messages.add(content);
      return answer.status === 409 ? 201 : answer.status; // resolved meanwhile: the right refusal
    }
    case 'take': {
      const id = world.open.shift();
      if (id === undefined) return operate(world, 'letter');
      const answer = await api(world.url, 'PUT', `/api/conversations/${id}/take?employeeId=${clerk.id}`, clerk);
      if (answer.status === 200) {
        world.taken.push({ id, clerk });
        acked.audit.add(expectedAudit.take(id));
      }
      return answer.status;
    }
    case 'clerk reply': {
      const conversation = any(world.taken);
      if (!conversation) return operate(world, 'take');
      const content = `load ${tag} reply ${++counter}`;
      const answer = await api(world.url, 'POST', `/api/conversations/${conversation.id}/messages/send`, conversation.clerk, messageBody(conversation.id, conversation.clerk, content));
      if (answer.status === 201) acked.messages.add(content);
      return answer.status === 409 ? 201 : answer.status;
    }
    case 'resolve': {
      const conversation = world.taken.shift();
      if (!conversation) return operate(world, 'take');
      world.resolved.add(conversation.id);
      const answer = await api(world.url, 'PUT', `/api/conversations/${conversation.id}/status`, conversation.clerk, { status: 'RESOLVED' });
      const letter = world.letters.get(conversation.id);
      if (answer.status === 200) {
        acked.audit.add(expectedAudit.resolve(conversation.id));
        if (letter) acked.audit.add(expectedAudit.resolvedReceipt(letter.letterId));
      }
      return answer.status;
    }
    case 'obligations':
      return (await api(world.url, 'GET', `/api/financial-obligations/by-interest-id/${citizen.who.id}`, citizen.who)).status;
    case 'cases':
      return (await api(world.url, 'GET', `/api/case-resolution/user/${citizen.who.id}`, citizen.who)).status;
    case 'case details':
      return (await api(world.url, 'GET', `/api/case-resolution/details/${citizen.caseId}`, clerk)).status;
    case 'upload PDF':
      return upload(world, citizen);
    case 'download PDF': {
      const uuid = any(world.documents);
      if (!uuid) return upload(world, citizen);
      const response = await fetch(`${world.url}/api/documents/${uuid}/download`, { headers: clerk.headers }).catch(() => null);
      if (!response) return 0;
      await response.arrayBuffer();
      return response.status;
    }
  }
}
export async function setUp(cluster: Cluster): Promise<World> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText('Vehicle registration certificate', { x: 50, y: 780, size: 20, font });
  const pdf = Buffer.from(await document.save());
  const world: World = {
    url: cluster.url,
    citizens: [],
    clerks: [await login(cluster.url, 'jkowalski', 'Employee123'), await login(cluster.url, 'mwisniewska', 'Employee123')],
    admin: await login(cluster.url, 'admin', 'Admin1234'),
    letters: new Map(),
    open: [],
    taken: [],
    resolved: new Set(),
    documents: [],
    pdf,
  };
  for (let i = 0; i < CITIZENS; i++) {
    const who = await registerCitizen(cluster.url);
    world.citizens.push({ who, caseId: await openCase(cluster.url, who), documents: 0, conversations: [] });
  }
  return world;
}

async function openCase(url: string, who: Session): Promise<number> {
  const comments = `load ${tag} case ${++counter}`;
  const created = await api<{ id: number }>(url, 'POST', '/api/case-resolution/create/VehicleRegistration', who, {
    caseResolutionDTO: { caseType: 'VEHICLE_REGISTRATION', comments, userId: who.id },
    vehicleRegistrationDTO: {
      vehicleNumberPlate: `KR ${10000 + (counter % 90000)}`,
      vehicleMake: 'Skoda',
      vehicleModel: 'Octavia',
      vehicleYear: 2019,
      registrationDate: '2024-05-02',
      vehicleColor: 'Blue',
      vehicleVin: `TMBJJ7NE8K0${String(100000 + (counter % 900000)).padStart(6, '0')}`,
      vehicleType: 'SEDAN',
    },
  });
  if (created.status !== 201) throw new Error(`case: ${created.status} ${JSON.stringify(created.body)}`);
  acked.cases.add(comments);
  acked.audit.add(expectedAudit.caseSubmitted(created.body.id));
  return created.body.id;
}
