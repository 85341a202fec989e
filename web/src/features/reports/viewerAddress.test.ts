import { describe, expect, it } from 'vitest';

import { readViewerAddress, viewerPath } from './viewerAddress';

describe('the viewer’s address', () => {
  const filters = [
    { id: 'types', label: 'Case types', type: 'MultiChoiceField', value: 'Plainte|||Ödön’s licence', valueKey: 'COMP,LIC' },
    { id: 'opened.from', label: 'Opened from', type: 'DateField', value: null, valueKey: null },
  ];

  it('carries the report and its filters as base64url, which a viewer reads back whole', () => {
    const path = viewerPath('CASELOAD', filters);
    expect(path).toMatch(/^\/reports\/part\/viewer\/CASELOAD\?filters=[A-Za-z0-9_-]+$/);
    const [pathname, search] = path.split('?');
    expect(readViewerAddress(`/demo${pathname ?? ''}`, `?${search ?? ''}`)).toEqual({ reportCode: 'CASELOAD', filters });
  });

  it('is not read when it names no report, or its filters were cut short', () => {
    expect(readViewerAddress('/demo/reports/part/viewer/', '')).toBeNull();
    expect(readViewerAddress('/demo/reports/part/viewer/CASELOAD', '?filters=eyJ')).toBeNull();
    expect(readViewerAddress('/demo/reports/part/viewer/CASELOAD', '')).toEqual({ reportCode: 'CASELOAD', filters: [] });
  });
});
