/**
 * The intake store: what the intake handlers (handlers/intake.ts) store: daily attendance, hourly counter
 * counts, calendar events, declared turnover and the manual-entry log. Readable in-process (sb.intake) and at GET /__sandbox/intake.
 */
import type { DeclaredTurnoverRecord, IntakeView } from '../core/types';

export interface AttendanceRecord {
	center_id: string;
	date: string;
	scope: 'sc' | 'zone';
	zone_id: string | null;
	visitors: number;
	submitted_at: string;
}

export interface CounterRecord {
	center_id: string;
	external_id: string;
	/** start of the hour, UTC ISO */
	hour: string;
	in: number;
	out: number;
	submitted_at: string;
}

export interface CalendarEvent {
	id: string;
	name: string;
	description: string;
	event_type: string;
	color: string;
	sell_location_ids: string[];
	start_date: string;
	end_date: string;
}

export interface ManualEntry {
	center_id: string;
	shop_id: string;
	month: string;
	manual_turnover: number;
	person_id: string;
	client_id: string;
	at: string;
}

export interface IntakeSnapshot {
	attendance: AttendanceRecord[];
	counters: CounterRecord[];
	events: Array<CalendarEvent & { center_id: string }>;
	declaredTurnover: Array<DeclaredTurnoverRecord & { center_id: string }>;
	manualEntryLog: ManualEntry[];
	/** shops marked active with data source "manual entry" by a declaration */
	manualShops: string[];
}

export class IntakeStore implements IntakeView {
	private attendance = new Map<string, AttendanceRecord>();
	private counters = new Map<string, CounterRecord>();
	private events: Array<CalendarEvent & { center_id: string }> = [];
	private declared = new Map<string, DeclaredTurnoverRecord & { center_id: string }>();
	private manualEntryLog: ManualEntry[] = [];
	private manualShops = new Set<string>();
	private eventSeq = 0;

	declaredTurnover(
		centerId: string,
		shopId: string,
		month: string,
	): DeclaredTurnoverRecord | undefined {
		const r = this.declared.get(`${centerId}|${shopId}|${month}`);
		if (!r) return undefined;
		// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the named fields are left out of the rest
		const { center_id: _c, ...record } = r;
		return record;
	}

	putDeclaredTurnover(
		centerId: string,
		record: DeclaredTurnoverRecord,
		entry: Omit<ManualEntry, 'center_id' | 'shop_id' | 'month' | 'manual_turnover'>,
	): void {
		this.declared.set(`${centerId}|${record.shop_id}|${record.month}`, {
			center_id: centerId,
			...record,
		});
		this.manualShops.add(`${centerId}|${record.shop_id}`);
		this.manualEntryLog.push({
			center_id: centerId,
			shop_id: record.shop_id,
			month: record.month,
			manual_turnover: record.manual_turnover,
			...entry,
		});
	}

	/** Shop marked active with data source manual entry? */
	isManualShop(centerId: string, shopId: string): boolean {
		return this.manualShops.has(`${centerId}|${shopId}`);
	}

	/** Daily attendance submitted for the center (zoneId null) or a zone, if any. */
	submittedAttendance(centerId: string, zoneId: string | null, date: string): number | undefined {
		return this.attendance.get(`${centerId}|${zoneId ?? ''}|${date}`)?.visitors;
	}

	putAttendance(record: AttendanceRecord): void {
		this.attendance.set(`${record.center_id}|${record.zone_id ?? ''}|${record.date}`, record);
	}

	putCounterHour(record: CounterRecord): void {
		this.counters.set(`${record.center_id}|${record.external_id}|${record.hour}`, record);
	}

	counterHour(centerId: string, externalId: string, hourUtcIso: string): CounterRecord | undefined {
		return this.counters.get(`${centerId}|${externalId}|${hourUtcIso}`);
	}

	findEvent(
		centerId: string,
		name: string,
		eventType: string,
		start: string,
		end: string,
	): CalendarEvent | undefined {
		return this.events.find(
			(e) =>
				e.center_id === centerId &&
				e.name === name &&
				e.event_type === eventType &&
				e.start_date === start &&
				e.end_date === end,
		);
	}

	addEvent(centerId: string, event: Omit<CalendarEvent, 'id'>): CalendarEvent {
		const created: CalendarEvent = { id: `evt-${centerId}-${++this.eventSeq}`, ...event };
		this.events.push({ center_id: centerId, ...created });
		return { ...created, sell_location_ids: [...created.sell_location_ids] };
	}

	eventsOf(centerId: string): CalendarEvent[] {
		// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the named fields are left out of the rest
		return this.events.filter((e) => e.center_id === centerId).map(({ center_id: _c, ...e }) => e);
	}

	snapshot(): IntakeSnapshot {
		return JSON.parse(
			JSON.stringify({
				attendance: [...this.attendance.values()],
				counters: [...this.counters.values()],
				events: this.events,
				declaredTurnover: [...this.declared.values()],
				manualEntryLog: this.manualEntryLog,
				manualShops: [...this.manualShops].map((k) => k.split('|')[1]),
			}),
		) as IntakeSnapshot;
	}
}
