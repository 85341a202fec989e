import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';

// "New", opening a menu of the kinds of record that may be made here.
export function NewMenu<T>({ choices, keyOf, textOf, onChoose }: { choices: readonly T[]; keyOf: (choice: T) => string; textOf: (choice: T) => string; onChoose: (choice: T) => void }) {
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button icon={<AddRegular />}>New</Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {choices.map((choice) => (
            <MenuItem key={keyOf(choice)} onClick={() => onChoose(choice)}>
              {textOf(choice)}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
