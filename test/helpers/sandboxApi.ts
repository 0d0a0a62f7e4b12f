/**
 * The sandbox's answer to a GET of a center's path, every page, with the demo client's token, outside
 * any node's request count: the truth a test compares the trigger's records with.
 */
import type { IDataObject } from 'n8n-workflow';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../sandbox/fixtures/centers';

/** Every row of GET /sc/{scId}{path} (all pages when the answer is paged; a single object as is). */
export async function apiRows(baseUrl: string, scId: string, path: string): Promise<IDataObject[]> {
	const tokenRes = await fetch(`${baseUrl}/auth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ client_id: DEMO_CLIENT_ID, client_secret: DEMO_CLIENT_SECRET }),
	});
	const { access_token } = (await tokenRes.json()) as { access_token: string };
	const rows: IDataObject[] = [];
	const joiner = path.includes('?') ? '&' : '?';
	for (let page = 1; ; page++) {
		const res = await fetch(`${baseUrl}/sc/${scId}${path}${joiner}page=${page}`, {
			headers: { authorization: `Bearer ${access_token}` },
		});
		const body = (await res.json()) as { data: IDataObject[]; meta?: IDataObject };
		// an answer that is one object, not a list (a shop's turnover settings): as the API gave it
		if (!Array.isArray(body.data)) return body.data as unknown as IDataObject[];
		rows.push(...body.data);
		const pages = (body.meta?.pagination as IDataObject | undefined)?.total_pages;
		if (typeof pages !== 'number' || page >= pages) return rows;
	}
}
