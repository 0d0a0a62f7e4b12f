/**
 * Center → Get Many: the shopping centers the API key can read (GET /sc), each with its plan when an
 * earlier answer told it (the Center object has no plan field; no request is spent to learn one).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { listCenters } from '../../../shared/center';
import { returnAllAndLimit } from '../../../shared/descriptions/common';
import { readLimit } from '../../../shared/input';
import { PLAN_RULES } from '../../../shared/plan';
import { getApiCredentials, knownPlan } from '../../../shared/transport';
import type { ListFacts } from '../../../shared/actions';

/** The tool description ("Set Manually") of this operation as an AI tool. */
export const toolDescription = `Lists the shopping centers this API key can read: id (the sc_id every other tool needs), title, address, time_zone (IANA), areas, plan ("PRO" or "Basic" once an earlier answer for the center told it, else null; receipts, anomalies and hourly attendance need PRO). No input needed. Call it first to learn center ids.`;

/** The list it returns (the tool's "more exist" note). */
export const list: ListFacts = { noun: 'centers' };

export const description: INodeProperties[] = [...returnAllAndLimit()];

/** GET /sc: the centers the key owner has a role in (no pagination on the API side), each with `plan`. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const centers = await listCenters(this, { fresh: true });
	const { baseUrl } = await getApiCredentials(this);
	const shown = limit === undefined ? centers : centers.slice(0, limit);
	return shown.map((c) => {
		const plan = knownPlan(baseUrl, String(c.id));
		// a copy: the cached list stays the API's
		return { ...c, plan: plan ? PLAN_RULES[plan].label : null };
	});
}
