/**
 * The time zone and title of each center the package has seen in a center list, so that messages of
 * the transport speak the center's local time (when a spent budget returns) and name the center
 * ("Shop 1002-01 is not in center Mega PRO (1002).").
 */
const zones = new Map<string, string>();
const titles = new Map<string, string>();

export function rememberZone(baseUrl: string, scId: string, zone: string): void {
	zones.set(`${baseUrl}|${scId}`, zone);
}

export function zoneOf(baseUrl: string, scId: string | undefined): string | undefined {
	return scId ? zones.get(`${baseUrl}|${scId}`) : undefined;
}

/** Titles are kept per credential (its cache key): a key never sees a name from another key's list. */
export function rememberTitle(credentialKey: string, scId: string, title: unknown): void {
	if (typeof title === 'string' && title.trim())
		titles.set(`${credentialKey}|${scId}`, title.trim());
}

/** "Mega PRO (1002)", or the id alone when this credential's center list did not name it. */
export function centerLabel(credentialKey: string, scId: string | undefined): string | undefined {
	if (!scId) return undefined;
	const title = titles.get(`${credentialKey}|${scId}`);
	return title ? `${title} (${scId})` : scId;
}
