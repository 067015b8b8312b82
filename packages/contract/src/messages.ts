// Exact texts of spec sections 5 and 8. The web shows them and the API answers with them.
export const authMessages = {
  usernameRequired: 'Username is required',
  usernameTooLong: 'Username cannot exceed 20 characters',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordLettersAndDigits: 'Password must include both letters and numbers',
  passwordTooLong: 'Password cannot exceed 50 characters',
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name cannot exceed 30 characters',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name cannot exceed 30 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number must be 9 digits',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthInvalid: 'Date of birth must be a valid date',
  resetEmailRequired: 'Email is required for password reset',
  /** Spec: 'Password reset link sent to {email}'. */
  resetLinkSent: (email: string) => `Password reset link sent to ${email}`,
  loginSuccess: 'Login success!',
} as const;

export const letterMessages = {
  required: 'Subject, body, and department are required.',
  created: 'Letter created successfully!',
  failed: 'Failed to create letter.',
  error: 'An error occurred while creating the letter.',
  conversationTaken: 'Conversation taken successfully!',
  noConversations: 'No conversations available',
  noArchived: 'No archived conversations available.',
  messageEmpty: 'Message cannot be empty.',
} as const;

export const commonMessages = {
  unauthorized: 'Unauthorized',
  loading: 'Loading...',
  unexpectedError: 'Unexpected Application Error!',
} as const;

/** Server answers that the spec does not word; kept here so web and tests share them. */
export const apiMessages = {
  validation: 'The request has invalid fields.',
  unauthenticated: 'Authentication is required.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  badCredentials: 'Invalid username or password.',
  accountDisabled: 'This account is disabled.',
  usernameTaken: 'This username is already taken.',
  emailTaken: 'This email is already registered.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  accountLocked: 'Too many failed logins for this username. Please try again later.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

/** Why the server refuses a conversation step (spec section 4 transitions, enforced by the API). */
export const conversationApiMessages = {
  alreadyTaken: 'This conversation has already been taken by another employee.',
  notOpen: 'Only an open conversation can be taken.',
  notInProgress: 'Only a conversation in progress can be marked as resolved.',
  notYours: 'Only the employee handling this conversation can resolve it.',
  onlyResolve: 'The status can only be set to RESOLVED here; take an open conversation to start it.',
  resolved: 'This conversation is resolved; no more messages can be sent.',
  conversationMismatch: 'conversationId must match the conversation in the address.',
  notStaff: 'Conversations can only be assigned to an active employee.',
  unknownUser: 'No such user.',
} as const;

/** Server answers about the request itself (body format, size, availability); no form shows them. */
export const transportMessages = {
  invalidJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Send the request body as application/json.',
  payloadTooLarge: 'The request body is too large.',
  invalidCharacters: 'Text cannot contain NUL characters.',
  serviceUnavailable: 'The service is temporarily unavailable.',
} as const;
