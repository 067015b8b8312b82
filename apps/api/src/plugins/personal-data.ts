import type { Readable } from 'node:stream';
import type { Language } from '@portal/contract';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

export type TableName = keyof Database;

/** One file of a person's export: JSON text, or bytes streamed as the ZIP is sent (stored as they are). */
export type ExportPart = { name: string; text: string } | { name: string; stream: () => Readable };

/** What a module contributes to "Download my data" (modules/my-data asks every registered section). */
export interface ExportSection {
  /** Its place in the ZIP and in the README's list of contents (lower first). */
  place: number;
  /** The README's line about this part, in each language. */
  readme: Readonly<Record<Language, string>>;
  /** The tables it reads the person's records from (the personal-tables test counts them as exported). */
  tables: readonly TableName[];
  /** The person's records, read when the export is asked for. */
  read(userId: number): Promise<readonly ExportPart[]>;
}

/** One JSON file of the export, written as every part is (two-space indent, a final newline). */
export const jsonPart = (name: string, value: unknown): ExportPart => ({ name, text: `${JSON.stringify(value, null, 2)}\n` });

/** The account being closed: its username as it was before any step ran, and the pseudonym it goes by now. */
export interface ClosingAccount {
  id: number;
  username: string;
  pseudonym: string;
}

/**
 * What a module removes or rewrites when an account is closed, in the closure's one transaction
 * (`trx`); what the office keeps stays, tied to the account id, which now carries a pseudonym.
 */
export type ErasureStep = (account: ClosingAccount, trx: Db) => Promise<void>;

/**
 * The own-data hooks (issue 21, issue 31): each module registers the export section and the
 * closure step of its own tables, and declares each other table of its that names a person and
 * why it is not exported. modules/my-data reads no other module's table: it asks these hooks.
 */
/** Whose data it is: the account's username and chosen language (null: none chosen yet). */
export interface DataSubject {
  username: string;
  language: Language | null;
}

export class PersonalData {
  private subjectReader: ((userId: number, executor: Db) => Promise<DataSubject | undefined>) | undefined;
  private readonly exportSections: ExportSection[] = [];
  private readonly erasureSteps: ErasureStep[] = [];
  private readonly notExported = new Map<TableName, string>();

  /** How an account is found (the module owning accounts registers it, once). */
  subjectFrom(reader: (userId: number, executor: Db) => Promise<DataSubject | undefined>): void {
    if (this.subjectReader) throw new Error('accounts are read by one module');
    this.subjectReader = reader;
  }

  /** The account `userId`, read with `executor` (a transaction's, to see it as the closure does); undefined when there is none. */
  subject(userId: number, executor: Db): Promise<DataSubject | undefined> {
    if (!this.subjectReader) throw new Error('no module reads accounts for the own-data hooks');
    return this.subjectReader(userId, executor);
  }

  /** Adds a part of the export. */
  section(section: ExportSection): void {
    this.exportSections.push(section);
  }

  /** Adds a step of the account closure (steps run in the order modules register them). */
  erasure(step: ErasureStep): void {
    this.erasureSteps.push(step);
  }

  /** Declares that `table` holds nothing of the person the export must show, and why. */
  holdsNothingPersonal(table: TableName, why: string): void {
    if (this.notExported.has(table)) throw new Error(`${table} is declared twice`);
    this.notExported.set(table, why);
  }

  /** The sections in their place (equal places keep their registration order). */
  sections(): readonly ExportSection[] {
    return [...this.exportSections].sort((a, b) => a.place - b.place);
  }

  async erase(account: ClosingAccount, trx: Db): Promise<void> {
    for (const step of this.erasureSteps) await step(account, trx);
  }

  /** Every table a module declared: exported (read by a section) or holding nothing personal. */
  declaredTables(): { exported: ReadonlySet<TableName>; nothingPersonal: ReadonlyMap<TableName, string> } {
    return { exported: new Set(this.exportSections.flatMap((section) => section.tables)), nothingPersonal: this.notExported };
  }
}
