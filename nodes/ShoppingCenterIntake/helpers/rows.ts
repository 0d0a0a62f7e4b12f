/**
 * The key of an Intake row in words, for upload errors (../../shared/upload.ts): declared turnover
 * "shop 1002-05, month 2026-10", daily attendance "date 2026-11-19" (or "zone 12, date …"), counter
 * hours "counter cam-7, 24 hours", calendar events 'event "Black Friday", 2026-11-27'. Taken from the
 * request the row's check built; for a row that failed its check, from its raw parameters.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { RequestChecked } from '../../shared/transport';
import type { RowKey } from '../../shared/upload';

/**
 * A parameter as text for a label ('locator': the value a resource locator holds): never throws (a
 * broken expression reads "?"), cut at 40 characters.
 */
function raw(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	kind: 'value' | 'locator' = 'value',
): string {
	let v: unknown;
	try {
		v = ctx.getNodeParameter(
			name,
			itemIndex,
			'',
			kind === 'locator' ? { extractValue: true } : undefined,
		);
	} catch {
		return '?';
	}
	const s = clean(typeof v === 'string' ? v.trim() : JSON.stringify(v ?? ''));
	if (s === '' || s === '""') return '(empty)';
	return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** Half of a UTF-16 pair is not echoed (it is what the check refused): shown as "?". */
const clean = (s: string) =>
	s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '?');

const text = (v: unknown): string | undefined =>
	typeof v === 'string' || typeof v === 'number' ? clean(String(v)) : undefined;

/** "2026-10-01" → "2026-10"; anything else as it is. */
const monthOf = (s: string) => (/^\d{4}-\d{2}/.test(s) ? s.slice(0, 7) : s);

export function describeIntakeRow(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request?: RequestChecked,
): RowKey {
	const params = (request?.input.params ?? {}) as IDataObject;
	const body = (request?.input.body ?? {}) as IDataObject;
	const resource = ctx.getNodeParameter('resource', itemIndex, '') as string;
	if (resource === 'declaredTurnover') {
		const shop = text(params.shop_id) ?? raw(ctx, 'shop', itemIndex, 'locator');
		const month = monthOf(text(body.month) ?? raw(ctx, 'month', itemIndex));
		return { long: `shop ${shop}, month ${month}`, short: `${shop} ${month}` };
	}
	if (resource === 'dailyAttendance') {
		const date = text(body.date) ?? raw(ctx, 'date', itemIndex);
		const zone =
			text(body.zone_id) ??
			(raw(ctx, 'scope', itemIndex) === 'zone'
				? raw(ctx, 'zone', itemIndex, 'locator')
				: undefined);
		return zone === undefined
			? { long: `date ${date}`, short: date }
			: { long: `zone ${zone}, date ${date}`, short: `zone ${zone} ${date}` };
	}
	if (resource === 'calendarEvent') {
		const name = text(body.name) ?? raw(ctx, 'name', itemIndex);
		const start = text(body.start_date) ?? raw(ctx, 'startDate', itemIndex);
		return { long: `event "${name}", ${start}`, short: `"${name}" ${start}` };
	}
	const counter = text(params.external_id) ?? raw(ctx, 'externalId', itemIndex);
	const hours = Array.isArray(body.data) ? `, ${body.data.length} hours` : '';
	return { long: `counter ${counter}${hours}`, short: counter };
}
