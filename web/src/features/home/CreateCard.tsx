import { Button, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { searchEntityTypesQuery } from '../../lib/entityTypes';

const useStyles = makeStyles({
  links: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
});

// New records of the types the person may create.
export function CreateCard() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { data: types } = useQuery(searchEntityTypesQuery);
  const creatable = [
    ...(types?.caseEntityTypes ?? []).filter((type) => type.canCreate).map((type) => ({ ...type, kind: 'case' as const })),
    ...(types?.personTypes ?? []).filter((type) => type.canCreate).map((type) => ({ ...type, kind: 'person' as const })),
  ];
  if (creatable.length === 0) return null;
  return (
    <Card>
      <CardHeader header={<Text weight="semibold" as="h2">Create</Text>} />
      <ul className={styles.links}>
        {creatable.map((type) => (
          <li key={`${type.kind}:${type.ref}`}>
            <Button appearance="transparent" icon={<AddRegular />} onClick={() => navigate(`/new/${type.kind}/${type.ref.toLowerCase()}`)} title={type.description}>
              New {type.name}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
