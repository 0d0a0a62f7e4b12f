/**
 * Selecting tickets and passes: by creation period, by active period (validity overlapping the period),
 * by ticket numbers, by statuses, at "now". Both lists are newest first.
 */
import type { CenterFixture } from '../core/types';
import { dayOfMs, dayStartMs, DATA_START_IDX } from './calendar';
import {
	comparePasses,
	passesOfTicket,
	passStatus,
	standalonePassesOfDay,
	type PassRecord,
} from './passes';
import {
	compareTickets,
	ticketsOfDay,
	ticketState,
	type TicketRecord,
	type TicketState,
} from './tickets';
import type { StoreView } from './store-view';

export interface PortalFilter {
	/** inclusive day indexes of created_at (center zone) */
	created?: [number, number];
	/** inclusive day indexes; the validity interval must overlap them */
	active?: [number, number];
	/** ticket numbers; unknown ones are ignored */
	uids?: readonly string[];
	statuses?: readonly string[];
}

function dayRange(center: CenterFixture, f: PortalFilter, now: number): [number, number] {
	const today = dayOfMs(center.time_zone, now);
	return f.created
		? [Math.max(DATA_START_IDX, f.created[0]), Math.min(today, f.created[1])]
		: [DATA_START_IDX, today];
}

function overlaps(
	center: CenterFixture,
	from: number | null,
	to: number | null,
	days: [number, number],
): boolean {
	if (from === null || to === null) return false;
	return (
		from < dayStartMs(center.time_zone, days[1] + 1) && to >= dayStartMs(center.time_zone, days[0])
	);
}

function generatedTickets(store: StoreView, center: CenterFixture, d: number): TicketRecord[] {
	return store.cached(`tickets|${center.id}|${d}`, () => ticketsOfDay(store.seed, center, d));
}

/** Tickets created on the days of the range (generated and inserted), visible or not. */
function ticketsIn(
	store: StoreView,
	center: CenterFixture,
	[from, to]: [number, number],
): TicketRecord[] {
	const out: TicketRecord[] = [];
	for (let d = from; d <= to; d++) out.push(...generatedTickets(store, center, d));
	for (const tk of store.insertedTickets(center.id)) {
		const d = dayOfMs(center.time_zone, tk.created);
		if (d >= from && d <= to) out.push(tk);
	}
	return out;
}

export function stateAt(store: StoreView, tk: TicketRecord, now: number): TicketState {
	return ticketState(tk, now, store.ticketOverride(tk.centerId, tk.uid));
}

export interface SelectedTicket {
	ticket: TicketRecord;
	state: TicketState;
}

export function selectTickets(
	store: StoreView,
	center: CenterFixture,
	f: PortalFilter,
	now: number,
): SelectedTicket[] {
	const uids = f.uids ? new Set(f.uids) : undefined;
	return ticketsIn(store, center, dayRange(center, f, now))
		.filter((tk) => tk.created <= now)
		.filter((tk) => !f.created || inDays(center, tk.created, f.created))
		.filter((tk) => !f.active || overlaps(center, tk.begin, tk.end, f.active))
		.filter((tk) => !uids || uids.has(tk.uid))
		.map((tk) => ({ ticket: tk, state: stateAt(store, tk, now) }))
		.filter((x) => !f.statuses || (f.statuses.includes(x.state.status) && !x.state.archived))
		.sort((a, b) => compareTickets(a.ticket, b.ticket));
}

function inDays(center: CenterFixture, ms: number, [from, to]: [number, number]): boolean {
	const d = dayOfMs(center.time_zone, ms);
	return d >= from && d <= to;
}

export interface SelectedPass {
	pass: PassRecord;
	status: string;
}

/** Passes of a center created on the days of the range (generated and inserted), visible or not. */
function passesIn(store: StoreView, center: CenterFixture, range: [number, number]): PassRecord[] {
	const out: PassRecord[] = [];
	for (let d = range[0]; d <= range[1]; d++) {
		out.push(
			...store.cached(`passes|${center.id}|${d}`, () => [
				...generatedTickets(store, center, d).flatMap((tk) => passesOfTicket(store.seed, tk)),
				...standalonePassesOfDay(store.seed, center, d),
			]),
		);
	}
	for (const p of store.insertedPasses(center.id)) {
		const d = dayOfMs(center.time_zone, p.created);
		if (d >= range[0] && d <= range[1]) out.push(p);
	}
	return out;
}

/** Does the ticket have a pass at `now`? */
export function hasPasses(store: StoreView, tk: TicketRecord, now: number): boolean {
	if (passesOfTicket(store.seed, tk).some((p) => p.created <= now)) return true;
	return store.insertedPasses(tk.centerId).some((p) => p.ticketUid === tk.uid && p.created <= now);
}

export function selectPasses(
	store: StoreView,
	center: CenterFixture,
	f: PortalFilter,
	now: number,
): SelectedPass[] {
	let ticketUids: Set<string> | undefined;
	if (f.uids) {
		const wanted = new Set(f.uids);
		ticketUids = new Set(
			selectTickets(store, center, {}, now)
				.filter((x) => wanted.has(x.ticket.uid))
				.map((x) => x.ticket.uid),
		);
	}
	return passesIn(store, center, dayRange(center, f, now))
		.filter((p) => p.created <= now)
		.filter((p) => !f.created || inDays(center, p.created, f.created))
		.filter((p) => !f.active || overlaps(center, p.validFrom, p.validTo, f.active))
		.filter((p) => !ticketUids || ticketUids.has(p.ticketUid))
		.map((p) => ({
			pass: p,
			status: passStatus(p, now, p.ticket ? stateAt(store, p.ticket, now) : null),
		}))
		.filter((x) => !f.statuses || f.statuses.includes(x.status))
		.sort((a, b) => comparePasses(a.pass, b.pass));
}
