import { errorCodes } from '../../lib/api/errors';

// The codes the document screens branch on (server documents/errors.hpp).
export const documentErrors = errorCodes({
  // The server's document store failed (spec 2 §8): a lasting header alert.
  storeFailed: 'documents.store_failed',
});
