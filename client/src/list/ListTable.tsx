import { Table, type TableProps } from 'antd';
import type { Row } from '../api/types';

/**
 * antd's table as the list screen draws it: a module of its own, so a phone (which shows a card
 * per row) never downloads nor evaluates it (issue 26: it was a fifth of the sales screen's
 * code). Wider screens ask for it beside the screen's own code (screenCode.ts, withListTable).
 */
export function ListTable(props: TableProps<Row>) {
  return <Table<Row> {...props} />;
}
