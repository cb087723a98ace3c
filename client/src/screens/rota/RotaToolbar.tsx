import type { ReactNode } from 'react';
import { Button, DatePicker } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { mondayOf } from './rota';
import './rota.css';
import { Picker } from '../../record/Picker';

interface Props {
  title: string;
  /** The shown week's Monday, yyyy-mm-dd. */
  week: string;
  onWeek: (monday: string) => void;
  /** The store picker, when the screen shows one store. */
  store?: { storeID: number; stores: { storeID: number; name: string }[]; onStore: (storeID: number) => void };
  children?: ReactNode;
}

/** The toolbar of a rota area (spec 02 section 2.5): week navigation, the store picker, the area's actions. */
export function RotaToolbar({ title, week, onWeek, store, children }: Props) {
  const move = (weeks: number) => onWeek(dayjs(week).add(weeks, 'week').format('YYYY-MM-DD'));
  return (
    <div className="rota-toolbar" role="toolbar" aria-label={`${title} toolbar`}>
      <span className="rota-toolbar-title">{title}</span>
      {/* Two groups that wrap whole: the week, then the store with the area's actions, so an action never sits alone on a row. */}
      <div className="rota-toolbar-controls">
        <div className="rota-toolbar-group">
          <Button aria-label="Previous week" icon={<LeftOutlined />} onClick={() => move(-1)} />
          <DatePicker
            className="rota-week-picker"
            picker="week"
            aria-label="Week"
            allowClear={false}
            value={dayjs(week)}
            format={(value) => `Week of ${mondayOf(value.format('YYYY-MM-DD')).split('-').reverse().join('/')}`}
            onChange={(picked) => picked && onWeek(mondayOf(picked.format('YYYY-MM-DD')))}
          />
          <Button aria-label="Next week" icon={<RightOutlined />} onClick={() => move(1)} />
          <Button onClick={() => onWeek(mondayOf(dayjs().format('YYYY-MM-DD')))}>This week</Button>
        </div>
        {(store || children) && (
          <div className="rota-toolbar-group">
            {store && (
              <Picker
                className="rota-store-picker"
                aria-label="Store"
                placeholder="Store"
                value={store.storeID || undefined}
                options={store.stores.map((s) => ({ value: s.storeID, label: s.name }))}
                onChange={store.onStore}
              />
            )}
            {children}
          </div>
        )}
      </div>
    </div>
  );
}
