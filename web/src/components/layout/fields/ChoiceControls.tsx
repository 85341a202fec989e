import { Checkbox, Dropdown, Option, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';

import type { ControlProps } from './TextControls';

const useStyles = makeStyles({
  dropdown: {
    minWidth: 0,
    width: '100%',
  },
  choices: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
  },
});

export function YesNoControl({ value, readOnly, onChange }: ControlProps) {
  return (
    <RadioGroup
      layout="horizontal"
      value={value === true ? 'yes' : value === false ? 'no' : ''}
      disabled={readOnly}
      onChange={(_, data) => onChange(data.value === 'yes')}
    >
      <Radio value="yes" label="Yes" />
      <Radio value="no" label="No" />
    </RadioGroup>
  );
}

const clearValue = '__none__';

export function ChoiceControl({ component, value, readOnly, onChange }: ControlProps) {
  const styles = useStyles();
  const options = component.options ?? [];
  const selected = typeof value === 'string' ? value : '';
  const text = options.find((option) => option.valueField === selected)?.textField ?? '';
  return (
    <Dropdown
      className={styles.dropdown}
      value={text}
      selectedOptions={selected ? [selected] : []}
      disabled={readOnly}
      placeholder="Choose…"
      onOptionSelect={(_, data) => onChange(data.optionValue === clearValue ? null : (data.optionValue ?? null))}
    >
      {!component.mandatory && <Option value={clearValue} text="(none)">(none)</Option>}
      {options.map((option) => (
        <Option key={option.valueField} value={option.valueField}>
          {option.textField}
        </Option>
      ))}
    </Dropdown>
  );
}

// Each box has an id and a name of its own: inside a Field, a Fluent control otherwise takes the
// field's one control id and its label.
export function MultiChoiceControl({ component, value, readOnly, onChange }: ControlProps) {
  const styles = useStyles();
  const boxId = useId();
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const options = component.options ?? [];
  return (
    <div className={styles.choices} role="group" aria-label={component.label}>
      {options.map((option, index) => (
        <Checkbox
          key={option.valueField}
          id={`${boxId}-${index}`}
          aria-labelledby={`${boxId}-${index}-label`}
          label={{ id: `${boxId}-${index}-label`, children: option.textField }}
          checked={chosen.includes(option.valueField)}
          disabled={readOnly}
          onChange={(_, data) => {
            const next = data.checked
              ? options.map((each) => each.valueField).filter((each) => each === option.valueField || chosen.includes(each))
              : chosen.filter((each) => each !== option.valueField);
            onChange(next.length > 0 ? next : null);
          }}
        />
      ))}
    </div>
  );
}
