import { Button, Caption1, Label, ProgressBar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DismissRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { useId, useRef, useState } from 'react';

import { fileSizeText } from './documentRules';
import type { FileUpload } from './useUploads';

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalL,
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
  },
  over: {
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  invalid: {
    border: `${tokens.strokeWidthThick} dashed ${tokens.colorPaletteRedBorder2}`,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    alignSelf: 'stretch',
  },
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXXS,
    textAlign: 'start',
  },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  error: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'center',
    color: tokens.colorPaletteRedForeground1,
    gridColumn: '1 / span 2',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  fieldError: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'center',
    color: tokens.colorPaletteRedForeground1,
  },
});

// Where files are added (spec 2 §4): picked or dropped, several at once on a new document and one at
// check-in, each with its progress bar; a refused file says why and can be removed.
export function FileDrop({
  files,
  onAdd,
  onRemove,
  multiple,
  disabled = false,
  error = null,
  label,
}: {
  files: readonly FileUpload[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  multiple: boolean;
  disabled?: boolean;
  error?: string | null;
  label: string;
}) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    if (!list || list.length === 0 || disabled) return;
    const picked = Array.from(list);
    onAdd(multiple ? picked : picked.slice(0, 1));
  };
  const errorId = useId();
  return (
    <div className={styles.field}>
    <Label required>{label}</Label>
    <div
      className={mergeClasses(styles.zone, over && styles.over, Boolean(error) && styles.invalid)}
      role="group"
      aria-label={label}
      aria-describedby={error ? errorId : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        take(event.dataTransfer.files);
      }}
      data-testid="file-drop"
    >
      <ArrowUploadRegular fontSize={28} aria-hidden />
      <Text>{multiple ? 'Drop files here, or' : 'Drop the new file here, or'}</Text>
      <Button disabled={disabled} onClick={() => input.current?.click()}>
        {multiple ? 'Choose files' : 'Choose a file'}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        multiple={multiple}
        aria-label={multiple ? 'Files to add' : 'File to check in'}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      {files.length > 0 && (
        <ul className={styles.list} aria-label="Files">
          {files.map((file) => (
            <li key={file.key} className={styles.item}>
              <Text className={styles.name} title={file.name}>
                {file.name} <Caption1 className={styles.muted}>{fileSizeText(file.size)}</Caption1>
              </Text>
              <Button
                appearance="subtle"
                size="small"
                icon={<DismissRegular />}
                aria-label={`Remove ${file.name}`}
                onClick={() => onRemove(file.key)}
              />
              {file.state === 'failed' ? (
                <Caption1 className={styles.error} role="alert">
                  <ErrorCircleRegular aria-hidden /> {file.error}
                </Caption1>
              ) : (
                <ProgressBar
                  style={{ gridColumn: '1 / span 2' }}
                  value={file.size === 0 ? 1 : file.sent / file.size}
                  color={file.state === 'done' ? 'success' : 'brand'}
                  aria-label={`${file.name}: ${file.state === 'done' ? 'uploaded' : `${Math.floor((file.sent / Math.max(1, file.size)) * 100)}% uploaded`}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
      {error && (
        <Caption1 id={errorId} className={styles.fieldError} role="alert">
          <ErrorCircleRegular aria-hidden /> {error}
        </Caption1>
      )}
    </div>
  );
}
