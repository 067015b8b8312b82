// Types of sqlite-addon.mjs for the TypeScript that imports it (e2e/support/backdate.ts).
export declare const betterSqliteFolder: () => string;
export declare const sqliteAddonFile: (version?: string) => string;
export declare function sqliteAddonOptions(): { nativeBinding?: string };
