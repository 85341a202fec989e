import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useEffect, useState, type ReactNode } from 'react';
import { vi, type Mock } from 'vitest';

import { DynamicLayout } from '../components/layout/DynamicLayout';
import type { LayoutContextValue } from '../components/layout/LayoutContext';
import type { Component, FieldErrors, Values } from '../components/layout/layoutModel';
import { useScreenClass, type ScreenClass } from '../lib/screen';

export { container, fact, field, text } from './layoutComponents';

// The width of the window, as a browser would report it after a resize.
export function resizeWindow(width: number): void {
  vi.stubGlobal('innerWidth', width);
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

export interface LayoutOptions {
  values?: Values;
  errors?: FieldErrors;
  readOnly?: boolean;
  reveal?: string | null;
  // The size class of the screen; by default the one of the window's width, as on a form.
  screen?: ScreenClass;
  view?: string;
  parentId?: string;
  onPreviewLink?: LayoutContextValue['onPreviewLink'];
  onPreviewAddress?: LayoutContextValue['onPreviewAddress'];
  // The form's address and its way to open a child screen (by default a form at /case/case-1 that
  // records what it opens).
  address?: string;
  openChild?: LayoutContextValue['openChild'];
  // The layout's user's own controls by component type.
  controls?: LayoutContextValue['controls'];
}

export interface RenderedLayout extends RenderResult {
  user: UserEvent;
  // Every change a control reported, as (field, value).
  onChange: Mock<(field: string, value: unknown) => void>;
  // The form's values now.
  values: () => Values;
  // Renders the same layout again with other options (values typed so far are kept).
  update: (options: LayoutOptions) => void;
}

// A form around a layout, as the case and person forms hold it: the values live in state and
// change as the person types.
function Form({
  components,
  options,
  onChange,
  onValues,
}: {
  components: readonly Component[];
  options: LayoutOptions;
  onChange: (field: string, value: unknown) => void;
  onValues: (values: Values) => void;
}) {
  const [values, setValues] = useState<Values>(options.values ?? {});
  const windowScreen = useScreenClass();
  useEffect(() => onValues(values), [values, onValues]);
  return (
    <DynamicLayout
      components={components}
      readOnly={options.readOnly ?? false}
      reveal={options.reveal ?? null}
      values={values}
      errors={options.errors ?? {}}
      onChange={(id, value) => {
        onChange(id, value);
        setValues((before) => ({ ...before, [id]: value }));
      }}
      screen={options.screen ?? windowScreen}
      view={options.view ?? 'case'}
      parentId={options.parentId ?? 'CASE-1'}
      onPreviewLink={options.onPreviewLink}
      onPreviewAddress={options.onPreviewAddress}
      address={options.address ?? '/case/case-1'}
      openChild={options.openChild}
      controls={options.controls}
    />
  );
}

function Providers({ children }: { children: ReactNode }) {
  return <FluentProvider theme={webLightTheme}>{children}</FluentProvider>;
}

export function renderLayout(components: readonly Component[], options: LayoutOptions = {}): RenderedLayout {
  const onChange: RenderedLayout['onChange'] = vi.fn();
  let current: Values = options.values ?? {};
  const onValues = (values: Values) => {
    current = values;
  };
  const user = userEvent.setup({ delay: null });
  const result = render(<Form components={components} options={options} onChange={onChange} onValues={onValues} />, {
    wrapper: Providers,
  });
  return {
    ...result,
    user,
    onChange,
    values: () => current,
    update: (next) =>
      result.rerender(<Form components={components} options={{ ...options, ...next }} onChange={onChange} onValues={onValues} />),
  };
}
