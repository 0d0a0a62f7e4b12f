/**
 * The Cost Estimate field's options (a loadOptions method the editor calls again when Poll Times, the
 * event, the centers, the shops or the share change): the centers the settings read, their units
 * (New Receipt: each center's shops as Shops / Shop IDs / Include Archived Shops choose them; Center
 * Changes: each shop's daily and monthly rows and the center's own tables; the list events: the
 * center) and plans, priced in costText.ts. n8n's editor shows no computed text in a notice or a
 * hint (both are static); the selected option's name is what it shows of a field.
 * Lookups: the center list (cached), and per center at most one shop list (New Receipt) or one
 * one-row request for the plan, kept a few minutes; at most MAX_CENTERS centers are looked up.
 */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { listCenters } from '../shared/center';
import { plansOf } from '../shared/methods/listSearch';
import { errorShape, getApiCredentials, knownPlan } from '../shared/transport';
import { shopIdsOf } from '../shared/walk/shopChoice';
import { QUIET_WAIT_MINUTES } from './config';
import { ALL_CENTERS, estimateOptions, type PricedCenter } from './costText';
import { DEFAULT_SHARE, EVENT_NAMES, EVENTS, type TriggerEvent } from './events';
import { pollRate } from './pollRate';
import { TABLES } from './readers/centerChanges/changesState';

/** At most this many centers are looked up for an estimate. */
const MAX_CENTERS = 20;
/** Shop lists are kept this long for the next estimate. */
const SHOPS_TTL_MS = 5 * 60_000;
const shopLists = new Map<string, { at: number; ids: string[] }>();

function param<T>(ctx: ILoadOptionsFunctions, name: string, fallback: T): T {
	const value = ctx.getCurrentNodeParameter(name) as T | undefined;
	return value === undefined || value === null || value === '' ? fallback : value;
}

function wholeNumber(value: unknown, fallback: number): number {
	const x = Number(value);
	return Number.isFinite(x) && x > 0 ? Math.round(x) : fallback;
}

/** The center's shops (archived ones too when asked), from a list a few minutes old at most. */
async function shopsOf(
	ctx: ILoadOptionsFunctions,
	cacheKey: string,
	scId: string,
	archived: boolean,
): Promise<string[]> {
	const key = `${cacheKey}|${scId}|${archived}`;
	const kept = shopLists.get(key);
	if (kept && Date.now() - kept.at < SHOPS_TTL_MS) return kept.ids;
	const ids = await shopIdsOf(ctx, scId, { scope: archived ? 'allWithArchived' : 'all' }, 0);
	shopLists.set(key, { at: Date.now(), ids });
	if (shopLists.size > 1000) shopLists.delete(shopLists.keys().next().value as string);
	return ids;
}

/** New Receipt's units of one center: its shops as the settings choose them. */
async function receiptCenter(
	ctx: ILoadOptionsFunctions,
	cacheKey: string,
	baseUrl: string,
	c: PricedCenter,
): Promise<PricedCenter> {
	const basic: PricedCenter = { ...c, plan: 'basic', skipped: 'Basic (receipts need PRO)' };
	if (knownPlan(baseUrl, c.id) === 'basic') return basic;
	const archived = param<unknown>(ctx, 'includeArchived', false) === true;
	let shops: string[];
	try {
		shops = await shopsOf(ctx, cacheKey, c.id, archived);
	} catch (error) {
		const { httpCode, code } = errorShape(error);
		if (httpCode === '402') return { ...c, skipped: 'blocked for non-payment' };
		if (code === 'plan_required')
			return { ...c, plan: 'basic', skipped: 'Basic (receipts need PRO)' };
		return { ...c, skipped: `its shops could not be listed (${(error as Error).message})` };
	}
	const plan = knownPlan(baseUrl, c.id);
	if (plan === 'basic') return basic;
	if (param<unknown>(ctx, 'receiptShops', 'all') !== 'selected')
		return { ...c, plan, units: shops.length };
	const listed = String(param(ctx, 'receiptShopIds', ''))
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	return { ...c, plan, units: shops.filter((id) => listed.includes(id)).length };
}

/**
 * Center Changes' units of one center: each shop's daily and monthly rows (its registers and settings,
 * its receipts), the shop list, the counting zones, the tickets (the attendance, the passes, the
 * anomalies): fewer tables chosen, fewer units.
 */
async function tableCenter(
	ctx: ILoadOptionsFunctions,
	cacheKey: string,
	baseUrl: string,
	c: PricedCenter,
): Promise<PricedCenter> {
	const tables = param<unknown>(ctx, 'centerTables', TABLES);
	const chosen = new Set(Array.isArray(tables) ? tables.map(String) : TABLES);
	let shops = 0;
	const shopTables = ['daily_sales', 'monthly', 'cash_registers', 'turnover_settings', 'receipts'];
	if (shopTables.some((t) => chosen.has(t))) {
		try {
			shops = (await shopsOf(ctx, cacheKey, c.id, false)).length;
		} catch (error) {
			if (errorShape(error).httpCode === '402') return { ...c, skipped: 'blocked for non-payment' };
			return { ...c, skipped: `its shops could not be listed (${(error as Error).message})` };
		}
	}
	// a shop's registers and settings are one unit
	const shopDirectory = chosen.has('cash_registers') || chosen.has('turnover_settings');
	const perShop =
		['daily_sales', 'monthly', 'receipts'].filter((t) => chosen.has(t)).length +
		Number(shopDirectory);
	const centerTables = ['shops', 'tickets', 'zones', 'attendance', 'passes', 'anomalies'];
	const perCenter = centerTables.filter((t) => chosen.has(t)).length;
	return { ...c, plan: knownPlan(baseUrl, c.id), units: perShop * shops + perCenter };
}

/** The list events' units: the center itself, with its plan (a feature it lacks: not read). */
async function listEventCenters(
	ctx: ILoadOptionsFunctions,
	event: TriggerEvent,
	baseUrl: string,
	centers: PricedCenter[],
): Promise<PricedCenter[]> {
	const labels = await plansOf(
		ctx,
		centers.map((c) => ({ id: c.id })),
	);
	const feature = EVENTS[event].feature;
	return centers.map((c) => {
		const plan = knownPlan(baseUrl, c.id);
		if (labels.get(c.id) === 'blocked for non-payment')
			return { ...c, skipped: 'blocked for non-payment' };
		if (feature && plan === 'basic')
			return { ...c, plan, skipped: `Basic (${EVENTS[event].name} needs PRO)` };
		return { ...c, plan, units: 1 };
	});
}

/** The centers the settings read: every center of the key, or the chosen ones. */
async function centersInScope(ctx: ILoadOptionsFunctions): Promise<PricedCenter[]> {
	const listed = await listCenters(ctx);
	const all = listed.map((c) => ({
		id: String(c.id),
		title: typeof c.title === 'string' ? c.title : undefined,
	}));
	if (param<unknown>(ctx, 'centerScope', 'all') !== 'selected') return all;
	const chosen = param<unknown>(ctx, 'centerIds', []);
	const ids = (Array.isArray(chosen) ? chosen : String(chosen).split(','))
		.map((id) => String(id).trim())
		.filter(Boolean);
	return ids.map(
		(id) =>
			all.find((c) => c.id === id) ?? {
				id,
				skipped: 'not among the centers your key has a role in',
			},
	);
}

/** The Cost Estimate field's options: the summary first (the field's value), then each center. */
export async function getCostEstimate(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const event = param<TriggerEvent>(this, 'event', 'newTicket');
	const def = EVENTS[EVENT_NAMES.includes(event) ? event : 'newTicket'];
	const { baseUrl, cacheKey } = await getApiCredentials(this);
	const scope = await centersInScope(this);
	const looked = scope.slice(0, MAX_CENTERS);
	const unknown = looked.filter((c) => !c.skipped);
	const byShops =
		event === 'centerChanges' ? tableCenter : def.unit.one === 'shop' ? receiptCenter : undefined;
	const priced = byShops
		? await Promise.all(unknown.map(async (c) => await byShops(this, cacheKey, baseUrl, c)))
		: await listEventCenters(this, event, baseUrl, unknown);
	const centers = looked.map((c) => priced.find((p) => p.id === c.id) ?? c);
	const options = estimateOptions({
		unit: def.unit,
		rate: pollRate(
			this.getCurrentNodeParameter('pollTimes') ?? { item: [{ mode: 'everyMinute' }] },
		),
		sharePercent: wholeNumber(param(this, 'dayBudgetShare', DEFAULT_SHARE), DEFAULT_SHARE),
		quietMinutes: wholeNumber(
			param(this, 'quietMaxWaitMinutes', QUIET_WAIT_MINUTES.default),
			QUIET_WAIT_MINUTES.default,
		),
		centers,
		notPriced: scope.length - looked.length,
	});
	// a center chosen earlier in this field and no longer read keeps an option (no "not supported")
	const chosen = this.getCurrentNodeParameter('costEstimate');
	if (
		typeof chosen === 'string' &&
		chosen !== ALL_CENTERS &&
		!options.some((o) => o.value === chosen)
	)
		options.push({ name: `${chosen}: not read with these settings`, value: chosen });
	return options;
}

/** For tests: the shop lists kept for estimates are forgotten. */
export function forgetShopLists(): void {
	shopLists.clear();
}
