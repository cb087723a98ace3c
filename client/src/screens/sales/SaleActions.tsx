import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { normaliseRefundOrderRef, ORDER_REF_LENGTH, REASON_REQUIRED, SHOULD_BE_20_CHARACTERS, type PendingAction } from './saleForm';

interface ActionDialogProps {
  onApply: (action: PendingAction) => void;
  onClose: () => void;
}

/**
 * Cancel Sale (spec 01 §4): the reason is required. The cancel is applied when the sale is
 * saved, and can be undone before that.
 */
export function CancelSaleDialog({ onApply, onClose }: ActionDialogProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    if (!note.trim()) {
      setError(REASON_REQUIRED);
      return;
    }
    onApply({ kind: 'cancel', note: note.trim() });
  };
  return (
    <Modal open title="Cancel sale" okText="Cancel sale" cancelText="Back" onOk={apply} onCancel={onClose} className="sale-action-dialog" destroyOnHidden>
      <Alert className="dialog-note" type="info" showIcon message="The sale is cancelled when you save it. Its revenue and commission become 0." />
      <Form layout="vertical">
        <Form.Item label="Reason for cancelling" required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Input.TextArea
            aria-label="Reason for cancelling"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setError(null);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Refund Sale (spec 01 §4, §5): a refund reason (required) and the refund's order reference,
 * upper-cased and cut to 20 characters as typed, which must then be 20 characters.
 */
export function RefundSaleDialog({ onApply, onClose }: ActionDialogProps) {
  const [note, setNote] = useState('');
  const [orderRef, setOrderRef] = useState('');
  const [errors, setErrors] = useState<{ note?: string; orderRef?: string }>({});
  const apply = () => {
    const found: { note?: string; orderRef?: string } = {};
    if (!note.trim()) found.note = REASON_REQUIRED;
    if (normaliseRefundOrderRef(orderRef).length !== ORDER_REF_LENGTH) found.orderRef = SHOULD_BE_20_CHARACTERS;
    setErrors(found);
    if (found.note || found.orderRef) return;
    onApply({ kind: 'refund', note: note.trim(), orderRef: normaliseRefundOrderRef(orderRef) });
  };
  return (
    <Modal open title="Refund sale" okText="Refund sale" cancelText="Back" onOk={apply} onCancel={onClose} className="sale-action-dialog" destroyOnHidden>
      <Alert className="dialog-note" type="info" showIcon message="The refund is recorded when you save the sale: a refund row with the amounts negated." />
      <Form layout="vertical">
        <Form.Item label="Refund reason" required validateStatus={errors.note ? 'error' : undefined} help={errors.note}>
          <Input.TextArea
            aria-label="Refund reason"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setErrors((all) => ({ ...all, note: undefined }));
            }}
          />
        </Form.Item>
        <Form.Item label="Refund order reference" required validateStatus={errors.orderRef ? 'error' : undefined} help={errors.orderRef} extra="20 characters">
          <Input
            aria-label="Refund order reference"
            autoComplete="off"
            value={orderRef}
            onChange={(e) => {
              setOrderRef(normaliseRefundOrderRef(e.target.value));
              setErrors((all) => ({ ...all, orderRef: undefined }));
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Credit Check Failed (spec 01 §4): the new sale is saved cancelled with the note 'Credit check
 * fail' and the fixed credit-check-failed order reference, which the server sets.
 */
export function CreditCheckFailedDialog({ onApply, onClose }: ActionDialogProps) {
  return (
    <Modal
      open
      title="Credit check failed"
      okText="Record credit check fail"
      cancelText="Back"
      onOk={() => onApply({ kind: 'creditFail' })}
      onCancel={onClose}
      className="sale-action-dialog"
      destroyOnHidden
    >
      <p>
        The sale is saved as cancelled with the note &lsquo;Credit check fail&rsquo;. It does not count towards targets, revenue or commission, and the order
        reference is set for you.
      </p>
    </Modal>
  );
}

/** What the pending action banner says, with its Undo. */
export function pendingActionText(action: PendingAction): string {
  switch (action.kind) {
    case 'cancel':
      return `The sale will be cancelled when you save: ${action.note}`;
    case 'refund':
      return `The sale will be refunded when you save (refund order reference ${action.orderRef}): ${action.note}`;
    case 'creditFail':
      return 'The sale will be saved as a credit check fail.';
  }
}
