import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { acceptDecimalText, decimalTextToNumber, moneyBoxText, numberToDecimalText } from '../format/decimal';
import { formatRatio } from '../format/format';
import { useFormattedWhileIdle } from './useFormattedWhileIdle';

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** 'money' shows a pound sign; 'ratio' (0..1) shows the percentage it means. */
  kind: 'money' | 'ratio';
  disabled?: boolean;
  status?: 'error';
  /** Hint while empty; by default '0.00' (money) or '0.25' (ratio). */
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * A money or ratio box: digits with up to two decimals, any other keystroke
 * ignored (spec 01 §5). The form holds the number; the box keeps the text as
 * typed, so '12.' survives until the next digit.
 */
export function DecimalInput({ id, value, onChange, kind, disabled, status, placeholder, 'aria-label': ariaLabel }: Props) {
  const [text, setText] = useState(() => numberToDecimalText(value, kind));
  // Money reads as money ('1,234.50' beside the '£') except while it is being typed.
  const { editing, inputRef, onFocus, onBlur } = useFormattedWhileIdle(kind === 'money');
  // Follow changes made elsewhere (a reset, or commission mirroring revenue).
  useEffect(() => {
    if (decimalTextToNumber(text) !== (value ?? null)) setText(numberToDecimalText(value, kind));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the form's value alone: the text being typed is not a change from elsewhere
  }, [value]);

  return (
    <Input
      ref={inputRef}
      id={id}
      className={kind === 'money' ? 'decimal-input money-input' : 'decimal-input ratio-input'}
      inputMode="decimal"
      autoComplete="off"
      prefix={kind === 'money' ? '£' : undefined}
      suffix={kind === 'ratio' ? <span className="ratio-percent">{value != null ? `= ${formatRatio(value)}` : ''}</span> : undefined}
      placeholder={placeholder ?? (kind === 'money' ? '0.00' : '0.25')}
      value={kind === 'money' && !editing ? moneyBoxText(decimalTextToNumber(text)) : text}
      disabled={disabled}
      status={status}
      aria-label={ariaLabel}
      onFocus={onFocus}
      onBlur={onBlur}
      onChange={(e) => {
        const next = acceptDecimalText(text, e.target.value, kind === 'ratio' ? 1 : undefined);
        if (next === text) return;
        setText(next);
        onChange?.(decimalTextToNumber(next));
      }}
    />
  );
}
