import { Select } from 'antd';
import { useAbortableSWR } from '../api/hooks';
import type { Row } from '../api/types';
import type { StaticOptionsSource } from '../list/resource';

interface Props {
  id?: string;
  value?: (string | number)[];
  onChange?: (value: (string | number)[]) => void;
  source: StaticOptionsSource;
}

/** A multi-select over a short fixed list the server supplies once (e.g. system areas). */
export function StaticOptionsSelect({ id, value, onChange, source }: Props) {
  const { data, isLoading } = useAbortableSWR<{ listData: Row[] }>(source.url, { revalidateOnFocus: false });
  // The chosen tags show the short value (e.g. 'SystemSetup'); the list also describes each one.
  const options = (data?.listData ?? []).map((row) => ({
    value: row[source.valueField] as string | number,
    label: String(row[source.valueField] ?? ''),
    description: String(row[source.descriptionField] ?? ''),
  }));
  return (
    <Select
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={(next) => onChange?.(next)}
      options={options}
      loading={isLoading}
      optionRender={(option) => (
        <div className="described-option">
          <div>{option.data.label}</div>
          <div className="described-option-description">{option.data.description}</div>
        </div>
      )}
      optionFilterProp="label"
      listHeight={350}
      allowClear
      placeholder="Choose..."
    />
  );
}
