import { useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { ApiError, apiRequest } from '../api/http';
import type { SelectionContext } from './resource';
import { useSaveFeedback } from '../feedback/useSaveFeedback';

interface Props extends Pick<SelectionContext, 'ids' | 'clear'> {
  /** `DELETE` path taking `{ [idsField]: ids }`, e.g. '/api/rateCardLines'. */
  url: string;
  /** The body's field, e.g. 'rateCardLineIDs'. */
  idsField: string;
  /** The modal's title, e.g. 'Delete rate card lines'. */
  title: string;
  /** What happens, under the warning, e.g. '3 selected lines are deleted from the rate card.' */
  description: (count: number) => string;
  /** After the delete, e.g. to refresh the lists. */
  onDeleted: () => void | Promise<unknown>;
}

const lines = (count: number) => `${count} ${count === 1 ? 'line' : 'lines'}`;

/**
 * 'Delete selected' for a list's ticked rows: one call deleting them all after a warning that it
 * cannot be undone (spec 01 §8); the server's message shows in the dialog when it refuses.
 */
export function BulkDeleteButton({ ids, clear, url, idsField, title, description, onDeleted }: Props) {
  const saved = useSaveFeedback();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setFailure(null);
  };
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await apiRequest(url, { method: 'DELETE', body: { [idsField]: ids } });
      clear();
      setOpen(false);
      saved(`${lines(ids.length)} deleted`);
      await onDeleted();
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught.message : 'The server could not be reached. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button danger icon={<DeleteOutlined />} disabled={ids.length === 0} onClick={() => setOpen(true)}>
        {ids.length ? `Delete ${ids.length} selected` : 'Delete selected'}
      </Button>
      <Modal
        open={open}
        title={title}
        onCancel={busy ? undefined : close}
        maskClosable={false}
        footer={[
          <Button key="cancel" disabled={busy} onClick={close}>
            Cancel
          </Button>,
          <Button key="delete" type="primary" danger loading={busy} onClick={() => void remove()}>
            {busy ? 'Deleting...' : `Delete ${lines(ids.length)}`}
          </Button>,
        ]}
      >
        <Alert
          type="warning"
          showIcon
          message="This action cannot be undone! Please double check before taking this action!"
          description={description(ids.length)}
        />
        {failure && <Alert className="dialog-note" type="error" showIcon role="alert" message={failure} />}
      </Modal>
    </>
  );
}

/** '3 selected lines are' / '1 selected line is'. */
export function selectedLinesAre(count: number): string {
  return `${count} selected ${count === 1 ? 'line is' : 'lines are'}`;
}
