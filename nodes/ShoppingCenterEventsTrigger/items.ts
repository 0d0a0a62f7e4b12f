/**
 * The trigger's items when an event's reader has no output of its own: one item per record, the event
 * and the center first, then the record's fields (oldest first, as the readers found them).
 */
import type { INodeExecutionData } from 'n8n-workflow';
import type { Found, TriggerEvent } from './types';

export function itemsOf(event: TriggerEvent, found: Found[]): INodeExecutionData[][] | null {
	const items: INodeExecutionData[] = [];
	for (const f of found)
		for (const row of f.rows) items.push({ json: Object.assign({ event, sc_id: f.scId }, row) });
	return items.length ? [items] : null;
}
