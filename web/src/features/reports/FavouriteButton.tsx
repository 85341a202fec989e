import { ToggleButton, Tooltip } from '@fluentui/react-components';
import { StarFilled, StarRegular } from '@fluentui/react-icons';

import { MessageDialog } from '../../components/Dialogs';
import { useFavourite } from './useFavourite';

// The star that keeps a report among the person's favourites.
export function FavouriteButton({ reportCode, heading, favourite }: { reportCode: string; heading: string; favourite: boolean }) {
  const change = useFavourite();
  const label = `Favourite: ${heading}`;
  return (
    <>
      <Tooltip content={favourite ? 'Remove from favourites' : 'Add to favourites'} relationship="description" withArrow>
        <ToggleButton
          appearance="subtle"
          checked={favourite}
          aria-label={label}
          icon={favourite ? <StarFilled /> : <StarRegular />}
          onClick={() => change.mutate({ reportCode, favourite: !favourite })}
        />
      </Tooltip>
      <MessageDialog open={change.isError} title="Favourite not kept" onClose={() => change.reset()}>
        {change.error?.message}
      </MessageDialog>
    </>
  );
}
