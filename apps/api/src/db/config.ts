// The database's place in the configuration: config.ts reads DATABASE_URL into it; the database
// layer takes it without reaching up to the whole configuration.

export type DatabaseConfig =
  | { engine: 'sqlite'; /** absolute path or ':memory:' */ file: string }
  | {
      engine: 'postgres';
      /** What the API connects as: on a hardened install a role that owns nothing (README "Security"). */
      url: string;
      /** DATABASE_MIGRATION_URL: the owner role that runs migrations and grants the API role its rights; unset: `url` does both. */
      migrationUrl?: string;
    };
