import { Dropdown, Option } from '@fluentui/react-components';

// The status filter of a search (spec 1 §4): All, Registered/Active (the default) or
// Deregistered/Obsolete; 'all' also when deregistered and obsolete records are included (spec 2 §9).
export type SearchStatus = 'all' | 'active' | 'inactive';

export const searchStatusOptions: ReadonlyArray<{ value: SearchStatus; text: string }> = [
  { value: 'all', text: 'All' },
  { value: 'active', text: 'Registered/Active' },
  { value: 'inactive', text: 'Deregistered/Obsolete' },
];

export function readSearchStatus(value: string | null): SearchStatus {
  return value === 'all' || value === 'inactive' ? value : 'active';
}

export function StatusDropdown({ value, onChange, className }: { value: SearchStatus; onChange: (value: SearchStatus) => void; className?: string }) {
  return (
    <Dropdown
      className={className}
      aria-label="Status"
      value={searchStatusOptions.find((option) => option.value === value)?.text ?? ''}
      selectedOptions={[value]}
      onOptionSelect={(_, data) => data.optionValue && onChange(readSearchStatus(data.optionValue))}
    >
      {searchStatusOptions.map((option) => (
        <Option key={option.value} value={option.value}>
          {option.text}
        </Option>
      ))}
    </Dropdown>
  );
}
