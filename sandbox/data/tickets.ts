/**
 * Tenant-portal tickets, generated per (center, day, index) for every center. Each ticket has a status
 * history over time (new_request -> in_progress -> agreed / agreed_with_conditions / rejected, or revoked
 * by its author), so the status at "now" moves as the sandbox clock advances; decided tickets may later be
 * archived. A status set through the control API overrides the history from that moment on.
 */
import type { CenterFixture, ShopFixture } from '../core/types';
import { shopsOfCenter } from '../fixtures/centers';
import { Stream } from '../core/random';
import { dayStartMs, DATA_START_IDX, isoAt } from './calendar';
import {
	CONDITIONS,
	DECIDED_STATUSES,
	STAFF_PEOPLE,
	TENANT_PEOPLE,
	TICKET_TYPES,
	WORK_PERIODS,
	type Person,
	type TicketStatus,
	type TicketTypeDef,
} from './portal-catalog';

const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;

export interface StatusEvent {
	status: TicketStatus;
	at: number;
}

export interface TicketRecord {
	uid: string;
	centerId: string;
	created: number;
	type: TicketTypeDef;
	withChild: boolean;
	workPeriod: string;
	begin: number | null;
	end: number | null;
	shop: ShopFixture | null;
	author: Person | null;
	/** chosen option per parameter (index into options) or -1 */
	choices: number[];
	phone: string;
	escort: boolean;
	comment: string | null;
	history: StatusEvent[];
	archivedAt: number | null;
	comments: Array<{ id: number; body: string; at: number }>;
	/** number of passes (0 for types without passes) */
	passCount: number;
}

export interface TicketOverride {
	status: TicketStatus;
	at: number;
}

/** Builds a ticket created at `created` from a stream. */
export function buildTicket(
	s: Stream,
	center: CenterFixture,
	uid: string,
	created: number,
	shopId?: string,
): TicketRecord {
	const shops = shopsOfCenter(center.id).filter((x) => !x.is_archived);
	const type = s.pick(0, TICKET_TYPES);
	const withChild = type.child !== null && s.chance(1, 0.4);
	const shop =
		shopId !== undefined
			? (shops.find((x) => x.id === shopId) ?? null)
			: s.chance(2, 0.1)
				? null
				: s.pick(3, shops);
	const roll = s.unit(4);
	const author =
		roll < 0.05 ? null : roll < 0.15 ? s.pick(5, STAFF_PEOPLE) : s.pick(5, TENANT_PEOPLE);
	let begin: number | null = null;
	let end: number | null = null;
	if (type.validity) {
		const inAdvance = s.chance(6, 0.3);
		const startDay = Math.floor(created / DAY) * DAY;
		begin = inAdvance
			? startDay + (3 + Math.floor(27 * s.unit(7))) * DAY + 6 * H
			: Math.ceil(created / H) * H + Math.floor(23 * s.unit(7)) * H;
		end = begin + Math.max(1, Math.floor(type.maxHours * s.unit(8))) * H - 1000;
	}
	const history: StatusEvent[] = [{ status: 'new_request', at: created }];
	const comments: TicketRecord['comments'] = [];
	const uidNum = Number(uid);
	if (s.chance(9, 0.08)) {
		history.push({ status: 'revoked', at: created + Math.floor((1 + 23 * s.unit(10)) * H) });
	} else {
		const started = created + Math.floor((0.5 + 29.5 * s.unit(10)) * H);
		history.push({ status: 'in_progress', at: started });
		const u = s.unit(11);
		if (u >= 0.03) {
			const at = started + Math.floor((1 + 71 * s.unit(12)) * H);
			const status: TicketStatus =
				u < 0.08 ? 'revoked' : u < 0.6 ? 'agreed' : u < 0.8 ? 'agreed_with_conditions' : 'rejected';
			history.push({ status, at });
			const conditions =
				status === 'agreed_with_conditions'
					? 1 + Math.floor(3 * s.unit(13))
					: s.chance(13, 0.3)
						? 1
						: 0;
			for (let k = 0; k < conditions; k++) {
				comments.push({
					id: uidNum * 10 + k + 1,
					body: s.pick(20 + k, CONDITIONS),
					at: started + Math.floor((at - started) * ((k + 1) / (conditions + 1))),
				});
			}
		}
	}
	const final = history[history.length - 1];
	const archivedAt =
		history.length > 2 || final.status === 'revoked'
			? s.chance(14, 0.5)
				? final.at + Math.floor((20 + 70 * s.unit(15)) * DAY)
				: null
			: null;
	return {
		uid,
		centerId: center.id,
		created,
		type,
		withChild,
		workPeriod: withChild && type.id === 2 ? 'night' : s.pick(16, WORK_PERIODS),
		begin,
		end,
		shop,
		author,
		choices: type.parameters.map((p, k) =>
			s.chance(30 + k, 0.8) ? Math.floor(s.unit(40 + k) * p.options.length) : -1,
		),
		phone: `+7 9${String(10 + Math.floor(89 * s.unit(17)))} ${String(100 + Math.floor(899 * s.unit(18)))}-00-${String(10 + Math.floor(89 * s.unit(19)))}`,
		escort: s.chance(24, 0.3),
		comment: s.chance(25, 0.5) ? 'Please call the contact person on arrival.' : null,
		history,
		archivedAt,
		comments,
		passCount: type.passType ? 1 + Math.floor(3 * s.unit(26)) : 0,
	};
}

/** Every generated ticket created on a day (center zone), visible or not yet. */
export function ticketsOfDay(seed: number, center: CenterFixture, day: number): TicketRecord[] {
	if (day < DATA_START_IDX) return [];
	const start = dayStartMs(center.time_zone, day);
	const count = Math.floor(new Stream(seed, 'ticket-count', center.id, day).unit(0) * 6);
	const out: TicketRecord[] = [];
	for (let i = 0; i < count; i++) {
		const s = new Stream(seed, 'ticket', center.id, day, i);
		const created = start + Math.floor(((8 + 13 * s.unit(50)) * H) / 1000) * 1000;
		out.push(
			buildTicket(
				s,
				center,
				`${center.id}${String(day - DATA_START_IDX).padStart(5, '0')}${i}`,
				created,
			),
		);
	}
	return out;
}

export interface TicketState {
	status: TicketStatus;
	resolutionAt: number | null;
	archived: boolean;
}

/** A ticket's state at moment `t` (its history, or the override from the override's moment on). */
export function ticketState(tk: TicketRecord, t: number, override?: TicketOverride): TicketState {
	if (override && t >= override.at) {
		return {
			status: override.status,
			resolutionAt: DECIDED_STATUSES.includes(override.status) ? override.at : null,
			archived: false,
		};
	}
	let current = tk.history[0];
	for (const e of tk.history) if (e.at <= t) current = e;
	return {
		status: current.status,
		resolutionAt: DECIDED_STATUSES.includes(current.status) ? current.at : null,
		archived: tk.archivedAt !== null && t >= tk.archivedAt,
	};
}

/** Newest first: created_at desc, then ticket_uid desc. */
export function compareTickets(a: TicketRecord, b: TicketRecord): number {
	return b.created - a.created || (a.uid < b.uid ? 1 : a.uid > b.uid ? -1 : 0);
}

export function ticketToApi(
	tk: TicketRecord,
	state: TicketState,
	zone: string,
	now: number,
	hasPasses: boolean,
): Record<string, unknown> {
	const type = tk.type;
	return {
		ticket_uid: tk.uid,
		title: `${type.title}${tk.withChild && type.child ? `: ${type.child.title}` : ''}${tk.shop ? ` (${tk.shop.name})` : ''}`,
		status: state.status,
		archived: state.archived,
		work_period: tk.workPeriod,
		text: type.text,
		created_at: isoAt(tk.created, zone),
		resolution_created_at: state.resolutionAt === null ? null : isoAt(state.resolutionAt, zone),
		begin_time: tk.begin === null ? null : isoAt(tk.begin, zone),
		end_time: tk.end === null ? null : isoAt(tk.end, zone),
		ticket_type: {
			id: type.id,
			title: type.title,
			analytics_key: type.analytics_key,
			children: tk.withChild && type.child ? { ...type.child } : null,
		},
		has_passes: hasPasses,
		parameters: type.parameters.map((p, k) => ({
			id: p.id,
			title: p.title,
			analytics_key: p.analytics_key,
			values: tk.choices[k] >= 0 ? [{ ...p.options[tk.choices[k]] }] : [],
		})),
		sell_location: tk.shop ? { id: tk.shop.id, name: tk.shop.name } : null,
		arendator: tk.shop?.renter
			? { id: tk.shop.renter.id, legal_name: tk.shop.renter.legal_name, inn: tk.shop.renter.inn }
			: null,
		author: tk.author ? { ...tk.author } : null,
		custom_fields: [
			{
				id: 301,
				title: 'Contact phone',
				field_type: 'text',
				value: tk.phone,
				selected_options: [],
			},
			{
				id: 302,
				title: 'Permission letter',
				field_type: 'file',
				value: null,
				selected_options: [],
			},
			{
				id: 303,
				title: 'Security escort needed',
				field_type: 'radiobutton_with_options',
				value: null,
				selected_options: [tk.escort ? { id: 3031, value: 'Yes' } : { id: 3032, value: 'No' }],
			},
			{
				id: 304,
				title: 'Comment',
				field_type: 'textarea',
				value: tk.comment,
				selected_options: [],
			},
		],
		agreement_comments: tk.comments
			.filter((c) => c.at <= now)
			.map((c) => ({ id: c.id, body: c.body, created_at: isoAt(c.at, zone) })),
	};
}
