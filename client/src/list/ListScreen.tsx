import { type ReactNode, Suspense, lazy, startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, type CheckboxProps, Dropdown, Empty, Input, Pagination, Space, Spin, Tooltip, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { FilterValue, SorterResult } from 'antd/es/table/interface';
import { CopyOutlined, DeleteOutlined, EditOutlined, EllipsisOutlined, EyeOutlined, FileExcelOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useList, usePreference } from '../api/hooks';
import { ApiError, apiGet } from '../api/http';
import { getToken } from '../api/token';
import type { ListIdEntry, ListResponse, Row } from '../api/types';
import { can } from '../auth/permissions';
import { JUST_SAVED_CLASS, useRecentlySaved } from '../feedback/recentlySaved';
import { lazyDialog } from '../lazyScreen';
import { useCurrentUser } from '../shell/CurrentUser';
import { PageTitle } from '../shell/PageTitle';
import { useDebouncedCallback } from '../shell/useDebounced';
import { useViewport } from '../shell/useViewport';
import { ColumnChooser } from './ColumnChooser';
import { CARD_LIST_BELOW, DEFAULT_PRIORITY, actionsWidth, cardLayout, columnWidth, columnWidths, fitColumns, isCuttable } from './columnFit';
import { hoverTextOf, renderFieldValue } from './renderValue';
import type { DialogMode, DialogRequest, FieldDef, ResourceDef } from './resource';
import { type ListState, PAGE_SIZES, applyTableChange, readListState, toApiQuery, withQuickFilter, withScreenParams, writeListState } from './tableQuery';

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

/** Opened by a click, so fetched then (lazyDialog), not with every list screen. */
const RecordDialog = lazyDialog(() => import('../record/RecordDialog'), 'RecordDialog');

/** antd's table, not needed on a phone; wider screens ask for it with the screen's code (screenCode.ts). */
const ListTable = lazy(async () => ({ default: (await import('./ListTable')).ListTable }));

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
  const { data: answered, error: listError, isLoading, isValidating } = useList(resource.listPath, apiQuery);
  // A page of rows is drawn in a transition (in slices the browser can paint and answer input
  // between; issue 26), the previous page staying on screen meanwhile.
  const data = useDeferredValue(answered);
  // A query the server refuses (e.g. a sort no index serves over a very long list) says why;
  // other failures are only logged (spec 01 section 8), and the last answer stays shown.
  const refusal = listError instanceof ApiError && listError.status === 400 ? refusalText(listError) : null;
  const rows = data?.listData ?? [];
  const filtered = state.quickFilter.trim() !== '' || Object.values(state.filters).some((values) => values.length > 0);

  // After a delete (or a narrower filter elsewhere) the page may no longer exist: show the last one.
  const pageCount = data?.page?.pageCount;
  useEffect(() => {
    if (pageCount !== undefined && pageCount > 0 && state.page > pageCount) {
      setSearchParams(
        (current) => withScreenParams(writeListState({ ...readListState(current, resource.defaultSort), page: pageCount }), current, screenParams),
        {
          replace: true,
        },
      );
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
  // previous answer while the next loads), and drawn (not the one before, still shown while a
  // new answer is drawn in a transition).
  const queryKey = apiQuery.toString();
  const settled = Boolean(data) && data === answered && !isValidating;
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

  // ---- dense columns (issue 26): one line per row, the default columns that fit the card ----
  // The card's width, as the browser's own layout reports it (ResizeObserver, first when the screen
  // is laid out), so the table (or the phone's cards) renders once, at its width. The rows are then
  // drawn as a transition, in slices the browser can answer input between: not as a second
  // synchronous render inside the screen's first commit, after a layout forced there to measure
  // the box (on a phone's CPU those were the sales screen's longest tasks, issue 26).
  const tableBox = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState<number | null>(null);
  useEffect(() => {
    const box = tableBox.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => startTransition(() => setBoxWidth(Math.floor(entry.contentRect.width))));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const asCards = boxWidth !== null && boxWidth < CARD_LIST_BELOW;

  // The row actions: the resource's links (a rec sheet's lines), view and edit as icons; copy,
  // delete and the links marked `inMenu` in one '...' menu. Plain buttons with a title, not antd
  // Buttons in Tooltips: a page of 50 rows drew 500 of those, most of the table's first render (issue 26).
  const rowActions = resource.rowActions ?? [];
  const shownActions = (row: Row, inMenu: boolean) =>
    rowActions.filter((action) => Boolean(action.inMenu) === inMenu && (!action.visible || action.visible(me, row)));
  const iconActions = rowActions.filter((action) => !action.inMenu && rows.some((row) => !action.visible || action.visible(me, row)));
  const menuActionsOf = (row: Row) => [
    ...shownActions(row, true).map((action) => ({
      key: `action-${action.key}`,
      label: action.label,
      icon: action.icon,
      onClick: () => (action.path ? navigate(action.path(row)) : action.onClick?.(row)),
    })),
    ...(mayCopy ? [{ key: 'copy', label: 'Copy', icon: <CopyOutlined />, onClick: () => setDialog({ mode: 'copy', id: idOf(row) }) }] : []),
    ...(mayDelete(row)
      ? [{ key: 'delete', label: 'Delete', icon: <DeleteOutlined />, danger: true, onClick: () => setDialog({ mode: 'delete', id: idOf(row) }) }]
      : []),
  ];
  const anyEdit = rows.some(mayUpdate);
  const anyMenu = rows.some((row) => menuActionsOf(row).length > 0);
  const actionIcons = iconActions.length + 1 + (anyEdit ? 1 : 0) + (anyMenu ? 1 : 0);
  const renderActions = (row: Row, index: number) => {
    const id = idOf(row);
    const menu = menuActionsOf(row);
    return (
      <span className="row-actions">
        {shownActions(row, false).map((action) => (
          <button
            key={action.key}
            type="button"
            className="row-action"
            title={action.label}
            aria-label={action.label}
            onClick={() => (action.path ? navigate(action.path(row)) : action.onClick?.(row))}
          >
            {action.icon}
          </button>
        ))}
        <button
          type="button"
          className="row-action"
          title="View"
          aria-label="View"
          onClick={() => setDialog({ mode: 'read', id, position: pageStart + index })}
        >
          <EyeOutlined />
        </button>
        {mayUpdate(row) && (
          <button type="button" className="row-action" title="Edit" aria-label="Edit" onClick={() => setDialog({ mode: 'update', id })}>
            <EditOutlined />
          </button>
        )}
        {menu.length > 0 && <RowMenu items={menu} />}
      </span>
    );
  };
  // The cells read the row actions through a ref, so the memoised columns stay the same objects
  // while the answer, the permissions or the dialog change (antd then skips rebuilding them).
  const renderActionsRef = useRef(renderActions);
  renderActionsRef.current = renderActions;

  const shownFields = tableFields.filter((field) => visibleNames.includes(field.name));
  const iconsOf = (field: FieldDef) => {
    const filterParam = filterParamOf(field);
    return { sortable: Boolean(sortFieldOf(field)), filterable: isFilterable(field) && !(filterParam in (resource.fixedFilters ?? {})) };
  };
  const candidateOf = (field: FieldDef) => ({
    name: field.name,
    width: columnWidth(field, iconsOf(field)),
    priority: field.priority ?? DEFAULT_PRIORITY,
    cuttable: isCuttable(field),
  });
  const reserved = actionsWidth(actionIcons) + (selectable ? 32 : 0) + (resource.expandedRow ? 32 : 0);
  // The default columns drop by priority until they fit; a choice the user saved shows whole
  // (the table then scrolls sideways, their call).
  const fittedNames =
    savedVisible.length || boxWidth === null ? shownFields.map((field) => field.name) : fitColumns(shownFields.map(candidateOf), boxWidth, reserved);
  // Widths that make the table exactly the card's width (a pixel spare for rounding); as a key,
  // so the memoised columns stay while nothing changes.
  const widthsKey = JSON.stringify(
    columnWidths(shownFields.filter((field) => fittedNames.includes(field.name)).map(candidateOf), (boxWidth ?? 0) - 1, reserved),
  );
  const filtersKey = JSON.stringify(state.filters);
  const columns: ColumnsType<Row> = useMemo(() => {
    const widths = JSON.parse(widthsKey) as Record<string, number>;
    return [
      ...tableFields
        .filter((field) => field.name in widths)
        .map((field): ColumnsType<Row>[number] => {
          const sortField = sortFieldOf(field);
          const filterParam = filterParamOf(field);
          const { filterable } = iconsOf(field);
          return {
            key: field.name,
            title: field.title,
            dataIndex: field.name,
            width: widths[field.name],
            sorter: Boolean(sortField),
            sortOrder: sortField && state.sort === sortField ? (state.sortDir === 'desc' ? 'descend' : 'ascend') : null,
            align: NUMERIC_TYPES.includes(field.valueType) ? 'right' : undefined,
            // One line: a longer value ends in an ellipsis and shows whole on hover.
            onHeaderCell: () => ({ title: field.title }),
            onCell: (row: Row) => ({ title: hoverTextOf(field, row) }),
            render: (_: unknown, row: Row) => renderFieldValue(field, row),
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
                          <Button
                            size="small"
                            onClick={() => {
                              clearFilters?.();
                              confirm();
                            }}
                          >
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
        }),
      {
        key: 'actions',
        title: <span className="visually-hidden">Actions</span>,
        align: 'right',
        width: actionsWidth(actionIcons),
        className: 'actions-cell',
        render: (_: unknown, row: Row, index: number) => renderActionsRef.current(row, index),
      },
    ];
    // The fields come from the resource; what else the columns read is in the keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, widthsKey, state.sort, state.sortDir, filtersKey, actionIcons]);
  const tableWidth =
    (columns as { width?: number }[]).reduce((sum, column) => sum + (column.width ?? 0), 0) + (selectable ? 32 : 0) + (resource.expandedRow ? 32 : 0);
  // Wider than the card only when the user chose more columns than fit: then it scrolls, the
  // actions pinned on the right.
  const scrolls = boxWidth !== null && tableWidth > boxWidth;
  const tableColumns = scrolls ? [...columns.slice(0, -1), { ...columns[columns.length - 1], fixed: 'right' as const }] : columns;

  // Filter keys from antd are column keys; the state keeps API parameter names.
  const onTableChange = (pagination: TablePaginationConfig, filters: Record<string, FilterValue | null>, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
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
  // An answer in but not drawn yet (the transition above) is still loading: no 'nothing here' between.
  const loading = isLoading || columnPreference.isLoading || (!data && (isValidating || answered !== undefined));
  // An empty list says why: nothing matches the filters, or there is nothing yet.
  const emptyText = loading
    ? ' '
    : filtered
      ? 'No rows match the filters. Clear them to see all rows.'
      : `There are no ${resource.title.toLowerCase()} to show.`;
  const pagination: TablePaginationConfig = {
    current: state.page,
    pageSize: state.pageLength,
    total: data?.page?.rowCount ?? 0,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: !asCards,
    simple: !viewport.atLeastXs,
    showTotal: viewport.atLeastXs ? (total, range) => `${range[0]}-${range[1]} of ${total}` : undefined,
  };
  // The phone card shows the default columns the resource marks for it (cardLayout).
  const cardFields = cardLayout(tableFields.filter((field) => !field.hiddenByDefault));

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
        <div ref={tableBox} className="list-table-box">
          {boxWidth === null ? null : asCards ? (
            <Spin spinning={loading}>
              {rows.length === 0 && loading ? (
                // Waiting for rows: room for them where they will be, and no 'nothing here' nor
                // pager that the rows would then push about (layout shift, issue 26).
                <ul className="list-cards list-cards-waiting" aria-busy="true" aria-label={resource.title} />
              ) : rows.length === 0 ? (
                <Empty className="list-cards-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
              ) : (
                <ul className="list-cards" aria-label={resource.title}>
                  {rows.map((row, index) => (
                    <RowCard
                      key={String(row[resource.idField])}
                      resource={resource}
                      row={row}
                      fields={cardFields}
                      actions={renderActions(row, index)}
                      saved={justSaved.has(idOf(row))}
                    />
                  ))}
                </ul>
              )}
              <Pagination
                className={rows.length === 0 && loading ? 'list-cards-pager list-cards-pager-waiting' : 'list-cards-pager'}
                {...pagination}
                onChange={(page) =>
                  setSearchParams((current) =>
                    withScreenParams(writeListState({ ...readListState(current, resource.defaultSort), page }), current, screenParams),
                  )
                }
              />
            </Spin>
          ) : (
            <Suspense fallback={<Spin className="list-table-code-loading" />}>
              <ListTable
                rowKey={(row) => String(row[resource.idField])}
                columns={tableColumns}
                dataSource={rows}
                loading={loading}
                size="small"
                className="dense-table"
                tableLayout="fixed"
                rowClassName={(row: Row) => [resource.rowClassName?.(row), justSaved.has(idOf(row)) ? JUST_SAVED_CLASS : undefined].filter(Boolean).join(' ')}
                scroll={scrolls ? { x: tableWidth } : undefined}
                onChange={onTableChange}
                // An empty list says why: nothing matches the filters, or there is nothing yet.
                locale={{ emptyText }}
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
                expandable={resource.expandedRow ? { expandedRowRender: (row: Row) => resource.expandedRow!(row), columnWidth: 32 } : undefined}
                pagination={pagination}
              />
            </Suspense>
          )}
        </div>
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

/**
 * One row as a card on a phone (issue 26): its title and amount on the first line, the other
 * card fields below with their column titles for screen readers, the row's actions at the end.
 */
function RowCard({
  resource,
  row,
  fields,
  actions,
  saved,
}: {
  resource: ResourceDef;
  row: Row;
  fields: ReturnType<typeof cardLayout<FieldDef>>;
  actions: ReactNode;
  saved: boolean;
}) {
  const { title, aside, lines } = fields;
  return (
    <li className={['list-row-card', resource.rowClassName?.(row), saved ? JUST_SAVED_CLASS : undefined].filter(Boolean).join(' ')}>
      <div className="list-row-card-head">
        {title && (
          <span className="list-row-card-title" title={hoverTextOf(title, row)}>
            {renderFieldValue(title, row)}
          </span>
        )}
        {aside && (
          <span className="list-row-card-aside" aria-label={aside.title}>
            {renderFieldValue(aside, row)}
          </span>
        )}
      </div>
      <div className="list-row-card-body">
        <span className="list-row-card-lines">
          {lines.map((field) => (
            <span key={field.name} className="list-row-card-value" title={`${field.title}: ${hoverTextOf(field, row) ?? ''}`}>
              <span className="visually-hidden">{field.title}: </span>
              {renderFieldValue(field, row)}
            </span>
          ))}
        </span>
        {actions}
      </div>
    </li>
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

type RowMenuItem = { key: string; label: ReactNode; icon?: ReactNode; danger?: boolean; onClick: () => void };

/**
 * A row's '...' menu. Its Dropdown (a popup trigger and a menu) is made only once the button is
 * first pressed: ten rows of Dropdowns were a good part of the sales table's first render
 * (issue 26), and most rows' menus are never opened. autoFocus: opened from the keyboard, the
 * arrows then walk its items.
 */
function RowMenu({ items }: { items: RowMenuItem[] }) {
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  const button = (
    <button
      type="button"
      className="row-action"
      title="More actions"
      aria-label="More actions"
      aria-haspopup="menu"
      onClick={
        opened
          ? undefined
          : () => {
              setOpened(true);
              setOpen(true);
            }
      }
    >
      <EllipsisOutlined />
    </button>
  );
  if (!opened) return button;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      autoFocus
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: items.map(({ onClick, ...item }) => ({
          ...item,
          onClick: () => {
            setOpen(false);
            onClick();
          },
        })),
      }}
    >
      {button}
    </Dropdown>
  );
}
