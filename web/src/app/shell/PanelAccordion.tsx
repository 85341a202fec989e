import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, makeStyles, tokens } from '@fluentui/react-components';

import type { Panel, PanelId } from '../../lib/informationBar';

const useStyles = makeStyles({
  panel: { paddingBottom: tokens.spacingVerticalM },
});

// The information bar's panels, each under a heading that collapses it: in the bar, where the
// store remembers which are open (`onToggle`), and in the information overlay, all open at first.
export function PanelAccordion({ panels, onToggle }: { panels: Array<[PanelId, Panel]>; onToggle?: (id: PanelId) => void }) {
  const styles = useStyles();
  const open = panels.filter(([, panel]) => panel.expanded).map(([id]) => id);
  const state = onToggle
    ? { openItems: open, onToggle: (_: unknown, data: { value: unknown }) => onToggle(data.value as PanelId) }
    : { defaultOpenItems: panels.map(([id]) => id) };
  return (
    <Accordion multiple collapsible {...state}>
      {panels.map(([id, panel]) => (
        <AccordionItem key={id} value={id} data-panel={id}>
          <AccordionHeader as="h3" expandIconPosition="end">
            {panel.title}
          </AccordionHeader>
          <AccordionPanel className={styles.panel}>{panel.content}</AccordionPanel>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
