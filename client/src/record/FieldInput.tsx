import { DatePicker, Input, InputNumber, Radio, Switch } from 'antd';
import type { Row } from '../api/types';
import { formatHour } from '../format/format';
import { type ChoiceOption, type FieldContext, type FieldDef, type SelectOption, resolve } from '../list/resource';
import { DecimalInput } from './DecimalInput';
import { DigitsInput } from './DigitsInput';
import { FileUploadInput, type UploadedFile } from './FileUploadInput';
import { LookupSelect } from './LookupSelect';
import { RemoteOptionsSelect } from './RemoteOptionsSelect';
import { SubTableInput } from './SubTableInput';
import { SystemAreasInput } from './SystemAreasInput';
import { WeekdaysInput } from './WeekdaysInput';
import { Picker } from './Picker';

/** '00:00' .. '24:00' on the hour (spec 01 §9). */
const HOUR_OPTIONS = Array.from({ length: 25 }, (_, hour) => ({ value: hour, label: formatHour(hour) }));

/** Options a lookup knows from the record, so the current choice shows its name. */
export function initialOptionsOf(field: FieldDef, record: Row | undefined): SelectOption[] {
  if (!record) return [];
  if (field.optionsFromRow) return field.optionsFromRow(record);
  const value = record[field.name];
  if (field.displayField && value !== null && value !== undefined && record[field.displayField]) {
    return [{ value: value as number, label: String(record[field.displayField]) }];
  }
  return [];
}

/** The choices of a `select` or `radio` field in the current state of the form. */
export function choicesOf(field: FieldDef, ctx: FieldContext | undefined): ChoiceOption[] {
  if (typeof field.options === 'function') return ctx ? field.options(ctx) : [];
  return field.options ?? [];
}

interface Props {
  field: FieldDef;
  /** The record (for a top-level field) or the child row (inside a nested table). */
  record?: Row;
  /** The form's state, for inputs that depend on other inputs. */
  ctx?: FieldContext;
  disabled?: boolean;
  /** Marks the input red (a server message for a cell of a nested table). */
  status?: 'error';
  /** Messages for a nested table's cells, keyed 'row.field' (or 'row'). */
  nestedErrors?: Record<string, string>;
  onNestedErrorsChange?: (errors: Record<string, string>) => void;
  'aria-label'?: string;
  // Form.Item injects these.
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** The editable input for one field, chosen by its value type. */
export function FieldInput({ field, record, ctx, disabled, status, nestedErrors, onNestedErrorsChange, 'aria-label': ariaLabel, id, value, onChange }: Props) {
  const change = (next: unknown) => onChange?.(next);
  const label = ariaLabel;
  const placeholder = ctx ? resolve(field.placeholder, ctx) : typeof field.placeholder === 'string' ? field.placeholder : undefined;
  switch (field.valueType) {
    case 'boolean':
      return <Switch id={id} checked={Boolean(value)} onChange={change} disabled={disabled} aria-label={label} />;
    case 'password':
      return (
        <Input.Password id={id} value={(value as string) ?? ''} onChange={(e) => change(e.target.value)} autoComplete="new-password" disabled={disabled} />
      );
    case 'money':
    case 'ratio':
      return (
        <DecimalInput
          id={id}
          kind={field.valueType}
          value={value as number | null}
          onChange={change}
          disabled={disabled}
          status={status}
          placeholder={placeholder}
          aria-label={label}
        />
      );
    case 'integer':
    case 'number': {
      const unit = ctx ? resolve(field.unit, ctx) : typeof field.unit === 'string' ? field.unit : undefined;
      if (field.valueType === 'integer' && field.digitsOnly) {
        return (
          <DigitsInput
            id={id}
            value={value as number | null}
            onChange={change}
            max={field.max}
            suffix={unit}
            disabled={disabled}
            status={status}
            placeholder={placeholder}
            aria-label={label}
          />
        );
      }
      return (
        <InputNumber
          id={id}
          className="number-input"
          value={value as number | null}
          onChange={change}
          precision={field.valueType === 'integer' ? 0 : undefined}
          suffix={unit}
          min={field.min}
          max={field.max}
          disabled={disabled}
          status={status}
          aria-label={label}
        />
      );
    }
    case 'hour':
      return <Picker id={id} value={value as number} onChange={change} options={HOUR_OPTIONS} className="hour-select" disabled={disabled} />;
    case 'weekdays':
      return <WeekdaysInput id={id} value={value as number} onChange={change} />;
    case 'date':
      return <DatePicker id={id} value={value} onChange={change} format="DD/MM/YYYY" disabled={disabled} />;
    case 'lookup':
    case 'multiLookup':
      return (
        <LookupSelect
          id={id}
          value={value as number | number[] | null}
          onChange={change}
          source={field.lookup!}
          multiple={field.valueType === 'multiLookup'}
          initialOptions={initialOptionsOf(field, record)}
          placeholder={placeholder}
        />
      );
    case 'systemAreas':
      return <SystemAreasInput id={id} value={value as string[]} onChange={change} disabled={disabled} />;
    case 'select':
      if (field.remoteOptions && ctx) {
        return (
          <RemoteOptionsSelect
            id={id}
            value={value}
            onChange={change}
            source={field.remoteOptions}
            ctx={ctx}
            initialOptions={initialOptionsOf(field, record)}
            disabled={disabled}
            status={status}
            placeholder={placeholder}
            aria-label={label}
          />
        );
      }
      return (
        <Picker
          id={id}
          className="choice-select"
          value={(value ?? undefined) as never}
          onChange={(next) => change(next ?? null)}
          options={choicesOf(field, ctx) as never}
          disabled={disabled}
          status={status}
          allowClear={!field.required}
          placeholder={placeholder ?? 'Choose...'}
          aria-label={label}
        />
      );
    case 'radio':
      return (
        <Radio.Group
          id={id}
          className="choice-radio"
          optionType="button"
          buttonStyle="solid"
          size="small"
          value={value}
          onChange={(e) => change(e.target.value)}
          disabled={disabled}
          aria-label={label}
          options={choicesOf(field, ctx).map((option) => ({ value: option.value as never, label: option.label }))}
        />
      );
    case 'textarea':
    case 'json':
      return (
        <Input.TextArea
          id={id}
          className={field.valueType === 'json' ? 'json-input' : undefined}
          value={(value as string) ?? ''}
          onChange={(e) => change(e.target.value)}
          maxLength={field.maxLength}
          autoSize={{ minRows: field.valueType === 'json' ? 3 : 2, maxRows: 10 }}
          spellCheck={field.valueType !== 'json'}
          disabled={disabled}
          placeholder={placeholder}
          aria-label={label}
        />
      );
    case 'file':
      return (
        <FileUploadInput id={id} source={field.fileUpload!} value={value as UploadedFile | null} onChange={change} disabled={disabled} aria-label={label} />
      );
    case 'subTable':
      return (
        <SubTableInput
          id={id}
          subTable={field.subTable!}
          value={(value as Row[] | undefined) ?? []}
          onChange={change}
          ctx={ctx}
          errors={nestedErrors ?? {}}
          onErrorsChange={onNestedErrorsChange}
        />
      );
    default:
      return (
        <Input
          id={id}
          type={field.valueType === 'email' ? 'email' : 'text'}
          value={(value as string) ?? ''}
          onChange={(e) => change(e.target.value)}
          maxLength={field.maxLength}
          autoComplete="off"
          disabled={disabled}
          status={status}
          placeholder={placeholder}
          aria-label={label}
        />
      );
  }
}
