import { Link, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';

import type { LayoutComponent } from '../lib/api/types';
import { recordPath, type EntityKind } from '../lib/records';
import type { RecordPlace } from '../lib/slots';
import { useLayout } from './layout/LayoutContext';
import { RecordViewSection, useRecordViewStyles } from './RecordViewSection';

// What a view of the things a record holds knows to draw them.
export interface RecordView {
  label: string;
  // The record's address, under which the screens of what it holds open.
  address: string;
  // Whether the person may add, change and remove them here.
  canModify: boolean;
  // Opens a child screen, keeping what the record's form holds unsaved (LayoutContext.openChild).
  open: (to: string, state?: unknown) => void;
}

// The frame of a record form's view of what the record holds (other names, comments, cross
// references, actions): its section with the layout's label, a count and what may be added, the
// list read for the record — or that the record must be saved first, that it is loading, could not
// be read, or is empty.
export function RecordViewFrame<TData extends { canModify: boolean }, TKey extends readonly unknown[]>({
  place,
  component,
  kind,
  defaultLabel,
  afterSaving,
  query,
  count,
  empty,
  actions,
  children,
}: {
  place: RecordPlace;
  component: LayoutComponent;
  // The kind of record that holds them.
  kind: EntityKind;
  defaultLabel: string;
  // What a record not saved yet may do once saved: "add comments".
  afterSaving: string;
  query: (identifier: string) => UseQueryOptions<TData, Error, TData, TKey>;
  count: (data: TData) => string;
  empty: (data: TData) => string | null;
  actions?: (data: TData, view: RecordView) => ReactNode;
  children: (data: TData, view: RecordView) => ReactNode;
}) {
  const navigate = useNavigate();
  const layout = useLayout();
  const label = component.label || defaultLabel;
  const saved = place.identifier !== '' && place.kind === kind;
  const read = useQuery({ ...query(place.identifier), enabled: saved });
  if (!saved) {
    return <RecordViewSection label={label} showHeading={!!component.label} empty={`Save the ${place.typeName.toLowerCase()} first, then ${afterSaving}.`} />;
  }
  const view: RecordView = {
    label,
    address: recordPath(kind, place.identifier),
    canModify: read.data?.canModify === true && !place.readOnly,
    open: (to, state) => (layout.openChild ? layout.openChild(to, state) : navigate(to, { state })),
  };
  return (
    <RecordViewSection
      label={label}
      showHeading={!!component.label}
      count={read.data ? count(read.data) : null}
      actions={read.data && actions?.(read.data, view)}
      pending={read.isPending}
      error={read.error}
      empty={read.data ? empty(read.data) : null}
    >
      {read.data && children(read.data, view)}
    </RecordViewSection>
  );
}

// A link to a child screen of the record, opened through the view (a real href for a new tab).
export function RecordViewLink({ view, to, children }: { view: RecordView; to: string; children: ReactNode }) {
  const href = useHref(to);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    view.open(to);
  };
  return (
    <Link href={href} onClick={follow}>
      {children}
    </Link>
  );
}

export interface RecordColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

// The table of a view: its columns, a row each, and the row's actions at the end when there are any.
export function RecordTable<T>({
  label,
  rows,
  rowKey,
  columns,
  actions,
}: {
  label: string;
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  columns: ReadonlyArray<RecordColumn<T>>;
  actions?: (row: T) => ReactNode;
}) {
  const styles = useRecordViewStyles();
  return (
    <div className={styles.scroll}>
      <Table size="small" className={styles.table} aria-label={label}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.header}>{column.header}</TableHeaderCell>
            ))}
            {actions && (
              <TableHeaderCell className={styles.actionsCell}>
                <span className={styles.muted}>Actions</span>
              </TableHeaderCell>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)}>
              {columns.map((column) => (
                <TableCell key={column.header} className={column.className}>
                  {column.cell(row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell>
                  <span className={styles.actions}>{actions(row)}</span>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
