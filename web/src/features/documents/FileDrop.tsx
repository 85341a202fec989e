import { Button, Caption1, Label, ProgressBar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, CheckmarkCircleRegular, DismissRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { useId, useRef, useState } from 'react';

import { fileSizeText, filesToAdd } from './documentRules';
import { progressView, type FileUpload } from './uploadProgress';

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
  progress: {
    gridColumn: '1 / span 2',
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
  },
  state: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    minWidth: '5.5em',
    justifyContent: 'flex-end',
    fontVariantNumeric: 'tabular-nums',
    color: tokens.colorNeutralForeground2,
  },
  uploaded: { color: tokens.colorPaletteGreenForeground1 },
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
    onAdd(filesToAdd(picked, !multiple));
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
                <UploadProgress file={file} />
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

// A file's bar and, beside it in words, where it stands: a percentage, 'Finishing…' while the server
// checks and stores it (the bar moves without a value), 'Uploaded' with a tick once it said so.
function UploadProgress({ file }: { file: FileUpload }) {
  const styles = useStyles();
  const view = progressView(file);
  const done = file.state === 'done';
  return (
    <div className={styles.progress}>
      <ProgressBar
        value={view.value}
        color={done ? 'success' : 'brand'}
        aria-label={view.label}
        aria-valuetext={view.valueText}
      />
      <Caption1 className={mergeClasses(styles.state, done && styles.uploaded)} aria-hidden>
        {done && <CheckmarkCircleRegular />}
        {view.text}
      </Caption1>
    </div>
  );
}
