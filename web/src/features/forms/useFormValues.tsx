import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { focusField } from '../../components/layout/LayoutContext';
import { dataFields, sameValues, validateValues, type FieldErrors, type Values } from '../../components/layout/layoutModel';
import type { LayoutComponent } from '../../lib/api/types';
import { closeInformationBar, informationBar, showPanel } from '../../lib/informationBar';
import type { ScreenClass } from '../../lib/screen';
import { ValidationSummary, type Problem } from './ValidationSummary';

// Spec 2 §9: on a small screen, going to a field from the summary closes the information bar 100 ms
// after the field has the focus, so that the person sees the field.
export const summaryToggleMs = 100;

// The values of a form and what is wrong with them. Once a save has found problems, the errors and
// the validation summary follow the form as it changes: a field put right leaves the list, and an
// empty list says "No validation errors detected." (spec 2 "Validation summary"). Errors the
// server found stay on their fields until those fields change.
export function useFormValues({
  components,
  baseline,
  initial,
  readOnly,
  screen,
  onGoToField,
}: {
  components: readonly LayoutComponent[];
  baseline: Values;
  // Where the values start when not from the stored ones: what the form held when it opened a
  // child screen, with what the child chose (lib/formDrafts.ts).
  initial?: Values | null;
  readOnly: boolean;
  screen: ScreenClass;
  onGoToField: (field: string) => void;
}) {
  const [values, setValues] = useState<Values>(() => (initial ? { ...baseline, ...initial } : baseline));
  const [checking, setChecking] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const dirty = !readOnly && !sameValues(values, baseline);

  const errors = useMemo<FieldErrors>(
    () => (checking ? { ...serverErrors, ...validateValues(components, values) } : {}),
    [checking, serverErrors, components, values],
  );

  const order = useMemo(() => dataFields(components).map((component) => component.referenceCode ?? component.id), [components]);
  const labels = useMemo(
    () => new Map(dataFields(components).map((component) => [component.referenceCode ?? component.id, component.label])),
    [components],
  );
  const problems = useMemo<Problem[]>(
    () =>
      Object.entries(errors)
        .map(([field, message]) => ({ field, label: labels.get(field) ?? field, message }))
        .sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field)),
    [errors, labels, order],
  );

  const goToField = useCallback(
    (field: string) => {
      onGoToField(field);
      setTimeout(() => {
        focusField(field);
        if (screen === 'small') setTimeout(closeInformationBar, summaryToggleMs);
      }, 0);
    },
    [onGoToField, screen],
  );

  // The summary, once shown, is kept up to date without taking the focus again.
  const summaryShown = useRef(false);
  useEffect(() => {
    if (!summaryShown.current || !informationBar.get().panels.validationSummary) return;
    showPanel('validationSummary', { title: 'Validation summary', content: <ValidationSummary problems={problems} onActivate={goToField} /> }, false);
  }, [problems, goToField]);

  // Field errors sit on their fields; the summary opens in the information bar, except on small
  // screens, where the first field with an error takes the focus instead (spec 1 §5).
  const report = (found: FieldErrors, fromServer = false) => {
    setChecking(true);
    if (fromServer) setServerErrors(found);
    const reported = Object.entries(found)
      .map(([field, message]) => ({ field, label: labels.get(field) ?? field, message }))
      .sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
    if (screen === 'small') {
      if (reported[0]) goToField(reported[0].field);
      return;
    }
    summaryShown.current = true;
    showPanel('validationSummary', { title: 'Validation summary', content: <ValidationSummary problems={reported} onActivate={goToField} /> });
  };

  const onChange = (field: string, value: unknown) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  // What a save must do first: false (and the problems reported) when the form has errors.
  const checkBeforeSaving = (): boolean => {
    const found = validateValues(components, values);
    if (Object.keys(found).length === 0) return true;
    report(found);
    return false;
  };

  return { values, errors, dirty, onChange, report, checkBeforeSaving, goToField };
}
