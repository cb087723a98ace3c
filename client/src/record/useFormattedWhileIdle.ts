import { useLayoutEffect, useRef, useState } from 'react';
import type { InputRef } from 'antd';

/**
 * A box that reads formatted ('1,234.50', '£125,000.00') while it is not being edited and shows
 * the text as typed while it is (the record dialogs' money, the targets grid's revenue). Focusing
 * it swaps one text for the other, and a value set by the page drops the selection the browser had
 * made (Tab selects a box's whole text, and so does a test's fill): typing then added to the old
 * value instead of replacing it ('999999999' + '1000'). So the raw text is selected again as soon
 * as editing starts, as a spreadsheet cell does.
 */
export function useFormattedWhileIdle(formats: boolean) {
  const [editing, setEditing] = useState(false);
  const inputRef = useRef<InputRef>(null);
  const selectWhenShown = useRef(false);
  useLayoutEffect(() => {
    if (!editing || !selectWhenShown.current) return;
    selectWhenShown.current = false;
    inputRef.current?.select();
  }, [editing]);
  return {
    editing,
    inputRef,
    onFocus: () => {
      selectWhenShown.current = formats;
      setEditing(true);
    },
    onBlur: () => setEditing(false),
  };
}
