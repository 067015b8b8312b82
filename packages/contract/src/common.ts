// Texts of the page shell every screen shares (spec sections 2 and 8), not of one domain.
export const commonMessages = {
  unauthorized: 'Unauthorized',
  loading: 'Loading...',
  unexpectedError: 'Unexpected Application Error!',
} as const;
