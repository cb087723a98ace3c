import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, type CheckboxProps, Input, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { FilterValue, SorterResult } from 'antd/es/table/interface';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useList, usePreference } from '../api/hooks';
import { ApiError, apiGet } from '../api/http';
import { getToken } from '../api/token';
import type { ListIdEntry, ListResponse, Row } from '../api/types';
import { can } from '../auth/permissions';
import { JUST_SAVED_CLASS, useRecentlySaved } from '../feedback/recentlySaved';
import { RecordDialog } from '../record/RecordDialog';
import { useCurrentUser } from '../shell/CurrentUser';
import { PageTitle } from '../shell/PageTitle';
import { useDebouncedCallback } from '../shell/useDebounced';
import { useViewport } from '../shell/useViewport';
import { ColumnChooser } from './ColumnChooser';
import { renderFieldValue } from './renderValue';
import type { DialogMode, DialogRequest, FieldDef, ResourceDef } from './resource';
import {
  type ListState,
  PAGE_SIZES,
  applyTableChange,
  readListState,
  toApiQuery,
  withQuickFilter,
  withScreenParams,
  writeListState,
} from './tableQuery';

interface Props {
  resource: ResourceDef;
  /** Shown above the list, e.g. the users screen's tabs. */
  header?: ReactNode;
  /** Extra toolbar buttons, e.g. 'Upload {sale type} Lines'. */
  toolbarExtra?: ReactNode;
  /** Replaces the title text (still `resource.title` for the Excel file name). */
  titleNode?: ReactNode;
  /**
   * 'page' (the default): the title is the screen's h1 (PageTitle), above the header's tabs when
   * there is a header, else at the start of the toolbar. 'section': the list is part of a screen
   * that has its own h1 (the rate card lines under their card), and its title is an h2.
   */
  titleRole?: 'page' | 'section';
  /** Shown inside the card between the toolbar and the table, e.g. a filters panel or a legend. */
  aboveTable?: ReactNode;
  /** The screen's own record dialog instead of the generic RecordDialog (e.g. the sale form). */
  renderDialog?: (request: DialogRequest) => ReactNode;
  /** URL params of the screen itself that the list's paging, sorting and filters keep (e.g. 'refunds'). */
  screenParams?: readonly string[];
}

/** The Excel download's URL of a list state (without the session token), for the button and API details. */
export function excelUrl(resource: ResourceDef, state: ListState): string {
  const query = toApiQuery(state, { fixedFilters: resource.fixedFilters, paged: false });
  query.set('fileName', `${resource.title}.xlsx`);
  return `/api/${resource.listPath}/excel?${query.toString()}`;
}

interface OpenDialog {
  mode: DialogMode;
  id?: number;
  /** Viewing: the record's 0-based position in the whole list, for Previous and Next. */
  position?: number;
}

/** Numbers line up on the right, as in a spreadsheet. */
const NUMERIC_TYPES: FieldDef['valueType'][] = ['integer', 'number', 'money', 'ratio'];

/** The sort field the server knows a column by, or undefined when not sortable. */
function sortFieldOf(field: FieldDef): string | undefined {
  if (!field.sortable) return undefined;
  return typeof field.sortable === 'string' ? field.sortable : field.name;
}

function isFilterable(field: FieldDef): boolean {
  if (field.filterable !== undefined) return field.filterable;
  return field.sortable === true && ['text', 'email', 'boolean'].includes(field.valueType);
}

/** API parameter of a column filter: equality for booleans, "contains" for text. */
function filterParamOf(field: FieldDef): string {
  return field.valueType === 'boolean' ? field.name : `${field.name}Lower`;
}

/**
 * The one list screen: a resource definition decides the title, columns,
 * filters and permissions; this component does the paging, sorting,
 * filtering, column choice, Excel download and the record dialog.
 */
export function ListScreen({ resource, header, toolbarExtra, titleNode, titleRole = 'page', aboveTable, renderDialog, screenParams }: Props) {
  const me = useCurrentUser();
  const viewport = useViewport();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => readListState(searchParams, resource.defaultSort), [searchParams, resource.defaultSort]);
  const [dialog, setOpenDialog] = useState<OpenDialog | null>(null);
  // Focus goes back to the button that opened the dialog once it closes (the dialog unmounts, so
  // antd's own return of focus never runs). Stepping in the view dialog keeps the first opener.
  const dialogOpener = useRef<HTMLElement | null>(null);
  const setDialog = (next: OpenDialog | null) => {
    if (next && !dialog) dialogOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpenDialog(next);
  };
  useEffect(() => {
    if (dialog || !dialogOpener.current) return;
    const opener = dialogOpener.current;
    dialogOpener.current = null;
    if (opener.isConnected) opener.focus();
  }, [dialog]);
  // Row selection survives paging; rows seen on any page are remembered for the actions.
  const [selectedIDs, setSelectedIDs] = useState<number[]>([]);
  const seenRows = useRef(new Map<number, Row>());
  /** The query whose settled answer last listed each row. */
  const listedUnder = useRef(new Map<number, string>());

  // ---- data ----
  const apiQuery = toApiQuery(state, { fixedFilters: resource.fixedFilters, fkJoins: resource.fkJoins });
  const { data, error: listError, isLoading, isValidating } = useList(resource.listPath, apiQuery);
  // A query the server refuses (e.g. a sort no index serves over a very long list) says why;
  // other failures are only logged (spec 01 section 8), and the last answer stays shown.
  const refusal = listError instanceof ApiError && listError.status === 400 ? refusalText(listError) : null;
  const rows = data?.listData ?? [];
  const filtered = state.quickFilter.trim() !== '' || Object.values(state.filters).some((values) => values.length > 0);

  // After a delete (or a narrower filter elsewhere) the page may no longer exist: show the last one.
  const pageCount = data?.page?.pageCount;
  useEffect(() => {
    if (pageCount !== undefined && pageCount > 0 && state.page > pageCount) {
      setSearchParams((current) => withScreenParams(writeListState({ ...readListState(current, resource.defaultSort), page: pageCount }), current, screenParams), {
        replace: true,
      });
    }
  }, [pageCount, state.page, setSearchParams, resource.defaultSort, screenParams]);

  // ---- quick filter: typed locally, applied to the URL after a pause ----
  const [quickFilterText, setQuickFilterText] = useState(state.quickFilter);
  useEffect(() => setQuickFilterText(state.quickFilter), [state.quickFilter]);
  const applyQuickFilter = useDebouncedCallback((text: string) => {
    // Read the URL afresh: the state captured when typing began may be stale.
    setSearchParams((current) => withScreenParams(writeListState(withQuickFilter(readListState(current, resource.defaultSort), text)), current, screenParams));
  });

  // ---- column choice, saved per table ----
  const tableFields = resource.columns.filter((field) => !field.hideInTable);
  const defaultVisible = tableFields.filter((field) => !field.hiddenByDefault).map((field) => field.name);
  const columnPreference = usePreference('TableColumns', resource.tableName);
  const savedVisible = (columnPreference.value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => tableFields.some((field) => field.name === name));
  const visibleNames = savedVisible.length ? savedVisible : defaultVisible;

  // ---- permissions ----
  const mayCreate = resource.permissions.create(me);
  const mayCopy = mayCreate && !resource.noCopy;
  const mayDownload = can(me, 'AccessAPI');

  const downloadExcel = () => {
    const link = document.createElement('a');
    link.href = `${excelUrl(resource, state)}&token=${encodeURIComponent(getToken() ?? '')}`;
    link.download = `${resource.title}.xlsx`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  const idOf = (row: Row) => Number(row[resource.idField]);
  // Rows a dialog or an action just saved show highlighted for a moment (feedback/recentlySaved.ts).
  const justSaved = useRecentlySaved(resource.listPath);
  // Each row's listIDs entry: its `selectable` flag is the server's say on changing it.
  const listedByID = new Map<number, ListIdEntry>((data?.listIDs ?? []).map((entry) => [entry.id, entry]));
  const mayUpdate = (row: Row) => resource.permissions.update(me, row, listedByID.get(idOf(row)));
  const mayDelete = (row: Row) => resource.permissions.delete(me, row, listedByID.get(idOf(row)));
  // The answer on screen is the current query's once SWR is no longer fetching (it keeps the
  // previous answer while the next loads).
  const queryKey = apiQuery.toString();
  const settled = Boolean(data) && !isValidating;
  for (const row of rows) {
    seenRows.current.set(idOf(row), row);
    if (settled) listedUnder.current.set(idOf(row), queryKey);
  }
  const selectable = Boolean(resource.selection && (!resource.selection.enabled || resource.selection.enabled(me)));
  // A selected row missing from a fresh answer to the query that listed it was deleted
  // elsewhere (or no longer matches): it drops out. Rows of other pages stay selected; the
  // answer holds only this page's ids (docs/http-api.md, listIDs).
  const listedIDs = settled ? data?.listIDs : undefined;
  useEffect(() => {
    if (!listedIDs) return;
    const listed = new Set(listedIDs.map((entry) => entry.id));
    const gone = (id: number) => !listed.has(id) && listedUnder.current.get(id) === queryKey;
    setSelectedIDs((current) => (current.some(gone) ? current.filter((id) => !gone(id)) : current));
  }, [listedIDs, queryKey]);

  // Previous and Next in the view dialog walk the whole list, across pages: a neighbour off
  // this page is fetched as a one-id window of the same query.
  const [stepBusy, setStepBusy] = useState(false);
  const pageStart = (state.page - 1) * state.pageLength;
  const stepTo = async (position: number) => {
    let id = position >= pageStart && position < pageStart + rows.length ? idOf(rows[position - pageStart]) : undefined;
    if (id === undefined) {
      const query = toApiQuery(state, { fixedFilters: resource.fixedFilters, paged: false });
      query.set('pageLength', '1');
      query.set('listIDsFrom', String(position));
      query.set('listIDsLength', '1');
      setStepBusy(true);
      try {
        id = (await apiGet<ListResponse>(`/api/${resource.listPath}?${query.toString()}`)).listIDs[0]?.id;
      } catch (error) {
        console.error('Error loading data', error);
      } finally {
        setStepBusy(false);
      }
    }
    if (id !== undefined) setDialog({ mode: 'read', id, position });
  };
  const selectionActions =
    selectable && resource.selection
      ? resource.selection.actions({
          me,
          ids: selectedIDs,
          rows: selectedIDs.map((id) => seenRows.current.get(id)).filter((row): row is Row => Boolean(row)),
          clear: () => setSelectedIDs([]),
        })
      : null;

  const columns: ColumnsType<Row> = tableFields
    .filter((field) => visibleNames.includes(field.name))
    .map((field) => {
      const sortField = sortFieldOf(field);
      const filterParam = filterParamOf(field);
      const filterable = isFilterable(field) && !(filterParam in (resource.fixedFilters ?? {}));
      return {
        key: field.name,
        title: field.title,
        dataIndex: field.name,
        width: field.width,
        sorter: Boolean(sortField),
        sortOrder: sortField && state.sort === sortField ? (state.sortDir === 'desc' ? 'descend' : 'ascend') : null,
        align: NUMERIC_TYPES.includes(field.valueType) ? 'right' : undefined,
        className: field.noWrap ? 'cell-nowrap' : undefined,
        render: (_: unknown, row: Row) =>
          field.wrapWidth ? (
            <div className="cell-wrap" style={{ maxWidth: field.wrapWidth }}>
              {renderFieldValue(field, row)}
            </div>
          ) : (
            renderFieldValue(field, row)
          ),
        ...(filterable
          ? field.valueType === 'boolean'
            ? {
                filters: [
                  { text: 'Yes', value: '1' },
                  { text: 'No', value: '0' },
                ],
                filteredValue: state.filters[filterParam] ?? null,
              }
            : {
                filteredValue: state.filters[filterParam] ?? null,
                filterIcon: (filtered: boolean) => <SearchOutlined className={filtered ? 'filter-active' : undefined} />,
                filterDropdown: ({ selectedKeys, setSelectedKeys, confirm, clearFilters }) => (
                  <div className="text-filter" onKeyDown={(e) => e.stopPropagation()}>
                    <Input
                      placeholder={`${field.title} contains`}
                      value={String(selectedKeys[0] ?? '')}
                      onChange={(e) => setSelectedKeys(e.target.value ? [e.target.value] : [])}
                      onPressEnter={() => confirm()}
                      allowClear
                    />
                    <Space className="text-filter-buttons">
                      <Button size="small" onClick={() => { clearFilters?.(); confirm(); }}>
                        Reset
                      </Button>
                      <Button size="small" type="primary" onClick={() => confirm()}>
                        Filter
                      </Button>
                    </Space>
                  </div>
                ),
              }
          : {}),
      };
    });

  // As wide as the icons any row shows: view, plus copy, edit and delete where allowed, plus the resource's links.
  const rowActions = resource.rowActions ?? [];
  const actionCount =
    1 +
    rowActions.filter((action) => rows.some((row) => !action.visible || action.visible(me, row))).length +
    (mayCopy ? 1 : 0) +
    (rows.some(mayUpdate) ? 1 : 0) +
    (rows.some(mayDelete) ? 1 : 0);
  columns.push({
    key: 'actions',
    title: <span className="visually-hidden">Actions</span>,
    align: 'right',
    fixed: viewport.atLeastSm ? 'right' : undefined,
    width: actionCount * 28 + 24,
    render: (_: unknown, row: Row, index: number) => {
      const id = idOf(row);
      return (
        <Space size={0} className="row-actions">
          {rowActions
            .filter((action) => !action.visible || action.visible(me, row))
            .map((action) => (
              <Tooltip key={action.key} title={action.label}>
                <Button
                  type="text"
                  size="small"
                  icon={action.icon}
                  aria-label={action.label}
                  onClick={() => (action.path ? navigate(action.path(row)) : action.onClick?.(row))}
                />
              </Tooltip>
            ))}
          <Tooltip title="View">
            <Button type="text" size="small" icon={<EyeOutlined />} aria-label="View" onClick={() => setDialog({ mode: 'read', id, position: pageStart + index })} />
          </Tooltip>
          {mayCopy && (
            <Tooltip title="Copy">
              <Button type="text" size="small" icon={<CopyOutlined />} aria-label="Copy" onClick={() => setDialog({ mode: 'copy', id })} />
            </Tooltip>
          )}
          {mayUpdate(row) && (
            <Tooltip title="Edit">
              <Button type="text" size="small" icon={<EditOutlined />} aria-label="Edit" onClick={() => setDialog({ mode: 'update', id })} />
            </Tooltip>
          )}
          {mayDelete(row) && (
            <Tooltip title="Delete">
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="Delete" onClick={() => setDialog({ mode: 'delete', id })} />
            </Tooltip>
          )}
        </Space>
      );
    },
  });

  // Filter keys from antd are column keys; the state keeps API parameter names.
  const onTableChange = (
    pagination: TablePaginationConfig,
    filters: Record<string, FilterValue | null>,
    sorter: SorterResult<Row> | SorterResult<Row>[],
  ) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sortedField = tableFields.find((field) => field.name === single?.columnKey);
    // Filters set elsewhere (a screen's filters panel) stay; the columns' own are antd's to report.
    const apiFilters: Record<string, string[] | null> = { ...state.filters };
    for (const [columnKey, values] of Object.entries(filters)) {
      const field = tableFields.find((f) => f.name === columnKey);
      if (field) apiFilters[filterParamOf(field)] = values ? values.map(String) : null;
    }
    const next = applyTableChange(state, {
      current: pagination.current,
      pageSize: pagination.pageSize,
      sortField: sortedField ? sortFieldOf(sortedField) : undefined,
      sortOrder: single?.order ?? null,
      filters: apiFilters,
    });
    setSearchParams((current) => withScreenParams(writeListState(next), current, screenParams));
  };

  const titleText = titleNode ?? resource.title;
  // Issue 26: one h1 per screen, above its tabs.
  const titleAbove = titleRole === 'page' && header !== undefined;
  return (
    <>
      {titleAbove && <PageTitle>{titleText}</PageTitle>}
      {header}
      <Card className="list-card" variant="borderless">
        <div className="list-toolbar">
          {titleRole === 'section' ? (
            <Typography.Title level={2} className="list-title">
              {titleText}
            </Typography.Title>
          ) : (
            !titleAbove && <PageTitle className="list-title">{titleText}</PageTitle>
          )}
          <div className="list-toolbar-actions">
            <Input
              className="quick-filter"
              placeholder="Filter table"
              aria-label="Filter table"
              prefix={<SearchOutlined />}
              allowClear
              value={quickFilterText}
              onChange={(e) => {
                setQuickFilterText(e.target.value);
                applyQuickFilter(e.target.value);
              }}
            />
            <ColumnChooser
              columns={tableFields}
              visible={visibleNames}
              onChange={(names) => void columnPreference.save(names.join(','))}
              onReset={() => void columnPreference.save('')}
            />
            {mayDownload && (
              <Tooltip title="Download as Excel">
                <Button icon={<FileExcelOutlined />} aria-label="Download as Excel" onClick={downloadExcel} />
              </Tooltip>
            )}
            {selectionActions}
            {toolbarExtra}
            {mayCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'create' })}>
                Add
              </Button>
            )}
          </div>
        </div>
        {aboveTable}
        {refusal && <Alert className="list-refusal" type="warning" showIcon role="alert" message={refusal} />}
        <Table<Row>
          rowKey={(row) => String(row[resource.idField])}
          columns={columns}
          dataSource={rows}
          loading={isLoading || columnPreference.isLoading || (isValidating && !data)}
          size={viewport.atLeastXs && !resource.compact ? 'middle' : 'small'}
          rowClassName={(row: Row) =>
            [resource.rowClassName?.(row), justSaved.has(idOf(row)) ? JUST_SAVED_CLASS : undefined].filter(Boolean).join(' ')
          }
          scroll={{ x: 'max-content' }}
          onChange={onTableChange}
          // An empty list says why: nothing matches the filters, or there is nothing yet.
          locale={{
            emptyText:
              isLoading || (isValidating && !data)
                ? ' '
                : filtered
                  ? 'No rows match the filters. Clear them to see all rows.'
                  : `There are no ${resource.title.toLowerCase()} to show.`,
          }}
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selectedIDs.map(String),
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelectedIDs(keys.map(Number)),
                  // Each checkbox names its row for screen readers (axe: form elements need labels).
                  // (antd passes it on to the input; its type does not list aria attributes.)
                  getCheckboxProps: (row: Row) => ({ 'aria-label': `Select ${rowLabel(resource, row)}` }) as CheckboxProps,
                }
              : undefined
          }
          expandable={
            resource.expandedRow
              ? { expandedRowRender: (row: Row) => resource.expandedRow!(row), columnWidth: 32 }
              : undefined
          }
          pagination={{
            current: state.page,
            pageSize: state.pageLength,
            total: data?.page?.rowCount ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            simple: !viewport.atLeastXs,
            showTotal: viewport.atLeastXs ? (total, range) => `${range[0]}-${range[1]} of ${total}` : undefined,
          }}
        />
      </Card>
      {dialog && renderDialog?.({ mode: dialog.mode, id: dialog.id, onClose: () => setDialog(null) })}
      {dialog && !renderDialog && (
        <RecordDialog
          resource={resource}
          mode={dialog.mode}
          id={dialog.id}
          onClose={() => setDialog(null)}
          stepping={
            dialog.mode === 'read' && dialog.position !== undefined && data
              ? {
                  position: dialog.position,
                  total: data.page.rowCount,
                  busy: stepBusy,
                  onStep: (delta) => void stepTo(dialog.position! + delta),
                }
              : undefined
          }
        />
      )}
    </>
  );
}

/** A row in words for its selection checkbox: the resource's singular and its first column's value ('sale 1042'). */
function rowLabel(resource: ResourceDef, row: Row): string {
  const first = resource.columns.find((field) => !field.hideInTable);
  const value = first ? row[first.name] : undefined;
  const shown = typeof value === 'string' || typeof value === 'number' ? String(value) : String(row[resource.idField]);
  return `${resource.singular} ${shown}`;
}

/** What a refused list query says: the summary, or each parameter's message. */
function refusalText(error: ApiError): string {
  const result = error.validationResult;
  const messages = Object.values(result?.failMessages ?? {});
  return messages.length ? messages.join(' ') : (result?.failSummary ?? 'The list could not be read with these settings.');
}
