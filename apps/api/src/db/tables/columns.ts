/** A boolean column: integer 0/1 with a CHECK (better-sqlite3 cannot bind JS booleans). */
export type Flag = 0 | 1;
