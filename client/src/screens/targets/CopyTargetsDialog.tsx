import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Modal, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { apiGet, apiUrl, isAbortError } from '../../api/http';
import type { ListResponse } from '../../api/types';
import type { GridEditorContext } from '../../grid/GridEditor';
import { type TargetLayout, type TargetRecord, type TargetRow, copiedRows, copyableCount } from './targetsGrid';

export const COPY_WARNING = 'The current targets of this store and month will be overwritten.';

interface CopyTargetsDialogProps {
  ctx: GridEditorContext<TargetRow>;
  layout: TargetLayout;
  storeID: number;
  targetDate: string;
}

/**
 * Copies another month's targets into the grid (spec 02 §4 "Copy dialog"): any day of the
 * source month picks it, its targets load, 'Copy {n} targets' puts them in the grid unsaved.
 */
export function CopyTargetsDialog({ ctx, layout, storeID, targetDate }: CopyTargetsDialogProps) {
  const [open, setOpen] = useState(false);
  // The month before by default: the usual source.
  const [day, setDay] = useState<Dayjs>(() => dayjs(targetDate).subtract(1, 'month'));
  const [source, setSource] = useState<TargetRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const sourceMonth = day.startOf('month').format('YYYY-MM-DD');

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    setLoading(true);
    setSource([]);
    apiGet<ListResponse<TargetRecord>>(apiUrl('targets', { storeID, targetDate: sourceMonth, pageLength: 500 }), controller.signal)
      .then((answer) => setSource(answer.listData ?? []))
      .catch((error: unknown) => {
        // Spec 02 §8: a failed load of the source targets clears the list silently.
        if (!isAbortError(error)) setSource([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [open, storeID, sourceMonth]);

  const count = copyableCount(layout, source);
  const copy = () => {
    ctx.setRows(copiedRows(layout, source));
    setOpen(false);
  };

  return (
    <>
      <Button disabled={ctx.saving} onClick={() => setOpen(true)}>
        Copy from another month
      </Button>
      <Modal
        open={open}
        title="Copy targets from another month"
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)}>
            Cancel
          </Button>,
          <Button key="copy" type="primary" disabled={loading || count === 0} onClick={copy}>
            {`Copy ${count} targets`}
          </Button>,
        ]}
      >
        <div className="targets-copy">
          <label className="targets-copy-label">
            Any day of the month to copy from
            <DatePicker aria-label="Copy from" format="DD/MM/YYYY" allowClear={false} value={day} onChange={(next) => next && setDay(next)} />
          </label>
          {loading && <Spin size="small" />}
          <Alert type="warning" showIcon message={COPY_WARNING} />
        </div>
      </Modal>
    </>
  );
}
