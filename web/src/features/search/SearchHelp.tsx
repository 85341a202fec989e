import {
  Button,
  Tooltip,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { QuestionCircleRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
  },
});

// The search help page (spec 1 §2): what can be typed into the search box.
export function SearchHelp() {
  const styles = useStyles();
  const example = (text: string) => <span className={styles.code}>{text}</span>;
  return (
    <Dialog>
      <DialogTrigger disableButtonEnhancement>
        <Tooltip content="Search help" relationship="label">
          <Button appearance="subtle" icon={<QuestionCircleRegular />} />
        </Tooltip>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>How to search</DialogTitle>
          <DialogContent>
            <ul className={styles.list}>
              <li>
                Type words to find records that contain all of them: {example('loud music')} finds records with both
                words. Other forms of a word count too: {example('complaint')} also finds “complaints”.
              </li>
              <li>Put words in quotes to find them together, in that order: {example('"harbour bar"')}.</li>
              <li>
                End a word with * to find every word that starts so: {example('harb*')} finds Harbour and Harbridge. Type
                at least 2 letters before the *; a search can hold up to 32 words, 5 of them ending in *.
              </li>
              <li>Put - before a word to leave out records that contain it: {example('noise -music')}.</li>
              <li>
                A case number or a person number finds that record: {example('CMP-2026-00042')}; {example('CMP-2026*')}{' '}
                finds every case number that starts so.
              </li>
              <li>Leave the text empty and choose a type to list all its records, newest first.</li>
              <li>
                The status choice keeps to Registered/Active records (open cases, current persons), to
                Deregistered/Obsolete ones, or shows All. You only ever find records you may open.
              </li>
            </ul>
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="primary">Close</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
