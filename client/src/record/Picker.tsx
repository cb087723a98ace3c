import { Select, type SelectProps } from 'antd';
import type { BaseOptionType, DefaultOptionType } from 'antd/es/select';
import { compareTyped, matchesTyped, optionText } from './typeAhead';

/**
 * The app's one drop-down: antd's Select with the type-ahead of ./typeAhead.ts, so typing filters
 * by the shown label and Enter takes the first match (the best ranked), in every picker. A picker
 * searching on the server (`onSearch`) keeps its server search; the loaded options are filtered
 * the same way at once, so Enter never takes an option that does not match what was typed.
 */
export function Picker<V = unknown, O extends BaseOptionType | DefaultOptionType = DefaultOptionType>(props: SelectProps<V, O>) {
  return (
    <Select<V, O>
      {...props}
      showSearch
      filterOption={(typed, option) => matchesTyped(optionText(option), typed)}
      filterSort={(a, b, { searchValue }) => compareTyped(optionText(a), optionText(b), searchValue)}
    />
  );
}
