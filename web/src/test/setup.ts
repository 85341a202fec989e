import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import './browserApis';

// CI runs this suite on two shared cores: a screen that appears in 1.5 s there is not wrong, only
// late. Queries wait up to 5 s; what they check is unchanged.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
