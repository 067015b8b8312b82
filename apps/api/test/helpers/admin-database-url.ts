/** The PostgreSQL server the API tests make their throw-away databases on (TEST_DATABASE_URL, default the local one). */
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
