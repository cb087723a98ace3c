import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { clientGoneSignal } from './client-gone';

/** Enough of a ServerResponse: its close event and whether it was sent. */
function response(state: { writableFinished?: boolean; destroyed?: boolean } = {}) {
  return Object.assign(new EventEmitter(), { writableFinished: false, destroyed: false, ...state });
}

describe('clientGoneSignal', () => {
  it('aborts when the connection closes before the answer was sent', () => {
    const res = response();
    const signal = clientGoneSignal(res as unknown as ServerResponse);
    expect(signal.aborted).toBe(false);
    res.emit('close');
    expect(signal.aborted).toBe(true);
  });

  it('does not abort when the answer was sent, and is aborted at once when the connection is already gone', () => {
    const sent = response();
    const signal = clientGoneSignal(sent as unknown as ServerResponse);
    sent.writableFinished = true;
    sent.emit('close');
    expect(signal.aborted).toBe(false);
    expect(clientGoneSignal(response({ destroyed: true }) as unknown as ServerResponse).aborted).toBe(true);
  });
});
