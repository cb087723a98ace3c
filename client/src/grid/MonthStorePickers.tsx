import { DatePicker } from 'antd';
import './grid.css';
import dayjs from 'dayjs';
import { Picker } from '../record/Picker';

interface Props {
  /** The first of the shown month, yyyy-mm-dd. */
  month: string;
  /** The shown store; 0 for none. */
  storeID: number;
  /** The stores to choose from (the access profile's). */
  stores: { storeID: number; name: string }[];
  /** Receives the first of the chosen month, yyyy-mm-dd. */
  onMonth: (month: string) => void;
  onStore: (storeID: number) => void;
}

/** The month and store pickers over the grid editors (spec 02 §2.1 and §2.2). */
export function MonthStorePickers({ month, storeID, stores, onMonth, onStore }: Props) {
  return (
    <div className="month-store-pickers">
      <DatePicker
        picker="month"
        aria-label="Month"
        format="MMMM YYYY"
        allowClear={false}
        value={dayjs(month)}
        onChange={(picked) => picked && onMonth(picked.startOf('month').format('YYYY-MM-DD'))}
      />
      <Picker
        className="month-store-pickers-store"
        aria-label="Store"
        placeholder="Store"
        value={storeID || undefined}
        options={stores.map((store) => ({ value: store.storeID, label: store.name }))}
        onChange={onStore}
      />
    </div>
  );
}
