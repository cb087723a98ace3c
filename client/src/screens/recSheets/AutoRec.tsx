import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Descriptions, Modal, Result, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useList } from '../../api/hooks';
import { ApiError } from '../../api/http';
import { formatInteger } from '../../format/format';
import { OperationProgress } from '../../operations/OperationProgress';
import type { OperationView } from '../../operations/types';
import { startOperation, useOperation } from '../../operations/useOperation';
import { dialogFit, useViewport } from '../../shell/useViewport';
import { type AutoRecResult, countOf, reconciledParts, rulesInForceText } from './matchRuleWords';
import { useSaveFeedback } from '../../feedback/useSaveFeedback';

export type { AutoRecResult } from './matchRuleWords';

function resultOf(operation: OperationView | undefined): AutoRecResult | null {
  const result = operation?.result as (AutoRecResult & { data?: AutoRecResult }) | undefined;
  if (!result) return null;
  return result.data && typeof result.data === 'object' ? result.data : result;
}

/** What the failure of a call says, or the words for an unreachable server. */
export function failureText(caught: unknown): string {
  if (caught instanceof ApiError) return caught.message;
  console.error(caught);
  return 'The server could not be reached. Please try again.';
}

/** The counts of a run, in words: what reconciled the lines (the nonzero parts), then what did not. */
export function AutoRecCounts({ result }: { result: AutoRecResult }) {
  const parts = reconciledParts(result).map(({ key, label, count }) => ({
    key,
    label: <span className="auto-rec-count-part">{label}</span>,
    children: formatInteger(count),
  }));
  const withoutRefund = countOf(result, 'clawbacksWithoutRefund');
  return (
    <Descriptions
      className="auto-rec-counts"
      size="small"
      bordered
      column={1}
      items={[
        { key: 'considered', label: 'Lines considered', children: formatInteger(result.considered) },
        { key: 'reconciled', label: 'Reconciled', children: formatInteger(result.reconciled) },
        ...parts,
        { key: 'matchMultiple', label: 'More than one matching sale', children: formatInteger(result.matchMultiple) },
        { key: 'matchNone', label: 'No matching sale', children: formatInteger(result.matchNone) },
        ...(withoutRefund > 0 ? [{ key: 'clawbacksWithoutRefund', label: 'Clawbacks without a refund', children: formatInteger(withoutRefund) }] : []),
      ]}
    />
  );
}

/** Which match rules the run will use beside the exact match (GET /api/recMatchRules), with a way to the rules. */
function RulesInForce() {
  const { data } = useList('recMatchRules', { pageLength: '10', sort: 'position', sortDir: 'asc' });
  if (!data) return null;
  const rules = data.listData ?? [];
  const text = rulesInForceText(rules);
  return (
    <Typography.Paragraph className="auto-rec-rules" data-rules={rules.length}>
      {text ? (
        <>
          {text} Clawbacks are matched to refunds. <Link to="/recSheets/matchRules">Match rules</Link>
        </>
      ) : (
        <>
          Only exact matches: an administrator can add <Link to="/recSheets/matchRules">match rules</Link>. Clawbacks are matched to refunds.
        </>
      )}
    </Typography.Paragraph>
  );
}

interface FollowProps {
  operationID: number;
  /** Called when the run (or its undo) has finished, to refresh the lists. */
  onChanged: () => void;
}

/**
 * Follows an auto reconcile job: its progress, then its counts and 'Undo this run' (after a
 * confirmation), whose own job is followed the same way. Used by the Auto reconcile dialog and
 * after an import committed with 'Auto reconcile after import'.
 */
export function AutoRecOutcome({ operationID, onChanged }: FollowProps) {
  const { modal } = App.useApp();
  const { operation } = useOperation(operationID, onChanged);
  const [undoID, setUndoID] = useState<number | null>(null);
  const [undoFailure, setUndoFailure] = useState<string | null>(null);
  const saved = useSaveFeedback();
  const undo = useOperation(undoID, (finished) => {
    if (finished.state === 'completed') saved('Auto reconcile run undone: its lines are unreconciled again');
    onChanged();
  });
  const result = operation?.state === 'completed' ? resultOf(operation) : null;

  const startUndo = (runID: number) =>
    modal.confirm({
      title: 'Undo this run?',
      content: 'Every line this run reconciled goes back to unreconciled, and its sales back to their earlier status.',
      okText: 'Undo this run',
      okButtonProps: { danger: true },
      onOk: async () => {
        setUndoFailure(null);
        try {
          const started = await startOperation(`/api/autoRecRun/${runID}/undo`, 'PUT');
          if (started.operation) setUndoID(started.operation.operationID);
          else {
            saved('Auto reconcile run undone: its lines are unreconciled again');
            onChanged();
          }
        } catch (caught) {
          setUndoFailure(failureText(caught));
        }
      },
    });

  return (
    <div className="auto-rec-outcome">
      {(!operation || operation.state === 'waiting' || operation.state === 'active') && (
        <OperationProgress operation={operation} startingText="Starting auto reconcile..." />
      )}
      {operation?.state === 'failed' && <Alert type="error" showIcon role="alert" message={operation.error ?? 'Auto reconcile failed'} />}
      {result && (
        <>
          <Alert
            className="dialog-note"
            type="success"
            showIcon
            message={`Auto reconcile finished: ${formatInteger(result.reconciled)} of ${formatInteger(result.considered)} lines reconciled`}
          />
          <AutoRecCounts result={result} />
          {result.matchMultiple + result.matchNone + countOf(result, 'clawbacksWithoutRefund') > 0 && (
            <Typography.Paragraph type="secondary" className="auto-rec-next">
              The lines left unreconciled say why in their notes: match them by hand with Manual reconcile.
            </Typography.Paragraph>
          )}
          {Boolean(result.autoRecRunID) && !undoID && result.reconciled > 0 && (
            <Button className="auto-rec-undo" danger icon={<UndoOutlined />} onClick={() => startUndo(Number(result.autoRecRunID))}>
              Undo this run
            </Button>
          )}
        </>
      )}
      {undoID && (
        <div className="auto-rec-undo-progress">
          {undo.operation?.state === 'completed' ? (
            <Alert type="info" showIcon message="The run was undone: its lines are unreconciled again." />
          ) : undo.operation?.state === 'failed' ? (
            <Alert type="error" showIcon role="alert" message={undo.operation.error ?? 'The undo failed'} />
          ) : (
            <OperationProgress operation={undo.operation} startingText="Undoing the run..." />
          )}
        </div>
      )}
      {undoFailure && <Alert className="dialog-note" type="error" showIcon role="alert" message={undoFailure} />}
    </div>
  );
}

/** 'Auto reconcile': starts the job (PUT /api/recSheet/{id}/autoRec), shows progress, then the result. */
export function AutoRecDialog({
  recSheetID,
  onClose,
  onChanged,
  onStarted,
}: {
  recSheetID: number;
  onClose: () => void;
  onChanged: () => void;
  onStarted?: (operationID: number) => void;
}) {
  const viewport = useViewport();
  const [operationID, setOperationID] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const saved = useSaveFeedback();

  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const started = await startOperation(`/api/recSheet/${recSheetID}/autoRec`, 'PUT');
      if (started.operation) {
        saved('Auto reconcile started');
        setOperationID(started.operation.operationID);
        onStarted?.(started.operation.operationID);
      }
    } catch (caught) {
      setFailure(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="Auto reconcile"
      onCancel={onClose}
      maskClosable={false}
      {...dialogFit(viewport, 620, 'record-dialog', 'auto-rec-dialog')}
      footer={
        operationID
          ? [
              <Button key="close" type="primary" onClick={onClose}>
                Close
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose} disabled={busy}>
                Cancel
              </Button>,
              <Button key="start" type="primary" loading={busy} onClick={() => void start()}>
                Start
              </Button>,
            ]
      }
      destroyOnHidden
    >
      {!operationID && (
        <>
          <Result
            status="info"
            title="Match the unreconciled lines to sales"
            subTitle="Each unreconciled line is linked to the one recorded or modified sale with the same store, sale date, SKU, order reference and revenue. Lines with several or no such sales stay unreconciled, with a note saying why."
          />
          <RulesInForce />
        </>
      )}
      {failure && <Alert type="error" showIcon role="alert" message={failure} />}
      {operationID && <AutoRecOutcome operationID={operationID} onChanged={onChanged} />}
    </Modal>
  );
}
