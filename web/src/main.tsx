import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import './app/global.css';

import { App } from './app/App';

// A reload of an address that still carries the report viewer's source fragment drops it, except
// on /reports itself (spec 1 §2).
function stripReportSourceFragment() {
  const { pathname, search, hash } = window.location;
  if (/^#\/?source/i.test(hash) && !/\/reports\/?$/i.test(pathname)) {
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }
}

stripReportSourceFragment();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
