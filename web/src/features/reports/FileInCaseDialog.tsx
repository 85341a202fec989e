import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { FolderArrowRightRegular } from '@fluentui/react-icons';
import { useRef, useState, type FormEvent } from 'react';

import { AppLink } from '../../components/AppLink';
import { ApiError } from '../../lib/api';
import { recordPath } from '../../lib/records';
import { fileReport, type FiledReport, type ReportData, type ReportFilterValue } from './api';
import { messageOf } from './ExportProgressCard';

const useStyles = makeStyles({
  surface: { maxWidth: '520px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground2 },
  actions: { flexWrap: 'wrap', justifyContent: 'flex-end' },
});

// Whether the report can be filed: it is filed as a PDF.
export function offersPdf(report: ReportData): boolean {
  return report.outputFormatComponents.some((component) => component.options?.some((option) => option.valueField === 'pdf'));
}

function today(): string {
  const now = new Date();
  const two = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

interface Problems {
  caseNumber?: string;
  title?: string;
  message?: string;
}

function problemsOf(error: unknown): Problems {
  if (error instanceof ApiError) {
    const { caseNumber, title } = error.fieldErrors;
    if (caseNumber || title) return { caseNumber, title };
  }
  return { message: messageOf(error) };
}

// Files the report in a case (POST /reports/file): a PDF made now with the filters chosen, added to
// the case's documents. There its preview shows the report as it is now beside the copy filed.
export function FileInCaseDialog({
  report,
  filters,
  open,
  onClose,
  onFiled,
}: {
  report: ReportData;
  filters: readonly ReportFilterValue[];
  open: boolean;
  onClose: () => void;
  onFiled: (filed: FiledReport) => void;
}) {
  const styles = useStyles();
  const [caseNumber, setCaseNumber] = useState('');
  const [title, setTitle] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [filing, setFiling] = useState(false);
  const [filed, setFiled] = useState<FiledReport | null>(null);
  const caseField = useRef<HTMLInputElement>(null);

  const close = () => {
    if (filing) return;
    setProblems({});
    setFiled(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (caseNumber.trim() === '') {
      setProblems({ caseNumber: 'Choose the case to file the report in.' });
      caseField.current?.focus();
      return;
    }
    setFiling(true);
    setProblems({});
    try {
      const answered = await fileReport({ reportCode: report.ReportCode, caseNumber: caseNumber.trim(), title, filters });
      setFiled(answered);
      onFiled(answered);
    } catch (error) {
      const found = problemsOf(error);
      setProblems(found);
      if (found.caseNumber) caseField.current?.focus();
    } finally {
      setFiling(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={filing || undefined}>
          <DialogBody>
            <DialogTitle>File in a case</DialogTitle>
            <DialogContent className={styles.content}>
              {filed ? (
                <MessageBar intent="success">
                  <MessageBarBody>
                    Filed in {filed.caseNumber} as “{filed.title}”, {filed.rows.toLocaleString()} {filed.rows === 1 ? 'row' : 'rows'}.{' '}
                    <AppLink to={recordPath('case', filed.caseNumber)}>Open the case</AppLink>
                  </MessageBarBody>
                </MessageBar>
              ) : (
                <>
                  <Caption1 className={styles.muted}>
                    “{report.Heading}” is made as a PDF with the filters chosen and added to the case’s documents. Its preview there also shows the
                    report as it is now.
                  </Caption1>
                  <Field label="Case number" required validationMessage={problems.caseNumber} validationState={problems.caseNumber ? 'error' : 'none'}>
                    <Input ref={caseField} value={caseNumber} autoFocus onChange={(_, data) => setCaseNumber(data.value)} disabled={filing} />
                  </Field>
                  <Field
                    label="Title"
                    hint="Left empty, the report’s heading and today’s date."
                    validationMessage={problems.title}
                    validationState={problems.title ? 'error' : 'none'}
                  >
                    <Input value={title} placeholder={`${report.Heading} ${today()}`} maxLength={255} onChange={(_, data) => setTitle(data.value)} disabled={filing} />
                  </Field>
                  {problems.message && (
                    <MessageBar intent="error">
                      <MessageBarBody>{problems.message}</MessageBarBody>
                    </MessageBar>
                  )}
                </>
              )}
            </DialogContent>
            <DialogActions className={styles.actions}>
              {filed ? (
                <Button appearance="primary" onClick={close}>
                  Close
                </Button>
              ) : (
                <>
                  <Button appearance="primary" type="submit" disabled={filing} icon={filing ? <Spinner size="tiny" /> : undefined}>
                    {filing ? 'Filing…' : 'File'}
                  </Button>
                  <Button onClick={close} disabled={filing}>
                    Cancel
                  </Button>
                </>
              )}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

// The report panel's "File in a case…" button: the filters are checked as for View first.
export function FileInCaseButton({
  report,
  filters,
  onFiled,
}: {
  report: ReportData;
  filters: () => ReportFilterValue[] | null;
  onFiled: (filed: FiledReport) => void;
}) {
  const [chosen, setChosen] = useState<ReportFilterValue[] | null>(null);
  if (!offersPdf(report)) return null;
  return (
    <>
      <Button
        icon={<FolderArrowRightRegular />}
        onClick={() => {
          const picked = filters();
          if (picked) setChosen(picked);
        }}
      >
        File in a case…
      </Button>
      <FileInCaseDialog report={report} filters={chosen ?? []} open={chosen !== null} onClose={() => setChosen(null)} onFiled={onFiled} />
    </>
  );
}
