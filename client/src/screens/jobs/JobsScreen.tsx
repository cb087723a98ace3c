import { useEffect, useState } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { DashboardOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { useRefreshResource } from '../../api/hooks';
import { apiGet, apiRequest } from '../../api/http';
import { ListScreen } from '../../list/ListScreen';
import type { ResourceDef } from '../../list/resource';
import './jobs.css';
import { textOf } from '../../format/format';

/** Each job's name in words (src/modules/jobs/job-names.ts). */
export const JOB_LABELS: Record<string, string> = {
  recSheetImport: 'Rec sheet import',
  recSheetImportSheet: 'Rec sheet import: one worksheet',
  rateCardUpload: 'Rate card upload',
  recSheetAutoRec: 'Auto reconcile',
  recSheetAutoRecUndo: 'Undo auto reconcile',
};

const STATE_COLORS: Record<string, string> = { waiting: 'default', active: 'processing', completed: 'success', failed: 'error' };
const STATE_LABELS: Record<string, string> = { waiting: 'Waiting', active: 'Running', completed: 'Completed', failed: 'Failed' };
const QUEUE_LABELS: Record<string, string> = { imports: 'Imports', reconcile: 'Reconcile' };

const readOnly = { create: () => false, update: () => false, delete: () => false };

/** GET /api/longRunningOperations (SystemSetup): the recent jobs, newest first. */
export const operationsResource: ResourceDef = {
  tableName: 'longRunningOperations',
  title: 'Jobs',
  singular: 'job',
  listPath: 'longRunningOperations',
  savePath: 'longRunningOperation',
  idField: 'operationID',
  defaultSort: { field: 'operationID', dir: 'desc' },
  permissions: readOnly,
  columns: [
    { name: 'name', title: 'Job', valueType: 'text', sortable: true, filterable: false, render: (row) => JOB_LABELS[String(row.name)] ?? textOf(row.name) },
    {
      name: 'queue',
      title: 'Queue',
      valueType: 'text',
      sortable: true,
      filterable: false,
      hiddenByDefault: true,
      render: (row) => QUEUE_LABELS[String(row.queue)] ?? textOf(row.queue),
    },
    {
      name: 'state',
      title: 'State',
      valueType: 'text',
      sortable: true,
      filterable: false,
      render: (row) => <Tag color={STATE_COLORS[String(row.state)]}>{STATE_LABELS[String(row.state)] ?? textOf(row.state)}</Tag>,
    },
    {
      name: 'message',
      title: 'Message',
      valueType: 'text',
      sortable: true,
      filterable: false,
      width: 240,
      // A failed job says why where its progress was.
      render: (row) => (row.state === 'failed' && row.error ? <span className="jobs-error">{textOf(row.error)}</span> : textOf(row.message)),
    },
    { name: 'percentage', title: 'Progress', valueType: 'integer', sortable: true, render: (row) => `${Number(row.percentage ?? 0)}%` },
    { name: 'attempts', title: 'Attempts', valueType: 'integer', sortable: true, hiddenByDefault: true },
    { name: 'userName', title: 'Started by', valueType: 'text', sortable: true, filterable: false },
    { name: 'createdDate', title: 'Queued', valueType: 'dateTime', sortable: true, hiddenByDefault: true },
    { name: 'startedDate', title: 'Started', valueType: 'dateTime', sortable: true, hiddenByDefault: true },
    { name: 'finishedDate', title: 'Finished', valueType: 'dateTime', sortable: true },
    { name: 'error', title: 'Error', valueType: 'text', sortable: false, filterable: false, width: 240, emptyText: '', hiddenByDefault: true },
  ],
};

/** 'Open queue board': a one-minute ticket opens the Bull Board in a new tab (scale-out only). */
function QueueBoardButton() {
  const { data } = useSWR<{ data: { mode: string; board: boolean } }, Error>('/api/jobQueue', (url: string) => apiGet(url), { revalidateOnFocus: false });
  const [busy, setBusy] = useState(false);
  if (!data?.data?.board) {
    return data ? (
      <Tooltip title="Jobs run inside the app (no Redis): this list is the queue">
        <Tag className="jobs-mode">In process</Tag>
      </Tooltip>
    ) : null;
  }
  const open = async () => {
    // Opened before the call, so the browser does not block it as a pop-up.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const answer = await apiRequest<{ data: { url: string } }>('/api/jobQueue/boardTicket', { method: 'POST' });
      if (tab) tab.location.href = answer.body.data.url;
      else window.open(answer.body.data.url, '_blank', 'noopener');
    } catch (caught) {
      tab?.close();
      console.error('Could not open the queue board', caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DashboardOutlined />} loading={busy} onClick={() => void open()}>
      Open queue board
    </Button>
  );
}

/** /jobs (SystemSetup): recent long-running operations, refreshed every 10 s; the Bull Board with Redis. */
export function JobsScreen() {
  const refresh = useRefreshResource();
  useEffect(() => {
    const timer = window.setInterval(() => void refresh('longRunningOperations'), 10_000);
    return () => window.clearInterval(timer);
  }, [refresh]);
  return <ListScreen key="jobs" resource={operationsResource} toolbarExtra={<QueueBoardButton />} />;
}
