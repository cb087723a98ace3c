import { useState } from 'react';
import { Button, Card, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../shell/CurrentUser';
import { PageTitle } from '../../shell/PageTitle';
import { newSaleValues, SaleForm, type SaleValues } from './SaleForm';
import { encodeParams } from './salesParams';
import './sales-form.css';

/** The form values a new sale starts from: what the calculator chose. */
export function calculatorSaleParams(values: SaleValues): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (values.storeID) params.storeID = values.storeID;
  if (values.saleTypeID) params.saleTypeID = values.saleTypeID;
  if (values.line) params.rateCardLineStoreID = values.line.rateCardLineStoreID;
  if (values.discountStoreID) params.discountStoreID = values.discountStoreID;
  if (values.discountStoreID && values.discountPercent !== null) params.discountPercent = values.discountPercent;
  return params;
}

/**
 * /sales/calculator (spec 01 §1, §2): sale type, discount, store, SKU and the resulting
 * revenue and commission only, priced from today's rate card. 'Compare' shows a second form
 * beside the first; 'Create sale...' opens a new sale filled in with a form's choices.
 */
export function CalculatorScreen(): JSX.Element {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [compare, setCompare] = useState(false);
  const [first, setFirst] = useState<SaleValues>(() => newSaleValues(me, {}));
  const [second, setSecond] = useState<SaleValues>(() => newSaleValues(me, {}));

  const createSale = (values: SaleValues) => navigate(`/sales/newSale/${encodeParams(calculatorSaleParams(values))}`);

  const form = (key: string, title: string, values: SaleValues, onChange: typeof setFirst) => (
    <Card key={key} className="calculator-card" title={title} size="small">
      <SaleForm values={values} onChange={onChange} editable isNew variant="calculator" idPrefix={key} />
      <div className="calculator-actions">
        <Button type="primary" onClick={() => createSale(values)} disabled={!values.storeID || !values.saleTypeID}>
          Create sale...
        </Button>
      </div>
    </Card>
  );

  return (
    <div className="sales-calculator">
      <PageTitle
        className="calculator-heading"
        extra={
          <label className="calculator-compare">
            <Switch checked={compare} onChange={setCompare} aria-label="Compare two sales" /> Compare two sales
          </label>
        }
      >
        Sales calculator
      </PageTitle>
      <div className={compare ? 'calculator-forms calculator-forms-compare' : 'calculator-forms'}>
        {form('calc-a', compare ? 'Sale A' : 'Sale', first, setFirst)}
        {compare && form('calc-b', 'Sale B', second, setSecond)}
      </div>
    </div>
  );
}
