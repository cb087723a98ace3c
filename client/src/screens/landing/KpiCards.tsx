import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Checkbox, Empty, Popover, Skeleton, Space, Spin, Typography } from 'antd';
import { ArrowDownOutlined, ArrowRightOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useAbortableSWR, usePreference } from '../../api/hooks';
import { formatDate } from '../../format/format';
import { formatCardFigure, formatMoney, formatTrend } from './kpiFormat';
import type { Card as KpiCard, CardFigures, CardsAnswer, Colour, Measure, TargetCard, TopEntry } from './kpiTypes';
import { TopDialog, type TopKind } from './TopDialog';

// The chart library is large: its code is fetched only when the cards tab shows the chart.
const TrendChart = lazy(() => import('./TrendChart').then((m) => ({ default: m.TrendChart })));

export type Figure = 'revenue' | 'commission';

/** Cards a user can hide (the hiddenCards preference, a comma list of these keys). */
export const CARD_KEYS: { key: string; label: string }[] = [
  { key: 'day', label: 'Day' },
  { key: 'month', label: 'Month' },
  { key: 'year', label: 'Year' },
  { key: 'targets', label: 'Targets' },
  { key: 'chart', label: 'Trend chart' },
  { key: 'tops', label: 'Top SKU, user and store' },
  { key: 'users', label: 'User cards' },
  { key: 'stores', label: 'Store cards' },
];

/** A card's title: 'to date' only while its period is still running. */
function periodTitle(period: KpiCard['period'], card: KpiCard, today: string): string {
  if (period === 'day') return 'Day';
  const running = card.current.toDate === today;
  return period === 'month' ? (running ? 'Month to date' : 'Month') : running ? 'Year to date' : 'Year';
}
const ARROWS: Record<Colour, JSX.Element> = { green: <ArrowUpOutlined />, amber: <ArrowRightOutlined />, red: <ArrowDownOutlined /> };

const measureOf = (figure: Figure): Measure => (figure === 'revenue' ? 'adjustedRevenueTotal' : 'commissionTotal');

/** The cards tab (spec 01 sections 2 and 4): day, month and year cards, targets, tops, the trend chart, user and store cards. */
export function KpiCards({ date, userIDs, figure }: { date: string; userIDs: string; figure: Figure }) {
  const navigate = useNavigate();
  const { data, error, isLoading } = useAbortableSWR<{ data: CardsAnswer }>(`/api/kpi/cards?date=${date}&userID=${userIDs}`, { keepPreviousData: true });
  const hidden = usePreference('defaults', 'hiddenCards');
  const hiddenKeys = new Set((hidden.value ?? '').split(',').filter(Boolean));
  const [top, setTop] = useState<{ kind: TopKind; figures: CardFigures } | null>(null);
  const shows = (key: string) => !hiddenKeys.has(key);

  // Spec 01 section 8: a failed KPI call only clears the loading state.
  if (error && !data) return <Empty description="No figures to show" />;
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const answer = data.data;
  const open = (figures: CardFigures, storeID?: number) => navigate(storeID ? `/sales/${storeID}/params/${figures.params}` : `/sales/params/${figures.params}`);
  const monthCard = answer.cards.find((c) => c.period === 'month');

  return (
    <div className="kpi-cards">
      <div className="kpi-cards-toolbar">
        <Typography.Text type="secondary">
          {answer.users.length === 1 ? `Sales made by ${answer.users[0].name}` : `Sales made by ${answer.users.map((u) => u.name).join(', ')}`}
        </Typography.Text>
        <Space>
          {isLoading && <Spin size="small" />}
          <HiddenCardsButton hidden={hiddenKeys} save={(keys) => void hidden.save([...keys].join(','))} />
        </Space>
      </div>
      <div className="kpi-card-grid">
        {answer.cards
          .filter((card) => shows(card.period))
          .map((card) => (
            <FigureCard key={card.period} title={periodTitle(card.period, card, dayjs().format('YYYY-MM-DD'))} card={card} figure={figure} onOpen={(f) => open(f)} />
          ))}
        {shows('targets') &&
          answer.targets
            .filter((t) => t.targetType === 'quantity' || figure === 'revenue')
            .map((target) => <TargetFigureCard key={target.targetType} target={target} title={target.targetType === 'revenue' ? 'Revenue target' : 'Sales target'} />)}
      </div>
      {shows('chart') && answer.trend?.[figure] && (
        <Card size="small" title={`${figure === 'revenue' ? 'Revenue' : 'Commission'} this month, day by day`} className="kpi-chart-card" variant="borderless">
          <Suspense fallback={<Skeleton active />}>
            <TrendChart key={`${date}-${figure}`} trend={answer.trend[figure]!} date={date} />
          </Suspense>
        </Card>
      )}
      {shows('tops') && monthCard?.tops?.[figure] && (
        <div className="kpi-card-grid">
          <TopCard title="Top SKU" entry={monthCard.tops[figure]!.topSKU} name={(e) => `${e.sku} ${e.rateCardLineDescription ?? ''}`} figure={figure} onMore={() => setTop({ kind: 'skus', figures: monthCard.current })} more="Top SKUs..." />
          <TopCard title="Top user" entry={monthCard.tops[figure]!.topUser} name={(e) => e.attributableToUserName ?? '(Username not found)'} figure={figure} onMore={() => setTop({ kind: 'users', figures: monthCard.current })} more="Top Users..." />
          <TopCard title="Top store" entry={monthCard.tops[figure]!.topStore} name={(e) => e.storeName ?? '(Store name not found)'} figure={figure} onMore={() => setTop({ kind: 'stores', figures: monthCard.current })} more="Top Stores..." />
        </div>
      )}
      {shows('users') && answer.userCards.length > 0 && (
        <section>
          <Typography.Title level={5}>Users, {monthCard && periodTitle('month', monthCard, dayjs().format('YYYY-MM-DD')).toLowerCase()}</Typography.Title>
          <div className="kpi-card-grid">
            {answer.userCards.map((u) => (
              <FigureCard key={u.userID} title={u.name} card={u.card} figure={figure} onOpen={(f) => open(f)} compact targets={u.targets} />
            ))}
          </div>
        </section>
      )}
      {shows('stores') && answer.storeCards.length > 0 && (
        <section>
          <Typography.Title level={5}>Stores, {monthCard && periodTitle('month', monthCard, dayjs().format('YYYY-MM-DD')).toLowerCase()}</Typography.Title>
          <div className="kpi-card-grid">
            {answer.storeCards.map((s) => (
              <FigureCard key={s.storeID} title={s.storeName} card={s.card} figure={figure} onOpen={(f) => open(f, s.storeID)} compact targets={s.targets} />
            ))}
          </div>
        </section>
      )}
      {top && <TopDialog kind={top.kind} fromDate={top.figures.fromDate} toDate={top.figures.toDate} figure={figure} onClose={() => setTop(null)} />}
    </div>
  );
}

/** A figure against an earlier span: arrow and percent, green up, amber level, red down. */
function Comparison({ label, earlier, value, trend, kind }: { label: string; earlier: CardFigures; value: number | null; trend?: { percent: number; colour: Colour }; kind: 'count' | 'money' }) {
  if (!earlier.available) {
    return (
      <div className="kpi-comparison">
        <span>{label}</span>
        <Typography.Text type="secondary">Not available</Typography.Text>
      </div>
    );
  }
  return (
    <div className="kpi-comparison" title={`${formatDate(earlier.fromDate)} to ${formatDate(earlier.toDate)}`}>
      <span>{label}</span>
      <span>{formatCardFigure(value, kind)}</span>
      {trend && (
        <span className={`kpi-trend kpi-trend-${trend.colour}`} aria-label={`${label}: ${formatTrend(trend.percent)}`}>
          {ARROWS[trend.colour]} {formatTrend(trend.percent)}
        </span>
      )}
    </div>
  );
}

/** A period's card: the figure for the toggle (revenue or commission), the sales count, prior and last year with trends. */
function FigureCard({ title, card, figure, onOpen, compact, targets }: { title: string; card: KpiCard; figure: Figure; onOpen: (f: CardFigures) => void; compact?: boolean; targets?: TargetCard[] }) {
  const measure = measureOf(figure);
  const current = card.current;
  return (
    <Card
      size="small"
      className={`kpi-card${compact ? ' kpi-card-compact' : ''}`}
      hoverable
      onClick={() => onOpen(current)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') onOpen(current);
      }}
      tabIndex={0}
      role="link"
      aria-label={`${title}: open the sales`}
    >
      <div className="kpi-card-title">{title}</div>
      <div className="kpi-card-value">{formatCardFigure(current[measure], 'money')}</div>
      <div className="kpi-card-count">
        {formatCardFigure(current.revenueCount, 'count')} {current.revenueCount === 1 ? 'sale' : 'sales'}
      </div>
      <Comparison label="Prior" earlier={card.prior} value={card.prior[measure]} trend={card.trends.prior[measure]} kind="money" />
      <Comparison label="Last year" earlier={card.py} value={card.py[measure]} trend={card.trends.py[measure]} kind="money" />
      {targets
        ?.filter((t) => t.targetType === 'quantity' || figure === 'revenue')
        .map((t) => (
          <div key={t.targetType} className={`kpi-comparison kpi-target-${t.met ? 'met' : 'missed'}`}>
            <span>{t.targetType === 'revenue' ? 'Target' : 'Sales target'}</span>
            <span>{t.targetType === 'revenue' ? formatCardFigure(t.target, 'money') : formatCardFigure(t.target, 'count')}</span>
          </div>
        ))}
    </Card>
  );
}

/** A month target (spec 01 section 4): met when actual ≥ target; pro-rated target and projected month end with their colours. */
function TargetFigureCard({ target, title }: { target: TargetCard; title: string }) {
  const kind = target.targetType === 'revenue' ? 'money' : 'count';
  return (
    <Card size="small" className={`kpi-card kpi-target-card kpi-target-${target.met ? 'met' : 'missed'}`}>
      <div className="kpi-card-title">{title}</div>
      <div className="kpi-card-value">{formatCardFigure(target.actual, kind)}</div>
      <div className="kpi-card-count">
        of {formatCardFigure(target.target, kind)} {target.met ? '(met)' : '(not met yet)'}
      </div>
      {target.proRatedTarget !== undefined && (
        <div className={`kpi-comparison kpi-target-${target.proRatedMet ? 'met' : 'missed'}`}>
          <span>Pro-rated target</span>
          <span>{formatCardFigure(target.proRatedTarget, kind)}</span>
        </div>
      )}
      <div className="kpi-comparison">
        <span>Projected month end</span>
        <span className={`kpi-trend kpi-trend-${target.projectedColour}`}>{formatCardFigure(target.projected, kind)}</span>
      </div>
    </Card>
  );
}

function TopCard({ title, entry, name, figure, onMore, more }: { title: string; entry: TopEntry | null; name: (e: TopEntry) => string; figure: Figure; onMore: () => void; more: string }) {
  const total = entry ? (figure === 'revenue' ? entry.adjustedRevenueTotal : entry.commissionTotal) : null;
  const asp = entry ? (figure === 'revenue' ? entry.adjustedRevenueASP : entry.commissionASP) : null;
  return (
    <Card size="small" className="kpi-card kpi-top-card" title={title} extra={<Button type="link" size="small" onClick={onMore}>{more}</Button>}>
      {entry ? (
        <>
          <div className="kpi-top-name">{name(entry)}</div>
          <div className="kpi-card-count">
            {formatCardFigure(total, 'money')} from {formatCardFigure(entry.revenueCount, 'count')} sales, average {formatMoney(asp)}
          </div>
        </>
      ) : (
        <Typography.Text type="secondary">No sales this month</Typography.Text>
      )}
    </Card>
  );
}

function HiddenCardsButton({ hidden, save }: { hidden: Set<string>; save: (keys: Set<string>) => void }) {
  const content = (
    <Checkbox.Group
      className="kpi-hidden-cards"
      value={CARD_KEYS.filter((c) => !hidden.has(c.key)).map((c) => c.key)}
      options={CARD_KEYS.map((c) => ({ label: c.label, value: c.key }))}
      onChange={(shown) => save(new Set(CARD_KEYS.map((c) => c.key).filter((key) => !shown.includes(key))))}
    />
  );
  return (
    <Popover trigger="click" title="Cards to show" content={content} placement="bottomRight">
      <Button icon={<SettingOutlined />}>Cards</Button>
    </Popover>
  );
}
