/**
 * Records inside an input item: a value found by a dotted path ("data.records").
 */
import type { IDataObject } from 'n8n-workflow';

/** A value inside an item's JSON by a dotted path; a key with dots is tried first. */
export function valueAt(json: IDataObject, path: string): unknown {
	if (Object.prototype.hasOwnProperty.call(json, path)) return json[path];
	let current: unknown = json;
	for (const part of path.split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as IDataObject)[part];
	}
	return current;
}
