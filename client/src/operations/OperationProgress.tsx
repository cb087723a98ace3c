import { Progress, Typography } from 'antd';
import type { OperationView } from './types';
import './operations.css';

interface Props {
  operation: OperationView | undefined;
  /** Shown until the first poll answers, e.g. 'Starting the import...'. */
  startingText?: string;
}

/**
 * The progress of a job as the server reports it: a bar with its percentage, and its message
 * ('Validating sheet 2 of 3: row 40,000 of 100,000') under it. Used by both upload wizards,
 * auto reconcile and its undo.
 */
export function OperationProgress({ operation, startingText = 'Waiting for the server...' }: Props) {
  const state = operation?.state ?? 'waiting';
  const percent = Math.max(0, Math.min(100, Math.round(Number(operation?.percentage ?? 0))));
  const message = operation?.message || (state === 'waiting' ? (operation ? 'Waiting in the queue...' : startingText) : state === 'completed' ? 'Done' : '');
  return (
    <div className="operation-progress" role="status" aria-live="polite" data-state={state}>
      <Progress percent={state === 'completed' ? 100 : percent} status={state === 'failed' ? 'exception' : state === 'completed' ? 'success' : 'active'} />
      <Typography.Text type="secondary" className="operation-message">
        {state === 'failed' ? (operation?.error ?? 'The operation failed') : message}
      </Typography.Text>
    </div>
  );
}
