import { useCallback, useEffect, useMemo, useState } from 'react';
import { figuresOf } from '../../auth/figures';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Card, Result, Segmented, Spin, Tabs, Tooltip } from 'antd';
import { ArrowLeftOutlined, LinkOutlined, SyncOutlined, ThunderboltOutlined, UploadOutlined } from '@ant-design/icons';
import { useRecord, useRefreshResource } from '../../api/hooks';
import { apiGet } from '../../api/http';
import type { ListResponse } from '../../api/types';
import { can } from '../../auth/permissions';
import { formatDate, textOf } from '../../format/format';
import { BulkDeleteButton, selectedLinesAre } from '../../list/BulkDeleteButton';
import { ListScreen } from '../../list/ListScreen';
import type { SelectionContext } from '../../list/resource';
import type { OperationView } from '../../operations/types';
import { isFinished } from '../../operations/types';
import { useOperation } from '../../operations/useOperation';
import { type RecLinesFilter, recSheetLinesResource } from '../../resources/recSheetLines';
import { useCurrentUser } from '../../shell/CurrentUser';
import { useViewport } from '../../shell/useViewport';
import { AutoRecDialog } from './AutoRec';
import { ManualRecDialog } from './ManualRecDialog';
import { RecSheetUploadWizard } from './RecSheetUploadWizard';
import { REFUNDS_PARAM, unreconciledSalesResource } from './unreconciledSales';
import './recSheets.css';

export type RecSheetSegment = RecLinesFilter | 'unreconciledSales';

const TABS: { key: RecSheetSegment; label: string }[] = [
  { key: 'all', label: 'All lines' },
  { key: 'unreconciled', label: 'Unreconciled' },
  { key: 'reconciled', label: 'Reconciled' },
  { key: 'saleAdjustments', label: 'Sale adjustments' },
  { key: 'unreconciledSales', label: 'Unreconciled sales' },
];

/** The unreconciled sales segment's two views (issue 24): sales, or refunds awaiting a clawback. */
const SALES_VIEWS = [
  { value: 'sales', label: 'Sales' },
  { value: 'refunds', label: 'Refunds awaiting a clawback' },
];
const SCREEN_PARAMS = [REFUNDS_PARAM];

/** Spec 02 §7 and §9: lists refresh every 10 s while a job runs. */
const JOB_REFRESH_MS = 10_000;

/** The jobs that change a sheet's lines. */
const SHEET_JOBS = ['recSheetImport', 'recSheetAutoRec', 'recSheetAutoRecUndo'];

/** 'Delete selected' unreconciled lines, after a warning (DELETE /api/recSheetLines). */
function DeleteSelectedLines({ ids, clear, onDeleted }: SelectionContext & { onDeleted: () => void }) {
  return (
    <BulkDeleteButton
      ids={ids}
      clear={clear}
      url="/api/recSheetLines"
      idsField="recSheetLineIDs"
      title="Delete rec sheet lines"
      description={(count) => `${selectedLinesAre(count)} deleted from the rec sheet. Only unreconciled lines can be deleted.`}
      onDeleted={onDeleted}
    />
  );
}

/** Follows one running job of the sheet (no display) and says when it ends. */
function JobWatcher({ operationID, onFinished }: { operationID: number; onFinished: (operation: OperationView) => void }) {
  useOperation(operationID, onFinished);
  return null;
}

/**
 * /recSheets/{id}/lines[/{filter}] (spec 02 §2.3): one sheet's lines, as tabs for the filter
 * segments; Upload revenue reconciliation sheet, Auto reconcile and Manual reconcile (the last
 * two not on the reconciled filter). While a job of the sheet runs the lists refresh every 10 s.
 */
export function RecSheetLinesScreen() {
  const me = useCurrentUser();
  const viewport = useViewport();
  const navigate = useNavigate();
  const refreshResource = useRefreshResource();
  const { recSheetID: idParam, filter: filterParam } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const refunds = searchParams.get(REFUNDS_PARAM) === '1';
  const recSheetID = Number(idParam);
  const validID = /^\d{1,9}$/.test(idParam ?? '') && recSheetID > 0;
  const segment: RecSheetSegment | null = filterParam === undefined ? 'all' : (TABS.find((t) => t.key === filterParam && t.key !== 'all')?.key ?? null);
  const { data, error, isLoading } = useRecord('recSheets', 'recSheetID', validID ? recSheetID : null);
  const sheet = data?.data;

  const [uploading, setUploading] = useState(false);
  const [autoRec, setAutoRec] = useState(false);
  const [manual, setManual] = useState<{ lineIDs: number[] } | null>(null);
  const [manualLoading, setManualLoading] = useState(false);
  const [running, setRunning] = useState<number[]>([]);

  const refresh = useCallback(() => {
    void refreshResource('recSheetLines');
    void refreshResource('recSheets');
    void refreshResource(`recSheet/${recSheetID}/unreconciledSales`);
  }, [refreshResource, recSheetID]);

  const watch = useCallback((operationID: number) => setRunning((ids) => (ids.includes(operationID) ? ids : [...ids, operationID])), []);
  const unwatch = useCallback(
    (operation: OperationView) => {
      setRunning((ids) => ids.filter((id) => id !== operation.operationID));
      refresh();
    },
    [refresh],
  );

  // A job started earlier (another tab, before a reload) still running: follow it too.
  useEffect(() => {
    if (!validID) return;
    apiGet<{ data: OperationView | null }>('/api/longRunningOperation')
      .then((answer) => {
        const latest = answer.data;
        if (latest && !isFinished(latest) && SHEET_JOBS.includes(latest.name)) watch(latest.operationID);
      })
      .catch((caught: unknown) => console.error('Could not read the running operation', caught));
  }, [validID, watch]);

  // The periodic refresh while any job of the sheet runs.
  const jobRunning = running.length > 0;
  useEffect(() => {
    if (!jobRunning) return;
    const timer = window.setInterval(refresh, JOB_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [jobRunning, refresh]);

  const resource = useMemo(() => {
    if (!validID || !segment) return null;
    const figures = figuresOf(me);
    if (segment === 'unreconciledSales') return unreconciledSalesResource(recSheetID, figures, refunds);
    return recSheetLinesResource({
      recSheetID,
      filter: segment,
      figures,
      selection: { actions: (ctx) => <DeleteSelectedLines {...ctx} onDeleted={refresh} />, enabled: (user) => can(user, 'RevenueReconciliation') },
    });
  }, [validID, segment, recSheetID, refresh, me, refunds]);

  const openManual = async () => {
    setManualLoading(true);
    try {
      const answer = await apiGet<ListResponse>(
        `/api/recSheetLines?recSheetID=${recSheetID}&segment=unreconciled&sort=recSheetLineID&sortDir=asc&pageLength=1&listIDsFrom=0&listIDsLength=10000`,
      );
      setManual({ lineIDs: answer.listIDs.map((entry) => entry.id) });
    } catch (caught) {
      // Network errors in reconciliation are only logged (spec 02 §8).
      console.error('Could not list the unreconciled lines', caught);
    } finally {
      setManualLoading(false);
    }
  };

  if (!validID || !segment) {
    if (validID) return <Navigate to={`/recSheets/${recSheetID}/lines`} replace />;
  }
  const back = (
    <Link to="/recSheets" className="back-link">
      <ArrowLeftOutlined /> All rec sheets
    </Link>
  );
  if (!validID || error || (data && !sheet)) {
    return (
      <Card variant="borderless">
        <Result status="warning" title="Rec sheet not found" extra={back} />
      </Card>
    );
  }
  if (!sheet || !resource || !segment) {
    return <div className="dialog-loading">{isLoading && <Spin />}</div>;
  }

  const mayReconcile = can(me, 'RevenueReconciliation');
  // One toolbar row (issue 26): below 1500 px the three tools are icons named by their label
  // (hover and screen readers), since with the sheet's name, the filter box and the selection's
  // delete their words took a second line at 1280 px.
  const toolLabel = (label: string) => (viewport.width >= 1500 ? { children: label } : { 'aria-label': label, title: label });
  const toolbar = mayReconcile ? (
    <>
      {jobRunning && (
        <Tooltip title="A job of this sheet is running: the list refreshes every 10 seconds">
          <SyncOutlined spin className="rec-job-running" aria-label="A job is running" />
        </Tooltip>
      )}
      <Button icon={<UploadOutlined />} onClick={() => setUploading(true)} {...toolLabel('Upload revenue reconciliation sheet')} />
      {segment !== 'reconciled' && (
        <>
          <Button icon={<ThunderboltOutlined />} onClick={() => setAutoRec(true)} {...toolLabel('Auto reconcile')} />
          <Button icon={<LinkOutlined />} loading={manualLoading} onClick={() => void openManual()} {...toolLabel('Manual reconcile')} />
        </>
      )}
    </>
  ) : undefined;

  const header = (
    <>
      {back}
      <Tabs
        className="route-tabs data-tabs rec-sheet-tabs"
        activeKey={segment}
        items={TABS.map((t) => ({ key: t.key, label: t.label }))}
        onChange={(key) => navigate(key === 'all' ? `/recSheets/${recSheetID}/lines` : `/recSheets/${recSheetID}/lines/${key}`)}
      />
    </>
  );

  // The unreconciled sales segment's two views, between the toolbar and the table.
  const salesView =
    segment === 'unreconciledSales' ? (
      <Segmented
        className="rec-sales-view"
        size="small"
        aria-label="Unreconciled sales or refunds"
        options={SALES_VIEWS}
        value={refunds ? 'refunds' : 'sales'}
        // Another view starts at its first page with its own sort (the list's params cleared).
        onChange={(view) => setSearchParams(view === 'refunds' ? { [REFUNDS_PARAM]: '1' } : {})}
      />
    ) : undefined;

  return (
    <div className="rec-sheet-lines">
      <ListScreen
        key={`recSheetLines-${recSheetID}-${segment}${segment === 'unreconciledSales' && refunds ? '-refunds' : ''}`}
        resource={resource}
        screenParams={segment === 'unreconciledSales' ? SCREEN_PARAMS : undefined}
        header={header}
        titleNode={
          <span className="rec-sheet-title">
            {textOf(sheet.name)} <span className="rec-sheet-date">{formatDate(sheet.recDate)}</span>
          </span>
        }
        toolbarExtra={toolbar}
        aboveTable={salesView}
      />
      {running.map((id) => (
        <JobWatcher key={id} operationID={id} onFinished={unwatch} />
      ))}
      {uploading && <RecSheetUploadWizard recSheetID={recSheetID} onClose={() => setUploading(false)} onChanged={refresh} onOperationStarted={watch} />}
      {autoRec && <AutoRecDialog recSheetID={recSheetID} onClose={() => setAutoRec(false)} onChanged={refresh} onStarted={watch} />}
      {manual && (
        <ManualRecDialog
          recSheetID={recSheetID}
          lineIDs={manual.lineIDs}
          onClose={() => {
            setManual(null);
            refresh();
          }}
          onReconciled={refresh}
        />
      )}
    </div>
  );
}
