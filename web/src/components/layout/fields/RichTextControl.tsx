import { Toolbar, ToolbarButton, makeStyles, tokens, mergeClasses } from '@fluentui/react-components';
import {
  TextBoldRegular,
  TextBulletListLtrRegular,
  TextItalicRegular,
  TextNumberListLtrRegular,
  TextUnderlineRegular,
} from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';

import { sanitizeRichText } from './richText';
import type { ControlProps } from './TextControls';

const useStyles = makeStyles({
  box: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  editor: {
    minHeight: '120px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    outline: 'none',
    overflowWrap: 'anywhere',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
    },
  },
  readOnly: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    minHeight: '32px',
    overflowWrap: 'anywhere',
  },
});

const commands = [
  { command: 'bold', label: 'Bold', icon: <TextBoldRegular /> },
  { command: 'italic', label: 'Italic', icon: <TextItalicRegular /> },
  { command: 'underline', label: 'Underline', icon: <TextUnderlineRegular /> },
  { command: 'insertUnorderedList', label: 'Bulleted list', icon: <TextBulletListLtrRegular /> },
  { command: 'insertOrderedList', label: 'Numbered list', icon: <TextNumberListLtrRegular /> },
];

// Rich text: an editable area with a small toolbar. What is typed is kept to the tags the server
// stores; a read-only value is shown as it will print.
export function RichTextControl({ component, value, readOnly, onChange }: ControlProps) {
  const styles = useStyles();
  const editor = useRef<HTMLDivElement>(null);
  const lastEmitted = useRef<string | null>(null);
  const html = typeof value === 'string' ? value : '';

  useEffect(() => {
    if (editor.current && html !== lastEmitted.current) {
      editor.current.innerHTML = sanitizeRichText(html);
      lastEmitted.current = html;
    }
  }, [html]);

  if (readOnly) {
    return (
      <div
        className={mergeClasses(styles.box, styles.readOnly)}
        tabIndex={0}
        role="document"
        aria-label={component.label}
        dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
      />
    );
  }
  const emit = () => {
    const next = sanitizeRichText(editor.current?.innerHTML ?? '');
    lastEmitted.current = next;
    onChange(next);
  };
  return (
    <div className={styles.box}>
      <Toolbar aria-label={`Formatting for ${component.label}`} size="small">
        {commands.map((command) => (
          <ToolbarButton
            key={command.command}
            aria-label={command.label}
            icon={command.icon}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              editor.current?.focus();
              document.execCommand(command.command);
              emit();
            }}
          />
        ))}
      </Toolbar>
      <div
        ref={editor}
        className={styles.editor}
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={component.label}
        onInput={emit}
        suppressContentEditableWarning
      />
    </div>
  );
}
