/**
 * Query strings and form bodies in the notation of docs/routes.md: arrays and objects in bracket
 * notation (`statuses[]=a`, `data[0][in]=5`), booleans as true/false, `document_types` as the one
 * comma-separated list. Undefined, null and empty-string values are left out.
 */
export type Encodable =
	| string
	| number
	| boolean
	| null
	| undefined
	| Encodable[]
	| { [key: string]: Encodable };

export type EncodableRecord = Record<string, Encodable>;

/** Parameters sent as one comma-separated value instead of bracket notation. */
const COMMA_LISTS = new Set(['document_types']);

function flatten(prefix: string, value: Encodable, out: Array<[string, string]>): void {
	if (value === undefined || value === null || value === '') return;
	if (Array.isArray(value)) {
		const scalars = value.every((v) => v === null || typeof v !== 'object');
		value.forEach((v, i) => flatten(scalars ? `${prefix}[]` : `${prefix}[${i}]`, v, out));
		return;
	}
	if (typeof value === 'object') {
		for (const [k, v] of Object.entries(value)) flatten(`${prefix}[${k}]`, v, out);
		return;
	}
	out.push([prefix, String(value)]);
}

function toPairs(values: EncodableRecord): Array<[string, string]> {
	const out: Array<[string, string]> = [];
	for (const [k, v] of Object.entries(values)) {
		if (Array.isArray(v) && COMMA_LISTS.has(k)) {
			if (v.length) out.push([k, v.map(String).join(',')]);
		} else flatten(k, v, out);
	}
	return out;
}

/** `a=1&statuses[]=x` with brackets kept readable (they are legal in a query). */
export function toQueryString(values: EncodableRecord): string {
	return toPairs(values)
		.map(
			([k, v]) =>
				`${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v)}`,
		)
		.join('&');
}

export function toFormBody(values: EncodableRecord): string {
	const params = new URLSearchParams();
	for (const [k, v] of toPairs(values)) params.append(k, v);
	return params.toString();
}
