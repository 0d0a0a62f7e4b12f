/**
 * Deterministic randomness for the sandbox's own parts (faults, attendance, directory extras).
 * Same seed and same key → same number, on every run and platform.
 */

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

/** A PRNG (mulberry32) returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** One stable float in [0, 1) for (seed, parts...). */
export function unitFor(seed: number, ...parts: Array<string | number>): number {
	return mulberry32(hashString(`${seed}|${parts.join('|')}`))();
}

/** One stable integer in [min, max] for (seed, parts...). */
export function intFor(
	seed: number,
	min: number,
	max: number,
	...parts: Array<string | number>
): number {
	return min + Math.floor(unitFor(seed, ...parts) * (max - min + 1));
}
