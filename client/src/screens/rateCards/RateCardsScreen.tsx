import { type ReactNode, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Card, Spin, Tabs, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { useList } from '../../api/hooks';
import { apiGet } from '../../api/http';
import { formatDate, textOf } from '../../format/format';
import { PageTitle } from '../../shell/PageTitle';
import { ListScreen } from '../../list/ListScreen';
import { rateCardsResource } from '../../resources/rateCards';
import { CompareButton } from './CompareDialog';
import { LinesPanel, useSaleTypes } from './LinesPanel';

export type RateCardsTab = 'current' | 'all';

const TABS: { key: RateCardsTab; label: string; path: string }[] = [
  { key: 'current', label: 'Current Rate Card', path: '/data/rateCards' },
  { key: 'all', label: 'All Rate Cards', path: '/data/rateCards/all' },
];

/** The exact words of spec 01 §8 (two spaces). */
export const NO_ACTIVE_RATE_CARD = 'There is no active rate card!  Sales cannot be recorded!';

interface CardSummary {
  rateCardID: number;
  name: string;
  fromDate: string;
}

interface CurrentCard extends CardSummary {
  nextRateCard: CardSummary | null;
  rateCardLineCount: number;
}

/** The area's h1, over both tabs. */
const RATE_CARDS_TITLE = 'Rate cards';

const ALL_RESOURCE = rateCardsResource((ctx) => <CompareButton ids={ctx.ids} />, { icon: <UnorderedListOutlined /> });

/** /data/rateCards and /data/rateCards/all (spec 01 §2 "Rate cards"). */
export function RateCardsScreen({ tab }: { tab: RateCardsTab }) {
  const navigate = useNavigate();
  const header = (
    <Tabs
      className="route-tabs"
      activeKey={tab}
      items={TABS.map((t) => ({ key: t.key, label: t.label }))}
      onChange={(key) => navigate(TABS.find((t) => t.key === key)!.path)}
    />
  );
  // Both tabs carry the area's h1 above the tabs (issue 26); the list's Excel file keeps its own name.
  if (tab === 'all') return <ListScreen key="rateCards" resource={ALL_RESOURCE} header={header} titleNode={RATE_CARDS_TITLE} />;
  return (
    <CurrentRateCard
      tabs={
        <>
          <PageTitle>{RATE_CARDS_TITLE}</PageTitle>
          {header}
        </>
      }
    />
  );
}

/** The info banner linking to the next card's lines (spec 01 §2), whenever there is a next card. */
function NextCardBanner({ next }: { next: CardSummary }) {
  return (
    <Alert
      className="rate-card-banner"
      type="info"
      showIcon
      message={
        <>
          {/* The name only: the date is said once, as when it takes effect. */}
          The next rate card, {next.name}, takes effect on {formatDate(next.fromDate)}.{' '}
          <Link to={`/data/rateCards/${next.rateCardID}/lines`}>See its lines</Link>
        </>
      }
    />
  );
}

/**
 * The next card while none is in force: /rateCard/current answers null then, and as no card has
 * started, the next card is the earliest one (docs/http-api.md, "Rate cards").
 */
function useEarliestCard(wanted: boolean): CardSummary | null {
  const { data } = useList(wanted ? 'rateCards' : null, { sort: 'fromDate', sortDir: 'asc', pageLength: '1' });
  const row = wanted ? data?.listData[0] : undefined;
  return row ? { rateCardID: Number(row.rateCardID), name: textOf(row.name), fromDate: textOf(row.fromDate) } : null;
}

/** The card in force today: its lines per sale type, and a pointer to the next card. */
function CurrentRateCard({ tabs }: { tabs: ReactNode }) {
  const { data, error, isLoading } = useSWR<{ data: CurrentCard | null }, Error>('/api/rateCard/current', (url: string) =>
    apiGet<{ data: CurrentCard | null }>(url),
  );
  // The sale types (the lines' tabs) are asked for beside the card, not after it (issue 14):
  // LinesPanel then finds them cached and asks for the lines and counts at once.
  useSaleTypes();
  const card = data?.data ?? null;
  const earliest = useEarliestCard(Boolean(data) && !card);

  const next = card ? card.nextRateCard : earliest;
  const header = useMemo(
    () => (
      <>
        {tabs}
        {card && (
          <div className="rate-card-heading">
            <Typography.Title level={2} className="rate-card-title">
              Rate card effective from {formatDate(card.fromDate)}
            </Typography.Title>
            <Typography.Text type="secondary">
              {card.name} · {card.rateCardLineCount} {card.rateCardLineCount === 1 ? 'line' : 'lines'} ·{' '}
              <Link to={`/data/rateCards/${card.rateCardID}/lines`}>Open its lines page</Link>
            </Typography.Text>
          </div>
        )}
        {next && <NextCardBanner next={next} />}
      </>
    ),
    [tabs, card, next],
  );

  if (isLoading && !data) {
    return (
      <>
        {tabs}
        <div className="dialog-loading">
          <Spin />
        </div>
      </>
    );
  }
  if (error) {
    return (
      <>
        {tabs}
        <Alert type="error" showIcon message="The current rate card could not be loaded" />
      </>
    );
  }
  if (!card) {
    return (
      <>
        {tabs}
        <Card variant="borderless">
          <Alert
            className="rate-card-banner"
            type="error"
            showIcon
            role="alert"
            // pre-wrap keeps the spec's two spaces after the first '!', which HTML would collapse into one.
            message={<span style={{ whiteSpace: 'pre-wrap' }}>{NO_ACTIVE_RATE_CARD}</span>}
          />
          {next && <NextCardBanner next={next} />}
        </Card>
      </>
    );
  }
  return <LinesPanel key={card.rateCardID} rateCardID={card.rateCardID} header={header} />;
}
