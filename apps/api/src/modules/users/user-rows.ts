import type { Role, UserResponse } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { fromFlag, nowIso, toFlag } from '../../db/portable.js';
import type { UserRow } from '../../db/schema.js';
import { usernameSkeleton } from '../../db/username-skeleton.js';
import type { UserContact, UserWithHash } from '../../ports/users.js';

export type { UserContact, UserWithHash };

// The shapes the users repository takes and gives, and its one row mapping.

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  phoneNumber: string;
  dateOfBirth: string;
  enabled?: boolean;
}

/** The caller of an authenticated request: the account and the generation its tokens must carry. */
export interface SessionRow {
  user: UserResponse;
  tokenGeneration: number;
}

export function insertRow(executor: Db, user: NewUser): Promise<UserRow> {
  return executor
    .insertInto('users')
    .values({
      username: user.username,
      username_skeleton: usernameSkeleton(user.username),
      username_lower: user.username.toLowerCase(),
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      phone_number: user.phoneNumber,
      date_of_birth: user.dateOfBirth,
      enabled: toFlag(user.enabled ?? true),
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function toUser(row: UserRow): UserResponse {
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    phoneNumber: row.phone_number,
    dateOfBirth: row.date_of_birth,
    enabled: fromFlag(row.enabled),
  };
}
