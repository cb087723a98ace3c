import { useEffect, useRef } from 'react';

/**
 * Focus on the first empty field when a dialog opens (issue 26: the sale and record dialogs
 * opened with focus on their frame, so the user had to click or tab before typing).
 */

/** A value the user has yet to give: nothing, blank text or an empty list (false and 0 are answers). */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The first of `names` (in the form's order) whose value is empty; the first name when none is. */
export function firstEmpty(names: readonly string[], values: Record<string, unknown>): string | undefined {
  return names.find((name) => isEmptyValue(values[name])) ?? names[0];
}

/** What can take the focus inside a form item (antd's selects keep their search input). */
export const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]):not([readonly]), textarea:not([disabled]), [role="combobox"]:not([aria-disabled="true"]), button:not([disabled])';

/** The input of a form item found by its label's `for` (antd ties labels to their control by id). */
export function inputOfItem(container: ParentNode | null | undefined, controlID: string): HTMLElement | null {
  const direct = container?.querySelector<HTMLElement>(`#${CSS.escape(controlID)}`);
  if (direct && direct.matches(FOCUSABLE)) return direct;
  const label = container?.querySelector(`label[for="${CSS.escape(controlID)}"]`);
  const control = label?.closest('.ant-form-item')?.querySelector('.ant-form-item-control');
  return control?.querySelector<HTMLElement>(FOCUSABLE) ?? direct ?? null;
}

/**
 * Once `ready` (the form filled), puts the focus on what `find` returns, once per dialog. A few
 * frames are tried: the dialog's portal and a lazily loaded input may mount a frame later.
 */
export function useInitialFocus(ready: boolean, find: () => HTMLElement | null | undefined): void {
  const done = useRef(false);
  const findRef = useRef(find);
  findRef.current = find;
  useEffect(() => {
    if (!ready || done.current) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const element = findRef.current();
      if (element) {
        done.current = true;
        element.focus();
      } else if (++tries < 30) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [ready]);
}
