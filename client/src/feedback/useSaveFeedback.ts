import { useCallback } from 'react';
import { App } from 'antd';
import { markSaved } from './recentlySaved';

/** The rows a save changed, for the list's brief highlight. */
export interface SavedRows {
  listPath: string;
  ids: readonly number[];
}

/** How long the message stays, in seconds (antd's default is 3; a name to read needs a little more). */
const MESSAGE_SECONDS = 4;

/**
 * The one place a save or an action says it worked (issue 26): a short success message naming
 * what changed (see savedText.ts for the words), and the changed rows highlighted in their list.
 * Every dialog, grid and action helper calls this rather than antd's message itself, so the
 * messages look, last and are announced the same everywhere.
 */
export function useSaveFeedback(): (text: string, rows?: SavedRows) => void {
  const { message } = App.useApp();
  return useCallback(
    (text: string, rows?: SavedRows) => {
      void message.success({ content: text, className: 'save-feedback', duration: MESSAGE_SECONDS });
      if (rows) markSaved(rows.listPath, rows.ids);
    },
    [message],
  );
}
