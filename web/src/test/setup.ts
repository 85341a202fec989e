import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { resetAppState } from './appState';
import './browserApis';

// CI runs this suite on two shared cores: a screen that appears in 1.5 s there is not wrong, only
// late. Queries wait up to 5 s; what they check is unchanged.
configure({ asyncUtilTimeout: 5_000 });

// The test files share one page (vitest runs them without isolation, which saves loading every
// module again for each file): each test starts from a fresh page's state.
afterEach(resetAppState);
