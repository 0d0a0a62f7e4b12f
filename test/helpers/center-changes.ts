/**
 * Shared by the Center Changes tests (center-changes, center-changes-tables): the records as items
 * carry them, the sandbox's requests by route, the API's answer outside the trigger's count, polls
 * every few minutes of the sandbox's clock, the check that no key is emitted twice alike, a failed
 * poll's check, the freshest day among records.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { RunPollResult } from '../harness';
import { apiRows as allRows } from './sandboxApi';
import type { RouteName } from '../../sandbox/core/types';
import { items, ok, poll, sb } from './trigger-setup';

const MIN = 60_000;

export interface Change {
	table: string;
	key: IDataObject;
	op: 'upsert' | 'delete';
	row: IDataObject;
}

export const changes = (r: RunPollResult): Change[] =>
	items(r).map((i) => i.json as unknown as Change);
export const keyText = (c: Change) => `${c.table}|${JSON.stringify(c.key)}`;
export const of = (cs: Change[], table: string) => cs.filter((c) => c.table === table);
/** The latest `key.date` among `cs` (the freshest day they hold). */
export const latestDate = (cs: Change[]) =>
	cs
		.map((c) => String(c.key.date))
		.sort()
		.at(-1);

/**
 * A poll of `p` from `state` whose next `route` request fails: it errs and saves nothing (the state
 * it returns is `state`). Returns that poll.
 */
export async function expectFailedPollSavesNothing(
	p: INodeParameters,
	state: IDataObject,
	route: RouteName,
): Promise<RunPollResult> {
	sb.faults.set({ failNext: { count: 1, code: 'not_found', routes: [route] } });
	const failed = await poll(p, { staticData: state });
	expect(failed.error).toBeDefined();
	expect(failed.staticData).toEqual(state);
	return failed;
}

/** The sandbox's requests since `seq`, by route. */
export function requestsSince(seq: number): Record<string, number> {
	const out: Record<string, number> = {};
	// a 401 token_expired is the same read sent again with a new token (the token's life runs on the
	// wall clock in the product, on the jumping sandbox clock in the API): counted once
	for (const e of sb.log
		.list()
		.filter((x) => x.seq > seq && x.route !== 'token' && x.status !== 401))
		out[String(e.route)] = (out[String(e.route)] ?? 0) + 1;
	return out;
}

/** The API's answer now (the truth the records are compared with, every page), outside the trigger's count. */
export const apiRows = (scId: string, path: string): Promise<IDataObject[]> =>
	allRows(sb.baseUrl, scId, path);

/** Polls every `stepMin` minutes for `minutes`, collecting what they emit. */
export async function pollEvery(
	p: INodeParameters,
	state: IDataObject,
	minutes: number,
	stepMin: number,
): Promise<{ all: Change[]; state: IDataObject }> {
	const all: Change[] = [];
	for (let t = 0; t < minutes; t += stepMin) {
		sb.clock.advance(stepMin * MIN);
		const r = await ok(p, { staticData: state });
		all.push(...changes(r));
		state = r.staticData;
	}
	return { all, state };
}

/** No key emitted twice in a row with the same content. */
export function expectNoRepeats(cs: Change[]): void {
	const last = new Map<string, string>();
	for (const c of cs) {
		const content = `${c.op}|${JSON.stringify(c.row)}`;
		expect({ key: keyText(c), content }).not.toEqual({
			key: keyText(c),
			content: last.get(keyText(c)),
		});
		last.set(keyText(c), content);
	}
}
