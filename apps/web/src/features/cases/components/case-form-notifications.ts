/** What the case form's notifications share: a new one replaces the older ones (lib/notifications.tsx). */
export const CASE_FORM = 'cases.form';
