import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Alert, App as AntApp, Card, Checkbox, Empty, Popover, Spin, Tabs, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSWRConfig } from 'swr';
import { useAbortableSWR, useRecord } from '../../api/hooks';
import { useStoreSellers } from '../../api/sellers';
import { apiRequest, apiUrl } from '../../api/http';
import type { ListResponse, ValidationResult } from '../../api/types';
import { gridVersion, withVersion } from '../../api/version';
import { can, storesOf } from '../../auth/permissions';
import { formatPounds } from '../../format/format';
import { type GridColumn, type GridEditorContext, GridEditor, GridNumberInput } from '../../grid/GridEditor';
import { MonthStorePickers } from '../../grid/MonthStorePickers';
import { useCurrentUser } from '../../shell/CurrentUser';
import { PageTitle } from '../../shell/PageTitle';
import { CopyTargetsDialog } from './CopyTargetsDialog';
import {
  type AnalysisFieldStoreRecord,
  type SaveEntries,
  type StoreTargeting,
  type TargetColumn,
  type TargetLayout,
  type TargetRecord,
  type TargetRow,
  type TargetView,
  STORE_TOTAL_NAME,
  TYPE_TITLES,
  buildGrid,
  columnLabel,
  distributeRows,
  failedCell,
  hasUserTargets,
  isHoursMode,
  progressOf,
  removeHours,
  resolveTargetsRoute,
  saveEntries,
  targetColumns,
  targetsPath,
} from './targetsGrid';
import './targets.css';
import { gridSavedText } from '../../feedback/savedText';

/** The exact texts of spec 02 §2.1 and §4. */
export const HOURS_CHECKBOX = 'Input using hours to distribute totals';
export const HIGHLIGHT_TEXT = 'The target you clicked';
const USE_HOURS_TEXT = 'All targets except store totals for this store and month will be overwritten by the distribution of the store totals.';
const REMOVE_HOURS_TEXT = 'Hours data will be deleted: hours and weight will be set to 0. The targets keep their values.';
export const NOTHING_TO_TARGET =
  'There is nothing to target at this store. Consider turning on revenue or quantity targets on the store, or targets on an analysis field...';
export const NO_USERS = "This store has no active users: only the store's totals can be set.";
const NO_STORE = 'No store selected...';

/** Wide enough for a value box or a progress figure; an item's description wraps to fit. */
const ITEM_COLUMN_WIDTH = 136;

const VIEW_TABS: { key: TargetView; label: string }[] = [
  { key: 'set', label: 'Targets' },
  { key: 'progress', label: 'Progress' },
  { key: 'variance', label: 'Difference' },
];

/** /targets/{view}/{targetDate}/{storeID}/{highlightTargetID?} (spec 02 §2.1). */
export function TargetsScreen() {
  const me = useCurrentUser();
  const params = useParams();
  const navigate = useNavigate();
  const stores = storesOf(me);
  const route = resolveTargetsRoute(
    params['*'],
    stores.map((store) => store.storeID),
    me.storeID,
    dayjs().format('YYYY-MM-DD'),
  );
  if (!route.canonical && route.storeID) return <Navigate to={targetsPath(route)} replace />;
  const go = (change: Partial<typeof route>) => navigate(targetsPath({ ...route, highlightTargetID: null, ...change }));

  return (
    <div className="targets-page">
      <PageTitle>Targets</PageTitle>
      <Tabs
        className="route-tabs"
        activeKey={route.view}
        items={VIEW_TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
        onChange={(view) => go({ view: view as TargetView })}
      />
      <Card variant="borderless" className="targets-card">
        <div className="targets-pickers">
          <MonthStorePickers
            month={route.targetDate}
            storeID={route.storeID}
            stores={stores}
            onMonth={(targetDate) => go({ targetDate })}
            onStore={(storeID) => go({ storeID })}
          />
        </div>
        {route.storeID ? (
          <StoreTargets
            key={`${route.view}/${route.storeID}/${route.targetDate}`}
            view={route.view}
            storeID={route.storeID}
            targetDate={route.targetDate}
            highlightTargetID={route.highlightTargetID}
            canEdit={can(me, 'RecordTargets')}
            showRevenue={me.accessProfile.showRevenue}
          />
        ) : (
          <Empty description={NO_STORE} />
        )}
      </Card>
    </div>
  );
}

interface StoreTargetsProps {
  view: TargetView;
  storeID: number;
  targetDate: string;
  highlightTargetID: number | null;
  canEdit: boolean;
  showRevenue: boolean;
}

interface SaveAnswer {
  validationResult: ValidationResult;
  listData?: TargetRecord[];
  data?: { dropped?: { index: number; reason: string }[] };
}

/** One store's month: the layout and targets load, then the grid shows them. */
function StoreTargets({ view, storeID, targetDate, highlightTargetID, canEdit, showRevenue }: StoreTargetsProps) {
  const { data: storeAnswer } = useRecord<StoreTargeting>('stores', 'storeID', storeID);
  const swrOptions = { revalidateOnFocus: false };
  const sellers = useStoreSellers(storeID);
  const { data: fields } = useAbortableSWR<ListResponse<AnalysisFieldStoreRecord>>(
    apiUrl('analysisFieldStores', { storeID, fkJoins: 'analysisField,analysisField.analysisListItems', pageLength: 500 }),
    swrOptions,
  );
  const actualsUrl = apiUrl('targets/actuals', { storeID, targetDate });
  const { data: actuals } = useAbortableSWR<{ listData: TargetRecord[] }>(actualsUrl, swrOptions);
  const { mutate } = useSWRConfig();

  const layout = useMemo<TargetLayout | undefined>(() => {
    if (!storeAnswer?.data || !sellers || !fields) return undefined;
    return { users: sellers, columns: targetColumns(storeAnswer.data, showRevenue, fields.listData) };
  }, [storeAnswer, sellers, fields, showRevenue]);

  const readOnly = view !== 'set' || !canEdit;
  const grid = useMemo(() => (layout && actuals ? buildGrid(layout, actuals.listData, view !== 'set') : undefined), [layout, actuals, view]);
  const [dropped, setDropped] = useState<string[]>([]);
  const [highlightClosed, setHighlightClosed] = useState<number | null>(null);
  const closeHighlight = useCallback(() => setHighlightClosed(highlightTargetID), [highlightTargetID]);
  const sent = useRef<SaveEntries>({ entries: [], labels: [], rowNames: [] });

  // The grid's version: the newest stamp of its targets as loaded (409 when someone saved since).
  const version = useMemo(() => (actuals ? gridVersion(actuals.listData) : undefined), [actuals]);
  const save = useCallback(
    async (rows: TargetRow[], signal: AbortSignal, loadedVersion: string | undefined) => {
      sent.current = saveEntries(rows, layout!);
      const { entries, labels } = sent.current;
      setDropped([]);
      const url = withVersion(`/api/targets/${storeID}/${targetDate}`, loadedVersion);
      const { body } = await apiRequest<SaveAnswer>(url, { method: 'PUT', body: entries, signal });
      setDropped((body.data?.dropped ?? []).map(({ index, reason }) => `${labels[index] ?? `Entry ${index + 1}`}: ${reason}`));
      const saved = body.listData ?? [];
      return { validationResult: body.validationResult, listData: buildGrid(layout!, saved).rows, version: gridVersion(saved) };
    },
    [layout, storeID, targetDate],
  );
  // Server messages name an entry by its place in the body ('targets.3.target'): shown by its cell.
  const failLabel = useCallback((key: string) => failedCell(key, sent.current), []);

  if (!layout || !grid) {
    return (
      <div className="grid-editor-loading">
        <Spin />
      </div>
    );
  }
  if (grid.columns.length === 0) return <Empty description={NOTHING_TO_TARGET} />;

  // The popover answers the click that opened this target, once: a cell drawn again later (after
  // a save, a reload) must not bring it back (issue 26), so whether it was closed lives here.
  const highlight = highlightTargetID !== null && highlightClosed !== highlightTargetID ? highlightTargetID : null;
  const columns = (rows: TargetRow[]) =>
    gridColumns({
      columns: grid.columns,
      layout,
      hoursMode: isHoursMode(rows),
      view,
      storeID,
      highlightTargetID,
      highlightOpen: highlight !== null,
      closeHighlight,
    });

  return (
    <div className="targets-grid">
      {layout.users.length === 0 && <Alert type="info" showIcon message={NO_USERS} />}
      {view === 'set' && grid.outside.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={`${grid.outside.length} saved ${grid.outside.length === 1 ? 'target is' : 'targets are'} no longer offered here and will be removed on the next save`}
          description={
            <ul className="targets-reasons">
              {[...new Set(grid.outside.map((t) => t.error || 'not valid here'))].map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          }
        />
      )}
      {dropped.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setDropped([])}
          message="Some targets were not saved"
          description={
            <ul className="targets-reasons">
              {dropped.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          }
        />
      )}
      <GridEditor<TargetRow>
        ariaLabel="Targets"
        rows={grid.rows}
        dataKey={`${view}/${storeID}/${targetDate}`}
        rowKey={(row) => row.userID}
        rowClassName={(row) => (row.userID === 0 ? 'targets-store-total' : '')}
        columns={columns}
        readOnly={readOnly}
        save={save}
        version={version}
        onReload={() => mutate(actualsUrl)}
        onSaved={() => void mutate(actualsUrl)}
        savedMessage={gridSavedText('Targets', targetDate, storeAnswer?.data?.name)}
        failLabel={failLabel}
        toolbar={readOnly ? undefined : (ctx) => <SetToolbar ctx={ctx} layout={layout} storeID={storeID} targetDate={targetDate} />}
      />
    </div>
  );
}

/** The set view's hours checkbox and copy dialog. */
function SetToolbar({ ctx, layout, storeID, targetDate }: { ctx: GridEditorContext<TargetRow>; layout: TargetLayout; storeID: number; targetDate: string }) {
  const { modal } = AntApp.useApp();
  const hoursMode = isHoursMode(ctx.rows);
  const switchToHours = () => ctx.setRows((rows) => distributeRows(rows, layout.columns));
  const toggle = () => {
    if (hoursMode) {
      modal.confirm({ title: 'Remove hours?', content: REMOVE_HOURS_TEXT, okText: 'Remove Hours', onOk: () => ctx.setRows(removeHours) });
    } else if (hasUserTargets(ctx.rows)) {
      modal.confirm({ title: 'Use hours?', content: USE_HOURS_TEXT, okText: 'Use Hours', onOk: switchToHours });
    } else {
      switchToHours();
    }
  };
  return (
    <>
      {layout.users.length > 0 && (
        <Checkbox checked={hoursMode} disabled={ctx.saving} onChange={toggle}>
          {HOURS_CHECKBOX}
        </Checkbox>
      )}
      <CopyTargetsDialog ctx={ctx} layout={layout} storeID={storeID} targetDate={targetDate} />
    </>
  );
}

/** '£1,234.00' for revenue, '12' or '12.5' for quantity. */
export function formatTarget(column: Pick<TargetColumn, 'targetType'>, value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return column.targetType === 'revenue' ? formatPounds(value) : String(Math.round(value * 100) / 100);
}

interface ColumnsOptions {
  columns: TargetColumn[];
  layout: TargetLayout;
  hoursMode: boolean;
  view: TargetView;
  storeID: number;
  highlightTargetID: number | null;
  /** The popover over the highlighted target is open (until the next click). */
  highlightOpen: boolean;
  closeHighlight: () => void;
}

/** The grid's columns: the row's name, hours and weight in hours mode, then a column per target. */
function gridColumns({ columns, layout, hoursMode, view, storeID, highlightTargetID, highlightOpen, closeHighlight }: ColumnsOptions): GridColumn<TargetRow>[] {
  const shareColumn = (field: 'hours' | 'weight', title: string): GridColumn<TargetRow> => ({
    key: field,
    title,
    align: 'right',
    render: ({ row, readOnly: locked, setRows, markUnsaved }) => {
      if (row.userID === 0) return '';
      if (locked) return String(row[field]);
      return (
        <GridNumberInput
          className="targets-share-input"
          input={{ kind: 'digits' }}
          value={row[field]}
          onTyping={markUnsaved}
          onApply={(value) =>
            setRows((rows) =>
              distributeRows(
                rows.map((r) => (r.userID === row.userID ? { ...r, [field]: value ?? 0 } : r)),
                layout.columns,
              ),
            )
          }
          aria-label={`${title} ${row.name}`}
        />
      );
    },
  });

  const targetColumn = (column: TargetColumn): GridColumn<TargetRow> => ({
    key: column.key,
    title: column.analysisFieldID === 0 ? 'Overall' : <span className="targets-item-title">{column.itemName}</span>,
    align: 'right',
    // A long description wraps within this width (targets.css) instead of widening the column.
    width: column.analysisFieldID === 0 ? undefined : ITEM_COLUMN_WIDTH,
    groups: [
      { key: column.targetType, title: TYPE_TITLES[column.targetType] },
      ...(column.analysisFieldID === 0 ? [] : [{ key: `field${column.analysisFieldID}`, title: column.fieldLabel }]),
    ],
    render: ({ row, readOnly: locked, setRows, markUnsaved }) => {
      const record = row.targets[column.key];
      const highlighted = highlightTargetID !== null && record?.targetID === highlightTargetID;
      let content: ReactNode;
      if (view !== 'set') {
        content = record ? <ProgressCell view={view} column={column} record={record} storeID={storeID} /> : '';
      } else if (locked || (hoursMode && row.userID !== 0)) {
        content = <span className="targets-value">{formatTarget(column, row.values[column.key])}</span>;
      } else {
        const label = `${row.name} ${columnLabel(column)}`;
        content = (
          <GridNumberInput
            input={row.userID === 0 ? { kind: 'digits' } : { kind: 'decimal', maxDecimals: 2 }}
            // Revenue reads as money, the store total too ('£125,000.00', not '125000'), until edited.
            format={column.targetType === 'revenue' ? formatPounds : undefined}
            value={row.values[column.key]}
            onTyping={markUnsaved}
            onApply={(value) =>
              setRows((rows) => {
                const next = rows.map((r) => (r.userID === row.userID ? { ...r, values: { ...r.values, [column.key]: value } } : r));
                // A store total spreads over the users again in hours mode.
                return hoursMode && row.userID === 0 ? distributeRows(next, layout.columns) : next;
              })
            }
            aria-label={label}
          />
        );
      }
      return highlighted ? (
        <HighlightedTarget open={highlightOpen} onClose={closeHighlight}>
          {content}
        </HighlightedTarget>
      ) : (
        content
      );
    },
  });

  return [
    {
      key: 'name',
      title: 'User',
      render: ({ row }) => (row.userID === 0 ? <strong>{STORE_TOTAL_NAME}</strong> : row.name),
    },
    ...(hoursMode && view === 'set' ? [shareColumn('hours', 'Hours'), shareColumn('weight', 'Weight')] : []),
    ...columns.map(targetColumn),
  ];
}

/**
 * Progress ('£100.00 of £200.00' over '50.0%') or difference (actual − target, over the target),
 * linking to the sales behind it.
 */
function ProgressCell({ view, column, record, storeID }: { view: TargetView; column: TargetColumn; record: TargetRecord; storeID: number }) {
  const { actual, met, percent, difference } = progressOf(record);
  const target = formatTarget(column, record.target);
  const description = `Actual ${formatTarget(column, actual)} of target ${target}`;
  const shown =
    view === 'progress' ? (
      <>
        <span className="targets-actual">{`${formatTarget(column, actual)} of ${target}`}</span>
        <span className="targets-percent">{percent === null ? '–' : `${percent.toFixed(1)}%`}</span>
      </>
    ) : (
      <>
        <span className="targets-actual">{`${difference > 0 ? '+' : ''}${formatTarget(column, difference)}`}</span>
        <span className="targets-percent">{`target ${target}`}</span>
      </>
    );
  return (
    <span className="targets-progress">
      {record.error && (
        <Tooltip title={record.error}>
          <WarningOutlined className="targets-error" aria-label={`Error: ${record.error}`} />
        </Tooltip>
      )}
      <Link
        to={`/sales/${storeID}/params/${record.actualSaleParams ?? ''}`}
        className={met ? 'targets-met' : 'targets-missed'}
        title={description}
        aria-label={`${description}${met ? ', met' : ', missed'}`}
      >
        {shown}
      </Link>
    </span>
  );
}

/**
 * The target of the URL: a popover 'The target you clicked', closed by the next click. Whether it
 * is open comes from the grid (a cell is drawn again after every save and would open it again).
 */
function HighlightedTarget({ children, open, onClose }: { children: ReactNode; open: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!open) return undefined;
    window.addEventListener('click', onClose, true);
    return () => window.removeEventListener('click', onClose, true);
  }, [open, onClose]);
  return (
    <Popover open={open} content={<span className="targets-highlight-text">{HIGHLIGHT_TEXT}</span>}>
      <span className="targets-highlight">{children}</span>
    </Popover>
  );
}
