/**
 * A domain's messages in Polish: the same keys as its English messages, each a string (a message
 * the web fills in, like 'Password reset link sent to {email}', is written with an i18next
 * placeholder: '{{email}}'). Stands beside the English in each domain's file.
 */
export type PolishTexts<T> = { readonly [K in keyof T]: string };
