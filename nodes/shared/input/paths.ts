/**
 * A value inside a record or an input item by a dotted path ("data.records", "author.name"); `a[].b`
 * maps a list to its members' `b`. One definition for Intake's records field and Simplify's fields.
 */
import type { IDataObject } from 'n8n-workflow';

/** The value at `path`; a key that itself contains the dots is tried first. */
export function valueAt(json: IDataObject, path: string): unknown {
	if (Object.prototype.hasOwnProperty.call(json, path)) return json[path];
	const list = path.indexOf('[].');
	if (list >= 0) {
		const items = valueAt(json, path.slice(0, list));
		if (!Array.isArray(items)) return undefined;
		return items.map((item) =>
			item !== null && typeof item === 'object'
				? valueAt(item as IDataObject, path.slice(list + 3))
				: undefined,
		);
	}
	let value: unknown = json;
	for (const key of path.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}
