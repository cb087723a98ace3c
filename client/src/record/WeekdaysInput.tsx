import { Checkbox } from 'antd';
import { WEEKDAY_NAMES } from '../format/format';

interface Props {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
}

/**
 * Seven weekday boxes over the login-days bitmask: Sunday is bit 0 (1)
 * through Saturday bit 6 (64). No box ticked is 0, which allows every day.
 */
export function WeekdaysInput({ id, value, onChange }: Props) {
  const mask = value ?? 0;
  const ticked = WEEKDAY_NAMES.map((_, bit) => bit).filter((bit) => mask & (1 << bit));
  // Checkbox.Group takes no id, so the form label points at a wrapper.
  return (
    <div id={id}>
    <Checkbox.Group
      value={ticked}
      onChange={(bits) => onChange?.((bits as number[]).reduce((sum, bit) => sum | (1 << bit), 0))}
      options={WEEKDAY_NAMES.map((name, bit) => ({ label: name, value: bit }))}
    />
    </div>
  );
}
