import { useState } from 'react';
import { Steps } from 'antd';
import useSWR from 'swr';
import { apiGet } from '../../api/http';
import type { ListResponse } from '../../api/types';
import { lazyDialog } from '../../lazyScreen';
import { useViewport } from '../../shell/useViewport';
import { stepperItems, type SaleStep, type StepRow } from './saleForm';

/**
 * The history, with antd's table (47 KB gzip), is fetched when first opened: it was the only table
 * in the sale form, and a phone opening the form downloaded the table for it (issue 26).
 */
const SaleHistoryDialog = lazyDialog(() => import('./SaleHistoryDialog'), 'SaleHistoryDialog');

interface Props {
  /** The sale; undefined while new. */
  saleID?: number;
  step: SaleStep;
}

const getList = <T,>(url: string) => apiGet<ListResponse<T>>(url);

/**
 * The step indicator at the top of the sale form (spec 01 §4 "Sale history steps"): the steps
 * that apply to the sale, those before the current one completed, an irregular current step
 * appended, cancelled as an error. Clicking it shows the history with the reasons the steps
 * apply. A steps call that fails falls back to the placeholder step (spec 01 §8).
 */
export function HistoryStepper({ saleID, step }: Props) {
  const viewport = useViewport();
  const [open, setOpen] = useState(false);
  const stepsUrl = saleID ? `/api/sale/steps/${saleID}` : '/api/sale/steps';
  const { data: steps, error } = useSWR<ListResponse<StepRow>, Error>(stepsUrl, getList, { revalidateOnFocus: false });
  if (error) console.error('Could not load the sale steps', error);
  const items = stepperItems(saleID && steps ? steps.listData : null, saleID ? step : 'recording');

  return (
    <>
      <div
        role="button"
        tabIndex={0}
        className="history-stepper"
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        aria-label="Show the history of this sale"
        title="Show the history of this sale"
      >
        <Steps
          size="small"
          direction={viewport.atLeastSm ? 'horizontal' : 'vertical'}
          items={items.map((item) => ({ key: item.key, title: item.title, status: item.status }))}
        />
      </div>
      {open && <SaleHistoryDialog saleID={saleID} steps={steps?.listData ?? []} onClose={() => setOpen(false)} />}
    </>
  );
}
