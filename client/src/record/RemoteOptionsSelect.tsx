import { useRef } from 'react';
import { useAbortableSWR } from '../api/hooks';
import type { ChoiceOption, FieldContext, RemoteOptionsSource } from '../list/resource';
import { Picker } from './Picker';

interface Props {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  source: RemoteOptionsSource;
  ctx: FieldContext;
  /** Options known before loading, so the current choice shows its name. */
  initialOptions: ChoiceOption[];
  disabled?: boolean;
  status?: 'error';
  placeholder?: string;
  'aria-label'?: string;
}

/** A drop-down whose choices come from the server and may depend on the form (spec: metric part fields). */
export function RemoteOptionsSelect({ id, value, onChange, source, ctx, initialOptions, disabled, status, placeholder, ...rest }: Props) {
  const url = source.url(ctx);
  const { data, isLoading } = useAbortableSWR<unknown>(url, { revalidateOnFocus: false });
  const loaded = url && data !== undefined ? source.toOptions(data, ctx) : [];
  // Names seen before, so a choice the current options lack still reads as a name, never an id.
  const knownLabels = useRef(new Map<unknown, string>());
  for (const option of [...initialOptions, ...loaded]) knownLabels.current.set(option.value, option.label);
  const options = [...loaded];
  if (value !== null && value !== undefined && value !== '' && !options.some((o) => o.value === value)) {
    const known = knownLabels.current.get(value);
    options.unshift({ value: value as string | number, label: known ? `${known} (not available)` : '(Not available)' });
  }
  const waiting = !url;
  return (
    <Picker
      id={id}
      value={(value ?? undefined) as never}
      onChange={(next) => onChange?.(next ?? null)}
      options={options as never}
      loading={isLoading}
      disabled={disabled || waiting}
      status={status}
      allowClear
      placeholder={waiting ? source.waitingText : (placeholder ?? 'Choose...')}
      notFoundContent={isLoading ? 'Loading...' : 'Nothing to choose'}
      listHeight={350}
      aria-label={rest['aria-label']}
      popupMatchSelectWidth={false}
    />
  );
}
