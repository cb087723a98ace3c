import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Checkbox, Empty, Popover, Skeleton, Space, Spin, Typography } from 'antd';
import { ArrowDownOutlined, ArrowRightOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useAbortableSWR, usePreference } from '../../api/hooks';
import { formatDate } from '../../format/format';
import { cardAccessibleName, formatCardFigure, formatMoney, formatTrend } from './kpiFormat';
import type { Card as KpiCard, CardFigures, CardsAnswer, Colour, Measure, TargetCard, TopEntry } from './kpiTypes';
import type { TopKind } from './TopDialog';
import { TrendChart } from './TrendChart';

/** The top 10 dialog (antd's table) is fetched when first opened, not with the cards (issue 26). */
const TopDialog = lazy(async () => ({ default: (await import('./TopDialog')).TopDialog }));

/** How many figure cards the placeholder shows while the figures load: day, month and year. */
const PLACEHOLDER_CARDS = 3;

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
  const {
    data: answered,
    error,
    isLoading,
  } = useAbortableSWR<{ data: CardsAnswer }>(`/api/kpi/cards?date=${date}&userID=${userIDs}`, { keepPreviousData: true });
  // The cards (tens of them for a manager) are built in a transition, which React splits into
  // slices of a few milliseconds: their arrival is no long task on a slow phone (issue 26, TBT).
  const data = useDeferredValue(answered);
  const hidden = usePreference('defaults', 'hiddenCards');
  const hiddenKeys = new Set((hidden.value ?? '').split(',').filter(Boolean));
  const [top, setTop] = useState<{ kind: TopKind; figures: CardFigures } | null>(null);
  const shows = (key: string) => !hiddenKeys.has(key);

  // Spec 01 section 8: a failed KPI call only clears the loading state.
  if (error && !data) return <Empty description="No figures to show" />;
  if (!data) return <KpiCardsPlaceholder cards={PLACEHOLDER_CARDS} />;
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
            <FigureCard
              key={card.period}
              title={periodTitle(card.period, card, dayjs().format('YYYY-MM-DD'))}
              card={card}
              figure={figure}
              onOpen={(f) => open(f)}
            />
          ))}
        {shows('targets') &&
          answer.targets
            .filter((t) => t.targetType === 'quantity' || figure === 'revenue')
            .map((target) => (
              <TargetFigureCard key={target.targetType} target={target} title={target.targetType === 'revenue' ? 'Revenue target' : 'Sales target'} />
            ))}
      </div>
      {shows('chart') && answer.trend?.[figure] && (
        <Card size="small" title={`${figure === 'revenue' ? 'Revenue' : 'Commission'} this month, day by day`} className="kpi-chart-card" variant="borderless">
          <TrendChart key={`${date}-${figure}`} trend={answer.trend[figure]} date={date} />
        </Card>
      )}
      {shows('tops') && monthCard?.tops?.[figure] && (
        <div className="kpi-card-grid">
          <TopCard
            title="Top SKU"
            entry={monthCard.tops[figure].topSKU}
            name={(e) => `${e.sku} ${e.rateCardLineDescription ?? ''}`}
            figure={figure}
            onMore={() => setTop({ kind: 'skus', figures: monthCard.current })}
            more="Top SKUs..."
          />
          <TopCard
            title="Top user"
            entry={monthCard.tops[figure].topUser}
            name={(e) => e.attributableToUserName ?? '(Username not found)'}
            figure={figure}
            onMore={() => setTop({ kind: 'users', figures: monthCard.current })}
            more="Top users..."
          />
          <TopCard
            title="Top store"
            entry={monthCard.tops[figure].topStore}
            name={(e) => e.storeName ?? '(Store name not found)'}
            figure={figure}
            onMore={() => setTop({ kind: 'stores', figures: monthCard.current })}
            more="Top stores..."
          />
        </div>
      )}
      {shows('users') && answer.userCards.length > 0 && (
        <section>
          <Typography.Title level={2} className="kpi-section-title">
            Users, {monthCard && periodTitle('month', monthCard, dayjs().format('YYYY-MM-DD')).toLowerCase()}
          </Typography.Title>
          <div className="kpi-card-grid">
            {answer.userCards.map((u) => (
              <FigureCard key={u.userID} title={u.name} card={u.card} figure={figure} onOpen={(f) => open(f)} compact targets={u.targets} />
            ))}
          </div>
        </section>
      )}
      {shows('stores') && answer.storeCards.length > 0 && (
        <section>
          <Typography.Title level={2} className="kpi-section-title">
            Stores, {monthCard && periodTitle('month', monthCard, dayjs().format('YYYY-MM-DD')).toLowerCase()}
          </Typography.Title>
          <div className="kpi-card-grid">
            {answer.storeCards.map((s) => (
              <FigureCard key={s.storeID} title={s.storeName} card={s.card} figure={figure} onOpen={(f) => open(f, s.storeID)} compact targets={s.targets} />
            ))}
          </div>
        </section>
      )}
      {top && (
        <Suspense>
          <TopDialog kind={top.kind} fromDate={top.figures.fromDate} toDate={top.figures.toDate} figure={figure} onClose={() => setTop(null)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * What the cards tab shows while its figures load (issue 26: no layout shift when they arrive):
 * the toolbar's line and figure cards of the cards' own size (.kpi-card's min-height), so the
 * cards take the placeholders' places instead of pushing anything down.
 */
function KpiCardsPlaceholder({ cards }: { cards: number }) {
  return (
    <div className="kpi-cards kpi-cards-loading" role="status" aria-label="Loading the figures">
      <div className="kpi-cards-toolbar">
        <Skeleton.Input active size="small" />
        <Skeleton.Button active />
      </div>
      <div className="kpi-card-grid">
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className="kpi-card-box kpi-card-placeholder">
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A figure against an earlier span: arrow and percent, green up, amber level, red down. */
function Comparison({
  label,
  earlier,
  value,
  trend,
  kind,
}: {
  label: string;
  earlier: CardFigures;
  value: number | null;
  trend?: { percent: number; colour: Colour };
  kind: 'count' | 'money';
}) {
  if (!earlier.available) {
    return (
      <div className="kpi-comparison">
        <span>{label}</span>
        <span className="kpi-not-available">Not available</span>
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

const targetLabel = (target: TargetCard) => (target.targetType === 'revenue' ? 'Target' : 'Sales target');

/*
 * The figure cards are plain elements styled as antd's small cards (.kpi-card-box), not antd
 * Cards: a manager's landing draws tens of them, and building each antd Card was most of the
 * landing's main-thread time on a phone (issue 26).
 */

/** A period's card: the figure for the toggle (revenue or commission), the sales count, prior and last year with trends. */
function FigureCard({
  title,
  card,
  figure,
  onOpen,
  compact,
  targets,
}: {
  title: string;
  card: KpiCard;
  figure: Figure;
  onOpen: (f: CardFigures) => void;
  compact?: boolean;
  targets?: TargetCard[];
}) {
  const measure = measureOf(figure);
  const current = card.current;
  const shownTargets = targets?.filter((t) => t.targetType === 'quantity' || figure === 'revenue') ?? [];
  const value = formatCardFigure(current[measure], 'money');
  const count = `${formatCardFigure(current.revenueCount, 'count')} ${current.revenueCount === 1 ? 'sale' : 'sales'}`;
  const earlier = (label: string, span: CardFigures, trend?: { percent: number }) => ({
    label,
    value: span.available ? formatCardFigure(span[measure], 'money') : null,
    trend: trend ? formatTrend(trend.percent) : undefined,
  });
  const name = cardAccessibleName(title, value, count, [
    earlier('Prior', card.prior, card.trends.prior[measure]),
    earlier('Last year', card.py, card.trends.py[measure]),
    ...shownTargets.map((t) => ({ label: targetLabel(t), value: formatCardFigure(t.target, t.targetType === 'revenue' ? 'money' : 'count') })),
  ]);
  return (
    <div
      className={`kpi-card kpi-card-box kpi-card-link${compact ? ' kpi-card-compact' : ''}`}
      onClick={() => onOpen(current)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') onOpen(current);
      }}
      tabIndex={0}
      role="link"
      aria-label={name}
    >
      <div className="kpi-card-title">{title}</div>
      <div className="kpi-card-value">{value}</div>
      <div className="kpi-card-count">{count}</div>
      <Comparison label="Prior" earlier={card.prior} value={card.prior[measure]} trend={card.trends.prior[measure]} kind="money" />
      <Comparison label="Last year" earlier={card.py} value={card.py[measure]} trend={card.trends.py[measure]} kind="money" />
      {shownTargets.map((t) => (
        <div key={t.targetType} className={`kpi-comparison kpi-target-${t.met ? 'met' : 'missed'}`}>
          <span>{targetLabel(t)}</span>
          <span>{t.targetType === 'revenue' ? formatCardFigure(t.target, 'money') : formatCardFigure(t.target, 'count')}</span>
        </div>
      ))}
    </div>
  );
}

/** A month target (spec 01 section 4): met when actual ≥ target; pro-rated target and projected month end with their colours. */
function TargetFigureCard({ target, title }: { target: TargetCard; title: string }) {
  const kind = target.targetType === 'revenue' ? 'money' : 'count';
  return (
    <div className={`kpi-card kpi-card-box kpi-target-card kpi-target-${target.met ? 'met' : 'missed'}`}>
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
    </div>
  );
}

function TopCard({
  title,
  entry,
  name,
  figure,
  onMore,
  more,
}: {
  title: string;
  entry: TopEntry | null;
  name: (e: TopEntry) => string;
  figure: Figure;
  onMore: () => void;
  more: string;
}) {
  const total = entry ? (figure === 'revenue' ? entry.adjustedRevenueTotal : entry.commissionTotal) : null;
  const asp = entry ? (figure === 'revenue' ? entry.adjustedRevenueASP : entry.commissionASP) : null;
  return (
    <Card
      size="small"
      className="kpi-card kpi-top-card"
      title={title}
      extra={
        <Button type="link" size="small" onClick={onMore}>
          {more}
        </Button>
      }
    >
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
