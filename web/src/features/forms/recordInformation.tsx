import { dataFields, type Values } from '../../components/layout/layoutModel';
import type { LayoutComponent } from '../../lib/api/types';
import { closeInformationBar, informationBar, showPanel } from '../../lib/informationBar';
import type { EntityKind } from '../../lib/records';
import { slots } from '../../lib/slots';

// The information button of a record's header: opens the bar with the record's preview (without
// offering to open the record already on screen) and a map of its first address; closes it when
// it is open.
export function showRecordInformation({
  kind,
  identifier,
  isNew,
  components,
  values,
}: {
  kind: EntityKind;
  identifier: string;
  isNew: boolean;
  components: readonly LayoutComponent[];
  values: Values;
}): void {
  if (informationBar.get().open) {
    closeInformationBar();
    return;
  }
  if (!isNew && identifier) {
    showPanel('entityPreview', { title: 'Preview', content: slots.entityPreview(kind, identifier, { open: false }) });
  }
  const address = dataFields(components).find((component) => component.type === 'Addresses' && values[component.referenceCode ?? '']);
  if (address) {
    showPanel('addressPreview', {
      title: `Map: ${address.label}`,
      content: slots.addressPreview(values[address.referenceCode ?? ''] as Record<string, string>),
    });
  }
}
