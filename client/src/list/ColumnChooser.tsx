import { Button, Checkbox, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { FieldDef } from './resource';

interface Props {
  /** Every column the table can show. */
  columns: FieldDef[];
  visible: string[];
  onChange: (visible: string[]) => void;
  onReset: () => void;
}

/** Lets the user pick the table's columns; the list saves the choice per table. */
export function ColumnChooser({ columns, visible, onChange, onReset }: Props) {
  const content = (
    <div className="column-chooser">
      <Checkbox.Group
        value={visible}
        onChange={(checked) => {
          // A table without columns is of no use, so the last one stays.
          if (checked.length > 0) onChange(columns.map((c) => c.name).filter((name) => checked.includes(name)));
        }}
      >
        <Space direction="vertical" size={4}>
          {columns.map((column) => (
            <Checkbox key={column.name} value={column.name}>
              {column.title}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <div className="column-chooser-footer">
        <Button size="small" type="link" onClick={onReset}>
          Reset to default
        </Button>
      </div>
    </div>
  );
  return (
    <Popover content={content} title="Columns" trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined />} aria-label="Choose columns" title="Choose columns" />
    </Popover>
  );
}
