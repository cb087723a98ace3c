import { Checkbox } from 'antd';
import { WEEKDAY_NAMES } from '../format/format';

interface Props {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  /** Boxes from Monday to Sunday (a week as the rota shows it); the bitmask stays the same. */
  mondayFirst?: boolean;
}

const SUNDAY_FIRST = [0, 1, 2, 3, 4, 5, 6];
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

/**
 * Seven weekday boxes over the login-days bitmask: Sunday is bit 0 (1)
 * through Saturday bit 6 (64). No box ticked is 0, which allows every day.
 */
export function WeekdaysInput({ id, value, onChange, mondayFirst }: Props) {
  const mask = value ?? 0;
  const order = mondayFirst ? MONDAY_FIRST : SUNDAY_FIRST;
  const ticked = order.filter((bit) => mask & (1 << bit));
  // Checkbox.Group takes no id, so the form label points at a wrapper.
  return (
    <div id={id}>
      <Checkbox.Group
        value={ticked}
        onChange={(bits) => onChange?.(bits.reduce((sum, bit) => sum | (1 << bit), 0))}
        options={order.map((bit) => ({ label: WEEKDAY_NAMES[bit], value: bit }))}
      />
    </div>
  );
}
