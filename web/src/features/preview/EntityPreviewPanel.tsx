import { Body1, Button, Field, Input, Subtitle2, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowRightRegular, LocationRegular, WarningRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { Loading } from '../../components/LoadingMask';
import type { PreviewField } from '../../lib/api/types';
import { formatDate, formatDateTime, useDateFormat } from '../../lib/format';
import { showPanel } from '../../lib/informationBar';
import { AddressPreviewPanel } from './AddressPreviewPanel';
import { recordPath, type EntityKind } from '../../lib/records';
import { previewQuery } from './api';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  warning: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    color: tokens.colorPaletteDarkOrangeForeground1,
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
  address: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXS,
    '& > .fui-Textarea': { alignSelf: 'stretch' },
  },
});

function fieldValue(field: PreviewField, format: string): string {
  if (field.fieldType === 'DateField') return field.value ? formatDate(field.value, format) : '';
  if (field.fieldType === 'DateTimeField') return field.value ? formatDateTime(field.value, format) : '';
  return field.value;
}

// The entity preview (spec 2 "Previews"): a read-only panel with the record's description and
// its preview fields, or the reason it cannot be shown. linkToParent steps to the record this one
// belongs to; offerOpen opens the record itself (not offered for the record already on screen).
export function EntityPreviewPanel({
  kind,
  identifier,
  offerOpen,
}: {
  kind: EntityKind;
  identifier: string;
  offerOpen: boolean;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const format = useDateFormat();
  const preview = useQuery(previewQuery(kind, identifier));
  if (preview.isPending) return <Loading />;
  if (preview.isError) {
    return (
      <div className={styles.warning}>
        <WarningRegular aria-hidden />
        <Body1>{preview.error.message}</Body1>
      </div>
    );
  }
  const data = preview.data;
  if (!data.canView) {
    return <Body1>{data.errorMessage ?? 'You do not have permission to view this record.'}</Body1>;
  }
  return (
    <div className={styles.panel}>
      {data.errorMessage && (
        <div className={styles.warning}>
          <WarningRegular aria-hidden />
          <Body1>{data.errorMessage}</Body1>
        </div>
      )}
      <Subtitle2 as="h4">{data.descriptionDisplay}</Subtitle2>
      <Text className={styles.muted}>
        {data.entityDescription}
        {data.obsolete ? ' (obsolete)' : ''}
      </Text>
      {data.previewFields.map((field) => (
        <Field key={field.key} label={field.key} size="small">
          {field.fieldType === 'RichTextField' ? (
            <Textarea readOnly value={field.value} resize="vertical" />
          ) : field.fieldType === 'Addresses' && field.address ? (
            // The whole address, a line each, as wide as the other fields.
            <div className={styles.address}>
              <Textarea readOnly resize="none" rows={Math.max(1, field.value.split(', ').length)} value={field.value.split(', ').join('\n')} />
              <Button
                size="small"
                appearance="subtle"
                icon={<LocationRegular />}
                onClick={() =>
                  showPanel('addressPreview', {
                    title: `Map: ${field.key}`,
                    content: <AddressPreviewPanel address={field.address ?? {}} />,
                  })
                }
              >
                Show on map
              </Button>
            </div>
          ) : (
            <Input readOnly value={fieldValue(field, format)} />
          )}
        </Field>
      ))}
      {offerOpen && (
        <Button appearance="secondary" icon={<ArrowRightRegular />} iconPosition="after" onClick={() => navigate(recordPath(kind, identifier))}>
          Open {data.entityDescription.toLowerCase()}
        </Button>
      )}
      {data.linkToParent && (
        <Button appearance="subtle" icon={<ArrowRightRegular />} iconPosition="after" onClick={() => navigate(data.linkToParent ?? '/home')}>
          Open the parent record
        </Button>
      )}
    </div>
  );
}
