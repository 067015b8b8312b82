import type { Db } from '../../db/database.js';
import { jsonPart, type PersonalData } from '../../plugins/personal-data.js';
import type { UsersRepository } from './repository.js';

/** The account's own fields as the export shows them (never the password hash). */
const readAccount = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'first_name', 'last_name', 'role', 'phone_number', 'date_of_birth', 'created_at', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();

/** The users module's part of the own-data export and of an account's closure. */
export function registerUsersPersonalData(personalData: PersonalData, db: Db, repository: UsersRepository): void {
  personalData.subjectFrom(async (userId, executor) => {
    const row = await readAccount(executor, userId);
    return row && { username: row.username, language: row.language };
  });
  personalData.section({
    place: 10,
    readme: {
      en: '- account.json: your account (the password is never stored in a readable form);',
      pl: '- account.json: dane konta (hasła nie przechowujemy w postaci, którą można odczytać);',
    },
    tables: ['users'],
    async read(userId) {
      const account = await readAccount(db, userId);
      if (!account) return [];
      return [
        jsonPart('account.json', {
          id: account.id,
          username: account.username,
          email: account.email,
          firstName: account.first_name,
          lastName: account.last_name,
          role: account.role,
          phoneNumber: account.phone_number,
          dateOfBirth: account.date_of_birth,
          createdAt: account.created_at,
          language: account.language,
        }),
      ];
    },
  });
  personalData.erasure((account, trx) => repository.pseudonymise(account.id, account.pseudonym, trx));
  personalData.holdsNothingPersonal(
    'username_suffixes',
    'The suffixes of users.username (the staff search index): the username is in account.json, and closure rewrites them from the pseudonym.',
  );
}
