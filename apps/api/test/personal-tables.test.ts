import { myDataPaths } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { createCitizen } from './helpers/factories.js';
import { unzip } from './helpers/unzip.js';

/** Columns that name a person without a foreign key saying so. */
const PERSON_COLUMN = /^(user|actor|employee|sender|interest|owner|recipient|author)_id$|_by$/;

/**
 * Every table of the migrated schema that holds a person's id: `users` itself, every column with a
 * foreign key to users.id, and every column named like one (user_id, actor_id, changed_by, ...).
 */
async function tablesNamingAPerson(app: FastifyInstance): Promise<Set<string>> {
  const references =
    app.dbEngine === 'postgres'
      ? await sql<{ table_name: string; column_name: string; target: string | null }>`
          select c.table_name, c.column_name, ccu.table_name as target
          from information_schema.columns c
          left join information_schema.key_column_usage kcu
            on kcu.table_schema = c.table_schema and kcu.table_name = c.table_name and kcu.column_name = c.column_name
          left join information_schema.table_constraints tc
            on tc.constraint_name = kcu.constraint_name and tc.table_schema = kcu.table_schema and tc.constraint_type = 'FOREIGN KEY'
          left join information_schema.constraint_column_usage ccu
            on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          where c.table_schema = current_schema()`.execute(app.db)
      : await sql<{ table_name: string; column_name: string; target: string | null }>`
          select m.name as table_name, i.name as column_name, f."table" as target
          from sqlite_master m
          join pragma_table_info(m.name) i
          left join pragma_foreign_key_list(m.name) f on f."from" = i.name
          where m.type = 'table' and m.name not like 'sqlite_%'`.execute(app.db);
  const tables = new Set<string>(['users']);
  for (const row of references.rows) {
    if (row.target === 'users' || PERSON_COLUMN.test(row.column_name)) tables.add(row.table_name);
  }
  return tables;
}

/** The tables naming a person that no module exports or declares as holding nothing personal. */
async function undeclared(app: FastifyInstance): Promise<string[]> {
  const { exported, nothingPersonal } = app.personalData.declaredTables();
  return [...(await tablesNamingAPerson(app))].filter((table) => !exported.has(table as never) && !nothingPersonal.has(table as never)).sort();
}

describeEachEngine('tables that hold a person\u2019s id', (engine) => {
  const ctx = useTestApp(engine);

  it('are each exported by their module or declared by it as holding nothing personal, with the reason', async () => {
    const found = await tablesNamingAPerson(ctx.app);
    // The schema as the migrations leave it: the finder sees the tables it must.
    for (const table of ['users', 'letters', 'messages', 'audit_log', 'financial_obligations', 'case_status_history', 'receipts', 'sessions', 'account_closures']) {
      expect(found.has(table), table).toBe(true);
    }
    expect(await undeclared(ctx.app)).toEqual([]);
    const { exported, nothingPersonal } = ctx.app.personalData.declaredTables();
    for (const table of ['users', 'letters', 'conversations', 'messages', 'financial_obligations', 'case_resolutions', 'documents', 'sessions']) {
      expect(exported.has(table as never), `${table} is exported`).toBe(true);
    }
    for (const [table, why] of nothingPersonal) {
      expect(why.length, `${table} says why`).toBeGreaterThan(20);
      expect(exported.has(table), `${table} is both exported and declared as holding nothing personal`).toBe(false);
    }
  });

  it('fails for a new table with a person\u2019s id that no module declares', async () => {
    // One found by its foreign key alone, one by its column's name alone.
    await sql`create table planted_notes (id integer primary key, written_about integer not null references users (id), note text)`.execute(ctx.app.db);
    await sql`create table planted_reviews (id integer primary key, reviewed_by integer)`.execute(ctx.app.db);
    try {
      expect(await undeclared(ctx.app)).toEqual(['planted_notes', 'planted_reviews']);
    } finally {
      await sql`drop table planted_notes`.execute(ctx.app.db);
      await sql`drop table planted_reviews`.execute(ctx.app.db);
    }
  });

  it('the export is put together from the modules\u2019 sections: the README lists each part, in the order of the ZIP', async () => {
    const citizen = await createCitizen(ctx.app);
    const response = await ctx.app.inject({ url: myDataPaths.export, headers: { ...citizen.headers, 'accept-language': 'en' } });
    expect(response.statusCode, response.body).toBe(200);
    const entries = unzip(response.rawPayload);
    expect([...entries.keys()]).toEqual([
      'README.txt',
      'account.json',
      'letters.json',
      'letter-ratings.json',
      'timeline.json',
      'obligations.json',
      'cases.json',
      'case-answers.json',
      'late-terms.json',
      'sessions.json',
    ]);
    const readme = entries.get('README.txt')?.toString('utf8') ?? '';
    expect(readme.split('\r\n').slice(4, 16)).toEqual([
      'Contents:',
      '- account.json: your account (the password is never stored in a readable form);',
      '- letters.json: your letters and the messages of each conversation;',
      '- letter-ratings.json: how you rated the answers to your letters;',
      '- timeline.json: what happened to each of your letters and cases, and when;',
      '- obligations.json: financial obligations (amounts as decimal text in PLN);',
      '- cases.json: cases, vehicle details, status history and the list of documents;',
      '- case-answers.json: the decisions on your cases and when you opened them, the office\u2019s requests to supplement with your answers, your appeals;',
      '- late-terms.json: the office\u2019s delay notices and your prompts about late letters and cases, with the answers;',
      '- sessions.json: where and when you are signed in;',
      '- documents/: the PDF documents of your cases, byte for byte as uploaded (SHA-256 in cases.json).',
      '',
    ]);
  });
});
