import { CASE_TYPES, type CaseResolutionResponse, type CaseType, caseTypeLabels } from '@portal/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { containsIgnoringCase as contains } from '../../db/portable.js';
import { type CaseAnswerFacts, answerFactsFor, answerFactsOf } from './answers/facts.js';
import { caseClockOf, isOpenCase } from './due-date.js';

/** Text the type, applicant, plate, comments or number contain (ignoring case). */
export interface CaseSearch {
  text: string;
  matchingTypes: readonly CaseType[];
}

/** The search for `text`: also every case type whose English or Polish name contains it. */
export function caseSearchFor(text: string): CaseSearch {
  const needle = text.toLocaleLowerCase();
  const matchingTypes = CASE_TYPES.filter((type) =>
    Object.values(caseTypeLabels).some((labels) => labels[type].toLocaleLowerCase().includes(needle)),
  );
  return { text, matchingTypes };
}

/** A case as every answer reads it: applicant, vehicle plate and handler joined. */
export const caseQuery = (executor: Db) =>
  executor
    .selectFrom('case_resolutions as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('vehicle_registrations as v', 'v.case_id', 'c.id')
    .leftJoin('users as h', 'h.id', 'c.handler_id')
    .select([
      'c.id',
      'c.user_id',
      'c.case_type',
      'c.status',
      'c.comments',
      'c.submission_date',
      'c.status_changed_at',
      'c.term_months',
      'c.notified_due_date',
      'c.complicated_reason',
      'v.id as vehicle_id',
      'v.number_plate',
      'u.first_name',
      'u.last_name',
      'u.username',
      'h.id as handler_id',
      'h.first_name as handler_first_name',
      'h.last_name as handler_last_name',
    ]);
export type CaseRow = Awaited<ReturnType<ReturnType<typeof caseQuery>['executeTakeFirstOrThrow']>>;

type CaseScope = ExpressionBuilder<Database & { c: Database['case_resolutions']; u: Database['users']; v: Database['vehicle_registrations'] }, 'c' | 'u' | 'v'>;

/** The staff's search box (issue 19): "Anna Nowak", "nowak", a plate, words of the comments, the type's name, "C-12" or "12". */
export function searchCondition(eb: CaseScope, { text, matchingTypes }: CaseSearch): Expression<SqlBool> {
  const numbered = /^(?:#|c-)?(\d{1,9})$/i.exec(text);
  const any: Expression<SqlBool>[] = [
    contains(sql<string>`${sql.ref('u.first_name')} || ' ' || ${sql.ref('u.last_name')}`, text),
    contains(sql.ref('u.username'), text),
    contains(sql.ref('v.number_plate'), text),
    contains(sql.ref('c.comments'), text),
  ];
  if (matchingTypes.length > 0) any.push(eb('c.case_type', 'in', [...matchingTypes]));
  if (numbered) any.push(eb('c.id', '=', Number(numbered[1])));
  return eb.or(any);
}

/** Each case with the UUIDs of its complete documents, oldest first, in one extra query. */
export async function withDocuments(rows: CaseRow[], executor: Db): Promise<CaseResolutionResponse[]> {
  const ids = rows.map((row) => Number(row.id));
  const uuids = new Map<number, string[]>();
  if (ids.length > 0) {
    const documents = await executor
      .selectFrom('documents')
      .select(['case_id', 'uuid'])
      .where('case_id', 'in', ids)
      .where('complete', '=', 1)
      .orderBy('id')
      .execute();
    for (const { case_id: caseId, uuid } of documents) {
      const list = uuids.get(Number(caseId)) ?? [];
      list.push(uuid);
      uuids.set(Number(caseId), list);
    }
  }
  const answers = await answerFactsFor(ids, executor);
  const now = new Date();
  return rows.map((row) => caseResponseOf(row, uuids.get(Number(row.id)) ?? [], answerFactsOf(answers, Number(row.id)), now));
}


function caseResponseOf(row: CaseRow, documents: string[], answers: CaseAnswerFacts, now: Date): CaseResolutionResponse {
  const open = isOpenCase(row.status);
  // The office's clock counts on the server from stored facts (issue 32), composed in due-date.ts.
  const { dueDate, deadline } = caseClockOf(row, answers, now);
  return {
    id: Number(row.id),
    caseType: row.case_type,
    userId: Number(row.user_id),
    case_content_id: row.vehicle_id === null ? null : Number(row.vehicle_id),
    comments: row.comments,
    additionalDocuments: documents,
    status: row.status,
    submissionDate: row.submission_date,
    statusChangedAt: row.status_changed_at,
    vehicleNumberPlate: row.number_plate,
    applicant: { firstName: row.first_name, lastName: row.last_name, username: row.username },
    handlerName: row.handler_first_name === null ? null : `${row.handler_first_name} ${row.handler_last_name ?? ''}`.trim(),
    dueDate,
    deadline,
    termMonths: Number(row.term_months),
    complicatedReason: row.complicated_reason,
    waitingForCitizen: open && answers.waiting,
    onAppeal: open && answers.latestDecisionAppealed,
  };
}
