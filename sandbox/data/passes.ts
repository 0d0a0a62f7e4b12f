/**
 * Passes: those of tickets (types with passes; created minutes after the ticket, valid over the ticket's
 * interval, status following the ticket) and standalone ones created by center staff (ticket_uid "").
 * A pass valid in the future was issued in advance: it is found by the active period, not by creation date.
 */
import type { CenterFixture } from '../core/types';
import { Stream } from '../core/random';
import { dayStartMs, DATA_START_IDX, isoAt } from './calendar';
import {
	PASS_TAGS,
	STAFF_PEOPLE,
	TENANT_PEOPLE,
	VEHICLE_BRANDS,
	WORK_PERIODS,
	type Person,
} from './portal-catalog';
import type { TicketRecord, TicketState } from './tickets';

const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;

export interface PassRecord {
	id: number;
	centerId: string;
	/** "" for a pass without ticket */
	ticketUid: string;
	ticket: TicketRecord | null;
	created: number;
	validFrom: number;
	validTo: number;
	permanent: boolean;
	passType: 'vehicle' | 'person';
	vehicle: { plate_number: string; brand: string; vehicle_type: string } | null;
	person: { full_name: string; company: string } | null;
	workPeriod: string;
	author: Person;
	tags: Array<{ id: number; name: string }>;
	/** standalone passes: cancelled by staff at this moment */
	cancelledAt: number | null;
}

const LETTERS = 'ABEKMHOPCTYX';

function plate(s: Stream, n: number): string {
	const l = (k: number) => LETTERS[Math.floor(s.unit(n + k) * LETTERS.length)];
	return `${l(0)}${String(100 + Math.floor(899 * s.unit(n + 1)))}${l(2)}${l(3)}${66 + Math.floor(s.unit(n + 4) * 3) * 30}`;
}

function details(
	s: Stream,
	passType: 'vehicle' | 'person',
	n: number,
): Pick<PassRecord, 'vehicle' | 'person' | 'tags'> {
	const person = TENANT_PEOPLE[Math.floor(s.unit(n) * TENANT_PEOPLE.length)];
	const tags = PASS_TAGS.filter((_, k) => s.chance(n + 10 + k, 0.2));
	return passType === 'vehicle'
		? {
				vehicle: {
					plate_number: plate(s, n + 1),
					brand: s.pick(n + 6, VEHICLE_BRANDS),
					vehicle_type: s.pick(n + 7, ['car', 'van', 'truck']),
				},
				person: null,
				tags,
			}
		: {
				vehicle: null,
				person: {
					full_name: person.name,
					company: `Contractor ${1 + Math.floor(s.unit(n + 8) * 9)}`,
				},
				tags,
			};
}

/** Passes of one ticket (none for ticket types without passes). */
export function passesOfTicket(seed: number, tk: TicketRecord): PassRecord[] {
	if (!tk.type.passType || tk.begin === null || tk.end === null) return [];
	const out: PassRecord[] = [];
	for (let j = 1; j <= tk.passCount; j++) {
		const s = new Stream(seed, 'pass', tk.centerId, tk.uid, j);
		const permanent = s.chance(0, 0.05);
		out.push({
			id: Number(tk.uid) * 10 + j,
			centerId: tk.centerId,
			ticketUid: tk.uid,
			ticket: tk,
			created: tk.created + Math.floor(((1 + 9 * s.unit(1)) * MIN) / 1000) * 1000,
			validFrom: tk.begin,
			validTo: permanent ? tk.begin + 365 * DAY : tk.end,
			permanent,
			passType: tk.type.passType,
			...details(s, tk.type.passType, 10),
			workPeriod: tk.workPeriod,
			author: tk.author ?? STAFF_PEOPLE[0],
			cancelledAt: null,
		});
	}
	return out;
}

/** Builds a standalone pass created by staff at `created`. */
export function buildStandalonePass(
	s: Stream,
	center: CenterFixture,
	id: number,
	created: number,
	validFrom?: number,
	ticket?: TicketRecord,
): PassRecord {
	const inAdvance = s.chance(0, 0.3);
	const from =
		validFrom ??
		(inAdvance
			? created + Math.floor((2 + 19 * s.unit(1)) * DAY)
			: created + Math.floor(2 * s.unit(1) * H));
	const passType = s.chance(2, 0.5) ? 'vehicle' : 'person';
	return {
		id,
		centerId: center.id,
		ticketUid: ticket ? ticket.uid : '',
		ticket: ticket ?? null,
		created,
		validFrom: from,
		validTo: from + Math.floor((1 + 29 * s.unit(3)) * DAY),
		permanent: false,
		passType,
		...details(s, passType, 10),
		workPeriod: s.pick(4, WORK_PERIODS),
		author: ticket?.author ?? s.pick(5, STAFF_PEOPLE),
		cancelledAt: s.chance(6, 0.05) ? created + Math.floor((1 + 4 * s.unit(7)) * DAY) : null,
	};
}

/** Standalone passes created on a day (center zone). */
export function standalonePassesOfDay(
	seed: number,
	center: CenterFixture,
	day: number,
): PassRecord[] {
	if (day < DATA_START_IDX) return [];
	const count = Math.floor(new Stream(seed, 'pass-count', center.id, day).unit(0) * 1.6);
	const start = dayStartMs(center.time_zone, day);
	const out: PassRecord[] = [];
	for (let i = 0; i < count; i++) {
		const s = new Stream(seed, 'standalone-pass', center.id, day, i);
		const created = start + Math.floor(((9 + 10 * s.unit(20)) * H) / 1000) * 1000;
		out.push(
			buildStandalonePass(
				s,
				center,
				Number(`${center.id}8${String(day - DATA_START_IDX).padStart(5, '0')}${i}`),
				created,
			),
		);
	}
	return out;
}

/** A pass's status at `t`, from its ticket's state (or, standalone, its own cancellation) and validity. */
export function passStatus(p: PassRecord, t: number, ticketState: TicketState | null): string {
	let status = 'approved';
	if (ticketState) {
		const s = ticketState.status;
		status =
			s === 'new_request' || s === 'in_progress'
				? 'pending'
				: s === 'rejected'
					? 'rejected'
					: s === 'revoked'
						? 'cancelled'
						: 'approved';
	} else if (p.cancelledAt !== null && t >= p.cancelledAt) {
		status = 'cancelled';
	}
	if (status === 'approved' && t > p.validTo) status = 'expired';
	return status;
}

/** Newest first: created_at desc, then id desc. */
export function comparePasses(a: PassRecord, b: PassRecord): number {
	return b.created - a.created || b.id - a.id;
}

export function passToApi(p: PassRecord, status: string, zone: string): Record<string, unknown> {
	return {
		id: p.id,
		status,
		pass_type: p.passType,
		person: p.person ? { ...p.person } : null,
		vehicle: p.vehicle ? { ...p.vehicle } : null,
		ticket_uid: p.ticketUid,
		created_at: isoAt(p.created, zone),
		valid_from: isoAt(p.validFrom, zone),
		valid_to: isoAt(p.validTo, zone),
		permanent: p.permanent,
		work_period: p.workPeriod,
		author: { ...p.author },
		tags: p.tags.map((t) => ({ ...t })),
	};
}
