import type { Component } from '../components/layout/layoutModel';

// Layout components as the server sends them (server/src/types/layout_components.cpp), with only what a
// test is about filled in.

export function field(type: string, referenceCode: string, overrides: Partial<Component> = {}): Component {
  return {
    id: `c-${referenceCode}`,
    type,
    label: referenceCode,
    referenceCode,
    readonly: false,
    mandatory: false,
    hiddenOnSmallDevice: false,
    hiddenOnMediumDevice: false,
    errorMessage: null,
    ...overrides,
  };
}

export function container(type: string, id: string, children: Component[], overrides: Partial<Component> = {}): Component {
  return {
    id,
    type,
    label: '',
    readonly: false,
    scrollable: false,
    hiddenOnSmallDevice: false,
    hiddenOnMediumDevice: false,
    children,
    ...overrides,
  };
}

// A fact of the record (server/src/types/layout_facts.cpp): read-only, its value its own.
export function fact(type: string, name: string, value: unknown, overrides: Partial<Component> = {}): Component {
  return {
    id: name,
    type,
    label: name,
    readonly: true,
    fact: name as Component['fact'],
    hiddenOnSmallDevice: false,
    hiddenOnMediumDevice: false,
    value,
    ...overrides,
  };
}

// A Text of the layout, saying value.
export function text(id: string, value: string, overrides: Partial<Component> = {}): Component {
  return { id, type: 'Text', label: '', readonly: true, hiddenOnSmallDevice: false, hiddenOnMediumDevice: false, value, ...overrides };
}
