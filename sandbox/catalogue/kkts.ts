/**
 * Cash registers (KKT) per shop. Identity fields are a pure function of the shop id (no seed), so receipt
 * generators can use the same registers: `kktIdentitiesOf(shop)`. Active shops have 1–3 active registers
 * (the busy shop 4); shops with an even number also have one archived (replaced) register; the archived
 * shop has only archived ones; a shop without fiscal data (receiptsPerDay 0, not archived) has none.
 */
import { DateTime } from 'luxon';
import { BUSY_SHOP } from '../fixtures';
import { hashString } from '../core/random';
import type { ShopFixture } from '../core/types';

export interface KktIdentity {
	id: string;
	model: string;
	reg_id: string;
	serial_number: string;
	provider: string;
	fiscal_number: string;
	is_archived: boolean;
	/** YYYY-MM-DD (center zone): registered with the operator */
	connected_on: string;
	/** YYYY-MM-DD (center zone): last day with documents for an archived register */
	archived_on: string | null;
}

export interface Kkt {
	id: string;
	model: string;
	reg_id: string;
	serial_number: string;
	connection_status: string;
	connection_from: string;
	provider: string;
	fiscal_number: string;
	is_archived: boolean;
	first_document_datetime: string;
	last_document_datetime: string;
	last_open_shift_datetime: string;
	fn_expiration_datetime: string;
}

const MODELS = ['ATOL 30F', 'ATOL 91F', 'Evotor 7.2', 'Shtrih-M-01F', 'Mercury 185F'];
const PROVIDERS = ['Platforma OFD', 'Taxcom', 'OFD.ru', 'Kontur OFD'];
export const ARCHIVED_KKT_LAST_DAY = '2024-06-30';

function digits(seedText: string, length: number, prefix = ''): string {
	let out = prefix;
	let h = hashString(seedText);
	while (out.length < length) {
		h = hashString(`${seedText}|${h}`);
		out += String(h % 10);
	}
	return out.slice(0, length);
}

function identity(shop: ShopFixture, k: number, state: 'active' | 'archived'): KktIdentity {
	const archived = state === 'archived';
	const key = `${shop.id}|${k}`;
	const h = hashString(key);
	return {
		id: `kkt-${shop.id}-${k}`,
		model: MODELS[h % MODELS.length],
		reg_id: digits(`reg|${key}`, 16, '000'),
		serial_number: digits(`serial|${key}`, 14, '00'),
		provider: PROVIDERS[(h >>> 8) % PROVIDERS.length],
		fiscal_number: digits(`fn|${key}`, 16, k % 2 === 0 ? '7380' : '9961'),
		is_archived: archived,
		connected_on: `2023-${String(1 + (h % 12)).padStart(2, '0')}-${String(1 + ((h >>> 4) % 28)).padStart(2, '0')}`,
		archived_on: archived ? ARCHIVED_KKT_LAST_DAY : null,
	};
}

/** All registers of a shop, active first. */
export function kktIdentitiesOf(shop: ShopFixture): KktIdentity[] {
	const n = Number(shop.id.split('-')[1]);
	if (shop.is_archived) return [identity(shop, 1, 'archived'), identity(shop, 2, 'archived')];
	if (shop.receiptsPerDay <= 0) return [];
	const active = shop.id === BUSY_SHOP ? 4 : 1 + (n % 3);
	const list: KktIdentity[] = [];
	for (let k = 1; k <= active; k++) list.push(identity(shop, k, 'active'));
	if (n % 2 === 0) list.push(identity(shop, active + 1, 'archived'));
	return list;
}

/** Moments (epoch ms) read from the register's documents, when known. */
export interface KktActivity {
	firstDocument?: number;
	lastDocument?: number;
	lastShiftOpen?: number;
}

/**
 * The API rows at `now`, moments with the center's offset. `activity` (from the receipts) overrides the
 * approximate document and shift moments.
 */
export function kktsOfShop(
	shop: ShopFixture,
	zone: string,
	now: Date,
	activity: (kkt: KktIdentity) => KktActivity = () => ({}),
): Kkt[] {
	const nowLocal = DateTime.fromJSDate(now, { zone });
	return kktIdentitiesOf(shop).map((idt) => {
		const act = activity(idt);
		const h = hashString(idt.id);
		const connected = DateTime.fromISO(idt.connected_on, { zone }).set({ hour: 12 });
		const opensAt = (d: DateTime) => d.startOf('day').set({ hour: 9, minute: 50 + (h % 10) });
		let lastDoc: DateTime;
		let lastShift: DateTime;
		if (idt.archived_on) {
			const lastDay = DateTime.fromISO(idt.archived_on, { zone });
			lastDoc = lastDay.set({ hour: 21, minute: 40 + (h % 15) });
			lastShift = opensAt(lastDay);
		} else {
			const todayOpen = opensAt(nowLocal);
			const closing = nowLocal.startOf('day').set({ hour: 21, minute: 45 + (h % 10) });
			if (nowLocal < todayOpen.plus({ minutes: 15 })) {
				const y = nowLocal.minus({ days: 1 });
				lastDoc = y.startOf('day').set({ hour: 21, minute: 45 + (h % 10) });
				lastShift = opensAt(y);
			} else {
				lastDoc =
					nowLocal < closing ? nowLocal.minus({ minutes: 1 + (h % 7) }).startOf('second') : closing;
				lastShift = todayOpen;
			}
		}
		let first = DateTime.fromISO('2024-01-01', { zone }).set({ hour: 10, minute: 2 + (h % 20) });
		if (act.firstDocument !== undefined) first = DateTime.fromMillis(act.firstDocument, { zone });
		if (act.lastDocument !== undefined) lastDoc = DateTime.fromMillis(act.lastDocument, { zone });
		if (act.lastShiftOpen !== undefined)
			lastShift = DateTime.fromMillis(act.lastShiftOpen, { zone });
		const iso = (d: DateTime) => d.setZone(zone).toISO({ suppressMilliseconds: true }) as string;
		return {
			id: idt.id,
			model: idt.model,
			reg_id: idt.reg_id,
			serial_number: idt.serial_number,
			connection_status: idt.is_archived ? 'disconnected' : 'active',
			connection_from: iso(connected),
			provider: idt.provider,
			fiscal_number: idt.fiscal_number,
			is_archived: idt.is_archived,
			first_document_datetime: iso(first),
			last_document_datetime: iso(lastDoc),
			last_open_shift_datetime: iso(lastShift),
			fn_expiration_datetime: iso(connected.plus({ months: idt.is_archived ? 13 : 36 })),
		};
	});
}
