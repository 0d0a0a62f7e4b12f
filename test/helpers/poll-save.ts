/**
 * The trigger's wait for n8n's save: a poll that starts before n8n saved the previous emitting poll's
 * state emits nothing, keeps the state it was given, reads nothing and says why (checked the same way
 * for every event that tests it).
 */
import type { IDataObject } from 'n8n-workflow';
import type { RunPollResult } from '../harness';
import type { Sandbox } from '../../sandbox';

/**
 * `early` (a poll given the state `given`) waited for the save: no items, that state kept, no request
 * to `server` after its log held `requestsBefore` entries, and a log line that says why.
 */
export function expectWaitedForSave(
	server: Sandbox,
	early: RunPollResult,
	given: IDataObject,
	requestsBefore: number,
): void {
	expect(early.items).toBeNull();
	expect(early.staticData).toEqual(given);
	expect(server.log.list().length).toBe(requestsBefore);
	expect(early.logs.some((l) => /not saved the state of the previous poll/.test(l.message))).toBe(
		true,
	);
}
