import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import './app/global.css';

import { App } from './app/App';
import { stripReportSourceFragment } from './lib/reportSource';

stripReportSourceFragment();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
