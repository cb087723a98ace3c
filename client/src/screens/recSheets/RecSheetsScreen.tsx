import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { NodeIndexOutlined, SnippetsOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { ListScreen } from '../../list/ListScreen';
import { recSheetsResource } from '../../resources/recSheets';

const RESOURCE = recSheetsResource({ icon: <UnorderedListOutlined /> });

/**
 * /recSheets (spec 02 §2.3): the sheets, newest first; each row opens its lines. Supplier
 * templates and the match rules of auto reconcile (issue 24) are a click away.
 */
export function RecSheetsScreen() {
  const navigate = useNavigate();
  const links = (
    <>
      <Button icon={<SnippetsOutlined />} onClick={() => navigate('/recSheets/templates')}>
        Supplier templates
      </Button>
      <Button icon={<NodeIndexOutlined />} onClick={() => navigate('/recSheets/matchRules')}>
        Match rules
      </Button>
    </>
  );
  return <ListScreen key="recSheets" resource={RESOURCE} toolbarExtra={links} />;
}
