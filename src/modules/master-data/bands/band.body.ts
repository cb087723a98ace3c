import { IgnoredID, OptionalText, RequiredText } from '../../../common/http/dto-fields';

export class BandBody {
  @IgnoredID() bandID?: number;
  @RequiredText('Name') name: string;
  @OptionalText('Description') description?: string | null;
}
