import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import { useViewport } from '../../shell/useViewport';
import { cleanOrderRef, ORDER_REF_CHUNK, orderRefChunks, typeIntoChunk } from './saleForm';

interface Props {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  status?: 'error';
}

/**
 * The 20-digit order reference (spec 01 §9): one box on desktop, 4 boxes of 5 digits below
 * 1000 px, the cursor moving on when a box is full. Digits only; a pasted reference fills
 * the boxes from the one pasted into.
 */
export function OrderRefInput({ id, value, onChange, disabled, status }: Props) {
  const viewport = useViewport();
  const [chunks, setChunks] = useState(() => orderRefChunks(value));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  // Follow a value set elsewhere (a scan, a reset); the boxes keep their own split while typing.
  useEffect(() => {
    if (chunks.join('') !== (value ?? '')) setChunks(orderRefChunks(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the form's value alone: the boxes being typed in are not re-split
  }, [value]);

  if (viewport.isDesktop) {
    return (
      <Input
        id={id}
        className="order-ref-input"
        inputMode="numeric"
        autoComplete="off"
        value={value ?? ''}
        disabled={disabled}
        status={status}
        placeholder="20 digits"
        aria-label="Order reference"
        onChange={(e) => onChange?.(cleanOrderRef(e.target.value))}
      />
    );
  }

  return (
    <div className="order-ref-chunks" id={id}>
      {chunks.map((chunk, index) => (
        <Input
          key={index}
          ref={(input) => {
            boxes.current[index] = input?.input ?? null;
          }}
          className="order-ref-chunk"
          inputMode="numeric"
          autoComplete="off"
          value={chunk}
          disabled={disabled}
          status={status}
          placeholder="00000"
          aria-label={`Order reference digits ${index * ORDER_REF_CHUNK + 1} to ${(index + 1) * ORDER_REF_CHUNK}`}
          onChange={(e) => {
            const next = typeIntoChunk(chunks, index, e.target.value);
            setChunks(next);
            onChange?.(next.join(''));
            // A full box moves the cursor to the first box that is not full.
            if (next[index].length === ORDER_REF_CHUNK) {
              const open = next.findIndex((c, i) => i > index && c.length < ORDER_REF_CHUNK);
              if (open > 0) boxes.current[open]?.focus();
            }
          }}
          onKeyDown={(e) => {
            if (e.key === 'Backspace' && chunk === '' && index > 0) boxes.current[index - 1]?.focus();
          }}
        />
      ))}
    </div>
  );
}
