import { Link, useNavigate, useParams } from 'react-router';
import { Button, Card, Result, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useRecord } from '../../api/hooks';
import { formatDate, textOf } from '../../format/format';
import { PageTitle } from '../../shell/PageTitle';
import { LinesPanel, useSaleTypes } from './LinesPanel';
import { RateCardPicker } from './RateCardPicker';

/** /data/rateCards/{rateCardID}/lines: one card's lines per sale type, with a picker to switch card. */
export function RateCardLinesScreen() {
  const navigate = useNavigate();
  const { rateCardID } = useParams();
  const id = Number(rateCardID);
  const validID = Number.isInteger(id) && id > 0 && id < 10_000_000;
  const { data, error, isLoading } = useRecord('rateCards', 'rateCardID', validID ? id : null);
  const card = data?.data;
  // Asked for beside the card rather than once it has come (see CurrentRateCard).
  useSaleTypes();

  const back = (
    <Link to="/data/rateCards/all" className="back-link">
      <ArrowLeftOutlined /> All rate cards
    </Link>
  );

  if (!validID || error) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title="Rate card not found"
          subTitle="It may have been deleted."
          extra={
            <Link to="/data/rateCards/all">
              <Button type="primary">All rate cards</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  if (!card) {
    return <div className="dialog-loading">{isLoading && <Spin />}</div>;
  }

  const header = (
    <div className="rate-card-heading">
      <div className="rate-card-heading-row">
        {back}
        <RateCardPicker
          className="rate-card-picker"
          aria-label="Rate card"
          value={id}
          current={{ rateCardID: id, name: textOf(card.name), fromDate: textOf(card.fromDate) }}
          onChange={(next) => {
            if (next && next !== id) void navigate(`/data/rateCards/${next}/lines`);
          }}
        />
      </div>
      <PageTitle className="rate-card-title">
        {textOf(card.name)} <span className="rate-card-date">effective from {formatDate(card.fromDate)}</span>
      </PageTitle>
    </div>
  );
  return <LinesPanel key={id} rateCardID={id} header={header} />;
}
