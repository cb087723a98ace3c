import { AccessibleTabs } from '../../shell/AccessibleTabs';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Button, Modal, Space, Tooltip } from 'antd';
import { DiffOutlined, HistoryOutlined } from '@ant-design/icons';
import { useRefreshResource } from '../../api/hooks';
import type { Row } from '../../api/types';
import { can, storesOf } from '../../auth/permissions';
import { ListScreen } from '../../list/ListScreen';
import type { DialogRequest } from '../../list/resource';
import { LookupSelect } from '../../record/LookupSelect';
import { RATE_CARD_LOOKUP } from '../../resources/rateCards';
import { STEP_LOOK, SaleStatus, salesResource } from '../../resources/sales';
import { useCurrentUser } from '../../shell/CurrentUser';
import { dialogFit, useViewport } from '../../shell/useViewport';
import { ApiDetailsButton } from './ApiDetailsDialog';
import { ChangeRateCardButton } from './BulkRateCardDialog';
import { SalesFilters } from './SalesFilters';
import { decodeParams, paramsTarget } from './salesParams';
import { lazyDialog } from '../../lazyScreen';
import './sales.css';

// Opened by a click, so fetched then (lazyDialog): the sale form alone is a third of the screen's code.
const SaleDialog = lazyDialog(() => import('./SaleDialog'), 'SaleDialog');
const CompareDialog = lazyDialog(() => import('../rateCards/CompareDialog'), 'CompareDialog');
const SkuHistoryDialog = lazyDialog(() => import('./SkuHistoryDialog'), 'SkuHistoryDialog');

/** Which /sales route is showing (spec 01 §2 "Sales"). */
export type SalesRoute = 'list' | 'params' | 'newSale';

const ALL_STORES = 'all';

/** The legend above the table (spec 01 §2): what the row colours and status icons mean. */
function SalesLegend() {
  return (
    <div className="sales-legend" aria-label="Legend">
      <span className="sales-legend-item">
        <span className="sales-legend-swatch sale-row-ordinary" /> Ordinary sale
      </span>
      <span className="sales-legend-item">
        <span className="sales-legend-swatch sale-row-refunded" /> Refunded sale
      </span>
      <span className="sales-legend-item">
        <span className="sales-legend-swatch sale-row-refund" /> Refund
      </span>
      <span className="sales-legend-steps">
        {Object.keys(STEP_LOOK).map((step) => (
          <SaleStatus key={step} step={step} />
        ))}
      </span>
    </div>
  );
}

/** 'Compare rate cards': pick exactly two cards, then the rate cards' comparison dialog. */
function CompareRateCardsButton() {
  const viewport = useViewport();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState<[number, number] | null>(null);
  const ready = picked.length === 2;
  return (
    <>
      <Tooltip title="Compare rate cards">
        <Button icon={<DiffOutlined />} aria-label="Compare rate cards" onClick={() => setPicking(true)}>
          {viewport.isWide ? 'Compare rate cards' : null}
        </Button>
      </Tooltip>
      {picking && (
        <Modal
          open
          title="Compare rate cards"
          onCancel={() => setPicking(false)}
          {...dialogFit(viewport, 560, 'record-dialog')}
          footer={[
            <Button key="cancel" onClick={() => setPicking(false)}>
              Cancel
            </Button>,
            <Button
              key="compare"
              type="primary"
              disabled={!ready}
              onClick={() => {
                setComparing([picked[0], picked[1]]);
                setPicking(false);
              }}
            >
              Compare
            </Button>,
          ]}
        >
          <Space direction="vertical" className="compare-pick">
            <label htmlFor="compare-rate-cards">Choose exactly two rate cards</label>
            <LookupSelect
              id="compare-rate-cards"
              multiple
              source={RATE_CARD_LOOKUP}
              initialOptions={[]}
              value={picked}
              onChange={(value) => setPicked(((value as number[] | null) ?? []).slice(-2))}
              placeholder="Choose two rate cards"
            />
          </Space>
        </Modal>
      )}
      {comparing && <CompareDialog rateCardIDs={comparing} onClose={() => setComparing(null)} />}
    </>
  );
}

/**
 * The sales console: /sales, /sales/{storeID}, /sales/newSale/{base64},
 * /sales/{storeID}/params/{base64} and /sales/params/{base64}. Tabs 'All stores' and one per
 * store of the profile, the filters panel, the legend and the list of GET /api/sales; the
 * record dialog is the sale form (SaleDialog).
 */
export function SalesScreen({ route = 'list' }: { route?: SalesRoute }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const { storeID: storeParam, base64 } = useParams();
  const refresh = useRefreshResource();
  const stores = storesOf(me);
  const storeIDs = stores.map((store) => store.storeID);
  const storeID = storeParam !== undefined && /^\d{1,7}$/.test(storeParam) ? Number(storeParam) : undefined;
  const unknownStore = storeParam !== undefined && (storeID === undefined || !storeIDs.includes(storeID));

  const [skuHistory, setSkuHistory] = useState<{ sku: string; storeID: number } | null>(null);
  // /sales/newSale/{base64}: the create dialog opens over the list, pre-filled.
  const newSaleValues = useMemo(() => (route === 'newSale' ? decodeParams(base64) : null), [route, base64]);
  const [newSaleOpen, setNewSaleOpen] = useState(route === 'newSale');
  useEffect(() => setNewSaleOpen(route === 'newSale'), [route, base64]);

  const resource = useMemo(
    () =>
      salesResource(me, {
        storeID: unknownStore ? undefined : storeID,
        selection: can(me, 'UpdateSales')
          ? {
              actions: (ctx) => (
                <ChangeRateCardButton
                  ids={ctx.ids}
                  onChanged={() => {
                    ctx.clear();
                    void refresh('sales');
                  }}
                />
              ),
            }
          : undefined,
        rowActions: [
          {
            key: 'skuHistory',
            label: 'SKU history',
            icon: <HistoryOutlined />,
            onClick: (row: Row) => setSkuHistory({ sku: String(row.sku), storeID: Number(row.storeID) }),
            visible: (_me, row) => Boolean(row.sku),
            // Secondary: the sales row keeps its width for the columns (issue 26).
            inMenu: true,
          },
        ],
      }),
    [me, storeID, unknownStore, refresh],
  );

  if (route === 'params') {
    const params = decodeParams(base64) ?? {};
    return <Navigate to={paramsTarget(params, unknownStore ? undefined : storeID, storeIDs)} replace />;
  }
  if (unknownStore) return <Navigate to="/sales" replace />;

  const activeTab = storeID !== undefined ? String(storeID) : ALL_STORES;
  const tabs = (
    <AccessibleTabs
      className="route-tabs data-tabs sales-tabs"
      activeKey={activeTab}
      items={[{ key: ALL_STORES, label: 'All stores' }, ...stores.map((store) => ({ key: String(store.storeID), label: store.name }))]}
      onChange={(key) => {
        // The filters and sort stay; the page starts again.
        const search = new URLSearchParams(location.search);
        search.delete('page');
        const query = search.toString();
        void navigate(`/sales${key === ALL_STORES ? '' : `/${key}`}${query ? `?${query}` : ''}`);
      }}
    />
  );

  const onSaved = () => void refresh('sales');
  const renderDialog = (request: DialogRequest) => (
    <SaleDialog
      mode={request.mode}
      saleID={request.id}
      storeID={storeID}
      initialValues={request.mode === 'create' && storeID !== undefined ? { storeID } : undefined}
      open
      onClose={request.onClose}
      onSaved={onSaved}
    />
  );

  const closeNewSale = () => {
    setNewSaleOpen(false);
    void navigate(`/sales${location.search}`, { replace: true });
  };

  return (
    <div className="sales-screen">
      <ListScreen
        key={`sales-${activeTab}`}
        resource={resource}
        header={tabs}
        aboveTable={
          <>
            <SalesFilters />
            <SalesLegend />
          </>
        }
        toolbarExtra={
          <>
            <CompareRateCardsButton />
            {can(me, 'AccessAPI') && <ApiDetailsButton resource={resource} />}
          </>
        }
        renderDialog={renderDialog}
      />
      {route === 'newSale' && resource.permissions.create(me) && (
        <SaleDialog
          mode="create"
          initialValues={newSaleValues ?? undefined}
          storeID={storeIDs.includes(Number(newSaleValues?.storeID)) ? Number(newSaleValues?.storeID) : undefined}
          open={newSaleOpen}
          onClose={closeNewSale}
          onSaved={onSaved}
        />
      )}
      {skuHistory && <SkuHistoryDialog sku={skuHistory.sku} storeID={skuHistory.storeID} onClose={() => setSkuHistory(null)} />}
    </div>
  );
}
