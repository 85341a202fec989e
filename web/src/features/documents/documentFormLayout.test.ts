import { describe, expect, it } from 'vitest';

import type { Component } from '../../components/layout/layoutModel';
import { forKind } from './documentFormLayout';

const field = (referenceCode: string, label: string, extra: Partial<Component> = {}): Component => ({
  id: `document-${referenceCode}`,
  referenceCode,
  type: 'TextField',
  label,
  readonly: false,
  hiddenOnSmallDevice: false,
  hiddenOnMediumDevice: false,
  ...extra,
});

const layout: Component[] = [
  {
    id: 'columns',
    type: 'HBox',
    label: '',
    readonly: false,
    hiddenOnSmallDevice: false,
    hiddenOnMediumDevice: false,
    children: [field('Title', 'Title'), field('ExtRefFilename', 'File Name')],
  },
];

function find(components: Component[], code: string): Component | undefined {
  for (const component of components) {
    if (component.referenceCode === code) return component;
    const inside = find(component.children ?? [], code);
    if (inside) return inside;
  }
  return undefined;
}

describe('the properties form for the document type chosen', () => {
  it('names the file name field after the type and makes it mandatory for a link or a place', () => {
    expect(find(forKind(layout, 'Link', true), 'ExtRefFilename')).toMatchObject({ label: 'URL', mandatory: true, readonly: false });
    expect(find(forKind(layout, 'Location', true), 'ExtRefFilename')).toMatchObject({ label: 'Location', mandatory: true });
    expect(find(forKind(layout, 'Electronic', false), 'ExtRefFilename')).toMatchObject({ label: 'File Name', mandatory: false, readonly: true });
  });

  it('leaves a new file’s name to its upload', () => {
    expect(find(forKind(layout, 'Electronic', true), 'ExtRefFilename')).toBeUndefined();
  });

  it('makes the title mandatory for what is not a file', () => {
    expect(find(forKind(layout, 'Link', true), 'Title')?.mandatory).toBe(true);
    expect(find(forKind(layout, 'Electronic', true), 'Title')?.mandatory).toBe(false);
  });

  it('keeps a label documents.yaml chose, and a field it makes read-only', () => {
    const bound = [field('ExtRefFilename', 'Where it is kept', { readonly: true })];
    expect(find(forKind(bound, 'Location', false), 'ExtRefFilename')).toMatchObject({ label: 'Where it is kept', readonly: true });
  });

  it('shows the file name hint for a file only, not under URL or Location (walk-through 12)', () => {
    const hinted = [field('ExtRefFilename', 'File Name', { tooltip: "The file's name as it will be downloaded" })];
    expect(find(forKind(hinted, 'Electronic', false), 'ExtRefFilename')?.tooltip).toBe("The file's name as it will be downloaded");
    expect(find(forKind(hinted, 'Link', true), 'ExtRefFilename')?.tooltip).toBeUndefined();
    expect(find(forKind(hinted, 'Location', false), 'ExtRefFilename')?.tooltip).toBeUndefined();
  });
});
