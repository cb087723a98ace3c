import { useRef, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Spin, Tooltip } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { ApiError, apiRequest } from '../../api/http';
import type { ValidationResult } from '../../api/types';
import { dialogFit, useViewport } from '../../shell/useViewport';
import { RateCardPicker } from '../rateCards/RateCardPicker';
import { capitalised, counted } from '../../feedback/savedText';
import { useSaveFeedback } from '../../feedback/useSaveFeedback';

/** Spec 01 §8, word for word. */
export const CHANGE_RATE_CARD_WARNING = 'This action cannot be undone! Please double check before taking this action!';

/** Messages of a failed change: the 'translation' message holds several, separated by '|' (spec 01 §5). */
export function changeRateCardErrors(result: ValidationResult | undefined): { messages: string[]; notes?: string } {
  if (!result) return { messages: ['The rate card could not be changed'] };
  const failMessages = result.failMessages ?? {};
  const messages: string[] = [];
  for (const [field, text] of Object.entries(failMessages)) {
    if (field === 'notes') continue;
    if (field === 'translation')
      messages.push(
        ...text
          .split('|')
          .map((part) => part.trim())
          .filter(Boolean),
      );
    else messages.push(text);
  }
  if (messages.length === 0 && !failMessages.notes && result.failSummary) messages.push(result.failSummary);
  return { messages, notes: failMessages.notes };
}

interface Props {
  saleIDs: number[];
  onClose: () => void;
  /** After the change: clear the selection and refresh the list. */
  onChanged: () => void;
}

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'ok' } | { state: 'failed'; messages: string[] };

/**
 * Bulk change of rate card (UpdateSales): the ticked sales move to the chosen card's lines of
 * the same SKU. The card is checked as soon as it is chosen (changeRateCardValidate), every
 * failing sale listed as its own error; the change itself needs a reason.
 */
export function BulkRateCardDialog({ saleIDs, onClose, onChanged }: Props) {
  const saved = useSaveFeedback();
  const viewport = useViewport();
  const [rateCardID, setRateCardID] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | undefined>();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const latestCheck = useRef(0);

  const body = (cardID: number, reason: string) => ({ saleID: saleIDs.join(','), notes: reason, rateCardID: cardID });

  const validate = async (cardID: number | null) => {
    setRateCardID(cardID);
    const mine = ++latestCheck.current;
    if (cardID === null) {
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'checking' });
    try {
      await apiRequest('/api/sales/changeRateCardValidate', { method: 'PUT', body: body(cardID, notes.trim()) });
      if (mine === latestCheck.current) setCheck({ state: 'ok' });
    } catch (error) {
      if (mine !== latestCheck.current) return;
      const { messages } = changeRateCardErrors(error instanceof ApiError ? error.validationResult : undefined);
      // A missing reason is the only complaint while none is typed yet: the card itself is fine.
      setCheck(messages.length ? { state: 'failed', messages } : { state: 'ok' });
    }
  };

  const submit = async () => {
    if (rateCardID === null) return;
    if (!notes.trim()) {
      setNotesError('You must explain the reason for changing the rate card');
      return;
    }
    setSaving(true);
    try {
      await apiRequest('/api/sales/changeRateCard', { method: 'PUT', body: body(rateCardID, notes.trim()) });
      saved(`${capitalised(counted(saleIDs.length, 'sale'))} moved to the new rate card`, { listPath: 'sales', ids: saleIDs });
      onChanged();
      onClose();
    } catch (error) {
      const result = error instanceof ApiError ? error.validationResult : undefined;
      const { messages, notes: notesMessage } = changeRateCardErrors(result);
      setNotesError(notesMessage);
      if (messages.length) setCheck({ state: 'failed', messages });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="Change rate card"
      onCancel={onClose}
      {...dialogFit(viewport, 640, 'record-dialog', 'change-rate-card')}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="change" type="primary" danger loading={saving} disabled={rateCardID === null || check.state !== 'ok'} onClick={() => void submit()}>
          {saving ? 'Saving...' : 'Change rate card'}
        </Button>,
      ]}
    >
      <Space direction="vertical" className="change-rate-card-body">
        <Alert type="warning" showIcon message={CHANGE_RATE_CARD_WARNING} />
        <div>{saleIDs.length === 1 ? '1 sale is ticked.' : `${saleIDs.length} sales are ticked.`}</div>
        <Form layout="vertical" component="div">
          <Form.Item label="New rate card" htmlFor="change-rate-card-picker" required>
            <RateCardPicker id="change-rate-card-picker" value={rateCardID} onChange={(id) => void validate(id)} aria-label="New rate card" />
          </Form.Item>
          <Form.Item label="Reason" htmlFor="change-rate-card-notes" required validateStatus={notesError ? 'error' : undefined} help={notesError}>
            <Input.TextArea
              id="change-rate-card-notes"
              rows={3}
              maxLength={1000}
              value={notes}
              onChange={(e) => {
                setNotes(e.target.value);
                if (e.target.value.trim()) setNotesError(undefined);
              }}
            />
          </Form.Item>
        </Form>
        {check.state === 'checking' && (
          <Space>
            <Spin size="small" /> Checking the sales against the rate card...
          </Space>
        )}
        {check.state === 'ok' && <Alert type="success" showIcon message="Every ticked sale's SKU is on this rate card." />}
        {check.state === 'failed' && (
          <Space direction="vertical" className="change-rate-card-errors" role="list">
            {check.messages.map((text, index) => (
              <Alert key={`${index}-${text}`} type="error" showIcon message={text} role="listitem" />
            ))}
          </Space>
        )}
      </Space>
    </Modal>
  );
}

/** The toolbar button over the ticked sales; needs at least one. */
export function ChangeRateCardButton({ ids, onChanged }: { ids: number[]; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const viewport = useViewport();
  return (
    <>
      <Tooltip title={ids.length ? 'Change rate card' : 'Tick the sales to move to another rate card'}>
        <Button icon={<SwapOutlined />} disabled={ids.length === 0} onClick={() => setOpen(true)} aria-label="Change rate card">
          {viewport.isWide ? 'Change rate card' : null}
        </Button>
      </Tooltip>
      {open && <BulkRateCardDialog saleIDs={ids} onClose={() => setOpen(false)} onChanged={onChanged} />}
    </>
  );
}
