import { UnorderedListOutlined } from '@ant-design/icons';
import { ListScreen } from '../../list/ListScreen';
import { recSheetsResource } from '../../resources/recSheets';

const RESOURCE = recSheetsResource({ icon: <UnorderedListOutlined /> });

/** /recSheets (spec 02 §2.3): the sheets, newest first; each row opens its lines. */
export function RecSheetsScreen() {
  return <ListScreen key="recSheets" resource={RESOURCE} />;
}
