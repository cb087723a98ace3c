import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Spin } from 'antd';
import { recordKey, useRefreshResource, useRecord } from '../api/hooks';
import { ApiError, apiRequest } from '../api/http';
import { setToken } from '../api/token';
import type { Row, SaveResponse, ValidationResult } from '../api/types';
import { isConflict, withVersion } from '../api/version';
import { renderFieldValue } from '../list/renderValue';
import { type DialogMode, type FieldContext, type FieldDef, type ResourceDef, formTitleOf, resolve } from '../list/resource';
import { useCurrentUser } from '../shell/CurrentUser';
import { dialogFit, useViewport } from '../shell/useViewport';
import { FieldInput } from './FieldInput';
import { formFieldForBodyName, splitNestedKey, subTableFields, toFormValues, toRequestBody } from './formValues';
import { SubTableInput } from './SubTableInput';
import { AuditBlock, FailureAlert, type Failure } from './DialogParts';
import { failureFromResult, withoutCorrected } from './failurePairs';
import { inputOfItem, isEmptyValue, useInitialFocus } from './initialFocus';
import { nameOfRow, recordSavedText } from '../feedback/savedText';
import { useSaveFeedback } from '../feedback/useSaveFeedback';

interface Props {
  resource: ResourceDef;
  mode: DialogMode;
  /** The record's id; absent when creating. */
  id?: number;
  /** Overrides the title, e.g. 'Profile' for the user's own record. */
  title?: string;
  onClose: () => void;
  /** Called after a successful save, once the resource's lists are refreshed. */
  onSaved?: (saved: Row | undefined) => void;
  /** Viewing: Previous and Next step through the list the record was opened from. */
  stepping?: RecordStepping;
}

/** Where the viewed record stands in its list, and how to move to its neighbours. */
export interface RecordStepping {
  /** 0-based position in the whole list (not the page). */
  position: number;
  total: number;
  busy: boolean;
  onStep: (delta: -1 | 1) => void;
}

const TITLE_BY_MODE: Record<DialogMode, string> = {
  create: 'New',
  copy: 'Copy',
  update: 'Edit',
  delete: 'Delete',
  read: 'View',
};

/** Fields a record is named by in the message confirming its save, in order of preference. */
const NAME_FIELDS = ['name', 'title', 'sku', 'orderRef', 'fileName'];

/**
 * A refused save as the server gave it, kept so that each message can go once its field changes:
 * `fallback` is the error's own message, `unshown` the 'Label: message' lines of messages no field
 * shows, by body name.
 */
interface Refusal {
  result: ValidationResult;
  fallback: string;
  unshown: [string, string][];
}

const BUTTON_BY_MODE: Record<Exclude<DialogMode, 'read'>, { idle: string; busy: string }> = {
  create: { idle: 'Create', busy: 'Creating...' },
  copy: { idle: 'Create', busy: 'Creating...' },
  update: { idle: 'Save', busy: 'Saving...' },
  delete: { idle: 'Delete', busy: 'Deleting...' },
};

/**
 * The one record dialog: create, copy (a new record from an existing one, so
 * a POST), update, delete (read-only with a Delete button) and read (Close
 * only). The resource's columns decide the inputs; the server validates, and
 * its messages show under the fields with a summary on top.
 */
export function RecordDialog({ resource, mode, id, title, onClose, onSaved, stepping }: Props) {
  const me = useCurrentUser();
  const viewport = useViewport();
  const [form] = Form.useForm();
  const refreshResource = useRefreshResource();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const saved = useSaveFeedback();
  const formArea = useRef<HTMLDivElement>(null);
  /** Server messages for cells of nested tables: field name -> 'row.cell' -> message. */
  const [nestedErrors, setNestedErrors] = useState<Record<string, Record<string, string>>>({});

  const needsRecord = mode !== 'create';
  const {
    data,
    isLoading,
    error,
    mutate: refetchRecord,
  } = useRecord(resource.listPath, resource.idField, needsRecord ? (id ?? null) : null, resource.fkJoins ? { fkJoins: resource.fkJoins } : undefined);
  const record = needsRecord ? data?.data : undefined;
  const ready = !needsRecord || Boolean(record);
  const allReadOnly = mode === 'read' || mode === 'delete';

  // Every field the form may show gets a starting value, including those the
  // current input choices hide, so they reappear filled when shown again.
  const initialValues = useMemo(
    () =>
      ready
        ? toFormValues(
            resource.columns.filter((field) => field.hideInForm !== true),
            { me, mode, record, values: record ?? {} },
          )
        : {},
    // Computed once per loaded record: later renders must not reset what the user typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per loaded record: later renders must not reset what the user typed
    [ready, record],
  );
  useEffect(() => {
    if (ready) form.setFieldsValue(initialValues);
  }, [ready, initialValues, form]);

  // The form's current values, so inputs can depend on each other.
  const watched = Form.useWatch([], { form, preserve: true }) as Row | undefined;
  const values = watched && Object.keys(watched).length ? watched : initialValues;
  const ctx: FieldContext = { me, mode, record, values };

  // Which fields the form shows, and which of those the user may change.
  const formFields = resource.columns.filter((field) => {
    if (resolve(field.hideInForm, ctx)) return false;
    // A password has nothing to show when only looking.
    if (allReadOnly && field.valueType === 'password') return false;
    return true;
  });
  const isEditable = (field: FieldDef) => !allReadOnly && !resolve(field.readOnly, ctx);
  const editableFields = formFields.filter(isEditable);
  // Editable fields the current choices hide: they send their 'valueWhenHidden'.
  const hiddenFields = resource.columns.filter(
    (field) => field.valueWhenHidden !== undefined && resolve(field.hideInForm, ctx) && !resolve(field.readOnly, ctx),
  );

  // A ref, not only state: two quick clicks arrive before React re-renders the disabled button.
  const submitting = useRef(false);

  const submit = async () => {
    if (submitting.current || mode === 'read') return;
    // The form's own checks (e.g. JSON that does not parse) show under their fields and stop the save.
    const checked = editableFields.filter((field) => field.validate).map((field) => field.name);
    if (checked.length && mode !== 'delete') {
      try {
        await form.validateFields(checked);
      } catch {
        return;
      }
    }
    submitting.current = true;
    setBusy(true);
    setFailure(null);
    setRefusal(null);
    setNestedErrors({});
    // Clear old messages under the fields before the new answer arrives.
    const withErrors = form.getFieldsError().filter((field) => field.errors.length > 0);
    if (withErrors.length) form.setFields(withErrors.map((field) => ({ name: field.name, errors: [] })));
    try {
      let answer;
      let body: Row | undefined;
      // The version the edit was made from (the record as loaded): 409 if someone saved since.
      const version = record?.updatedDate;
      if (mode === 'delete') {
        answer = await apiRequest<SaveResponse>(withVersion(`/api/${resource.savePath}/${id}`, version), { method: 'DELETE' });
      } else {
        body = {
          ...toRequestBody(editableFields, form.getFieldsValue(true) as Record<string, unknown>, hiddenFields),
          ...resource.fixedBody,
          ...(mode === 'copy' ? resource.copyBody : undefined),
          ...(mode === 'update' && typeof version === 'string' ? { updatedDate: version } : undefined),
        };
        answer =
          mode === 'update'
            ? await apiRequest<SaveResponse>(`/api/${resource.savePath}/${id}`, { method: 'PUT', body })
            : await apiRequest<SaveResponse>(`/api/${resource.savePath}`, { method: 'POST', body });
      }
      // The save ended this session's token (an own password change): carry on with the new
      // one before any further call, which the old token would get a 403 for.
      if (typeof answer.body?.token === 'string') setToken(answer.body.token);
      // The save is done; a failed refresh is only logged (the list keeps its old rows).
      const deleted = mode === 'delete' && id ? recordKey(resource.listPath, resource.idField, id) : undefined;
      await refreshResource(resource.listPath, deleted).catch((error) => console.error('Refresh failed', error));
      const savedRow = answer.body?.data;
      saved(savedText(savedRow, body), mode === 'delete' ? undefined : { listPath: resource.listPath, ids: [Number(savedRow?.[resource.idField] ?? id)] });
      onSaved?.(savedRow);
      onClose();
    } catch (caught) {
      setFailure(showFailure(caught));
      setBusy(false);
      submitting.current = false;
    }
  };

  /** A conflict's Reload: the record as saved now fills the form (the dialog stays open). */
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await refetchRecord();
      setFailure(null);
    } catch (caught) {
      setFailure(showFailure(caught));
    } finally {
      setReloading(false);
    }
  };

  /** The message confirming the save: the resource's own words, else 'Store Leeds Briggate saved'. */
  const savedText = (savedRow: Row | undefined, body: Row | undefined): string => {
    if (resource.savedMessage) return resource.savedMessage(mode, savedRow);
    // The Profile dialog (the user's own record): what the user changed, in their words.
    if (title) return typeof body?.password === 'string' && body.password !== '' ? 'Your password was changed' : `${title} saved`;
    const change = mode === 'read' ? 'update' : mode;
    return recordSavedText(change, singular, nameOfRow(mode === 'delete' ? record : (savedRow ?? record), NAME_FIELDS));
  };

  /** The summary of a refusal, from the messages still standing. */
  const failureOfRefusal = ({ result, fallback, unshown }: Refusal): Failure => {
    const standing = result.failMessages ?? {};
    const details = unshown.filter(([bodyName]) => bodyName in standing).map(([, text]) => text);
    return failureFromResult(result, fallback, (bodyName) => fieldTitle(resource.columns, bodyName), details, positionOf);
  };

  /** The form's order of a body name, so the summary lists the fields as the form shows them. */
  const positionOf = (bodyName: string) => {
    const field = formFieldForBodyName(resource.columns, splitNestedKey(bodyName)?.field ?? bodyName);
    return field ? resource.columns.indexOf(field) : -1;
  };

  /**
   * The user changed fields after a refused save: their messages go, and the summary with them once
   * no message is left (issue 26). `changed` says whether a body name's field (or cell) changed.
   */
  const dropCorrected = (changed: (bodyName: string) => boolean) => {
    if (!refusal) return;
    const left = withoutCorrected(refusal.result, changed);
    if (left === refusal.result) return;
    if (!left) {
      setRefusal(null);
      setFailure(null);
      return;
    }
    const next = { ...refusal, result: left };
    setRefusal(next);
    setFailure(failureOfRefusal(next));
  };

  /** Puts the server's messages under their fields; returns what is left for the summary. */
  const showFailure = (caught: unknown): Failure => {
    // Someone saved the record since it was loaded: their name and time, and Reload.
    if (isConflict(caught)) return { summary: caught.message, details: [], conflict: true };
    if (!(caught instanceof ApiError)) {
      console.error('Save failed', caught);
      return { summary: 'The server could not be reached. Please try again.', details: [] };
    }
    const result = caught.validationResult;
    const messages = Object.entries(result?.failMessages ?? {});
    const shownUnderFields: { name: string; errors: string[] }[] = [];
    const inCells: Record<string, Record<string, string>> = {};
    const unshown: [string, string][] = [];
    for (const [bodyName, message] of messages) {
      // 'analysisListItems.2.code': a cell of a nested table.
      const nested = splitNestedKey(bodyName);
      if (nested) {
        const field = formFieldForBodyName(formFields, nested.field);
        if (field?.subTable && isEditable(field)) {
          inCells[field.name] = { ...inCells[field.name], [nested.cellKey]: message };
        } else {
          unshown.push([bodyName, `${nestedTitle(field, nested.cellKey) ?? bodyName}: ${message}`]);
        }
        continue;
      }
      const field = formFieldForBodyName(formFields, bodyName);
      if (field && isEditable(field)) shownUnderFields.push({ name: field.name, errors: [message] });
      else unshown.push([bodyName, `${(field && formTitleOf(field)) ?? bodyName}: ${message}`]);
    }
    form.setFields(shownUnderFields);
    setNestedErrors(inCells);
    const kept: Refusal = { result: result ?? { fail: true }, fallback: caught.message, unshown };
    setRefusal(kept);
    return failureOfRefusal(kept);
  };

  // Focus on the first empty field the user may fill in (the first field when all are filled).
  useInitialFocus(ready && !allReadOnly, () => {
    const fillable = editableFields.filter((field) => !resolve(field.disabled, ctx) && field.valueType !== 'subTable');
    const current = form.getFieldsValue(true) as Row;
    const target = fillable.find((field) => isEmptyValue(current[field.name])) ?? fillable[0];
    return target ? inputOfItem(formArea.current, target.name) : undefined;
  });

  const singular = resource.singular;
  const dialogTitle = title ?? `${TITLE_BY_MODE[mode]} ${singular}`;

  const footer =
    mode === 'read'
      ? [
          ...(stepping && stepping.total > 1
            ? [
                <span key="position" className="record-step-position">
                  {(stepping.position + 1).toLocaleString('en-GB')} of {stepping.total.toLocaleString('en-GB')}
                </span>,
                <Button key="previous" onClick={() => stepping.onStep(-1)} disabled={stepping.busy || stepping.position === 0}>
                  Previous
                </Button>,
                <Button key="next" onClick={() => stepping.onStep(1)} disabled={stepping.busy || stepping.position >= stepping.total - 1}>
                  Next
                </Button>,
              ]
            : []),
          <Button key="close" type="primary" onClick={onClose}>
            Close
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose} disabled={busy}>
            Cancel
          </Button>,
          <Button key="submit" type="primary" danger={mode === 'delete'} loading={busy} disabled={busy || !ready} onClick={() => void submit()}>
            {busy ? BUTTON_BY_MODE[mode].busy : BUTTON_BY_MODE[mode].idle}
          </Button>,
        ];

  const showAudit = record && (mode === 'update' || mode === 'read' || mode === 'delete');
  const horizontal = viewport.atLeastSm;

  return (
    <Modal
      open
      title={dialogTitle}
      onCancel={busy ? undefined : onClose}
      maskClosable={false}
      closable={!busy}
      footer={footer}
      {...dialogFit(viewport, resource.dialogWidth ?? (viewport.isWide ? 820 : 720), 'record-dialog')}
      destroyOnHidden
    >
      {needsRecord && !record ? (
        <div className="dialog-loading">{isLoading ? <Spin /> : error ? <Alert type="error" showIcon message="Error loading data" /> : null}</div>
      ) : (
        <>
          {resource.formNote && !allReadOnly && <Alert className="dialog-note" type="info" showIcon message={resource.formNote} />}
          {mode === 'delete' && <Alert className="dialog-note" type="warning" showIcon message={`Delete this ${singular}? This cannot be undone.`} />}
          <FailureAlert failure={failure} onReload={() => void reload()} reloading={reloading} />
          <div ref={formArea}>
            <Form
              form={form}
              layout={horizontal ? 'horizontal' : 'vertical'}
              labelCol={horizontal ? { flex: `${resource.labelWidth ?? 170}px` } : undefined}
              labelWrap
              colon={false}
              onFinish={() => void submit()}
              onValuesChange={(changed, all) => {
                // A changed field's server message goes (its nested cells' go with their own edits).
                const changedFields = Object.keys(changed as Row)
                  .map((name) => resource.columns.find((field) => field.name === name))
                  .filter((field): field is FieldDef => Boolean(field) && !field!.subTable);
                if (changedFields.length) {
                  const bodyNames = new Set(changedFields.flatMap((field) => [field.name, field.bodyField ?? field.name]));
                  form.setFields(changedFields.filter((field) => form.getFieldError(field.name).length).map((field) => ({ name: field.name, errors: [] })));
                  dropCorrected((bodyName) => bodyNames.has(bodyName));
                }
                const patch = resource.onValuesChange?.(changed as Row, all as Row);
                if (patch) form.setFieldsValue(patch);
              }}
              disabled={busy}
            >
              {formFields.map((field) =>
                isEditable(field) ? (
                  <Form.Item
                    key={field.name}
                    name={field.name}
                    label={formTitleOf(field)}
                    required={Boolean(resolve(field.required, ctx))}
                    extra={resolve(field.help, ctx)}
                    valuePropName="value"
                    rules={field.validate ? [{ validator: validatorOf(field, ctx) }] : undefined}
                    className={field.valueType === 'subTable' ? 'sub-table-item' : undefined}
                  >
                    <FieldInput
                      field={field}
                      record={record}
                      ctx={ctx}
                      disabled={Boolean(resolve(field.disabled, ctx))}
                      nestedErrors={nestedErrors[field.name]}
                      onNestedErrorsChange={(errors) => {
                        setNestedErrors((all) => ({ ...all, [field.name]: errors }));
                        // A cell whose message went (the user changed it) no longer counts in the summary.
                        const prefix = `${field.bodyField ?? field.name}.`;
                        dropCorrected((bodyName) => bodyName.startsWith(prefix) && !(bodyName.slice(prefix.length) in errors));
                      }}
                    />
                  </Form.Item>
                ) : (
                  <Form.Item key={field.name} label={formTitleOf(field)} className={field.valueType === 'subTable' ? 'sub-table-item' : undefined}>
                    {field.subTable ? (
                      <SubTableInput
                        subTable={field.subTable}
                        value={(values[field.name] as Row[] | undefined) ?? []}
                        ctx={ctx}
                        readOnly
                        label={formTitleOf(field)}
                      />
                    ) : (
                      <span className="read-only-value" data-field={field.name}>
                        {record ? renderFieldValue(field, record) : ''}
                      </span>
                    )}
                  </Form.Item>
                ),
              )}
              {/* Enter in a text box saves, as in any form. */}
              <button type="submit" hidden aria-hidden tabIndex={-1} />
            </Form>
          </div>
          {showAudit && <AuditBlock record={record} />}
        </>
      )}
    </Modal>
  );
}

/** The form's own check of a field, as an antd rule (the message shows under the input). */
function validatorOf(field: FieldDef, ctx: FieldContext) {
  return async (_rule: unknown, value: unknown) => {
    const message = field.validate?.(value, ctx);
    if (message) throw new Error(message);
  };
}

/** The form's label for a body name ('analysisListItems.2.code' names the table and its cell). */
function fieldTitle(fields: FieldDef[], bodyName: string): string | undefined {
  const nested = splitNestedKey(bodyName);
  if (nested) return nestedTitle(formFieldForBodyName(fields, nested.field), nested.cellKey);
  const field = formFieldForBodyName(fields, bodyName);
  return field && formTitleOf(field);
}

/** 'List items, row 3, Code' for the message key of a nested cell ('2.code'). */
function nestedTitle(field: FieldDef | undefined, cellKey: string): string | undefined {
  if (!field) return undefined;
  const [index, cell] = cellKey.split('.');
  const cellTitle = cell && field.subTable ? subTableFields(field.subTable).find((f) => f.name === cell)?.title : undefined;
  return [field.title, `row ${Number(index) + 1}`, cellTitle ?? cell].filter(Boolean).join(', ');
}
