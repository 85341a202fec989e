import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';

import { validateValues, valuesForSaving, type Component, type FieldErrors, type Values } from '../../components/layout/layoutModel';
import { markDirty } from '../../lib/dirtyForms';

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

// The values of a document form, whether they differ from what was loaded, and their errors; the
// unsaved-changes guard is told while they differ.
export function useDocumentForm(baseline: Values, label: string) {
  const location = useLocation();
  const instance = useId();
  const [values, setValues] = useState<Values>(baseline);
  const [errors, setErrors] = useState<FieldErrors>({});
  // A new baseline (the document reloaded after a save) starts the form again from it.
  const [loaded, setLoaded] = useState(baseline);
  if (loaded !== baseline) {
    setLoaded(baseline);
    setValues(baseline);
    setErrors({});
  }
  const dirty = useMemo(() => Object.keys({ ...baseline, ...values }).some((key) => !same(baseline[key], values[key])), [baseline, values]);
  useEffect(() => {
    markDirty(instance, dirty ? { path: location.pathname, label } : null);
  }, [dirty, instance, label, location.pathname]);
  useEffect(() => () => markDirty(instance, null), [instance]);

  const onChange = (field: string, value: unknown) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });
  };
  // The form's own checks, before anything is sent (spec 2 §5); false when something needs fixing.
  const check = (components: readonly Component[]): boolean => {
    const found = validateValues(components, values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const forSaving = (components: readonly Component[]) => valuesForSaving(components, values);
  return { values, setValues, errors, setErrors, dirty, onChange, check, forSaving };
}
