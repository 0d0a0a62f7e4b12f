/**
 * Center Changes, the attendance table: visitors in and out per day of the center (zone_id 0) and,
 * where the plan allows attendance by zone (PRO), of every counting zone (zone_id as the zone list
 * gives it). One request per zone and read (granularity day), the days as a shop's daily rows: the
 * last Lookback days through today (Basic: through its freshest, yesterday). A row whose content
 * changed (or that is new) is an upsert. A center without a counting system has no rows (404
 * traffic_not_configured is not an error).
 */
import type { IDataObject } from 'n8n-workflow';
import { apiRequest, asNodeError, errorShape, rowsOf } from '../../../shared/transport';
import type { PollRun, Target } from '../../types';
import { diffRows } from './sales';
import type { ChangeRecord } from './changesState';

/** The zone id of the center's own rows (zone ids of the API are positive). */
export const CENTER_ZONE = '0';

/** One zone's (or the center's) daily attendance of start..end (center dates). */
export async function readAttendance(
	run: PollRun,
	target: Target,
	zoneId: string,
	start: string,
	end: string,
): Promise<IDataObject[]> {
	const scope = zoneId === CENTER_ZONE ? { scope: 'sc' } : { scope: 'zone', zone_id: zoneId };
	const input = {
		params: { sc_id: target.id },
		query: { start_date: start, end_date: end, granularity: 'day', ...scope },
		operation: 'read attendance',
		deadlineMs: run.deadlineMs,
		counter: run.counter,
	};
	try {
		return rowsOf(run.ctx, (await apiRequest(run.ctx, 'readAttendance', input)).data, input);
	} catch (error) {
		if (errorShape(error).code === 'traffic_not_configured') return [];
		throw asNodeError(run.ctx.getNode(), error);
	}
}

export interface AttendanceRead {
	/** the zones to read ('0': the center), and the days */
	zones: string[];
	start: string;
	end: string;
	/** hashes before this day are dropped */
	keepFrom: string;
	/** a zone without kept hashes emits its rows (false: its first read remembers) */
	emitNew: boolean;
}

/**
 * Reads the zones' days and compares them with the kept hashes (zone → date → hash): the records, the
 * hashes to keep (zones not read are dropped: a zone removed, or the plan's) and whether anything changed.
 */
export async function readAttendanceTable(
	run: PollRun,
	target: Target,
	kept: Record<string, Record<string, string>> | undefined,
	read: AttendanceRead,
): Promise<{
	records: ChangeRecord[];
	hashes: Record<string, Record<string, string>>;
	news: boolean;
}> {
	const records: ChangeRecord[] = [];
	const hashes: Record<string, Record<string, string>> = {};
	let news = false;
	for (const zone of read.zones) {
		const rows = await readAttendance(run, target, zone, read.start, read.end);
		const before = kept?.[zone];
		const key = { sc_id: target.id, zone_id: Number(zone) };
		const emit = !!before || read.emitNew;
		const diff = diffRows('attendance', key, rows, before, emit, read.keepFrom);
		hashes[zone] = diff.hashes;
		records.push(...diff.records);
		news ||= diff.news;
	}
	return { records, hashes, news };
}
