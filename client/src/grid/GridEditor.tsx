/**
 * GridEditor: the one grid editor of the targets and daily stats screens (spec 02 §4 "Targets
 * editor", "Daily stats": the saved / unsaved / saving pattern).
 *
 * Props (GridEditorProps<R>, R being the screen's row type):
 * - rows: R[] | undefined — the rows as loaded from the server; undefined while loading (a spinner
 *   shows). A new array replaces the grid and makes it saved again, unless the grid is unsaved and
 *   `dataKey` did not change (a background reload never wipes the user's edits).
 * - dataKey: string — what the rows are of (e.g. `${storeID}/${date}`). Changing it always replaces
 *   the grid with `rows`.
 * - rowKey: (row: R) => string | number — a stable key per row.
 * - columns: GridColumn<R>[] — see GridColumn below. The first column is pinned on the left when
 *   the table scrolls sideways (narrow screens). It may also be a function of the rows being
 *   edited, for columns that depend on them (the targets' Hours and Weight, shown in hours mode).
 * - save: (rows: R[], signal: AbortSignal) => Promise<GridSaveAnswer<R>> — sends the whole grid
 *   and resolves to { validationResult, listData } with listData already as grid rows (the screen
 *   maps the server's answer). listData replaces the grid when the save did not fail. A thrown
 *   ApiError carrying a validationResult (the server's 400) is shown like a failed answer; any
 *   other error shows its message. The signal aborts when the user cancels.
 * - version?: string — the version of `rows` as loaded (the newest updatedDate of the server's rows,
 *   api/version.ts gridVersion): passed to `save` as its third argument, so the server can refuse
 *   (409) a save of a grid someone else saved since. A save's answer may carry the saved grid's
 *   `version`, sent with the next save.
 * - onReload?: () => unknown — loads the rows again. A 409 shows its message with a Reload button,
 *   which drops the edits, shows the rows as loaded and calls it; the fresh rows then fill the grid.
 * - onSaved?: (rows: R[]) => void — after a successful save, e.g. to refresh cached lists.
 * - readOnly?: boolean — no permission or a read-only view: the same table, plain values, no Save.
 * - toolbar?: (ctx: GridEditorContext<R>) => ReactNode — shown above the table on the left of
 *   the Save button (checkboxes, copy dialogs...); ctx lets it read and replace every row.
 * - empty?: ReactNode — shown instead of the table when there are no rows.
 * - failLabel?: (field: string) => string | undefined — the cell a failMessages key is about
 *   ('Mon 04/03/2019 Footfall'). A refused save shows beside the Save button as the record dialog
 *   does (gridFailure): 'Please correct {n} fields' over 'Label - message' per failing cell, or one
 *   cell's 'Label - message' alone; a key without a label shows its message alone.
 * - rowClassName?: (row: R) => string — extra class per row (e.g. weekends, totals).
 * - ariaLabel?: string — the table's accessible name.
 *
 * GridColumn<R>:
 * - key: string (unique); title: ReactNode; width?: number; align?: 'left' | 'right' | 'center'.
 * - field?: keyof R — the row field a typed input edits, or a plain cell shows.
 * - input?: GridInputKind — { kind: 'digits' } or { kind: 'decimal', maxDecimals? }: the cell is
 *   a box filtering keystrokes as typed, applying the value 750 ms after typing stops (spec 02
 *   §9), on blur or on Enter. Read-only grids show the value instead.
 * - render?: (cell: GridCellContext<R>) => ReactNode — a custom cell; wins over input/field.
 *   cell = { row, rowIndex, readOnly, setRow(patch | (row) => row), rows, setRows }. Custom cells
 *   can use the exported GridNumberInput for typed boxes of their own.
 * - inputLabel?: (row: R) => string — accessible name of the cell's input (default `${title}`).
 * - groups?: { key, title }[] — header groups, outermost first: consecutive columns sharing a
 *   group's key at the same depth sit under one header cell with its title (e.g. a type, then a
 *   field over its list items). Columns without groups have a plain header.
 *
 * GridEditorContext (toolbar and custom cells) also has markUnsaved(): custom cells call it on
 * each accepted keystroke (GridNumberInput's onTyping), as typed columns do, so Save is enabled
 * before the typed value is applied.
 *
 * Leaving with unsaved changes asks 'You have NOT saved your changes, are you sure you want to
 * continue?' on router navigation (needs the data router of App.tsx) and on closing or reloading
 * the tab (beforeunload). Saving shows 'Saving...' with a Cancel button and a blocking overlay
 * 'Saving... click to cancel'; cancelling aborts the request and leaves the grid unsaved.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { Button, Input, Modal, Space, Spin, Table, type TableColumnType, type TableColumnsType } from 'antd';
import { ApiError, isAbortError } from '../api/http';
import type { ValidationResult } from '../api/types';
import { isConflict } from '../api/version';
import { FailureAlert } from '../record/DialogParts';
import { useFormattedWhileIdle } from '../record/useFormattedWhileIdle';
import { TYPING_DELAY_MS } from '../shell/useDebounced';
import { type GridInputKind, acceptCellText, cellTextToNumber, formattedCellText, numberToCellText } from './cellText';
import { gridFailure } from './gridFailure';
import './grid.css';
import { useSaveFeedback } from '../feedback/useSaveFeedback';

export type { GridInputKind } from './cellText';

/** The exact question of spec 02 §2.1 and §4 on leaving with unsaved changes. */
export const UNSAVED_QUESTION = 'You have NOT saved your changes, are you sure you want to continue?';
export const SAVING_OVERLAY_TEXT = 'Saving... click to cancel';

export interface GridSaveAnswer<R> {
  validationResult: ValidationResult;
  listData: R[];
  /** The saved grid's version, for the next save. */
  version?: string;
}

export interface GridEditorContext<R> {
  rows: R[];
  /** Replaces every row (makes the grid unsaved). */
  setRows: (next: R[] | ((rows: R[]) => R[])) => void;
  /** Marks the grid unsaved without changing a row (a typed value not yet applied). */
  markUnsaved: () => void;
  readOnly: boolean;
  unsaved: boolean;
  saving: boolean;
}

export interface GridCellContext<R> extends GridEditorContext<R> {
  row: R;
  rowIndex: number;
  /** Changes this row (makes the grid unsaved). */
  setRow: (patch: Partial<R> | ((row: R) => R)) => void;
}

export interface GridColumn<R> {
  key: string;
  title: ReactNode;
  field?: Extract<keyof R, string>;
  input?: GridInputKind;
  render?: (cell: GridCellContext<R>) => ReactNode;
  inputLabel?: (row: R) => string;
  width?: number;
  align?: 'left' | 'right' | 'center';
  groups?: { key: string; title: ReactNode }[];
}

export interface GridEditorProps<R> {
  rows: R[] | undefined;
  dataKey: string;
  rowKey: (row: R) => string | number;
  columns: GridColumn<R>[] | ((rows: R[]) => GridColumn<R>[]);
  save: (rows: R[], signal: AbortSignal, version: string | undefined) => Promise<GridSaveAnswer<R>>;
  version?: string;
  onReload?: () => unknown;
  onSaved?: (rows: R[]) => void;
  /** The message confirming a save ('Targets saved for Leeds Briggate, December 2026'). */
  savedMessage?: string;
  readOnly?: boolean;
  toolbar?: (ctx: GridEditorContext<R>) => ReactNode;
  empty?: ReactNode;
  failLabel?: (field: string) => string | undefined;
  rowClassName?: (row: R) => string;
  ariaLabel?: string;
}

interface GridState<R> {
  /** The loaded rows and key the grid was last filled from. */
  source: R[] | undefined;
  sourceKey: string;
  rows: R[];
  unsaved: boolean;
  /** The version the rows were loaded or last saved at, sent with the next save. */
  version: string | undefined;
}

export function GridEditor<R extends object>(props: GridEditorProps<R>) {
  const { rows: loaded, dataKey, rowKey, save, onSaved, onReload, toolbar, empty, failLabel, rowClassName, ariaLabel } = props;
  const readOnly = Boolean(props.readOnly);
  const [state, setState] = useState<GridState<R>>(() => ({ source: loaded, sourceKey: dataKey, rows: loaded ?? [], unsaved: false, version: props.version }));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<ValidationResult | null>(null);
  /** The failure is a 409: someone else saved the grid since it was loaded. */
  const [conflict, setConflict] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const saved = useSaveFeedback();

  // New rows from the server refill the grid, except a reload of the same data over unsaved edits.
  let current = state;
  if (loaded !== state.source || dataKey !== state.sourceKey) {
    const replace = dataKey !== state.sourceKey || !state.unsaved;
    // Edits kept over a reload keep the version they were made from.
    current = replace ? { source: loaded, sourceKey: dataKey, rows: loaded ?? [], unsaved: false, version: props.version } : { ...state, source: loaded };
    setState(current);
    if (replace) setFailure(null);
  }
  // Save reads the rows through a ref: a blur applying a cell and the click on Save come in one go.
  const rowsRef = useRef(current.rows);
  rowsRef.current = current.rows;
  const versionRef = useRef(current.version);
  versionRef.current = current.version;

  const setRows = useCallback((next: R[] | ((rows: R[]) => R[])) => {
    setState((previous) => {
      const rows = typeof next === 'function' ? next(previous.rows) : next;
      rowsRef.current = rows;
      return { ...previous, rows, unsaved: true };
    });
  }, []);
  const markUnsaved = useCallback(() => setState((previous) => (previous.unsaved ? previous : { ...previous, unsaved: true })), []);

  const unsaved = current.unsaved;
  const leaveQuestion = useLeaveGuard(unsaved);

  const cancelSave = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setSaving(false);
  }, []);
  // A screen left mid-save drops the request with it.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const saveNow = async () => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setSaving(true);
    setFailure(null);
    setConflict(false);
    try {
      const answer = await save(rowsRef.current, controller.signal, versionRef.current);
      if (controller.signal.aborted) return;
      if (answer.validationResult?.fail) {
        setFailure(answer.validationResult);
      } else {
        setState((previous) => ({ ...previous, rows: answer.listData, unsaved: false, version: answer.version ?? previous.version }));
        if (props.savedMessage) saved(props.savedMessage);
        onSaved?.(answer.listData);
      }
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      if (isConflict(error)) {
        // Their name and time, alone (not as a cell's message), with Reload.
        setConflict(true);
        setFailure({ fail: true, failSummary: error.message });
      } else if (error instanceof ApiError && error.validationResult) setFailure(error.validationResult);
      else setFailure({ fail: true, failSummary: error instanceof Error ? error.message : 'The save failed' });
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setSaving(false);
      }
    }
  };

  /** A conflict's Reload: the edits go, the rows as loaded show, and the fresh rows replace them when they come. */
  const reload = () => {
    setFailure(null);
    setConflict(false);
    setState({ source: undefined, sourceKey: dataKey, rows: [], unsaved: false, version: undefined });
    onReload?.();
  };

  const columns = typeof props.columns === 'function' ? props.columns(current.rows) : props.columns;
  const ctx: GridEditorContext<R> = { rows: current.rows, setRows, markUnsaved, readOnly, unsaved, saving };
  const tableColumns: TableColumnType<R>[] = columns.map((column, columnIndex) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    align: column.align,
    // The first column stays in view while the others scroll sideways.
    fixed: columnIndex === 0 ? 'left' : undefined,
    render: (_: unknown, row: R, rowIndex: number) => {
      const setRow = (patch: Partial<R> | ((row: R) => R)) =>
        setRows((rows) => rows.map((r, i) => (i === rowIndex ? (typeof patch === 'function' ? patch(r) : { ...r, ...patch }) : r)));
      if (column.render) return column.render({ ...ctx, row, rowIndex, setRow });
      const value = column.field ? row[column.field] : undefined;
      if (column.input && !readOnly && column.field) {
        const field = column.field;
        return (
          <GridNumberInput
            input={column.input}
            value={value as number | null | undefined}
            onTyping={markUnsaved}
            onApply={(next) => setRow((r) => ({ ...r, [field]: next }))}
            aria-label={column.inputLabel ? column.inputLabel(row) : typeof column.title === 'string' ? column.title : column.key}
          />
        );
      }
      return value === null || value === undefined ? '' : String(value);
    },
  }));

  if (loaded === undefined) {
    return (
      <div className="grid-editor-loading">
        <Spin />
      </div>
    );
  }

  return (
    <div className="grid-editor">
      <div className="grid-editor-toolbar">
        <div className="grid-editor-toolbar-extra">{toolbar?.(ctx)}</div>
        {!readOnly && (
          <Space className="grid-editor-save" wrap>
            {/* Keyed apart: Space flattens the fragment, and a reused button kept the loading
                icon of 'Saving...' (its name 'loading Save') when a quick answer cut its motion short. */}
            {saving ? (
              <>
                <Button key="saving" type="primary" loading>
                  Saving...
                </Button>
                <Button key="cancel" onClick={cancelSave}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button key="save" type="primary" disabled={!unsaved} onClick={() => void saveNow()}>
                Save
              </Button>
            )}
          </Space>
        )}
      </div>
      {failure && (
        <div className="grid-editor-failure">
          <FailureAlert failure={{ ...gridFailure(failure, 'The changes could not be saved', failLabel), conflict }} onReload={onReload ? reload : undefined} />
        </div>
      )}
      {current.rows.length === 0 && empty ? (
        empty
      ) : (
        <Table<R>
          className="grid-editor-table"
          aria-label={ariaLabel}
          size="small"
          bordered
          pagination={false}
          rowKey={rowKey}
          rowClassName={rowClassName}
          columns={groupColumns(columns, tableColumns)}
          dataSource={current.rows}
          scroll={{ x: 'max-content' }}
        />
      )}
      {leaveQuestion}
      {saving && (
        <div
          className="grid-editor-overlay"
          role="button"
          tabIndex={0}
          onClick={cancelSave}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ' || event.key === 'Escape') cancelSave();
          }}
        >
          <div className="grid-editor-overlay-text">{SAVING_OVERLAY_TEXT}</div>
        </div>
      )}
    </div>
  );
}

/** Nests consecutive columns sharing a group (GridColumn.groups, outermost first) under one header. */
function groupColumns<R>(columns: GridColumn<R>[], built: TableColumnType<R>[], depth = 0, parentKey = ''): TableColumnsType<R> {
  const nested: TableColumnsType<R> = [];
  for (let start = 0; start < columns.length;) {
    const group = columns[start].groups?.[depth];
    let end = start + 1;
    if (!group) {
      nested.push(built[start]);
    } else {
      while (end < columns.length && columns[end].groups?.[depth]?.key === group.key) end++;
      const key = `${parentKey}/${group.key}`;
      nested.push({ key, title: group.title, children: groupColumns(columns.slice(start, end), built.slice(start, end), depth + 1, key) });
    }
    start = end;
  }
  return nested;
}

/**
 * Asks before leaving with unsaved changes: router navigation to another path (the question
 * below) and closing or reloading the tab (the browser's own question: browsers no longer show a
 * page's text there).
 */
function useLeaveGuard(unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their question.
      event.returnValue = UNSAVED_QUESTION;
      return UNSAVED_QUESTION;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="Unsaved changes"
      okText="Yes"
      cancelText="No"
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {UNSAVED_QUESTION}
    </Modal>
  );
}

interface GridNumberInputProps {
  input: GridInputKind;
  value: number | null | undefined;
  /** Receives the number (null when emptied) 750 ms after typing stops, on blur or on Enter. */
  onApply: (value: number | null) => void;
  /** Called on every accepted keystroke, before the value is applied. */
  onTyping?: () => void;
  disabled?: boolean;
  status?: 'error';
  'aria-label'?: string;
  className?: string;
  /** How the value reads while the box is not being edited (money: '£125,000.00'); as typed without it. */
  format?: (value: number) => string;
}

/** A grid cell's box: filters keystrokes by kind and applies the value after a typing pause. */
export function GridNumberInput({ input, value, onApply, onTyping, disabled, status, 'aria-label': ariaLabel, className, format }: GridNumberInputProps) {
  const [text, setText] = useState(() => numberToCellText(input, value));
  const { editing, inputRef, onFocus, onBlur } = useFormattedWhileIdle(format !== undefined);
  const textRef = useRef(text);
  const timer = useRef<number | undefined>(undefined);
  const latestApply = useRef(onApply);
  latestApply.current = onApply;

  // Follow changes made elsewhere (a save's answer, a distribution, a copy).
  useEffect(() => {
    if (cellTextToNumber(input, textRef.current) !== (value ?? null)) {
      textRef.current = numberToCellText(input, value);
      setText(textRef.current);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the cell's value alone: the text being typed is not a change from elsewhere
  }, [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const applyNow = () => {
    if (timer.current === undefined) return;
    window.clearTimeout(timer.current);
    timer.current = undefined;
    latestApply.current(cellTextToNumber(input, textRef.current));
  };

  return (
    <Input
      ref={inputRef}
      size="small"
      className={className ? `grid-number-input ${className}` : 'grid-number-input'}
      status={status}
      inputMode={input.kind === 'digits' ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={format && !editing ? formattedCellText(input, text, format) : text}
      disabled={disabled}
      aria-label={ariaLabel}
      onFocus={onFocus}
      onChange={(event) => {
        const next = acceptCellText(input, textRef.current, event.target.value);
        if (next === textRef.current) return;
        textRef.current = next;
        setText(next);
        onTyping?.();
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(applyNow, TYPING_DELAY_MS);
      }}
      onBlur={() => {
        onBlur();
        applyNow();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') applyNow();
      }}
    />
  );
}
