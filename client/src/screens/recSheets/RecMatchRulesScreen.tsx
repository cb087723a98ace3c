import { Link } from 'react-router';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ListScreen } from '../../list/ListScreen';
import { recMatchRulesResource } from '../../resources/recMatchRules';

/** /recSheets/matchRules (issue 24): the match rules auto reconcile tries after the exact match. */
export function RecMatchRulesScreen() {
  const back = (
    <Link to="/recSheets" className="back-link">
      <ArrowLeftOutlined /> All rec sheets
    </Link>
  );
  return <ListScreen key="recMatchRules" resource={recMatchRulesResource} header={back} />;
}
