import { useAbortableSWR, usePreference } from '../../api/hooks';
import type { ListResponse } from '../../api/types';
import { type MetricOption, savedMetricIDs, shownMetricIDs } from './dailyReport';
import { Picker } from '../../record/Picker';

/** Every metric by name (GET /api/metrics?sort=name: open to every signed-in user). */
export function useMetricOptions(): MetricOption[] | undefined {
  const { data } = useAbortableSWR<ListResponse<MetricOption>>('/api/metrics?sort=name&pageLength=500', { revalidateOnFocus: false });
  return data?.listData;
}

/**
 * The user's daily metrics (preference defaults/drhMetrics, comma-separated metric ids): shared
 * by the daily report and the daily table. `saved` is what the preference names, `shown` what
 * the screens show (every table metric when it names none).
 */
export function useDrhMetrics(metrics: MetricOption[] | undefined) {
  const preference = usePreference('defaults', 'drhMetrics');
  const ready = metrics !== undefined && !preference.isLoading;
  return {
    ready,
    saved: metrics ? savedMetricIDs(preference.value, metrics) : [],
    shown: metrics ? shownMetricIDs(preference.value, metrics) : [],
    save: (metricIDs: number[]) => preference.save(metricIDs.join(',')),
  };
}

interface MetricPickerProps {
  metrics: MetricOption[] | undefined;
  /** The metric ids the preference names. */
  value: number[];
  onChange: (metricIDs: number[]) => void;
}

/** Chooses the daily metrics; none chosen reads 'Metrics shown in tables' (what is then shown). */
export function MetricPicker({ metrics, value, onChange }: MetricPickerProps) {
  return (
    <Picker
      className="daily-metric-picker"
      mode="multiple"
      aria-label="Metrics"
      placeholder="Metrics shown in tables"
      loading={!metrics}
      maxTagCount="responsive"
      allowClear
      value={value}
      options={(metrics ?? []).map((metric) => ({ value: metric.metricID, label: metric.name }))}
      onChange={onChange}
    />
  );
}
