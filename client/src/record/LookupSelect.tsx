import { useEffect, useMemo, useRef, useState } from 'react';
import { useList } from '../api/hooks';
import type { LookupSource, SelectOption } from '../list/resource';
import { useDebouncedCallback } from '../shell/useDebounced';
import { Picker } from './Picker';
import { textOf } from '../format/format';

interface Props {
  id?: string;
  value?: number | number[] | null;
  onChange?: (value: number | number[] | null) => void;
  source: LookupSource;
  multiple?: boolean;
  /** Names of the current choice, from the record, before any options load. */
  initialOptions: SelectOption[];
  placeholder?: string;
  /** The input's name for screen readers where no form label names it (e.g. a picker above a screen). */
  'aria-label'?: string;
}

/**
 * A foreign key picker: loads options from the list API one page at a time
 * (`pageLength` 50, or 100 for stores), sorted by name, searching with
 * `quickFilter` as the user types. Options load only once the picker opens.
 */
export function LookupSelect({ id, value, onChange, source, multiple, initialOptions, placeholder, 'aria-label': ariaLabel }: Props) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const applySearch = useDebouncedCallback((text: string) => setSearch(text));

  const query: Record<string, string> = {
    page: '0',
    pageLength: String(source.pageLength ?? 50),
    sort: source.sort?.field ?? source.labelField,
    sortDir: source.sort?.dir ?? 'asc',
    ...source.filters,
  };
  if (search.trim()) query.quickFilter = search.trim();
  const { data, isLoading } = useList(opened ? source.listPath : null, query);

  // Remember every label seen, so chosen values keep their names while the
  // loaded page changes with the search.
  const knownLabels = useRef(new Map<number | string, string>());
  for (const option of initialOptions) knownLabels.current.set(option.value, option.label);
  const loaded: SelectOption[] = useMemo(
    () =>
      (data?.listData ?? []).map((row) => ({
        value: row[source.valueField] as number,
        label: source.optionLabel ? source.optionLabel(row) : textOf(row[source.labelField]),
      })),
    [data, source],
  );
  for (const option of loaded) knownLabels.current.set(option.value, option.label);

  const chosen = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const options = [...loaded];
  for (const chosenValue of chosen) {
    if (!options.some((o) => o.value === chosenValue)) {
      options.unshift({ value: chosenValue, label: knownLabels.current.get(chosenValue) ?? '(Not found)' });
    }
  }
  if (!opened) {
    for (const option of initialOptions) if (!options.some((o) => o.value === option.value)) options.push(option);
  }

  // A new search starts from the top of the list.
  useEffect(() => {
    if (!opened) setSearch('');
  }, [opened]);

  return (
    <Picker
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? chosen : (value ?? undefined)}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      onSearch={applySearch}
      onOpenChange={setOpened}
      loading={isLoading}
      allowClear
      placeholder={placeholder ?? 'Choose...'}
      notFoundContent={isLoading ? 'Loading...' : 'Nothing found'}
      listHeight={350}
      aria-label={ariaLabel}
    />
  );
}
