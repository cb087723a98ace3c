import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiError, apiGet, apiRequest } from '../../api/http';
import { isConflict, withVersion } from '../../api/version';
import type { ValidationResult } from '../../api/types';
import { FailureAlert, type Failure } from '../../record/DialogParts';
import { WeekdaysInput } from '../../record/WeekdaysInput';
import { dialogFit, useViewport } from '../../shell/useViewport';
import { PLAN_STEPS, type RotaLine, type RotaStep, STEP_LABELS } from './rota';
import { recordSavedText } from '../../feedback/savedText';
import { useSaveFeedback } from '../../feedback/useSaveFeedback';
import { formatDate } from '../../format/format';
import { Picker } from '../../record/Picker';

export interface RotaLineTypeOption {
  rotaLineTypeID: number;
  name: string;
}

interface Props {
  /** The line to edit, or the new line's day, user and store. */
  line: RotaLine | { rotaDate: string; userID: number; storeID: number };
  users: { userID: number; name: string }[];
  types: RotaLineTypeOption[];
  onClose: () => void;
  onSaved: () => void;
}

interface FormValues {
  rotaDate: Dayjs;
  userID: number;
  rotaLineTypeID: number;
  plannedFrom: Dayjs;
  plannedTo: Dayjs;
  unpaidHours: number;
  notes: string;
  newStep: RotaStep;
  repeatUsers: number[];
  repeatDays: number;
}

const LABELS: Record<string, string> = {
  rotaDate: 'Date',
  userID: 'User',
  rotaLineTypeID: 'Type',
  plannedFrom: 'From',
  plannedTo: 'To',
  unpaidHours: 'Unpaid hours',
  notes: 'Notes',
  newStep: 'Step',
  repeatUsers: 'Repeat for',
  repeatDays: 'Repeat on',
};

const time = (value: string) => dayjs(`2000-01-01T${value}`);

/**
 * Adds or edits a planned rota line (RecordRotaLines): 5-minute time pickers (spec 02 section 5),
 * the step among planning and planned, and the repeat options, which copy the line to other
 * users and to other days of its week when saved.
 */
/** The form's values for a line (an existing one as saved, or a new one's defaults). */
function formValuesOf(line: Props['line']): FormValues {
  const existing = 'rotaLineID' in line ? line : null;
  return {
    rotaDate: dayjs(line.rotaDate.slice(0, 10)),
    userID: line.userID,
    rotaLineTypeID: existing?.rotaLineTypeID ?? 1,
    plannedFrom: time(existing?.plannedFrom ?? '09:00'),
    plannedTo: time(existing?.plannedTo ?? '17:00'),
    unpaidHours: existing?.unpaidHours ?? 0,
    notes: existing?.notes ?? '',
    newStep: existing?.currentHistoryStep ?? 'planning',
    repeatUsers: [],
    repeatDays: 0,
  };
}

export function RotaLineDialog({ line: opened, users, types, onClose, onSaved }: Props) {
  // The line as last read: a conflict's Reload replaces it with the line as saved now.
  const [line, setLine] = useState(opened);
  const existing = 'rotaLineID' in line ? line : null;
  const viewport = useViewport();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState<'' | 'save' | 'delete' | 'reload'>('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const initial = formValuesOf(opened);
  const saved = useSaveFeedback();
  /** 'for Grace Patel on 28/11/2026': whose line and which day, for the message confirming a save. */
  const lineName = (userID: number, day: string) => `for ${users.find((user) => user.userID === userID)?.name ?? 'the user'} on ${formatDate(day)}`;

  /** A conflict's Reload: the line as saved now fills the form, and the next save is made from it. */
  const reload = async () => {
    if (!existing) return;
    setBusy('reload');
    try {
      const { data } = await apiGet<{ data: RotaLine }>(`/api/rotaLines?rotaLineID=${existing.rotaLineID}`);
      setLine(data);
      form.resetFields();
      form.setFieldsValue(formValuesOf(data));
      setFailure(null);
    } catch (error) {
      setFailure({ summary: error instanceof Error ? error.message : 'The rota line could not be read again', details: [] });
    } finally {
      setBusy('');
    }
  };

  const showFailure = (error: unknown) => {
    if (isConflict(error)) {
      setFailure({ summary: error.message, details: [], conflict: true });
      return;
    }
    const result: ValidationResult | undefined = error instanceof ApiError ? error.validationResult : undefined;
    const messages = result?.failMessages ?? {};
    form.setFields(
      Object.entries(messages)
        .filter(([name]) => name in LABELS)
        .map(([name, message]) => ({ name: name as keyof FormValues, errors: [message] })),
    );
    const unshown = Object.entries(messages)
      .filter(([name]) => !(name in LABELS))
      .map(([, message]) => message);
    setFailure({ summary: result?.failSummary ?? (error instanceof Error ? error.message : 'The save failed'), details: unshown });
  };

  const save = async (values: FormValues) => {
    setBusy('save');
    setFailure(null);
    const body = {
      rotaDate: values.rotaDate.format('YYYY-MM-DD'),
      userID: values.userID,
      storeID: line.storeID,
      rotaLineTypeID: values.rotaLineTypeID,
      plannedFrom: values.plannedFrom.format('HH:mm'),
      plannedTo: values.plannedTo.format('HH:mm'),
      unpaidHours: values.unpaidHours ?? 0,
      notes: values.notes ?? '',
      newStep: values.newStep,
      ...(values.repeatUsers.length ? { repeatUsers: values.repeatUsers } : {}),
      ...(values.repeatDays ? { repeatDays: values.repeatDays } : {}),
      // The version the edit was made from: a 409 names who saved the line since.
      ...(existing?.updatedDate ? { updatedDate: existing.updatedDate } : {}),
    };
    try {
      await apiRequest(existing ? `/api/rotaLine/${existing.rotaLineID}` : '/api/rotaLine', { method: existing ? 'PUT' : 'POST', body });
      saved(recordSavedText(existing ? 'update' : 'create', 'rota line', lineName(body.userID, body.rotaDate)));
      onSaved();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy('');
    }
  };

  const remove = async () => {
    if (!existing) return;
    setBusy('delete');
    try {
      await apiRequest(withVersion(`/api/rotaLine/${existing.rotaLineID}`, existing.updatedDate), { method: 'DELETE' });
      saved(recordSavedText('delete', 'rota line', lineName(existing.userID, existing.rotaDate.slice(0, 10))));
      onSaved();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy('');
    }
  };

  const editable = !existing || PLAN_STEPS.includes(existing.currentHistoryStep);
  const userName = (id: number) => users.find((u) => u.userID === id)?.name ?? existing?.userName ?? '';
  return (
    <Modal
      open
      title={existing ? `Rota line of ${existing.userName}` : `New rota line for ${userName(line.userID)}`}
      onCancel={onClose}
      maskClosable={false}
      // Full screen below the desktop breakpoint, as every dialog (spec 02 section 9).
      {...dialogFit(viewport, undefined)}
      footer={[
        existing && editable && (
          <Popconfirm key="delete" title="Delete this rota line?" okText="Delete" onConfirm={() => void remove()}>
            <Button danger disabled={busy !== ''}>
              {busy === 'delete' ? 'Deleting...' : 'Delete'}
            </Button>
          </Popconfirm>
        ),
        <Button key="cancel" onClick={onClose}>
          {editable ? 'Cancel' : 'Close'}
        </Button>,
        editable && (
          <Button key="save" type="primary" loading={busy === 'save'} disabled={busy !== ''} onClick={() => form.submit()}>
            {busy === 'save' ? (existing ? 'Saving...' : 'Creating...') : existing ? 'Save' : 'Create'}
          </Button>
        ),
      ]}
    >
      <FailureAlert failure={failure} onReload={() => void reload()} reloading={busy === 'reload'} />
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void save(values)} disabled={!editable}>
        <Form.Item name="rotaDate" label={LABELS.rotaDate} rules={[{ required: true, message: 'Choose a date' }]}>
          <DatePicker format="DD/MM/YYYY" allowClear={false} />
        </Form.Item>
        <Form.Item name="userID" label={LABELS.userID} rules={[{ required: true, message: 'Choose a user' }]}>
          <Picker options={users.map((u) => ({ value: u.userID, label: u.name }))} />
        </Form.Item>
        <Form.Item name="rotaLineTypeID" label={LABELS.rotaLineTypeID}>
          <Picker options={types.map((t) => ({ value: t.rotaLineTypeID, label: t.name }))} />
        </Form.Item>
        <div className="rota-times">
          <Form.Item name="plannedFrom" label={LABELS.plannedFrom} rules={[{ required: true, message: 'Choose a time' }]}>
            <TimePicker format="HH:mm" minuteStep={5} allowClear={false} needConfirm={false} aria-label="From" />
          </Form.Item>
          <Form.Item name="plannedTo" label={LABELS.plannedTo} rules={[{ required: true, message: 'Choose a time' }]}>
            <TimePicker format="HH:mm" minuteStep={5} allowClear={false} needConfirm={false} aria-label="To" />
          </Form.Item>
          <Form.Item name="unpaidHours" label={LABELS.unpaidHours}>
            <InputNumber min={0} max={24} step={0.25} precision={2} />
          </Form.Item>
        </div>
        <Form.Item name="notes" label={LABELS.notes}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        {editable && (
          <>
            <Form.Item name="newStep" label={LABELS.newStep}>
              <Picker options={PLAN_STEPS.map((step) => ({ value: step, label: STEP_LABELS[step] }))} />
            </Form.Item>
            <Form.Item name="repeatUsers" label={LABELS.repeatUsers} extra="Also plan this line for these users.">
              <Picker
                mode="multiple"
                placeholder="Nobody else"
                options={users.filter((u) => u.userID !== line.userID).map((u) => ({ value: u.userID, label: u.name }))}
              />
            </Form.Item>
            <Form.Item
              name="repeatDays"
              label={LABELS.repeatDays}
              extra="Copies the line to these days of the same week (Monday to Sunday); days that already have a line are skipped."
            >
              <WeekdaysInput mondayFirst />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
