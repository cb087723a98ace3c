import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { acceptDigitsText, digitsTextToNumber, numberToDigitsText } from './digits';

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  max?: number;
  /** Text after the digits, e.g. a unit. */
  suffix?: string;
  disabled?: boolean;
  status?: 'error';
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * A whole-number box that takes digits only (spec 01 §5): any other keystroke
 * is ignored, like the money boxes. The form holds the number.
 */
export function DigitsInput({ id, value, onChange, max, suffix, disabled, status, placeholder, 'aria-label': ariaLabel }: Props) {
  const [text, setText] = useState(() => numberToDigitsText(value));
  // Follow changes made elsewhere (a reset, or a copied record).
  useEffect(() => {
    if (digitsTextToNumber(text) !== (value ?? null)) setText(numberToDigitsText(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the form's value alone: the text being typed is not a change from elsewhere
  }, [value]);

  return (
    <Input
      id={id}
      className="digits-input"
      style={{ width: 180 }}
      inputMode="numeric"
      autoComplete="off"
      suffix={suffix}
      placeholder={placeholder}
      value={text}
      disabled={disabled}
      status={status}
      aria-label={ariaLabel}
      onChange={(e) => {
        const next = acceptDigitsText(text, e.target.value, max);
        if (next === text) return;
        setText(next);
        onChange?.(digitsTextToNumber(next));
      }}
    />
  );
}
