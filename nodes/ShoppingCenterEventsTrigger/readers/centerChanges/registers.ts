/**
 * Center Changes, a shop's directory-like tables: its cash registers (active ones, keyed by register
 * id) and its turnover settings (one row per shop), read together as one unit of the shop every
 * DIRECTORY_MS and compared with the hashes the shop's state keeps ('k:<register id>', 's'): a row new or
 * changed is an upsert, a register gone from the list (archived, removed) a delete. A shop gone from the
 * directory: a delete of each of its rows. The state keeps hashes, not rows: a delete's row is its key
 * fields (`id` of the register, `shop_id`).
 */
import type { IDataObject } from 'n8n-workflow';
import { apiRequest, rowsOf } from '../../../shared/transport';
import type { PollRun, Target } from '../../types';
import { changeRecord, contentHash, type ChangeRecord } from './changesState';

const SETTINGS = 's';
const REGISTER = 'k:';

/** Which of the two tables are read. */
export interface ShopDirectoryTables {
	registers: boolean;
	settings: boolean;
}

/** The shop's rows now: 'k:<id>' → a register, 's' → its turnover settings. */
export async function readShopDirectory(
	run: PollRun,
	target: Target,
	shopId: string,
	tables: ShopDirectoryTables,
): Promise<Record<string, IDataObject>> {
	const input = {
		params: { sc_id: target.id, shop_id: shopId },
		deadlineMs: run.deadlineMs,
		counter: run.counter,
	};
	const rows: Record<string, IDataObject> = {};
	if (tables.registers) {
		const list = { ...input, operation: 'list cash registers' };
		const res = await apiRequest(run.ctx, 'listCashRegisters', list);
		for (const row of rowsOf(run.ctx, res.data, list)) rows[REGISTER + String(row.id)] = row;
	}
	if (tables.settings) {
		const res = await apiRequest(run.ctx, 'turnoverSettings', {
			...input,
			operation: 'get turnover settings',
		});
		if (res.data && typeof res.data === 'object' && !Array.isArray(res.data))
			rows[SETTINGS] = res.data as IDataObject;
	}
	return rows;
}

/** The change record of one of the shop's rows ('k:<id>' or 's'). */
function record(
	scId: string,
	shopId: string,
	name: string,
	op: ChangeRecord['op'],
	row: IDataObject,
) {
	const key: IDataObject = { sc_id: scId, shop_id: shopId };
	if (name === SETTINGS) return changeRecord('turnover_settings', key, op, row);
	const id = name.slice(REGISTER.length);
	return changeRecord('cash_registers', { ...key, register_id: row.id ?? id }, op, row);
}

/** The shop's rows against the kept hashes; `emit` false: a baseline. */
export function diffShopDirectory(
	scId: string,
	shopId: string,
	rows: Record<string, IDataObject>,
	kept: Record<string, string> | undefined,
	emit: boolean,
): { records: ChangeRecord[]; hashes: Record<string, string>; news: boolean } {
	const records: ChangeRecord[] = [];
	const hashes: Record<string, string> = {};
	for (const [name, row] of Object.entries(rows)) {
		hashes[name] = contentHash(row);
		if (emit && kept?.[name] !== hashes[name])
			records.push(record(scId, shopId, name, 'upsert', row));
	}
	// a register no longer listed; the settings only leave with the shop (not read: table not chosen)
	for (const name of Object.keys(kept ?? {}))
		if (emit && !(name in hashes) && name.startsWith(REGISTER))
			records.push(record(scId, shopId, name, 'delete', { id: name.slice(REGISTER.length) }));
	const news = records.length > 0 || Object.keys(kept ?? {}).length !== Object.keys(hashes).length;
	return { records, hashes, news };
}

/** A shop gone from the directory: a delete of each row it had. */
export function shopGoneRecords(
	scId: string,
	shopId: string,
	kept: Record<string, string> | undefined,
): ChangeRecord[] {
	return Object.keys(kept ?? {}).map((name) =>
		name === SETTINGS
			? record(scId, shopId, name, 'delete', { shop_id: shopId })
			: record(scId, shopId, name, 'delete', { id: name.slice(REGISTER.length) }),
	);
}
