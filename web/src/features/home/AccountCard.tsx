import { Body1, Card, CardHeader, Switch, Text } from '@fluentui/react-components';
import { KeyRegular } from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { AppLink } from '../../components/AppLink';
import { currentUserQuery, saveHighContrast } from '../../lib/currentUser';
import { setHighContrast, useHighContrast } from '../../lib/theme';

// Who is signed in, the high-contrast choice (kept on the server), and the way to a new password.
export function AccountCard() {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery);
  const highContrast = useHighContrast();
  return (
    <Card>
      <CardHeader header={<Text weight="semibold" as="h2">Your account</Text>} />
      {user && (
        <Body1>
          Signed in as <strong>{user.username}</strong>
        </Body1>
      )}
      <Switch
        label="High contrast"
        checked={highContrast}
        onChange={(_, data) => {
          setHighContrast(data.checked);
          saveHighContrast(data.checked)
            .then((saved) => queryClient.setQueryData(currentUserQuery.queryKey, saved))
            .catch(() => undefined);
        }}
      />
      {user?.canChangePassword && (
        <Body1>
          <KeyRegular aria-hidden /> <AppLink to="/changepassword">Change your password</AppLink>
        </Body1>
      )}
    </Card>
  );
}
