import { useMemo, useState, type RefObject } from 'react';

import { focusField } from '../../components/layout/LayoutContext';
import type { Component, FieldErrors, Values } from '../../components/layout/layoutModel';
import { ApiError } from '../../lib/api';
import type { ReportData, ReportFilterValue } from './api';
import { filterValues, firstInvalid, formErrors, reportForm, type ReportAction } from './reportForm';

function container(id: string, label: string, children: Component[]): Component {
  return { id, type: 'Fieldset', label, readonly: false, hiddenOnSmallDevice: false, hiddenOnMediumDevice: false, children };
}

// What the server said is wrong with which filters: its field errors, and the filters a 400 names
// in `fields` (each then carrying the error's message).
export function filterErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const found: FieldErrors = { ...error.fieldErrors };
  const fields = error.details.fields;
  if (Array.isArray(fields)) {
    for (const field of fields) if (typeof field === 'string') found[field] = error.message;
  } else if (fields && typeof fields === 'object') {
    for (const [field, message] of Object.entries(fields)) found[field] = typeof message === 'string' ? message : error.message;
  }
  return found;
}

// The report panel as a form (spec 2 "Report panel", §5): its layout (a Filters fieldset only when
// the report has filters, then Output Format), its values and errors. Errors show once an action
// has been tried; an action first marks the form so, then goes ahead only when nothing is wrong —
// otherwise the first field at fault takes the focus.
export function useReportPanel(report: ReportData, root: RefObject<HTMLFormElement | null>) {
  const form = useMemo(() => reportForm(report), [report]);
  const [values, setValues] = useState<Values>(form.values);
  const [serverErrors, setServerErrors] = useState<FieldErrors>(form.serverErrors);
  const [attempted, setAttempted] = useState<ReportAction | null>(null);

  const layout = useMemo(
    () => [
      ...(form.filters.length > 0 ? [container('report-filters', 'Filters', form.filters)] : []),
      container('report-output', 'Output Format', form.outputs),
    ],
    [form],
  );
  const errors = attempted ? formErrors(form, values, serverErrors, attempted) : serverErrors;

  const onChange = (field: string, value: unknown) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  const focusFirst = (found: FieldErrors): boolean => {
    const first = firstInvalid(form, found);
    if (first) focusField(first, root.current ?? document);
    return first !== null;
  };

  // The filters to send, or null (with the problems shown and the focus on the first) when the
  // action must not go ahead.
  const attempt = (action: ReportAction): ReportFilterValue[] | null => {
    setAttempted(action);
    if (focusFirst(formErrors(form, values, serverErrors, action))) return null;
    return filterValues(form.filters, values);
  };

  // A refusal that names filters puts its message on them.
  const refused = (error: unknown) => {
    const found = filterErrorsOf(error);
    if (Object.keys(found).length === 0) return;
    setServerErrors((current) => ({ ...current, ...found }));
    focusFirst(found);
  };

  return { layout, values, errors, onChange, attempt, refused, format: values.outputFormat };
}
