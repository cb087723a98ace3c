import {
  BarcodeOutlined,
  FormOutlined,
  LineChartOutlined,
  PercentageOutlined,
  TagsOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { can } from '../auth/permissions';
import type { MenuEntry } from './menu';

/** The master data of issue 3 in the System setup submenu (SystemSetup). */
export const MASTER_DATA_MENU: MenuEntry[] = [
  { key: 'saleTypes', label: 'Sale types', icon: <TagsOutlined />, path: '/data/saleTypes' },
  { key: 'skuTypes', label: 'SKU types', icon: <BarcodeOutlined />, path: '/data/skuTypes' },
  { key: 'bands', label: 'Bands', icon: <TrophyOutlined />, path: '/data/bands' },
  { key: 'discounts', label: 'Discounts', icon: <PercentageOutlined />, path: '/data/discounts' },
  { key: 'analysisFields', label: 'Analysis fields', icon: <FormOutlined />, path: '/data/analysisFields' },
  { key: 'metrics', label: 'Metrics', icon: <LineChartOutlined />, path: '/data/metrics' },
].map((entry) => ({ ...entry, visible: (me) => can(me, 'SystemSetup') }));
