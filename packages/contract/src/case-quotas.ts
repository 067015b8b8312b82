// The citizen quotas' refusals about cases (config CITIZEN_*): a file of their own, so that the
// letter form, which tells a citizen of any quota, does not load the cases' messages.

export const caseQuotaMessages = {
  openCasesQuota: 'You have too many open cases. Wait until some of them are resolved before opening a new one.',
  documentBytesQuota: 'Your documents take up all the storage a citizen may use. Contact the city office if you need more.',
  uploadsInFlightQuota: 'You are already sending several documents. Wait until they are uploaded, then try again.',
} as const;
