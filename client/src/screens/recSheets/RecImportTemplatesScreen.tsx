import { Link } from 'react-router';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ListScreen } from '../../list/ListScreen';
import { recImportTemplatesResource } from '../../resources/recImportTemplates';

/** /recSheets/templates (issue 24): the supplier templates of the rec sheet import, renamed and deleted here. */
export function RecImportTemplatesScreen() {
  const back = (
    <Link to="/recSheets" className="back-link">
      <ArrowLeftOutlined /> All rec sheets
    </Link>
  );
  return <ListScreen key="recImportTemplates" resource={recImportTemplatesResource} header={back} />;
}
