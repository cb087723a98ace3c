import { useEffect, useRef } from 'react';
import { Alert, Button, Descriptions } from 'antd';
import type { Row } from '../api/types';
import { formatDateTime, textOf } from '../format/format';
import { EMPTY_VALUE } from '../list/renderValue';

/** What a refused save shows above the form (the record dialog and the sale dialog alike). */
export interface Failure {
  summary: string;
  /** 'Label - message' for each failing field when several fail; else the message no field shows. */
  details: string[];
  /** Someone else saved the record since it was loaded (409): Reload offers their version. */
  conflict?: boolean;
}

interface FailureAlertProps {
  failure: Failure | null;
  /** Shown as a Reload button on a conflict: loads the record (or grid) again. */
  onReload?: () => void;
  reloading?: boolean;
}

/** The summary of a refused save, with its details (see failureFromResult) as a list under it. */
export function FailureAlert({ failure, onReload, reloading }: FailureAlertProps) {
  const shown = useRef<HTMLDivElement>(null);
  // A tall dialog is scrolled to its buttons when Save is pressed: bring the summary into view,
  // or the refusal (a 409 and its Reload above all) is never seen.
  useEffect(() => {
    if (failure) shown.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);
  if (!failure) return null;
  return (
    <div ref={shown}>
      <Alert
        className="dialog-note"
        type="error"
        showIcon
        role="alert"
        message={failure.summary}
        action={
          failure.conflict && onReload ? (
            <Button size="small" onClick={onReload} loading={reloading} disabled={reloading}>
              Reload
            </Button>
          ) : undefined
        }
        description={
          failure.details.length ? (
            <ul className="fail-details">
              {failure.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : undefined
        }
      />
    </div>
  );
}

function auditText(userName: unknown, date: unknown): string {
  const when = formatDateTime(date);
  if (!userName && !when) return EMPTY_VALUE;
  return [userName ? `by ${textOf(userName)}` : '', when ? `on ${when}` : ''].filter(Boolean).join(' ');
}

/** Who created and last updated a record, and when (the audit fields the server sets). */
export function AuditBlock({ record }: { record: Row }) {
  return (
    <Descriptions
      className="audit"
      size="small"
      column={1}
      bordered
      items={[
        { key: 'created', label: 'Created', children: auditText(record.createdByUserName, record.createdDate) },
        { key: 'updated', label: 'Updated', children: auditText(record.updatedByUserName, record.updatedDate) },
      ]}
    />
  );
}
