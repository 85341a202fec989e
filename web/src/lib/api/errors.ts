import type { Schemas } from './types';

// Every code the server declares (the errors.hpp of each folder of server/src), from the contract
// (server/api/openapi.yaml, ErrorCode): a code the server no longer declares, or a typo, is a type
// error wherever it is named.
export type ErrorCode = Schemas['ErrorCode'];

// The codes a screen branches on, named once. Compare an error's code with these, never with a
// literal (the ESLint rule refuses one).
export function errorCodes<const T extends Record<string, ErrorCode>>(codes: T): Readonly<T> {
  return Object.freeze(codes);
}

// Codes of stored records that several features meet (server records/errors.hpp).
export const recordErrors = errorCodes({
  // A save that another save came before (409, with changedBy and changedAt).
  changed: 'records.changed',
  notFound: 'records.not_found',
  personNotFound: 'records.person_not_found',
  roleUnknown: 'records.role_unknown',
});

// Codes the client gives a call that got no answer it could read (status 0, or a body without a
// code); the server never sends them.
export const clientErrors = Object.freeze({
  failed: 'request.failed',
  timeout: 'request.timeout',
  network: 'request.network',
} as const);
